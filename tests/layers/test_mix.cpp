// The learnable mixture of activations: hand-worked values, gradients (input and weights, one
// mixture per layer and one per unit) against central differences, float against double,
// accumulation, the spec's parsing and the shape messages. PyTorch parity of whole models with a
// mix is in tests/models (the fixtures of scripts/make_*_fixtures.py).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "activations/scalar_functions.h"
#include "layer_test_support.h"
#include "layers/mix.h"

namespace actlab {
namespace {

using namespace layer_test;

ActivationConfig mixOf(const char* spec) {
    std::string error;
    const auto config = parseActivationSpec(spec, &error);
    EXPECT_TRUE(config) << error;
    return *config;
}

TEST(Mix, MatchesHandWorkedValues) {
    // mix(relu,identity) with w = (0, ln 3): shares 1/4 and 3/4, f(x) = x/4·[x > 0] + 3x/4.
    const ActivationConfig mix = mixOf("mix(relu,identity)");
    const Tensor<double> inp(Shape{1, 2}, {-2.0, 4.0});
    const Tensor<double> weights(Shape{2}, {0.0, std::log(3.0)});
    Tensor<double> out(inp.shape()), derivative(inp.shape());
    mixForward<double>(out, derivative, inp, weights, mix);
    EXPECT_DOUBLE_EQ(out.at(0, 0), -1.5);
    EXPECT_DOUBLE_EQ(out.at(0, 1), 4.0);
    EXPECT_DOUBLE_EQ(derivative.at(0, 0), 0.75);
    EXPECT_DOUBLE_EQ(derivative.at(0, 1), 1.0);

    // At equal weights a mix is the mean of its components, as the catalogue evaluates it.
    const ActivationConfig four = mixOf("mix(relu,gelu,silu,tanh)");
    const Tensor<double> x(Shape{1, 1}, {0.7}), zero(Shape{4}, 0.0);
    Tensor<double> y(x.shape()), dy(x.shape());
    mixForward<double>(y, dy, x, zero, four);
    const double expected = (0.7 + 0.7 * 0.5 * (1 + std::erf(0.7 / std::sqrt(2.0))) +
                             0.7 / (1 + std::exp(-0.7)) + std::tanh(0.7)) /
                            4;
    EXPECT_NEAR(y.at(0, 0), expected, 1e-15);
    EXPECT_NEAR(evaluateScalar<double>(four, 0.7).value, expected, 1e-15);
}

TEST(Mix, GradientsMatchCentralDifferencesPerLayerAndPerUnit) {
    const ActivationConfig mix = mixOf("mix(relu,gelu,silu,tanh)");
    for (const bool perUnit : {false, true}) {
        std::mt19937 rng(21 + unsigned(perUnit));
        Tensor<double> inp = awayFromKinks(Shape{6, 5}, rng);
        Tensor<double> weights = randomTensor(perUnit ? Shape{5, 4} : Shape{4}, rng, -1, 1);
        const Tensor<double> r = randomTensor(inp.shape(), rng);
        Tensor<double> out(inp.shape()), derivative(inp.shape());
        auto loss = [&] {
            mixForward<double>(out, derivative, inp, weights, mix);
            return dot(r.view(), out.view());
        };
        loss();
        Tensor<double> dinp(inp.shape()), dweights(weights.shape());
        mixBackward<double>(dinp, dweights, r, inp, derivative, weights, mix);
        expectGradientsMatch(std::string("mix (") + (perUnit ? "per unit" : "per layer") + ")",
                             loss, {{"inp", &inp, &dinp}, {"weights", &weights, &dweights}});
    }
}

TEST(Mix, FloatAgreesWithDouble) {
    const ActivationConfig mix = mixOf("mix(gelu,silu,tanh)");
    std::mt19937 rng(22);
    const Tensor<double> inp = randomTensor(Shape{8, 6}, rng, -3, 3);
    const Tensor<double> weights = randomTensor(Shape{6, 3}, rng, -1, 1);
    const Tensor<double> r = randomTensor(inp.shape(), rng);
    Tensor<double> out(inp.shape()), derivative(inp.shape()), dinp(inp.shape()),
        dweights(weights.shape());
    mixForward<double>(out, derivative, inp, weights, mix);
    mixBackward<double>(dinp, dweights, r, inp, derivative, weights, mix);
    const Tensor<float> inpF = inp.castTo<float>(), weightsF = weights.castTo<float>(),
                        rF = r.castTo<float>();
    Tensor<float> outF(inp.shape()), derivativeF(inp.shape()), dinpF(inp.shape()),
        dweightsF(weights.shape());
    mixForward<float>(outF, derivativeF, inpF, weightsF, mix);
    mixBackward<float>(dinpF, dweightsF, rF, inpF, derivativeF, weightsF, mix);
    EXPECT_LE(floatError(out.view(), outF.view()), kFloatTolerance);
    EXPECT_LE(floatError(dinp.view(), dinpF.view()), kFloatTolerance);
    EXPECT_LE(floatError(dweights.view(), dweightsF.view()), kFloatTolerance);
}

TEST(Mix, BackwardAccumulatesAndTheSharesSumToOne) {
    const ActivationConfig mix = mixOf("mix(relu,tanh)");
    std::mt19937 rng(23);
    const Tensor<double> inp = awayFromKinks(Shape{4, 3}, rng);
    const Tensor<double> weights(Shape{2}, {0.3, -0.2});
    const Tensor<double> dout = randomTensor(inp.shape(), rng);
    Tensor<double> out(inp.shape()), derivative(inp.shape());
    mixForward<double>(out, derivative, inp, weights, mix);
    Tensor<double> once(inp.shape()), onceWeights(Shape{2});
    mixBackward<double>(once, onceWeights, dout, inp, derivative, weights, mix);
    Tensor<double> twice(inp.shape(), 1.0), twiceWeights(Shape{2}, 1.0);
    mixBackward<double>(twice, twiceWeights, dout, inp, derivative, weights, mix);
    for (Index i = 0; i < inp.size(); ++i) EXPECT_DOUBLE_EQ(twice.data()[i], 1.0 + once.data()[i]);
    EXPECT_DOUBLE_EQ(twiceWeights.data()[1], 1.0 + onceWeights.data()[1]);
    // softmax's gradient sums to zero over the components of a mixture
    EXPECT_NEAR(onceWeights.data()[0] + onceWeights.data()[1], 0.0, 1e-12);
    const std::vector<double> shares = mixShares<double>(weights.span(), 2);
    EXPECT_NEAR(shares[0], 1 / (1 + std::exp(-0.5)), 1e-15);
    EXPECT_NEAR(shares[0] + shares[1], 1.0, 1e-15);
}

TEST(Mix, SpecsParseAndPrintBackAndBadOnesSayWhy) {
    std::string error;
    const auto mix = parseActivationSpec(" mix(relu, gelu,silu) ", &error);
    ASSERT_TRUE(mix) << error;
    EXPECT_EQ(mix->id, ActivationId::Mix);
    EXPECT_EQ(mix->mixtureSize, 3);
    EXPECT_EQ(activationSpec(*mix), "mix(relu,gelu,silu)");
    EXPECT_EQ(activationDisplayName(*mix), "Mix (ReLU, GELU, SiLU)");
    EXPECT_EQ(activationSpec(*parseActivationSpec("mix", &error)), "mix(relu,gelu,silu,tanh)");
    EXPECT_EQ(activationSpec(*parseActivationSpec("gelu", &error)), "gelu");
    const auto refused = [&](const char* spec) {
        error.clear();
        EXPECT_FALSE(parseActivationSpec(spec, &error)) << spec;
        return error;
    };
    EXPECT_EQ(refused("mix(relu)"), "a mix needs 2 to 8 functions, got 1");
    EXPECT_EQ(refused("mix(relu,relu)"), "'relu' appears twice in the mix");
    EXPECT_EQ(refused("mix(relu,bogus)"), "unknown function 'bogus' in the mix");
    EXPECT_NE(refused("mix(relu,swiglu)").find("cannot be part of a mix"), std::string::npos);
    EXPECT_NE(refused("mix(relu,prelu)").find("cannot be part of a mix"), std::string::npos);
    EXPECT_NE(refused("mix(relu,gelu").find("is not a function name or mix"), std::string::npos);
    EXPECT_NE(refused("max(relu,gelu)").find("is not a function name or mix"), std::string::npos);
    EXPECT_EQ(refused("mix(relu,)"), "unknown function '' in the mix");
}

TEST(Mix, WrongShapesAreRefusedWithClearMessages) {
    const ActivationConfig mix = mixOf("mix(relu,tanh)");
    Tensor<double> inp(Shape{4, 3}), out(Shape{4, 3}), derivative(Shape{4, 3});
    const Tensor<double> three(Shape{3});
    EXPECT_EQ(errorOf([&] { mixForward<double>(out, derivative, inp, three, mix); }),
              "mixForward: weights: shape (3), expected (2) or (3, 2)");
    const Tensor<double> two(Shape{2});
    Tensor<double> dweights(Shape{3, 2});
    EXPECT_NE(errorOf([&] {
                  mixBackward<double>(out, dweights, out, inp, derivative, two, mix);
              }).find("mixBackward: dweights"),
              std::string::npos);
    try {
        mixForward<double>(out, derivative, inp, two,
                           ActivationConfig::withDefaults(ActivationId::Relu));
        ADD_FAILURE() << "relu was taken for a mix";
    } catch (const std::invalid_argument& e) {
        EXPECT_STREQ(e.what(), "mixForward: relu is not a mix");
    }
}

}  // namespace
}  // namespace actlab
