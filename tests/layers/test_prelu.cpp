// PReLU with a learnable α: hand-worked values, gradients (input and α, one α and one per
// channel) against central differences, float against double, accumulation, the shape messages.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "layer_test_support.h"
#include "layers/prelu.h"

namespace actlab {
namespace {

using namespace layer_test;

TEST(Prelu, MatchesHandWorkedValues) {
    const Tensor<double> inp(Shape{2, 2}, {-2.0, 0.5, 3.0, -0.25});
    Tensor<double> out(inp.shape()), derivative(inp.shape());
    const Tensor<double> oneAlpha(Shape{1}, {0.25}), twoAlphas(Shape{2}, {0.1, 0.5});
    preluForward<double>(out, derivative, inp, oneAlpha);
    EXPECT_EQ(out.at(0, 0), -0.5);
    EXPECT_EQ(out.at(0, 1), 0.5);
    EXPECT_EQ(out.at(1, 0), 3.0);
    EXPECT_EQ(out.at(1, 1), -0.0625);
    EXPECT_EQ(derivative.at(0, 0), 0.25);
    EXPECT_EQ(derivative.at(0, 1), 1.0);

    // One α per channel: column 0 takes 0.1, column 1 takes 0.5.
    preluForward<double>(out, derivative, inp, twoAlphas);
    EXPECT_DOUBLE_EQ(out.at(0, 0), -0.2);
    EXPECT_EQ(out.at(1, 1), -0.125);
    EXPECT_EQ(derivative.at(1, 1), 0.5);
    EXPECT_EQ(derivative.at(1, 0), 1.0);
}

TEST(Prelu, GradientsMatchCentralDifferencesForOneAlphaAndOnePerChannel) {
    for (const Index alphas : {Index(1), Index(5)}) {
        std::mt19937 rng(11 + unsigned(alphas));
        Tensor<double> inp = awayFromKinks(Shape{6, 5}, rng);
        Tensor<double> alpha = randomTensor(Shape{alphas}, rng, 0.05, 0.5);
        const Tensor<double> r = randomTensor(inp.shape(), rng);
        Tensor<double> out(inp.shape()), derivative(inp.shape());
        auto loss = [&] {
            preluForward<double>(out, derivative, inp, alpha);
            return dot(r.view(), out.view());
        };
        loss();
        Tensor<double> dinp(inp.shape()), dalpha(alpha.shape());
        preluBackward<double>(dinp, dalpha, r, inp, derivative);
        expectGradientsMatch("prelu (" + std::to_string(alphas) + " alpha)", loss,
                             {{"inp", &inp, &dinp}, {"alpha", &alpha, &dalpha}});
    }
}

TEST(Prelu, FloatAgreesWithDouble) {
    std::mt19937 rng(12);
    const Tensor<double> inp = randomTensor(Shape{8, 6}, rng, -3, 3);
    const Tensor<double> alpha = randomTensor(Shape{6}, rng, 0.0, 0.5);
    const Tensor<double> r = randomTensor(inp.shape(), rng);
    Tensor<double> out(inp.shape()), derivative(inp.shape()), dinp(inp.shape()),
        dalpha(alpha.shape());
    preluForward<double>(out, derivative, inp, alpha);
    preluBackward<double>(dinp, dalpha, r, inp, derivative);
    const Tensor<float> inpF = inp.castTo<float>(), alphaF = alpha.castTo<float>(),
                        rF = r.castTo<float>();
    Tensor<float> outF(inp.shape()), derivativeF(inp.shape()), dinpF(inp.shape()),
        dalphaF(alpha.shape());
    preluForward<float>(outF, derivativeF, inpF, alphaF);
    preluBackward<float>(dinpF, dalphaF, rF, inpF, derivativeF);
    EXPECT_LE(floatError(out.view(), outF.view()), kFloatTolerance);
    EXPECT_LE(floatError(dinp.view(), dinpF.view()), kFloatTolerance);
    EXPECT_LE(floatError(dalpha.view(), dalphaF.view()), kFloatTolerance);
}

TEST(Prelu, BackwardAccumulates) {
    std::mt19937 rng(13);
    const Tensor<double> inp = awayFromKinks(Shape{4, 3}, rng);
    const Tensor<double> alpha(Shape{1}, {0.2});
    const Tensor<double> dout = randomTensor(inp.shape(), rng);
    Tensor<double> out(inp.shape()), derivative(inp.shape());
    preluForward<double>(out, derivative, inp, alpha);
    Tensor<double> once(inp.shape()), onceAlpha(Shape{1});
    preluBackward<double>(once, onceAlpha, dout, inp, derivative);
    Tensor<double> twice(inp.shape(), 1.0), twiceAlpha(Shape{1}, 1.0);
    preluBackward<double>(twice, twiceAlpha, dout, inp, derivative);
    for (Index i = 0; i < inp.size(); ++i) EXPECT_DOUBLE_EQ(twice.data()[i], 1.0 + once.data()[i]);
    EXPECT_DOUBLE_EQ(twiceAlpha.data()[0], 1.0 + onceAlpha.data()[0]);
    EXPECT_NE(onceAlpha.data()[0], 0.0);  // some inputs are negative
}

TEST(Prelu, WrongShapesAreRefusedWithClearMessages) {
    Tensor<double> inp(Shape{4, 3}), out(Shape{4, 3}), derivative(Shape{4, 3});
    const Tensor<double> twoAlphas(Shape{2}), oneAlpha(Shape{1});
    EXPECT_EQ(errorOf([&] { preluForward<double>(out, derivative, inp, twoAlphas); }),
              "preluForward: alpha: shape (2), expected (1) or (3)");
    Tensor<double> wrong(Shape{4, 2});
    EXPECT_NE(errorOf([&] {
                  preluForward<double>(wrong, derivative, inp, oneAlpha);
              }).find("preluForward: out"),
              std::string::npos);
    Tensor<double> dalpha(Shape{3, 1});
    EXPECT_NE(errorOf([&] {
                  preluBackward<double>(out, dalpha, out, inp, derivative);
              }).find("preluBackward: dalpha"),
              std::string::npos);
}

}  // namespace
}  // namespace actlab
