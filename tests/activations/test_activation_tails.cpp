// Relative accuracy in double against mpmath (fixtures/tails.csv, 700 digits, correctly rounded)
// in the tails and at tiny x, where an absolute tolerance would accept any tiny number.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>
#include <string>

#include "activations/scalar_functions.h"
#include "fixture_reader.h"

namespace actlab {
namespace {

using test::ScalarFixtureRow;

constexpr double kEpsilon = std::numeric_limits<double>::epsilon();

// Rounding of the inputs alone moves f by a relative |x·f′/f|·ε (the condition number), so
// the tolerance is 8ε·(1 + condition); below 1e-300 subnormals lose relative precision.
double relativeTolerance(double x, double want, double slope) {
    if (want == 0) return 0;
    return 8 * kEpsilon * (1 + std::abs(x * slope / want));
}

::testing::AssertionResult relativelyClose(const char* what, double got, double want,
                                           double relative, double absolute) {
    const double error = std::abs(got - want);
    if (error <= relative * std::abs(want) + absolute + 1e-300)
        return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
           << what << ": got " << got << ", exact " << want << " (relative error "
           << error / std::abs(want) << ", allowed " << relative << " + absolute " << absolute
           << ")";
}

// f′ and f″ of the sigmoid family are computed, as in PyTorch, from s(1 − s) or 1 − tanh²:
// once s or tanh nears ±1 (|x| ≳ 15) the difference keeps only an absolute accuracy of ε, which
// f′ = s + βx·s(1 − s) and f″ multiply by up to β(1 + β|x|). Until they use e^−|x| directly,
// these get that absolute floor on top of the relative bound; every other function, and every
// value f, must be relatively accurate.
bool derivativesCancelInTails(const ActivationConfig& config) {
    switch (config.info().gate) {
        case ActivationId::Sigmoid:
        case ActivationId::Tanh:
        case ActivationId::Softplus:
        case ActivationId::Silu:
        case ActivationId::Swish:
        case ActivationId::GeluSigmoid:
        case ActivationId::Mish:
            return true;
        default:
            return false;
    }
}

std::string where(const ScalarFixtureRow& row) {
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.17g", row.x);
    return row.name + "(" + row.params + ") at x = " + buffer + " [tails.csv line " +
           std::to_string(row.line) + "]";
}

TEST(ActivationTails, CoverEveryScalarFunction) {
    std::set<std::string> names;
    for (const ScalarFixtureRow& row : test::readScalarFixture("tails.csv")) names.insert(row.name);
    for (const ActivationInfo& info : activationCatalogue()) {
        const bool covered = names.count(std::string(info.name)) > 0;
        EXPECT_TRUE(covered || info.kind == ActivationKind::Gated) << info.name;
    }
}

TEST(ActivationTails, ValuesAreRelativelyAccurate) {
    for (const ScalarFixtureRow& row : test::readScalarFixture("tails.csv")) {
        const double got = evaluateScalar<double>(row.config, row.x).value;
        EXPECT_TRUE(relativelyClose("f", got, *row.value,
                                    relativeTolerance(row.x, *row.value, *row.first), 0))
            << where(row);
    }
}

TEST(ActivationTails, DerivativesAreRelativelyAccurate) {
    for (const ScalarFixtureRow& row : test::readScalarFixture("tails.csv")) {
        const Derivatives<double> got = evaluateScalar<double>(row.config, row.x);
        const double beta = row.config.info().gate == ActivationId::Swish ||
                                    row.config.info().gate == ActivationId::Softplus
                                ? row.config.parameters[0]
                                : 1.0;
        const double amplification = 1 + beta * std::abs(row.x);
        const double floor =
            derivativesCancelInTails(row.config) ? 4 * kEpsilon * amplification : 0.0;
        EXPECT_TRUE(relativelyClose("f′", got.first, *row.first,
                                    relativeTolerance(row.x, *row.first, *row.second), floor))
            << where(row);
        // No f‴ in the fixture: bound f″'s condition number by that of its exponential,
        // 1 + (β·x)² (e.g. GELU's φ(x) = e^(−x²/2)/√(2π)).
        const double condition = 1 + (beta * row.x) * (beta * row.x);
        EXPECT_TRUE(
            relativelyClose("f″", got.second, *row.second, 8 * kEpsilon * condition, floor * beta))
            << where(row);
    }
}

}  // namespace
}  // namespace actlab
