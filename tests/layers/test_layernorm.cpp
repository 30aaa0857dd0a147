// LayerNorm: [1, 2, 3] worked by hand, gradients against central differences, float against
// double and the shape messages.
#include <gtest/gtest.h>

#include <random>

#include "layer_test_support.h"
#include "layers/layernorm.h"

namespace actlab {
namespace {

using namespace layer_test;

TEST(LayerNorm, ForwardOfOneTwoThreeMatchesAHandWorkedCase) {
    const Tensor<double> inp(Shape{1, 3}, {1, 2, 3});
    const Tensor<double> weight(Shape{3}, {1, 2, 3}), bias(Shape{3}, {0.5, 0, -0.5});
    Tensor<double> out(Shape{1, 3}), mean(Shape{1}), rstd(Shape{1});
    // Mean 2, biased variance (1 + 0 + 1) / 3 = 2/3, so norm = (−√1.5, 0, √1.5) with eps = 0.
    layernormForward<double>(out, mean, rstd, inp, weight, bias, 0.0);
    EXPECT_DOUBLE_EQ(mean.span()[0], 2.0);
    EXPECT_NEAR(rstd.span()[0], 1.224744871391589, 1e-15);
    EXPECT_NEAR(out.span()[0], -0.7247448713915889, 1e-15);  // −√1.5 · 1 + 0.5
    EXPECT_NEAR(out.span()[1], 0.0, 1e-15);
    EXPECT_NEAR(out.span()[2], 3.174234614174767, 1e-15);  // √1.5 · 3 − 0.5
    // The default eps = 1e-5 enters under the root: rstd = 1 / √(2/3 + 1e-5).
    layernormForward<double>(out, mean, rstd, inp, weight, bias);
    EXPECT_NEAR(rstd.span()[0], 1.2247356859083902, 1e-15);
}

struct LayerNormCase {
    Tensor<double> inp, weight, bias, r;
};

LayerNormCase randomCase(std::mt19937& rng) {
    const Index N = 3, C = 5;
    return {randomTensor(Shape{N, C}, rng, -2, 2), randomTensor(Shape{C}, rng, 0.5, 1.5),
            randomTensor(Shape{C}, rng), randomTensor(Shape{N, C}, rng)};
}

TEST(LayerNorm, GradientsMatchCentralDifferences) {
    std::mt19937 rng(8);
    LayerNormCase k = randomCase(rng);
    const Index N = k.inp.extent(0);
    Tensor<double> out(k.inp.shape()), mean(Shape{N}), rstd(Shape{N});
    auto loss = [&] {
        layernormForward<double>(out, mean, rstd, k.inp, k.weight, k.bias);
        return dot(k.r.view(), out.view());
    };
    loss();  // mean and rstd at the unperturbed input, for backward
    Tensor<double> dinp(k.inp.shape()), dweight(k.weight.shape()), dbias(k.bias.shape());
    layernormBackward<double>(dinp, dweight, dbias, k.r, k.inp, k.weight, mean, rstd);
    expectGradientsMatch(
        "layernorm", loss,
        {{"inp", &k.inp, &dinp}, {"weight", &k.weight, &dweight}, {"bias", &k.bias, &dbias}});
}

TEST(LayerNorm, FloatAgreesWithDouble) {
    std::mt19937 rng(10);
    const LayerNormCase k = randomCase(rng);
    const Index N = k.inp.extent(0);
    Tensor<double> out(k.inp.shape()), mean(Shape{N}), rstd(Shape{N});
    Tensor<double> dinp(k.inp.shape()), dweight(k.weight.shape()), dbias(k.bias.shape());
    layernormForward<double>(out, mean, rstd, k.inp, k.weight, k.bias);
    layernormBackward<double>(dinp, dweight, dbias, k.r, k.inp, k.weight, mean, rstd);

    const Tensor<float> inp = k.inp.castTo<float>(), weight = k.weight.castTo<float>(),
                        bias = k.bias.castTo<float>(), r = k.r.castTo<float>();
    Tensor<float> outF(k.inp.shape()), meanF(Shape{N}), rstdF(Shape{N});
    Tensor<float> dinpF(k.inp.shape()), dweightF(k.weight.shape()), dbiasF(k.bias.shape());
    layernormForward<float>(outF, meanF, rstdF, inp, weight, bias);
    layernormBackward<float>(dinpF, dweightF, dbiasF, r, inp, weight, meanF, rstdF);
    EXPECT_LE(floatError(out.view(), outF.view()), kFloatTolerance);
    EXPECT_LE(floatError(rstd.view(), rstdF.view()), kFloatTolerance);
    EXPECT_LE(floatError(dinp.view(), dinpF.view()), kFloatTolerance);
    EXPECT_LE(floatError(dweight.view(), dweightF.view()), kFloatTolerance);
    EXPECT_LE(floatError(dbias.view(), dbiasF.view()), kFloatTolerance);
}

TEST(LayerNorm, ShapeMismatchNamesBothShapes) {
    const Tensor<double> inp(Shape{2, 3}), weight(Shape{3}), shortBias(Shape{2});
    Tensor<double> out(Shape{2, 3}), mean(Shape{2}), rstd(Shape{2});
    EXPECT_EQ(errorOf([&] { layernormForward<double>(out, mean, rstd, inp, weight, shortBias); }),
              "layernormForward: bias is (2), expected (3)");
    Tensor<double> dinp(Shape{2, 3}), dweight(Shape{3}), dbias(Shape{3});
    const Tensor<double> dout(Shape{3, 2});
    EXPECT_EQ(errorOf([&] {
                  layernormBackward<double>(dinp, dweight, dbias, dout, inp, weight, mean, rstd);
              }),
              "layernormBackward: dout is (3, 2), expected (2, 3)");
}

}  // namespace
}  // namespace actlab
