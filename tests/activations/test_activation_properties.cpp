// computeProperties and compareFunctions against independently computed facts. The figures
// come from scripts/make_activation_fixtures.py (torch float64, bisection on autograd
// derivatives; see fixtures/reference_facts.txt) and agree with mpmath at 30 digits.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "activations/catalogue.h"
#include "activations/properties.h"
#include "activations/scalar_functions.h"

namespace actlab {
namespace {

ActivationConfig make(ActivationId id) { return ActivationConfig::withDefaults(id); }

ActivationConfig make(ActivationId id, const char* name, double value) {
    ActivationConfig config = ActivationConfig::withDefaults(id);
    EXPECT_FALSE(config.setParameter(name, value));
    return config;
}

// The window is refined by golden-section search, so the minimum is found to ~1e-12 in f and
// ~1e-7 in x (f is flat there); 1e-9 and 1e-5 leave room without hiding a grid-only answer.
struct Minimum {
    ActivationId id;
    double value;
    double at;
};
constexpr Minimum kMinima[] = {
    {ActivationId::Gelu, -0.16997120747990363, -0.7517915246935645},
    {ActivationId::Silu, -0.2784645427610738, -1.278464542761074},
    {ActivationId::Mish, -0.3088434130172504, -1.1924312145154954},
};

TEST(ActivationProperties, MinimaOfGeluSiluMish) {
    for (const Minimum& m : kMinima) {
        const ActivationProperties p = computeProperties(make(m.id));
        const char* name = activationInfo(m.id).name.data();
        EXPECT_NEAR(p.minimumValue, m.value, 1e-9) << name;
        EXPECT_NEAR(p.minimumAt, m.at, 1e-5) << name;
        EXPECT_TRUE(p.minimumInterior) << name;
    }
}

// Range of f′ on [−3, 3]: interior extremes at f″ = 0 (GELU ±√2, SiLU ±2.3994), else the ends.
struct FirstRange {
    ActivationId id;
    double low, lowAt, high, highAt;
};
constexpr FirstRange kFirstRanges[] = {
    {ActivationId::Gelu, -0.1289041451851548, -1.414213562373095, 1.128904145185155,
     1.414213562373095},
    {ActivationId::Silu, -0.09983932012886691, -2.399357280515468, 1.099839320128867,
     2.399357280515467},
    {ActivationId::Sigmoid, 0.045176659730912, 3.0, 0.25, 0.0},
    {ActivationId::Tanh, 0.009866037165440166, 3.0, 1.0, 0.0},
};

TEST(ActivationProperties, FirstDerivativeRangesOnMinusThreeToThree) {
    for (const FirstRange& r : kFirstRanges) {
        const ActivationProperties p = computeProperties(make(r.id), -3.0, 3.0);
        const char* name = activationInfo(r.id).name.data();
        EXPECT_EQ(p.windowLow, -3.0);
        EXPECT_EQ(p.windowHigh, 3.0);
        EXPECT_NEAR(p.firstMinimum, r.low, 1e-9) << name;
        EXPECT_NEAR(p.firstMaximum, r.high, 1e-9) << name;
        // Sigmoid and tanh are even in f′: the minimum is at either end.
        EXPECT_NEAR(std::abs(p.firstMinimumAt), std::abs(r.lowAt), 1e-5) << name;
        EXPECT_NEAR(p.firstMaximumAt, r.highAt, 1e-5) << name;
    }
}

TEST(ActivationProperties, Smoothness) {
    EXPECT_FALSE(computeProperties(make(ActivationId::Relu)).smooth);
    EXPECT_FALSE(computeProperties(make(ActivationId::LeakyRelu)).smooth);
    EXPECT_FALSE(computeProperties(make(ActivationId::Hardswish)).smooth);
    EXPECT_FALSE(computeProperties(make(ActivationId::Relu6)).smooth);
    // ELU with α = 1 is C¹ (f′(0) = 1 on both sides) but f″ jumps from 1 to 0.
    EXPECT_FALSE(computeProperties(make(ActivationId::Elu, "alpha", 1.0)).smooth);
    EXPECT_FALSE(computeProperties(make(ActivationId::Softsign)).smooth);  // f″ jumps at 0
    for (ActivationId id : {ActivationId::Gelu, ActivationId::GeluTanh, ActivationId::Silu,
                            ActivationId::Mish, ActivationId::Softplus, ActivationId::Sigmoid,
                            ActivationId::Tanh, ActivationId::Identity})
        EXPECT_TRUE(computeProperties(make(id)).smooth) << activationInfo(id).name;
}

TEST(ActivationProperties, Monotonicity) {
    for (ActivationId id : {ActivationId::Relu, ActivationId::Sigmoid, ActivationId::Tanh,
                            ActivationId::LeakyRelu, ActivationId::Elu, ActivationId::Softplus,
                            ActivationId::Relu6, ActivationId::Hardsigmoid, ActivationId::Identity})
        EXPECT_TRUE(computeProperties(make(id)).monotonic) << activationInfo(id).name;
    for (ActivationId id : {ActivationId::Gelu, ActivationId::Silu, ActivationId::Mish,
                            ActivationId::Hardswish, ActivationId::GeluTanh})
        EXPECT_FALSE(computeProperties(make(id)).monotonic) << activationInfo(id).name;
}

// Issue 7: softplus with threshold 1 falls from log(1 + e) = 1.313 to 1 at x = 1, yet was called
// monotonic and "a kink". A jump in f is found, located, and breaks monotonicity.
TEST(ActivationProperties, AJumpInFIsFoundAndBreaksMonotonicity) {
    const ActivationProperties p =
        computeProperties(make(ActivationId::Softplus, "threshold", 1.0));
    EXPECT_FALSE(p.continuous);
    ASSERT_EQ(p.jumpsAt.size(), 1u);
    EXPECT_NEAR(p.jumpsAt[0], 1.0, 1e-9);  // located by bisection, not the grid's 5e-4
    EXPECT_FALSE(p.monotonic);
    EXPECT_FALSE(p.smooth);
    // β = 4 moves the switch to βx = threshold, x = 0.5.
    ActivationConfig steep = make(ActivationId::Softplus, "threshold", 2.0);
    EXPECT_FALSE(steep.setParameter("beta", 4.0));
    const ActivationProperties q = computeProperties(steep, -6, 6);
    ASSERT_EQ(q.jumpsAt.size(), 1u);
    EXPECT_NEAR(q.jumpsAt[0], 0.5, 1e-9);
    for (ActivationId id : {ActivationId::Relu, ActivationId::Relu6, ActivationId::Hardsigmoid,
                            ActivationId::LeakyRelu, ActivationId::Elu, ActivationId::Softsign,
                            ActivationId::Softplus, ActivationId::Gelu, ActivationId::Hardswish,
                            ActivationId::Sigmoid}) {
        const ActivationProperties r = computeProperties(make(id));
        EXPECT_TRUE(r.continuous) << activationInfo(id).name;
        EXPECT_TRUE(r.jumpsAt.empty()) << activationInfo(id).name;
    }
}

// findJumps on the Explorer's grid (2001 points on [−8, 8]): each jump of f′ (and of
// softplus's f with threshold 1) at its exact x, with the limits on both sides and the value the
// function takes there — PyTorch's convention for the derivative at a kink (relu′(0) = 0,
// hardsigmoid′(±3) = 0, relu6′(6) = 0, leaky_relu′(0) = 1: torch takes the x > 0 branch
// only for x > 0, so 0 gets the slope).
TEST(ActivationProperties, JumpsAreLocatedWithTheirLimitsAndTheValueTaken) {
    struct Case {
        ActivationConfig config;
        int derivative;
        std::vector<Jump> want;
    };
    const Case cases[] = {
        {make(ActivationId::Relu), 1, {{0.0, 0.0, 0.0, 1.0}}},
        {make(ActivationId::Relu6), 1, {{0.0, 0.0, 0.0, 1.0}, {6.0, 1.0, 0.0, 0.0}}},
        {make(ActivationId::Hardsigmoid), 1, {{-3.0, 0.0, 0.0, 1.0 / 6}, {3.0, 1.0 / 6, 0.0, 0.0}}},
        {make(ActivationId::LeakyRelu), 1, {{0.0, 0.01, 0.01, 1.0}}},
        {make(ActivationId::Softplus, "threshold", 1.0),
         0,
         {{1.0, std::log1p(std::exp(1.0)), std::log1p(std::exp(1.0)), 1.0}}},
        {make(ActivationId::Tanh), 1, {}},
        {make(ActivationId::Gelu), 0, {}},
    };
    std::vector<double> x(2001);
    for (size_t i = 0; i < x.size(); ++i) x[i] = -8.0 + 16.0 * double(i) / 2000.0;
    for (const Case& c : cases) {
        const auto g = [&](double t) {
            const Derivatives<double> d = evaluateScalar<double>(c.config, t);
            return c.derivative == 0 ? d.value : d.first;
        };
        std::vector<double> samples(x.size());
        for (size_t i = 0; i < x.size(); ++i) samples[i] = g(x[i]);
        const std::vector<Jump> jumps = findJumps(x, samples, g);
        const std::string name(c.config.info().name);
        ASSERT_EQ(jumps.size(), c.want.size()) << name;
        for (size_t j = 0; j < jumps.size(); ++j) {
            EXPECT_EQ(jumps[j].at, c.want[j].at) << name << " jump " << j;
            EXPECT_NEAR(jumps[j].left, c.want[j].left, 1e-8) << name << " jump " << j;
            EXPECT_EQ(jumps[j].value, c.want[j].value) << name << " jump " << j;
            EXPECT_NEAR(jumps[j].right, c.want[j].right, 1e-8) << name << " jump " << j;
        }
    }
}

TEST(ActivationProperties, Bounds) {
    for (ActivationId id : {ActivationId::Relu, ActivationId::Gelu, ActivationId::Silu,
                            ActivationId::Mish, ActivationId::Elu, ActivationId::Sigmoid,
                            ActivationId::Softplus, ActivationId::Selu, ActivationId::Hardswish})
        EXPECT_TRUE(computeProperties(make(id)).boundedBelow) << activationInfo(id).name;
    EXPECT_FALSE(computeProperties(make(ActivationId::LeakyRelu, "alpha", 0.01)).boundedBelow);
    EXPECT_FALSE(computeProperties(make(ActivationId::Identity)).boundedBelow);
    EXPECT_TRUE(computeProperties(make(ActivationId::LeakyRelu, "alpha", 0.0)).boundedBelow);

    for (ActivationId id : {ActivationId::Sigmoid, ActivationId::Tanh, ActivationId::Relu6,
                            ActivationId::Hardsigmoid, ActivationId::Softsign})
        EXPECT_TRUE(computeProperties(make(id)).boundedAbove) << activationInfo(id).name;
    for (ActivationId id : {ActivationId::Relu, ActivationId::Gelu, ActivationId::Identity})
        EXPECT_FALSE(computeProperties(make(id)).boundedAbove) << activationInfo(id).name;
}

// Share of [−6, 6] where f′ is exactly 0. (GELU's f′ = Φ(x) + xφ(x) never is, though it is
// below 1e-6 in magnitude for x ≤ −5.3941: 0.0505 of the window, see reference_facts.txt.)
TEST(ActivationProperties, ZeroGradientShare) {
    EXPECT_NEAR(computeProperties(make(ActivationId::Relu)).zeroGradientShare, 0.5, 1e-3);
    for (ActivationId id : {ActivationId::Gelu, ActivationId::Silu, ActivationId::Sigmoid,
                            ActivationId::Tanh, ActivationId::LeakyRelu, ActivationId::Mish})
        EXPECT_EQ(computeProperties(make(id)).zeroGradientShare, 0.0) << activationInfo(id).name;
    // relu6 has f′ = 0 for x ≤ 0 and x ≥ 6: half of [−6, 6] (up to one grid point).
    EXPECT_NEAR(computeProperties(make(ActivationId::Relu6)).zeroGradientShare, 0.5, 1e-3);
    // hardswish: f′ = 0 for x < −3, a quarter of [−6, 6].
    EXPECT_NEAR(computeProperties(make(ActivationId::Hardswish)).zeroGradientShare, 0.25, 1e-3);
}

// A gated unit reports its gate's properties: SwiGLU has SiLU's minimum (reference_facts.txt).
TEST(ActivationProperties, GatedUnitsReportTheirGatesKnownMinimumAndShape) {
    const ActivationProperties swiglu = computeProperties(make(ActivationId::Swiglu));
    EXPECT_NEAR(swiglu.minimumValue, -0.2784645427610738, 1e-9);
    EXPECT_NEAR(swiglu.minimumAt, -1.278464542761074, 1e-5);
    EXPECT_FALSE(swiglu.monotonic);
    EXPECT_TRUE(computeProperties(make(ActivationId::Glu)).monotonic);
    EXPECT_NEAR(computeProperties(make(ActivationId::Reglu)).zeroGradientShare, 0.5, 1e-3);
}

// The error approximation − GELU is even in x (both satisfy f(x) − f(−x) = x), so its largest
// magnitude occurs at ±x*; either sign of `at` is right.
struct Approximation {
    ActivationId id;
    double maxAbsError;
    double signedError;  // approximation − reference at ±x*
    double at;           // |x*|
};
constexpr Approximation kApproximations[] = {
    {ActivationId::GeluTanh, 4.732355206873949e-4, 4.732355206873949e-4, 2.6989413863772196},
    {ActivationId::GeluSigmoid, 2.033487220923929e-2, -2.033487220923929e-2, 2.2703977371966104},
};

TEST(ActivationProperties, GeluApproximationErrors) {
    for (const Approximation& a : kApproximations) {
        const ApproximationError e =
            compareFunctions(make(ActivationId::Gelu), make(a.id), -6.0, 6.0);
        const char* name = activationInfo(a.id).name.data();
        EXPECT_NEAR(e.maxAbsError, a.maxAbsError, 1e-9 * a.maxAbsError + 1e-15) << name;
        EXPECT_NEAR(std::abs(e.at), a.at, 1e-4) << name;
        ASSERT_EQ(e.x.size(), 2001u);
        ASSERT_EQ(e.error.size(), 2001u);
        EXPECT_EQ(e.x.front(), -6.0);
        EXPECT_EQ(e.x.back(), 6.0);
        // The sampled curve: its largest |error| is the same figure to grid accuracy, with the
        // expected sign.
        const auto worst = std::max_element(e.error.begin(), e.error.end(), [](double p, double q) {
            return std::abs(p) < std::abs(q);
        });
        EXPECT_NEAR(*worst, a.signedError, 1e-3 * a.maxAbsError) << name;
        EXPECT_LE(std::abs(*worst), e.maxAbsError) << name;
    }
}

// Closed-form gaps instead of a function compared with itself: leaky_relu(α) − relu = αx for
// x < 0, largest at the left end; softsign − identity = −x·|x|/(1 + |x|), largest at both ends.
TEST(ActivationProperties, ComparisonsOfPiecewiseFunctionsFindTheirClosedFormGaps) {
    const ApproximationError leaky = compareFunctions(
        make(ActivationId::Relu), make(ActivationId::LeakyRelu, "alpha", 0.25), -6.0, 6.0, 101);
    EXPECT_NEAR(leaky.maxAbsError, 1.5, 1e-12);  // |0.25 · (−6)|
    EXPECT_NEAR(leaky.at, -6.0, 1e-9);
    ASSERT_EQ(leaky.x.size(), 101u);
    for (size_t i = 0; i < leaky.x.size(); ++i)
        EXPECT_NEAR(leaky.error[i], leaky.x[i] < 0 ? 0.25 * leaky.x[i] : 0.0, 1e-15);
    const ApproximationError softsign =
        compareFunctions(make(ActivationId::Identity), make(ActivationId::Softsign), -2.0, 2.0);
    EXPECT_NEAR(softsign.maxAbsError, 4.0 / 3.0, 1e-12);  // |2/3 − 2|
    EXPECT_NEAR(std::abs(softsign.at), 2.0, 1e-9);
}

}  // namespace
}  // namespace actlab
