// Linear layer: a hand-worked 2×3 case, gradients against central differences, accumulation,
// float against double and the shape messages.
#include <gtest/gtest.h>

#include <random>

#include "layer_test_support.h"
#include "layers/linear.h"

namespace actlab {
namespace {

using namespace layer_test;

TEST(Linear, ForwardMatchesAHandWorkedCase) {
    const Tensor<double> inp(Shape{2, 3}, {1, 2, 3, 4, 5, 6});
    const Tensor<double> weight(Shape{2, 3}, {1, 0, -1, 0.5, 0.5, 0.5});
    const Tensor<double> bias(Shape{2}, {10, -1});
    Tensor<double> out(Shape{2, 2});
    linearForward<double>(out, inp, weight, bias);
    // Row 0: 1 − 3 + 10 = 8, (1 + 2 + 3) / 2 − 1 = 2; row 1: 4 − 6 + 10 = 8, 15 / 2 − 1 = 6.5.
    EXPECT_EQ(out.span()[0], 8.0);
    EXPECT_EQ(out.span()[1], 2.0);
    EXPECT_EQ(out.span()[2], 8.0);
    EXPECT_EQ(out.span()[3], 6.5);

    linearForward<double>(out, inp, weight, ConstTensorView<double>());  // no bias
    EXPECT_EQ(out.span()[0], -2.0);
    EXPECT_EQ(out.span()[3], 7.5);
}

struct LinearCase {
    Tensor<double> inp, weight, bias, r;
};

LinearCase randomCase(std::mt19937& rng) {
    const Index N = 4, C = 3, OC = 5;
    return {randomTensor(Shape{N, C}, rng), randomTensor(Shape{OC, C}, rng),
            randomTensor(Shape{OC}, rng), randomTensor(Shape{N, OC}, rng)};
}

TEST(Linear, GradientsMatchCentralDifferences) {
    std::mt19937 rng(8);
    LinearCase k = randomCase(rng);
    Tensor<double> out(k.r.shape());
    auto loss = [&] {
        linearForward<double>(out, k.inp, k.weight, k.bias);
        return dot(k.r.view(), out.view());
    };
    Tensor<double> dinp(k.inp.shape()), dweight(k.weight.shape()), dbias(k.bias.shape());
    linearBackward<double>(dinp, dweight, dbias, k.r, k.inp, k.weight);
    expectGradientsMatch(
        "linear", loss,
        {{"inp", &k.inp, &dinp}, {"weight", &k.weight, &dweight}, {"bias", &k.bias, &dbias}});
}

TEST(Linear, BackwardAccumulatesIntoEveryGradient) {
    std::mt19937 rng(9);
    const LinearCase k = randomCase(rng);
    Tensor<double> dinp(k.inp.shape()), dweight(k.weight.shape()), dbias(k.bias.shape());
    linearBackward<double>(dinp, dweight, dbias, k.r, k.inp, k.weight);
    Tensor<double> twice[3] = {dinp, dweight, dbias};
    linearBackward<double>(twice[0], twice[1], twice[2], k.r, k.inp, k.weight);
    const Tensor<double>* once[3] = {&dinp, &dweight, &dbias};
    for (int g = 0; g < 3; ++g)
        for (Index i = 0; i < once[g]->size(); ++i)
            EXPECT_NEAR(twice[g].span()[i], 2 * once[g]->span()[i], 1e-12);  // order of sums
}

TEST(Linear, FloatAgreesWithDouble) {
    std::mt19937 rng(10);
    const LinearCase k = randomCase(rng);
    Tensor<double> out(k.r.shape()), dinp(k.inp.shape()), dweight(k.weight.shape()),
        dbias(k.bias.shape());
    linearForward<double>(out, k.inp, k.weight, k.bias);
    linearBackward<double>(dinp, dweight, dbias, k.r, k.inp, k.weight);

    const Tensor<float> inp = k.inp.castTo<float>(), weight = k.weight.castTo<float>(),
                        bias = k.bias.castTo<float>(), r = k.r.castTo<float>();
    Tensor<float> outF(k.r.shape()), dinpF(k.inp.shape()), dweightF(k.weight.shape()),
        dbiasF(k.bias.shape());
    linearForward<float>(outF, inp, weight, bias);
    linearBackward<float>(dinpF, dweightF, dbiasF, r, inp, weight);
    EXPECT_LE(floatError(out.view(), outF.view()), kFloatTolerance);
    EXPECT_LE(floatError(dinp.view(), dinpF.view()), kFloatTolerance);
    EXPECT_LE(floatError(dweight.view(), dweightF.view()), kFloatTolerance);
    EXPECT_LE(floatError(dbias.view(), dbiasF.view()), kFloatTolerance);
}

TEST(Linear, ShapeMismatchNamesBothShapes) {
    const Tensor<double> inp(Shape{2, 3}), weight(Shape{4, 3}), bias(Shape{4});
    Tensor<double> out(Shape{2, 5});
    EXPECT_EQ(errorOf([&] { linearForward<double>(out, inp, weight, bias); }),
              "linearForward: out is (2, 5), expected (2, 4)");
    const Tensor<double> wideInp(Shape{2, 7});
    EXPECT_EQ(errorOf([&] { linearForward<double>(out, wideInp, weight, bias); }),
              "linearForward: inp is (2, 7), expected (2, 3)");
    Tensor<double> dinp(Shape{2, 3}), dweight(Shape{3, 4}), dbias(Shape{4});
    const Tensor<double> dout(Shape{2, 4});
    EXPECT_EQ(errorOf([&] { linearBackward<double>(dinp, dweight, dbias, dout, inp, weight); }),
              "linearBackward: dweight is (3, 4), expected (4, 3)");
}

}  // namespace
}  // namespace actlab
