// evaluateScalar / evaluateGated against PyTorch 1.13 (float64 autograd) at the fixture points
// written by scripts/make_activation_fixtures.py: value, f′ and, where PyTorch has one, f″.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>
#include <string>

#include "activation_kinks.h"
#include "activations/scalar_functions.h"
#include "fixture_reader.h"

namespace actlab {
namespace {

using test::GatedFixtureRow;
using test::ScalarFixtureRow;

// Double: abs 1e-12 + rel 1e-12 everywhere. PyTorch's GELU computes ½(1 + erf(x/√2)), which
// cancels in the left tail (ours uses erfc); the error there is below 1e-16 in absolute terms,
// so the absolute floor covers it without a looser tolerance.
constexpr double kAbsolute = 1e-12;
constexpr double kRelative = 1e-12;
// PyTorch 1.13's hardsigmoid_backward multiplies by the float constant 1.0f/6.0f even for
// double tensors (it returns 0.1666666716337204), 5e-9 away from the exact 1/6 we return.
constexpr double kHardsigmoidFirst = 1e-8;

// Float: the float template rounds the double formulas once, plus the effect of rounding x to
// float. kFloatUlps·ε·(1 + |want| + |x·want′|) bounds it: the last term is the condition number of
// f at x (e.g. exp(x) at x = −50 amplifies the rounding of x by |x|). The bounds are absolute
// because PyTorch's double values themselves cancel in places (1 + erf in GELU's left tail); the
// relative f32 requirement is checked against mpmath in test_activation_tails_f32.
constexpr double kFloatUlps = 8;
constexpr double kFloatEpsilon = std::numeric_limits<float>::epsilon();

::testing::AssertionResult close(const char* what, double got, double want, double tolerance) {
    if (std::abs(got - want) <= tolerance || (std::isnan(got) && std::isnan(want)))
        return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
           << what << ": got " << got << ", PyTorch " << want << " (difference "
           << std::abs(got - want) << ", tolerance " << tolerance << ")";
}

std::string where(const std::string& name, const std::string& params, double x, int line) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.17g", x);
    return name + "(" + params + ") at x = " + buffer + " [fixture line " + std::to_string(line) +
           "]";
}

// f″ at a kink is a matter of convention (PyTorch's double backward says 0 at hardswish(±3),
// elu(0)); scalar_functions.h only promises PyTorch's f′ there, so f″ is compared elsewhere.
bool atKink(const ActivationConfig& config, double x) { return test::nearKink(config, x, 0.0); }

// β of functions of βx (swish, softplus, gelu_sigmoid); 1 for the others.
double innerScale(const ActivationConfig& config) {
    switch (config.info().gate) {
        case ActivationId::Swish:
        case ActivationId::Softplus:
            return config.parameters[0];
        case ActivationId::GeluSigmoid:
            return 1.702;
        default:
            return 1.0;
    }
}

TEST(ActivationFixtures, CoverEveryCatalogueEntry) {
    std::set<std::string> scalar, gated;
    for (const ScalarFixtureRow& row : test::readScalarFixture()) scalar.insert(row.name);
    for (const GatedFixtureRow& row : test::readGatedFixture()) gated.insert(row.name);
    for (const ActivationInfo& info : activationCatalogue()) {
        const std::string name(info.name);
        const bool isScalar = info.kind == ActivationKind::Scalar;
        EXPECT_TRUE((isScalar ? scalar : gated).count(name))
            << name << " has no rows in " << (isScalar ? "scalar_functions" : "gated_units")
            << ".csv; add it to scripts/make_activation_fixtures.py";
    }
}

TEST(ActivationFixtures, ParameterisedFunctionsHaveSeveralSettings) {
    std::set<std::pair<std::string, std::string>> settings;
    for (const ScalarFixtureRow& row : test::readScalarFixture())
        settings.insert({row.name, row.params});
    for (const ActivationInfo& info : activationCatalogue()) {
        if (info.parameters.empty()) continue;
        int count = 0;
        for (const auto& setting : settings) count += setting.first == info.name;
        EXPECT_GE(count, 2) << info.name;
    }
}

TEST(ActivationFixtures, ScalarDoubleMatchesPyTorch) {
    int compared = 0, seconds = 0;
    for (const ScalarFixtureRow& row : test::readScalarFixture()) {
        const Derivatives<double> got = evaluateScalar<double>(row.config, row.x);
        const std::string at = where(row.name, row.params, row.x, row.line);
        ASSERT_TRUE(row.value && row.first) << at << ": PyTorch gave no f or f′";
        EXPECT_TRUE(close("f", got.value, *row.value, kAbsolute + kRelative * std::abs(*row.value)))
            << at;
        const double firstTolerance = row.config.id == ActivationId::Hardsigmoid
                                          ? kHardsigmoidFirst
                                          : kAbsolute + kRelative * std::abs(*row.first);
        EXPECT_TRUE(close("f′", got.first, *row.first, firstTolerance)) << at;
        if (row.second && !atKink(row.config, row.x)) {
            EXPECT_TRUE(
                close("f″", got.second, *row.second, kAbsolute + kRelative * std::abs(*row.second)))
                << at;
            ++seconds;
        }
        ++compared;
    }
    EXPECT_GT(compared, 5000);
    EXPECT_GT(seconds, 4000);
}

TEST(ActivationFixtures, ScalarFloatMatchesPyTorch) {
    for (const ScalarFixtureRow& row : test::readScalarFixture()) {
        const float xf = static_cast<float>(row.x);
        const double shift = std::abs(double(xf) - row.x);  // rounding of x to float
        const Derivatives<float> got = evaluateScalar<float>(row.config, xf);
        const std::string at = where(row.name, row.params, row.x, row.line);
        const double first = *row.first, second = row.second.value_or(0.0);
        const double ax = std::abs(row.x), beta = std::max(1.0, innerScale(row.config));
        const double unit = kFloatUlps * kFloatEpsilon;
        // x rounded to float may cross a kink, where f′ and f″ jump (and softplus's f, which
        // PyTorch switches to x at βx = threshold with a jump of log1p(e^−threshold)/β).
        const bool crossing = test::nearKink(row.config, row.x, 1e-6 * std::max(1.0, ax));
        if (crossing && row.config.id == ActivationId::Softplus) continue;
        EXPECT_TRUE(close(
            "float f", got.value, *row.value,
            unit * (1 + std::abs(*row.value) + ax * std::abs(first)) + std::abs(first) * shift))
            << at;
        if (crossing) continue;
        EXPECT_TRUE(
            close("float f′", got.first, first,
                  unit * (1 + std::abs(first)) * (1 + beta * ax) + std::abs(second) * shift))
            << at;
        if (row.second) {
            // f‴ is not in the fixture; (1 + |f″|)·shift bounds its effect on these points.
            EXPECT_TRUE(close("float f″", got.second, second,
                              unit * (1 + std::abs(second)) * (1 + beta * ax) * beta +
                                  (1 + std::abs(second)) * shift))
                << at;
        }
    }
}

TEST(ActivationFixtures, GatedDoubleMatchesPyTorch) {
    for (const GatedFixtureRow& row : test::readGatedFixture()) {
        const GatedDerivatives<double> got = evaluateGated<double>(row.config, row.x, row.v);
        const std::string at = where(row.name, "v = " + std::to_string(row.v), row.x, row.line);
        ASSERT_TRUE(row.value && row.dValueDx && row.dValueDv) << at;
        const auto tolerance = [](double want) { return kAbsolute + kRelative * std::abs(want); };
        EXPECT_TRUE(close("y", got.value, *row.value, tolerance(*row.value))) << at;
        EXPECT_TRUE(close("∂y/∂x", got.dValueDx, *row.dValueDx, tolerance(*row.dValueDx))) << at;
        EXPECT_TRUE(close("∂y/∂v", got.dValueDv, *row.dValueDv, tolerance(*row.dValueDv))) << at;
        if (row.secondDx && !atKink(row.config, row.x)) {
            EXPECT_TRUE(close("∂²y/∂x²", got.secondDx, *row.secondDx, tolerance(*row.secondDx)))
                << at;
        }
    }
}

TEST(ActivationFixtures, GatedFloatMatchesPyTorch) {
    for (const GatedFixtureRow& row : test::readGatedFixture()) {
        // The fixture's x and v are multiples of 1/2 or small decimals: exact or nearly in float.
        const GatedDerivatives<float> got =
            evaluateGated<float>(row.config, static_cast<float>(row.x), static_cast<float>(row.v));
        const std::string at = where(row.name, "v = " + std::to_string(row.v), row.x, row.line);
        const double scale =
            kFloatUlps * kFloatEpsilon * (1 + std::abs(row.x)) * (1 + std::abs(row.v));
        EXPECT_TRUE(close("float y", got.value, *row.value, scale)) << at;
        EXPECT_TRUE(close("float ∂y/∂v", got.dValueDv, *row.dValueDv, scale)) << at;
        if (atKink(row.config, row.x)) continue;
        EXPECT_TRUE(close("float ∂y/∂x", got.dValueDx, *row.dValueDx, scale)) << at;
        if (row.secondDx) {
            EXPECT_TRUE(close("float ∂²y/∂x²", got.secondDx, *row.secondDx, scale)) << at;
        }
    }
}

}  // namespace
}  // namespace actlab
