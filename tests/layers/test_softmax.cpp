// Softmax: stable on [1000, 1000, 0], masked entries, gradients against central differences,
// float against double and the shape messages.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "layer_test_support.h"
#include "layers/softmax.h"

namespace actlab {
namespace {

using namespace layer_test;

TEST(Softmax, LargeInputsGiveHalvesAndNoNaN) {
    const Tensor<double> inp(Shape{2, 3}, {1000, 1000, 0, 0, 0, std::log(2.0)});
    Tensor<double> out(Shape{2, 3});
    softmaxForward<double>(out, inp);
    for (double p : out.span()) EXPECT_FALSE(std::isnan(p));
    EXPECT_DOUBLE_EQ(out.span()[0], 0.5);
    EXPECT_DOUBLE_EQ(out.span()[1], 0.5);
    EXPECT_LT(out.span()[2], 1e-300);  // e^−1000 / 2 underflows to 0
    // [0, 0, ln 2]: exponentials 1, 1, 2 over a sum of 4.
    EXPECT_DOUBLE_EQ(out.span()[3], 0.25);
    EXPECT_DOUBLE_EQ(out.span()[4], 0.25);
    EXPECT_DOUBLE_EQ(out.span()[5], 0.5);

    const Tensor<float> big(Shape{1, 3}, {1000.f, 1000.f, 0.f});
    Tensor<float> bigOut(Shape{1, 3});
    softmaxForward<float>(bigOut, big);
    EXPECT_FLOAT_EQ(bigOut.span()[0], 0.5f);
    EXPECT_FLOAT_EQ(bigOut.span()[2], 0.0f);
}

TEST(Softmax, MaskedEntriesGetZero) {
    const double minusInfinity = -std::numeric_limits<double>::infinity();
    const Tensor<double> inp(Shape{1, 3}, {minusInfinity, 3, 3});
    Tensor<double> out(Shape{1, 3});
    softmaxForward<double>(out, inp);
    EXPECT_EQ(out.span()[0], 0.0);
    EXPECT_DOUBLE_EQ(out.span()[1], 0.5);
    EXPECT_DOUBLE_EQ(out.span()[2], 0.5);
}

TEST(Softmax, GradientsMatchCentralDifferences) {
    std::mt19937 rng(8);
    Tensor<double> inp = randomTensor(Shape{3, 4}, rng, -2, 2);
    const Tensor<double> r = randomTensor(Shape{3, 4}, rng);
    Tensor<double> out(inp.shape());
    auto loss = [&] {
        softmaxForward<double>(out, inp);
        return dot(r.view(), out.view());
    };
    loss();
    Tensor<double> dinp(inp.shape());
    softmaxBackward<double>(dinp, r, out);
    expectGradientsMatch("softmax", loss, {{"inp", &inp, &dinp}});
}

TEST(Softmax, FloatAgreesWithDouble) {
    std::mt19937 rng(10);
    const Tensor<double> inp = randomTensor(Shape{3, 4}, rng, -2, 2);
    const Tensor<double> r = randomTensor(Shape{3, 4}, rng);
    Tensor<double> out(inp.shape()), dinp(inp.shape());
    softmaxForward<double>(out, inp);
    softmaxBackward<double>(dinp, r, out);

    const Tensor<float> inpF = inp.castTo<float>(), rF = r.castTo<float>();
    Tensor<float> outF(inp.shape()), dinpF(inp.shape());
    softmaxForward<float>(outF, inpF);
    softmaxBackward<float>(dinpF, rF, outF);
    EXPECT_LE(floatError(out.view(), outF.view()), kFloatTolerance);
    EXPECT_LE(floatError(dinp.view(), dinpF.view()), kFloatTolerance);
}

TEST(Softmax, ShapeMismatchNamesBothShapes) {
    const Tensor<double> inp(Shape{2, 3});
    Tensor<double> out(Shape{3, 2});
    EXPECT_EQ(errorOf([&] { softmaxForward<double>(out, inp); }),
              "softmaxForward: out is (3, 2), expected (2, 3)");
    Tensor<double> dinp(Shape{2, 4});
    const Tensor<double> dout(Shape{2, 3});
    EXPECT_EQ(errorOf([&] { softmaxBackward<double>(dinp, dout, inp); }),
              "softmaxBackward: dinp is (2, 4), expected (2, 3)");
}

}  // namespace
}  // namespace actlab
