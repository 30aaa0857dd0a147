// f′ and f″ of every catalogue function (several parameter settings) against central finite
// differences of f and f′ in double, away from kinks; gated partials likewise in x and v.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "activation_kinks.h"
#include "activations/scalar_functions.h"

namespace actlab {
namespace {

// Points on [−8, 8] with an irrational-ish step (never exactly on a kink), small values and a
// few far ones (softplus's linear switch sits at threshold/β, up to 500 for β = 0.1).
std::vector<double> samplePoints() {
    std::vector<double> xs;
    for (double x = -8.0; x <= 8.0; x += 0.1731) xs.push_back(x);
    for (double x : {-0.01, 0.01, 0.0013, -12.0, 12.0, 19.9, 20.1, 25.0, -25.0, 45.0, -45.0, 120.0})
        xs.push_back(x);
    return xs;
}

// Step relative to |x|; central differences have error h²·f‴/6 plus ε·|f|/h of rounding.
double stepAt(double x) { return 1e-5 * std::max(1.0, std::abs(x)); }

// Skip points whose stencil could touch a kink.
bool skip(const ActivationConfig& config, double x) {
    return test::nearKink(config, x, std::max(1e-3, 10 * stepAt(x)));
}

// |analytic − difference| ≤ 1e-6·(1 + |analytic|) + rounding of the two samples.
double tolerance(double analytic, double plus, double minus, double h) {
    return 1e-6 * (1 + std::abs(analytic)) + 1e-14 * (std::abs(plus) + std::abs(minus)) / h;
}

struct Worst {
    double excess = 0;  // largest |error| / tolerance seen
    std::string message;
    int checked = 0;
    void record(double error, double limit, const std::string& what) {
        ++checked;
        if (error / limit > excess) {
            excess = error / limit;
            message = what + ": error " + std::to_string(error) + " vs tolerance " +
                      std::to_string(limit);
        }
    }
};

std::string at(double x) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, " at x = %.10g", x);
    return buffer;
}

TEST(ActivationDerivatives, FirstMatchesFiniteDifferencesOfValue) {
    for (const ActivationConfig& config : test::sweepConfigs()) {
        if (config.info().kind != ActivationKind::Scalar) continue;
        Worst worst;
        for (double x : samplePoints()) {
            if (skip(config, x)) continue;
            const double h = stepAt(x);
            const double plus = evaluateScalar<double>(config, x + h).value;
            const double minus = evaluateScalar<double>(config, x - h).value;
            const double analytic = evaluateScalar<double>(config, x).first;
            const double difference = (plus - minus) / (2 * h);
            worst.record(std::abs(analytic - difference), tolerance(analytic, plus, minus, h),
                         "f′ = " + std::to_string(analytic) + ", difference " +
                             std::to_string(difference) + at(x));
        }
        EXPECT_GT(worst.checked, 80) << test::describe(config);
        EXPECT_LE(worst.excess, 1.0) << test::describe(config) << ": " << worst.message;
    }
}

TEST(ActivationDerivatives, SecondMatchesFiniteDifferencesOfFirst) {
    for (const ActivationConfig& config : test::sweepConfigs()) {
        if (config.info().kind != ActivationKind::Scalar) continue;
        Worst worst;
        for (double x : samplePoints()) {
            if (skip(config, x)) continue;
            const double h = stepAt(x);
            const double plus = evaluateScalar<double>(config, x + h).first;
            const double minus = evaluateScalar<double>(config, x - h).first;
            const double analytic = evaluateScalar<double>(config, x).second;
            const double difference = (plus - minus) / (2 * h);
            worst.record(std::abs(analytic - difference), tolerance(analytic, plus, minus, h),
                         "f″ = " + std::to_string(analytic) + ", difference " +
                             std::to_string(difference) + at(x));
        }
        EXPECT_GT(worst.checked, 80) << test::describe(config);
        EXPECT_LE(worst.excess, 1.0) << test::describe(config) << ": " << worst.message;
    }
}

