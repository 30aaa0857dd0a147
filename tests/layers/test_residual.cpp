// Residual and mean pooling: sums and means worked by hand, the residual in place, gradients
// against central differences, accumulation, float against double and the shape messages.
#include <gtest/gtest.h>

#include <random>

#include "layer_test_support.h"
#include "layers/residual.h"

namespace actlab {
namespace {

using namespace layer_test;

TEST(Residual, ForwardAddsAndMayWriteIntoEitherInput) {
    Tensor<double> a(Shape{2, 2}, {1, 2, 3, 4});
    Tensor<double> b(Shape{2, 2}, {0.5, -2, 10, 0});
    Tensor<double> out(a.shape());
    residualForward<double>(out, a, b);
    EXPECT_EQ(out.span()[0], 1.5);
    EXPECT_EQ(out.span()[1], 0.0);
    EXPECT_EQ(out.span()[2], 13.0);
    EXPECT_EQ(out.span()[3], 4.0);

    residualForward<double>(a, a, b);  // x = x + f(x), in place
    for (Index i = 0; i < a.size(); ++i) EXPECT_EQ(a.span()[i], out.span()[i]);
    Tensor<double> c(Shape{2, 2}, {1, 1, 1, 1});
    residualForward<double>(c, b, c);  // out aliasing b
    EXPECT_EQ(c.span()[1], -1.0);
    EXPECT_EQ(c.span()[2], 11.0);
}

TEST(Residual, BackwardSendsTheGradientIntoBothBranchesAndAccumulates) {
    const Tensor<double> dout(Shape{3}, {1, -2, 0.5});
    Tensor<double> da(Shape{3}, {10, 10, 10}), db(Shape{3});
    residualBackward<double>(da, db, dout);
    residualBackward<double>(da, db, dout);
    EXPECT_EQ(da.span()[0], 12.0);
    EXPECT_EQ(da.span()[1], 6.0);
    EXPECT_EQ(da.span()[2], 11.0);
    EXPECT_EQ(db.span()[0], 2.0);
    EXPECT_EQ(db.span()[1], -4.0);
    EXPECT_EQ(db.span()[2], 1.0);
}

TEST(Residual, GradientsMatchCentralDifferences) {
    std::mt19937 rng(8);
    Tensor<double> a = randomTensor(Shape{2, 3, 4}, rng), b = randomTensor(a.shape(), rng);
    const Tensor<double> r = randomTensor(a.shape(), rng);
    Tensor<double> out(a.shape());
    auto loss = [&] {
        residualForward<double>(out, a, b);
        return dot(r.view(), out.view());
    };
    Tensor<double> da(a.shape()), db(a.shape());
    residualBackward<double>(da, db, r);
    expectGradientsMatch("residual", loss, {{"a", &a, &da}, {"b", &b, &db}});
}

TEST(MeanPool, ForwardAveragesThePositionsOfEachSequence) {
    // (B, T, C) = (2, 3, 2); sequence 0 has rows (1, 2), (3, 4), (5, 12), sequence 1 constant.
    const Tensor<double> inp(Shape{2, 3, 2}, {1, 2, 3, 4, 5, 12, -1, 7, -1, 7, -1, 7});
    Tensor<double> out(Shape{2, 2});
    meanPoolForward<double>(out, inp);
    EXPECT_DOUBLE_EQ(out(0, 0), 3.0);
    EXPECT_DOUBLE_EQ(out(0, 1), 6.0);
    EXPECT_DOUBLE_EQ(out(1, 0), -1.0);
    EXPECT_DOUBLE_EQ(out(1, 1), 7.0);
}

TEST(MeanPool, BackwardSpreadsOneOverTAndAccumulates) {
    const Tensor<double> dout(Shape{1, 2}, {3, -6});
    Tensor<double> dinp(Shape{1, 3, 2}, 1.0);
    meanPoolBackward<double>(dinp, dout);
    for (Index t = 0; t < 3; ++t) {
        EXPECT_DOUBLE_EQ(dinp(0, t, 0), 2.0);   // 1 + 3/3
        EXPECT_DOUBLE_EQ(dinp(0, t, 1), -1.0);  // 1 − 6/3
    }
    meanPoolBackward<double>(dinp, dout);
    EXPECT_DOUBLE_EQ(dinp(0, 2, 0), 3.0);
}

TEST(MeanPool, GradientsMatchCentralDifferences) {
    std::mt19937 rng(9);
    Tensor<double> inp = randomTensor(Shape{2, 5, 3}, rng);
    const Tensor<double> r = randomTensor(Shape{2, 3}, rng);
    Tensor<double> out(Shape{2, 3});
    auto loss = [&] {
        meanPoolForward<double>(out, inp);
        return dot(r.view(), out.view());
    };
    Tensor<double> dinp(inp.shape());
    meanPoolBackward<double>(dinp, r);
    expectGradientsMatch("meanPool", loss, {{"inp", &inp, &dinp}});
}

TEST(MeanPool, FloatAgreesWithDouble) {
    std::mt19937 rng(10);
    const Tensor<double> inp = randomTensor(Shape{3, 7, 4}, rng, -2, 2);
    const Tensor<double> r = randomTensor(Shape{3, 4}, rng);
    Tensor<double> out(Shape{3, 4}), dinp(inp.shape());
    meanPoolForward<double>(out, inp);
    meanPoolBackward<double>(dinp, r);
    const Tensor<float> inpF = inp.castTo<float>(), rF = r.castTo<float>();
    Tensor<float> outF(Shape{3, 4}), dinpF(inp.shape());
    meanPoolForward<float>(outF, inpF);
    meanPoolBackward<float>(dinpF, rF);
    EXPECT_LE(floatError(out.view(), outF.view()), kFloatTolerance);
    EXPECT_LE(floatError(dinp.view(), dinpF.view()), kFloatTolerance);
}

TEST(ResidualAndMeanPool, ShapeMismatchNamesBothShapes) {
    const Tensor<double> a(Shape{2, 3}), b(Shape{3, 2});
    Tensor<double> out(Shape{2, 3});
    EXPECT_EQ(errorOf([&] { residualForward<double>(out, a, b); }),
              "residualForward: b is (3, 2), expected (2, 3)");
    Tensor<double> da(Shape{2, 3}), db(Shape{2, 4});
    EXPECT_EQ(errorOf([&] { residualBackward<double>(da, db, a); }),
              "residualBackward: db is (2, 4), expected (2, 3)");

    const Tensor<double> inp(Shape{2, 4, 3});
    Tensor<double> pooled(Shape{2, 4});
    EXPECT_EQ(errorOf([&] { meanPoolForward<double>(pooled, inp); }),
              "meanPoolForward: out is (2, 4), expected (2, 3)");
    EXPECT_EQ(errorOf([&] { meanPoolForward<double>(pooled, a); }),
              "meanPoolForward: inp has rank 2 (2, 3), expected rank 3");
    Tensor<double> dinp(Shape{2, 4, 3});
    EXPECT_EQ(errorOf([&] {
                  meanPoolBackward<double>(dinp, a.view().reshape(Shape{3, 2}));
              }),
              "meanPoolBackward: dout is (3, 2), expected (2, 3)");
}

}  // namespace
}  // namespace actlab
