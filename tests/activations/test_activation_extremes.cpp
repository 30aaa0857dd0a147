// Far-out inputs: f, f′, f″ stay finite in double and float wherever the true value is
// representable, and approach each function's known asymptote (no overflow, no 0·∞ = NaN).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "activation_kinks.h"
#include "activations/scalar_functions.h"

namespace actlab {
namespace {

// The limits of f and f′ as x → ±∞: f ≈ slope·x + offset (f″ → 0 for every function).
struct Asymptote {
    double slope;
    double offset;
};

Asymptote asymptote(const ActivationConfig& config, double sign) {
    const double a = config.parameters[0];
    const bool right = sign > 0;
    switch (config.info().gate) {
        case ActivationId::Identity:
            return {1, 0};
        case ActivationId::LeakyRelu:
        case ActivationId::Prelu:
            return right ? Asymptote{1, 0} : Asymptote{a, 0};
        case ActivationId::Elu:
            return right ? Asymptote{1, 0} : Asymptote{0, -a};
        case ActivationId::Selu:
            return right ? Asymptote{scalar::kSeluScale, 0}
                         : Asymptote{0, -scalar::kSeluScale * scalar::kSeluAlpha};
        case ActivationId::Sigmoid:
        case ActivationId::Hardsigmoid:
            return {0, right ? 1.0 : 0.0};
        case ActivationId::Tanh:
        case ActivationId::Softsign:
            return {0, right ? 1.0 : -1.0};
        case ActivationId::Relu6:
            return {0, right ? 6.0 : 0.0};
        default:
            return right ? Asymptote{1, 0} : Asymptote{0, 0};  // relu, softplus, GELUs, ...
    }
}

// Checks f, f′, f″ at x in type T: finite, and near the asymptote (2/|x| allows for softsign,
// which approaches its limit as 1/|x|; every other function approaches faster).
template <typename T>
void checkFar(const ActivationConfig& config, T x) {
    const Derivatives<T> d = evaluateScalar<T>(config, x);
    const std::string where = test::describe(config) + " at x = " + std::to_string(double(x)) +
                              (sizeof(T) == 4 ? " (float)" : " (double)");
    ASSERT_TRUE(std::isfinite(d.value)) << where << ": f = " << d.value;
    ASSERT_TRUE(std::isfinite(d.first)) << where << ": f′ = " << d.first;
    ASSERT_TRUE(std::isfinite(d.second)) << where << ": f″ = " << d.second;
    const Asymptote limit = asymptote(config, x > 0 ? 1.0 : -1.0);
    const double ax = std::abs(double(x));
    const double expected = limit.slope * double(x) + limit.offset;
    const double relative = sizeof(T) == 4 ? 1e-6 : 1e-14;
    const double approach = 2.0 / ax;  // softsign is 1/|x| from its limit; all others faster
    EXPECT_NEAR(d.value, expected, relative * std::abs(expected) + approach) << where;
    EXPECT_NEAR(d.first, limit.slope, relative + approach) << where;
    EXPECT_NEAR(d.second, 0.0, approach) << where;
}

TEST(ActivationExtremes, DoubleIsFiniteAndApproachesItsAsymptote) {
    for (const ActivationConfig& config : test::sweepConfigs()) {
        for (double x : {1e3, 1e4, 1e30, 1e300, 1e308}) {  // SELU's λ·x overflows past 1.7e308
            checkFar<double>(config, x);
            checkFar<double>(config, -x);
        }
    }
}

TEST(ActivationExtremes, FloatIsFiniteAndApproachesItsAsymptote) {
    for (const ActivationConfig& config : test::sweepConfigs()) {
        // SELU's λ·x overflows float past FLT_MAX/λ: the true value is not representable there.
        const float top = config.info().gate == ActivationId::Selu
                              ? std::numeric_limits<float>::max() / 1.06f
                              : std::numeric_limits<float>::max();
        for (float x : {1e3f, 1e4f, 1e30f, 1e38f, top}) {
            checkFar<float>(config, x);
            checkFar<float>(config, -x);
        }
    }
}

// The cases the brief names, with their true values.
TEST(ActivationExtremes, NamedCases) {
    const auto at = [](ActivationId id, double x) {
        return evaluateScalar<double>(ActivationConfig::withDefaults(id), x);
    };
    EXPECT_EQ(at(ActivationId::Sigmoid, -1000).value, 0.0);  // e^−1000 underflows
    // σ(−700) = 1/(1 + e^700) from mpmath (40 digits), not from the formula under test.
    EXPECT_NEAR(at(ActivationId::Sigmoid, -700).value, 9.85967654375977085670537e-305,
                1e-15 * 9.85967654375977e-305);
    EXPECT_EQ(at(ActivationId::Tanh, 1000).value, 1.0);
    EXPECT_EQ(at(ActivationId::Tanh, -1000).value, -1.0);
    EXPECT_EQ(at(ActivationId::Softplus, 1000).value, 1000.0);
    EXPECT_EQ(at(ActivationId::Softplus, -1000).value, 0.0);
    EXPECT_EQ(at(ActivationId::Mish, 1000).value, 1000.0);
    EXPECT_EQ(at(ActivationId::Mish, 1000).first, 1.0);
    EXPECT_LE(std::abs(at(ActivationId::Mish, -1000).value), 1e-300);
    EXPECT_LE(std::abs(at(ActivationId::GeluTanh, -1000).value), 1e-300);
    EXPECT_LE(std::abs(at(ActivationId::Gelu, -1000).value), 1e-300);
    EXPECT_EQ(at(ActivationId::Elu, -1000).value, -1.0);
    EXPECT_EQ(at(ActivationId::Silu, -1000).value, 0.0);
    // Float: the same cases where e^x over- or underflows at |x| ≈ 88.
    const auto atFloat = [](ActivationId id, float x) {
        return evaluateScalar<float>(ActivationConfig::withDefaults(id), x);
    };
    for (float x : {-1000.0f, -100.0f, 100.0f, 1000.0f}) {
        for (ActivationId id : {ActivationId::Sigmoid, ActivationId::Softplus, ActivationId::Mish,
                                ActivationId::GeluTanh, ActivationId::Gelu, ActivationId::Silu,
                                ActivationId::Elu, ActivationId::Selu, ActivationId::Swish}) {
            const Derivatives<float> d = atFloat(id, x);
            EXPECT_TRUE(std::isfinite(d.value) && std::isfinite(d.first) && std::isfinite(d.second))
                << activationInfo(id).name << " at " << x;
        }
    }
}

// Gated units at far inputs in both x and v: finite wherever act(x)·v is representable.
TEST(ActivationExtremes, GatedUnitsStayFinite) {
    for (const ActivationInfo& info : activationCatalogue()) {
        if (info.kind != ActivationKind::Gated) continue;
        const ActivationConfig config = ActivationConfig::withDefaults(info.id);
        for (double x : {-1e30, -1e4, -1e3, 1e3, 1e4, 1e30}) {
            for (double v : {-1e6, -1.0, 0.0, 1.0, 1e6}) {
                const GatedDerivatives<double> d = evaluateGated<double>(config, x, v);
                const GatedDerivatives<float> f = evaluateGated<float>(config, float(x), float(v));
                const std::string where = std::string(info.name) + " at x = " + std::to_string(x) +
                                          ", v = " + std::to_string(v);
                EXPECT_TRUE(std::isfinite(d.value) && std::isfinite(d.dValueDx) &&
                            std::isfinite(d.dValueDv) && std::isfinite(d.secondDx))
                    << where;
                EXPECT_TRUE(std::isfinite(f.value) && std::isfinite(f.dValueDx) &&
                            std::isfinite(f.dValueDv) && std::isfinite(f.secondDx))
                    << where << " (float)";
            }
        }
    }
}

}  // namespace
}  // namespace actlab