// The gates written independently of scalar_functions.h (erf, not erfc; exp, not expm1):
// within 1e-12 relative, or 1e-15 absolute where 1 + erf cancels (GELU's left tail).
::testing::AssertionResult gateMatchesClosedForm(ActivationId id, double x, double got) {
    double want = 0;
    switch (id) {
        case ActivationId::Glu:
            want = 1 / (1 + std::exp(-x));
            break;
        case ActivationId::Reglu:
            want = x > 0 ? x : 0;
            break;
        case ActivationId::Geglu:
            want = 0.5 * x * (1 + std::erf(x / std::sqrt(2.0)));
            break;
        case ActivationId::Swiglu:
            want = x / (1 + std::exp(-x));
            break;
        default:
            return ::testing::AssertionFailure() << "not a gated unit";
    }
    if (std::abs(got - want) <= 1e-12 * std::abs(want) + 1e-15)
        return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "act(x) = " << got << ", closed form " << want;
}

TEST(ActivationDerivatives, GatedPartialsMatchFiniteDifferencesAndTheGateItsClosedForm) {
    for (const ActivationInfo& info : activationCatalogue()) {
        if (info.kind != ActivationKind::Gated) continue;
        const ActivationConfig config = ActivationConfig::withDefaults(info.id);
        Worst worst;
        for (double x : samplePoints()) {
            if (skip(config, x)) continue;
            for (double v : {-2.3, -0.4, 0.7, 1.9}) {
                const double h = stepAt(x), k = stepAt(v);
                const auto y = [&](double a, double b) {
                    return evaluateGated<double>(config, a, b);
                };
                const GatedDerivatives<double> g = y(x, v);
                const double dx = (y(x + h, v).value - y(x - h, v).value) / (2 * h);
                const double dv = (y(x, v + k).value - y(x, v - k).value) / (2 * k);
                const double dxx = (y(x + h, v).dValueDx - y(x - h, v).dValueDx) / (2 * h);
                const double scale = std::abs(g.value) + std::abs(v) + 1;
                const std::string where = at(x) + ", v = " + std::to_string(v);
                worst.record(std::abs(g.dValueDx - dx), tolerance(g.dValueDx, scale, scale, h),
                             "∂y/∂x" + where);
                worst.record(std::abs(g.dValueDv - dv), tolerance(g.dValueDv, scale, scale, k),
                             "∂y/∂v" + where);
                worst.record(std::abs(g.secondDx - dxx), tolerance(g.secondDx, scale, scale, h),
                             "∂²y/∂x²" + where);
                // y is linear in v: ∂y/∂v is the gate act(x), here from a closed form that
                // does not share the code under test.
                EXPECT_TRUE(gateMatchesClosedForm(info.id, x, g.dValueDv)) << info.name << where;
            }
        }
        EXPECT_LE(worst.excess, 1.0) << info.name << ": " << worst.message;
    }
}

// The sweep steps over the kinks; at the kinks themselves f must still be continuous, except
// softplus: PyTorch switches to x once βx > threshold, a jump of log1p(e^−threshold)/β.
TEST(ActivationDerivatives, ValueIsContinuousAcrossKinks) {
    for (const ActivationConfig& config : test::sweepConfigs()) {
        for (double kink : test::kinksOf(config)) {
            const double h = 1e-9 * std::max(1.0, std::abs(kink));
            const double left = evaluateScalar<double>(config, kink - h).value;
            const double right = evaluateScalar<double>(config, kink + h).value;
            const double centre = evaluateScalar<double>(config, kink).value;
            const double limit = 1e-8 * std::max(1.0, std::abs(centre));
            const bool softplus = config.info().gate == ActivationId::Softplus;
            const double jump =
                softplus ? -std::log1p(std::exp(-config.parameters[1])) / config.parameters[0]
                         : 0.0;
            EXPECT_NEAR(left, centre, limit) << test::describe(config) << at(kink);
            EXPECT_NEAR(right - centre, jump, limit) << test::describe(config) << at(kink);
        }
    }
}

}  // namespace
}  // namespace actlab
