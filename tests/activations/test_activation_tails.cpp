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

// |got − want| ≤ relative·|want|, and 1e-300 absolute only: below it doubles are subnormal.
::testing::AssertionResult relativelyClose(const char* what, double got, double want,
                                           double relative) {
    const double error = std::abs(got - want);
    if (error <= relative * std::abs(want) + 1e-300) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
           << what << ": got " << got << ", exact " << want << " (relative error "
           << error / std::abs(want) << ", allowed " << relative << ")";
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
        EXPECT_TRUE(
            relativelyClose("f", got, *row.value, relativeTolerance(row.x, *row.value, *row.first)))
            << where(row);
    }
}

TEST(ActivationTails, DerivativesAreRelativelyAccurateWithoutAnAbsoluteFloor) {
    for (const ScalarFixtureRow& row : test::readScalarFixture("tails.csv")) {
        const Derivatives<double> got = evaluateScalar<double>(row.config, row.x);
        const double beta = row.config.info().gate == ActivationId::Swish ||
                                    row.config.info().gate == ActivationId::Softplus
                                ? row.config.parameters[0]
                                : 1.0;
        // No absolute floor: every f′ and f″ is computed from e^−|x| (σ′ = e/(1 + e)², tanh′ =
        // 4σ′(2x)), never from s(1 − s) or 1 − tanh², so it is relatively accurate in both tails.
        EXPECT_TRUE(relativelyClose("f′", got.first, *row.first,
                                    relativeTolerance(row.x, *row.first, *row.second)))
            << where(row);
        // No f‴ in the fixture: bound f″'s condition number by that of its exponential,
        // 1 + (β·x)² (e.g. GELU's φ(x) = e^(−x²/2)/√(2π)).
        const double condition = 1 + (beta * row.x) * (beta * row.x);
        EXPECT_TRUE(relativelyClose("f″", got.second, *row.second, 8 * kEpsilon * condition))
            << where(row);
    }
}

}  // namespace
}  // namespace actlab
