// Losses: cross-entropy against −log softmax worked by hand, ignored targets, huge logits, BCE
// at ±100 and against the naive formula, MSE by hand; gradients against central differences,
// accumulation and scale, float against double, and the messages of bad targets and shapes.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "layer_test_support.h"
#include "layers/losses.h"

namespace actlab {
namespace {

using namespace layer_test;

// Runs crossEntropyForward on fresh probs and losses; returns the mean loss.
double crossEntropyOf(ConstTensorView<double> logits, ConstTokenView targets,
                      Tensor<double>* probsOut = nullptr, Tensor<double>* lossesOut = nullptr) {
    Tensor<double> probs(logits.shape()), losses(Shape{logits.extent(0)});
    const double mean = crossEntropyForward<double>(probs, losses, logits, targets);
    if (probsOut) *probsOut = probs;
    if (lossesOut) *lossesOut = losses;
    return mean;
}

TEST(CrossEntropy, MatchesMinusLogSoftmaxWorkedByHand) {
    // Row 0: softmax(1, 2, 3) = (0.0900…, 0.2447…, 0.6652…), target 2; row 1: uniform, target 0.
    const Tensor<double> logits(Shape{2, 3}, {1, 2, 3, 5, 5, 5});
    const TokenTensor targets(Shape{2}, {2, 0});
    Tensor<double> probs, losses;
    const double mean = crossEntropyOf(logits, targets, &probs, &losses);
    EXPECT_NEAR(probs(0, 0), 0.09003057317038046, 1e-15);
    EXPECT_NEAR(probs(0, 1), 0.24472847105479767, 1e-15);
    EXPECT_NEAR(probs(0, 2), 0.6652409557748219, 1e-15);
    EXPECT_NEAR(losses(0), 0.40760596444438013, 1e-15);  // log(e + e² + e³) − 3
    EXPECT_NEAR(losses(1), std::log(3.0), 1e-15);
    EXPECT_NEAR(mean, (0.40760596444438013 + std::log(3.0)) / 2, 1e-15);

    // dlogits = (p − onehot) / 2 for each row.
    Tensor<double> dlogits(logits.shape());
    crossEntropyBackward<double>(dlogits, probs, targets);
    EXPECT_NEAR(dlogits(0, 2), (0.6652409557748219 - 1) / 2, 1e-15);
    EXPECT_NEAR(dlogits(1, 0), (1.0 / 3 - 1) / 2, 1e-15);
    EXPECT_NEAR(dlogits(1, 1), 1.0 / 6, 1e-15);
}

TEST(CrossEntropy, IgnoredTargetsAddNothingToLossCountOrGradient) {
    std::mt19937 rng(8);
    const Tensor<double> logits = randomTensor(Shape{3, 4}, rng, -2, 2);
    const TokenTensor targets(Shape{3}, {1, kIgnoreTarget, 3});
    Tensor<double> probs, losses;
    const double mean = crossEntropyOf(logits, targets, &probs, &losses);
    EXPECT_EQ(losses(1), 0.0);
    EXPECT_NEAR(mean, (losses(0) + losses(2)) / 2, 1e-15);  // count is 2, not 3

    // Rows 0 and 2 on their own give the same loss and gradient.
    Tensor<double> kept(Shape{2, 4});
    for (Index v = 0; v < 4; ++v) {
        kept(0, v) = logits(0, v);
        kept(1, v) = logits(2, v);
    }
    const TokenTensor keptTargets(Shape{2}, {1, 3});
    Tensor<double> keptProbs;
    EXPECT_NEAR(crossEntropyOf(kept, keptTargets, &keptProbs), mean, 1e-15);

    Tensor<double> dlogits(logits.shape()), dkept(kept.shape());
    crossEntropyBackward<double>(dlogits, probs, targets);
    crossEntropyBackward<double>(dkept, keptProbs, keptTargets);
    for (Index v = 0; v < 4; ++v) {
        EXPECT_EQ(dlogits(1, v), 0.0);
        EXPECT_NEAR(dlogits(0, v), dkept(0, v), 1e-15);
        EXPECT_NEAR(dlogits(2, v), dkept(1, v), 1e-15);
    }
}

TEST(CrossEntropy, AllIgnoredGivesZeroAndNoGradient) {
    const Tensor<double> logits(Shape{2, 3}, {1, 2, 3, 4, 5, 6});
    const TokenTensor targets(Shape{2}, {kIgnoreTarget, kIgnoreTarget});
    Tensor<double> probs, losses;
    EXPECT_EQ(crossEntropyOf(logits, targets, &probs, &losses), 0.0);
    EXPECT_EQ(losses(0), 0.0);
    EXPECT_EQ(losses(1), 0.0);
    Tensor<double> dlogits(logits.shape(), 0.25);
    crossEntropyBackward<double>(dlogits, probs, targets);
    for (double g : dlogits.span()) EXPECT_EQ(g, 0.25);
}

TEST(CrossEntropy, HugeLogitsStayFinite) {
    const Tensor<double> logits(Shape{2, 3}, {1e4, -1e4, 0, 1e4, -1e4, 0});
    const TokenTensor targets(Shape{2}, {0, 1});
    Tensor<double> probs, losses;
    const double mean = crossEntropyOf(logits, targets, &probs, &losses);
    EXPECT_EQ(losses(0), 0.0);  // p = 1 exactly
    EXPECT_EQ(losses(1), 2e4);  // 1e4 − (−1e4)
    EXPECT_EQ(mean, 1e4);
    for (double p : probs.span()) EXPECT_TRUE(std::isfinite(p));

    const Tensor<float> logitsF = logits.castTo<float>();
    Tensor<float> probsF(logits.shape()), lossesF(Shape{2});
    EXPECT_EQ(crossEntropyForward<float>(probsF, lossesF, logitsF, targets), 1e4);
    Tensor<float> dlogitsF(logits.shape());
    crossEntropyBackward<float>(dlogitsF, probsF, targets);
    for (float g : dlogitsF.span()) EXPECT_TRUE(std::isfinite(g));
}

TEST(CrossEntropy, GradientMatchesCentralDifferences) {
    std::mt19937 rng(9);
    Tensor<double> logits = randomTensor(Shape{4, 5}, rng, -3, 3);
    const TokenTensor targets(Shape{4}, {4, 0, kIgnoreTarget, 2});
    Tensor<double> probs(logits.shape()), losses(Shape{4});
    auto loss = [&] { return crossEntropyForward<double>(probs, losses, logits, targets); };
    loss();
    Tensor<double> dlogits(logits.shape());
    crossEntropyBackward<double>(dlogits, probs, targets);
    expectGradientsMatch("crossEntropy", loss, {{"logits", &logits, &dlogits}});
}

TEST(BceWithLogits, FiniteAtHundredAndMatchesTheNaiveFormula) {
    // Not labels {1, 1, 0, 0}: GCC 12.2 with -march=native (AVX-512) builds that initialiser
    // as {1, 1, 1, 1} (one value, then zeros, broadcast to every lane).
    const Tensor<double> extreme(Shape{4}, {100, 100, -100, -100});
    const Tensor<double> labels(Shape{4}, {1, 0, 1, 0});
    Tensor<double> losses(Shape{4});
    const double mean = bceWithLogitsForward<double>(losses, extreme, labels);
    EXPECT_NEAR(losses(0), 0.0, 1e-40);  // log(1 + e^−100)
    EXPECT_NEAR(losses(1), 100.0, 1e-12);
    EXPECT_NEAR(losses(2), 100.0, 1e-12);
    EXPECT_NEAR(losses(3), 0.0, 1e-40);
    EXPECT_NEAR(mean, 50.0, 1e-12);
    Tensor<double> dextreme(Shape{4});
    bceWithLogitsBackward<double>(dextreme, extreme, labels);
    EXPECT_NEAR(dextreme(2), -0.25, 1e-15);  // (σ(−100) − 1) / 4
    for (double g : dextreme.span()) EXPECT_TRUE(std::isfinite(g));

    // Moderate logits and soft labels: −(y·log σ(z) + (1 − y)·log(1 − σ(z))).
    std::mt19937 rng(10);
    const Tensor<double> z = randomTensor(Shape{6}, rng, -4, 4);
    const Tensor<double> y = randomTensor(Shape{6}, rng, 0, 1);
    Tensor<double> moderate(Shape{6});
    bceWithLogitsForward<double>(moderate, z, y);
    for (Index n = 0; n < 6; ++n) {
        const double s = 1 / (1 + std::exp(-z(n)));
        EXPECT_NEAR(moderate(n), -(y(n) * std::log(s) + (1 - y(n)) * std::log(1 - s)), 1e-13);
    }
}

TEST(BceWithLogits, GradientMatchesCentralDifferences) {
    std::mt19937 rng(11);
    Tensor<double> logits = randomTensor(Shape{7}, rng, -4, 4);
    const Tensor<double> targets = randomTensor(Shape{7}, rng, 0, 1);
    Tensor<double> losses(Shape{7});
    auto loss = [&] { return bceWithLogitsForward<double>(losses, logits, targets); };
    Tensor<double> dlogits(logits.shape());
    bceWithLogitsBackward<double>(dlogits, logits, targets);
    expectGradientsMatch("bceWithLogits", loss, {{"logits", &logits, &dlogits}});
}

TEST(Mse, MatchesAHandWorkedCase) {
    const Tensor<double> p(Shape{3}, {1, 2, 3}), y(Shape{3}, {0, 2, 5});
    EXPECT_DOUBLE_EQ(mseForward<double>(p, y), 5.0 / 3);  // (1 + 0 + 4) / 3
    Tensor<double> dp(Shape{3});
    mseBackward<double>(dp, p, y);
    EXPECT_DOUBLE_EQ(dp(0), 2.0 / 3);
    EXPECT_EQ(dp(1), 0.0);
    EXPECT_DOUBLE_EQ(dp(2), -4.0 / 3);
}

TEST(Mse, GradientMatchesCentralDifferences) {
    std::mt19937 rng(12);
    Tensor<double> predictions = randomTensor(Shape{3, 4}, rng, -2, 2);
    const Tensor<double> targets = randomTensor(predictions.shape(), rng, -2, 2);
    auto loss = [&] { return mseForward<double>(predictions, targets); };
    Tensor<double> dpredictions(predictions.shape());
    mseBackward<double>(dpredictions, predictions, targets);
    expectGradientsMatch("mse", loss, {{"predictions", &predictions, &dpredictions}});
}

TEST(Losses, BackwardAccumulatesAndScales) {
    std::mt19937 rng(13);
    const Tensor<double> logits = randomTensor(Shape{3, 4}, rng, -2, 2);
    const TokenTensor classes(Shape{3}, {0, 3, kIgnoreTarget});
    Tensor<double> probs;
    crossEntropyOf(logits, classes, &probs);
    const Tensor<double> flat = randomTensor(Shape{5}, rng, -2, 2);
    const Tensor<double> labels = randomTensor(Shape{5}, rng, 0, 1);

    Tensor<double> ceOnce(logits.shape()), ceTwice(logits.shape()), ceHalf(logits.shape());
    crossEntropyBackward<double>(ceOnce, probs, classes);
    crossEntropyBackward<double>(ceTwice, probs, classes);
    crossEntropyBackward<double>(ceTwice, probs, classes);
    crossEntropyBackward<double>(ceHalf, probs, classes, 0.5);
    for (Index i = 0; i < logits.size(); ++i) {
        EXPECT_EQ(ceTwice.span()[i], 2 * ceOnce.span()[i]);
        EXPECT_DOUBLE_EQ(ceHalf.span()[i], 0.5 * ceOnce.span()[i]);
    }
    Tensor<double> bceOnce(Shape{5}), bceTwice(Shape{5}), mseOnce(Shape{5}), mseTwice(Shape{5});
    bceWithLogitsBackward<double>(bceOnce, flat, labels);
    mseBackward<double>(mseOnce, flat, labels);
    for (int k = 0; k < 2; ++k) {
        bceWithLogitsBackward<double>(bceTwice, flat, labels);
        mseBackward<double>(mseTwice, flat, labels);
    }
    for (Index i = 0; i < 5; ++i) {
        EXPECT_EQ(bceTwice(i), 2 * bceOnce(i));
        EXPECT_EQ(mseTwice(i), 2 * mseOnce(i));
    }
}

TEST(Losses, FloatAgreesWithDouble) {
    std::mt19937 rng(14);
    const Tensor<double> logits = randomTensor(Shape{4, 6}, rng, -3, 3);
    const TokenTensor classes(Shape{4}, {5, kIgnoreTarget, 0, 2});
    Tensor<double> probs, losses, dlogits(logits.shape());
    const double ce = crossEntropyOf(logits, classes, &probs, &losses);
    crossEntropyBackward<double>(dlogits, probs, classes);
    const Tensor<float> logitsF = logits.castTo<float>();
    Tensor<float> probsF(logits.shape()), lossesF(Shape{4}), dlogitsF(logits.shape());
    const double ceF = crossEntropyForward<float>(probsF, lossesF, logitsF, classes);
    crossEntropyBackward<float>(dlogitsF, probsF, classes);
    EXPECT_NEAR(ceF, ce, kFloatTolerance * ce);
    EXPECT_LE(floatError(probs.view(), probsF.view()), kFloatTolerance);
    EXPECT_LE(floatError(dlogits.view(), dlogitsF.view()), kFloatTolerance);

    const Tensor<double> z = randomTensor(Shape{8}, rng, -5, 5);
    const Tensor<double> y = randomTensor(Shape{8}, rng, 0, 1);
    const Tensor<float> zF = z.castTo<float>(), yF = y.castTo<float>();
    Tensor<double> bce(Shape{8}), dz(Shape{8}), dmse(Shape{8});
    Tensor<float> bceF(Shape{8}), dzF(Shape{8}), dmseF(Shape{8});
    const double meanBce = bceWithLogitsForward<double>(bce, z, y);
    EXPECT_NEAR(bceWithLogitsForward<float>(bceF, zF, yF), meanBce, kFloatTolerance * meanBce);
    bceWithLogitsBackward<double>(dz, z, y);
    bceWithLogitsBackward<float>(dzF, zF, yF);
    EXPECT_LE(floatError(bce.view(), bceF.view()), kFloatTolerance);
    EXPECT_LE(floatError(dz.view(), dzF.view()), kFloatTolerance);
    const double mse = mseForward<double>(z, y);
    EXPECT_NEAR(mseForward<float>(zF, yF), mse, kFloatTolerance * mse);
    mseBackward<double>(dmse, z, y);
    mseBackward<float>(dmseF, zF, yF);
    EXPECT_LE(floatError(dmse.view(), dmseF.view()), kFloatTolerance);
}

TEST(Losses, BadTargetsAreNamedBeforeAnythingIsWritten) {
    const Tensor<double> logits(Shape{4, 5});
    const TokenTensor targets(Shape{4}, {0, 4, kIgnoreTarget, 7});
    Tensor<double> probs(logits.shape(), -1.0), losses(Shape{4}, -1.0);
    EXPECT_EQ(errorOf([&] { crossEntropyForward<double>(probs, losses, logits, targets); }),
              "crossEntropyForward: target 7 at row 3 is outside [0, 5)");
    for (double p : probs.span()) EXPECT_EQ(p, -1.0);
    for (double l : losses.span()) EXPECT_EQ(l, -1.0);
    const TokenTensor negative(Shape{4}, {0, -1, 1, 2});
    Tensor<double> dlogits(logits.shape());
    EXPECT_EQ(errorOf([&] { crossEntropyBackward<double>(dlogits, probs, negative); }),
              "crossEntropyBackward: target -1 at row 1 is outside [0, 5)");
    for (double g : dlogits.span()) EXPECT_EQ(g, 0.0);
}

TEST(Losses, ShapeMismatchNamesBothShapes) {
    const Tensor<double> logits(Shape{4, 5});
    const TokenTensor shortTargets(Shape{3}, {0, 1, 2});
    Tensor<double> probs(logits.shape()), losses(Shape{4});
    EXPECT_EQ(errorOf([&] { crossEntropyForward<double>(probs, losses, logits, shortTargets); }),
              "crossEntropyForward: targets is (3), expected (4)");
    const Tensor<double> z(Shape{4}), y(Shape{5});
    Tensor<double> bce(Shape{4});
    EXPECT_EQ(errorOf([&] { bceWithLogitsForward<double>(bce, z, y); }),
              "bceWithLogitsForward: targets is (5), expected (4)");
    EXPECT_EQ(errorOf([&] {
                  mseForward<double>(logits, logits.reshape(Shape{5, 4}));
              }),
              "mseForward: targets is (5, 4), expected (4, 5)");
}

}  // namespace
}  // namespace actlab
