// Losses against hand-computed values and their gradients against finite differences.
#include <gtest/gtest.h>

#include <cmath>

#include "layers/batch_loss.h"

namespace actlab {
namespace {

TEST(Loss, BceWithLogitsHandValues) {
    const std::vector<double> z{0.0, 2.0, -1000.0};
    const std::vector<float> y{1, 0, 0};
    std::vector<double> g(3);
    const LossValue v = computeLoss<double>(LossKind::BceWithLogits, z, 3, 1, y, g);
    const double expected = (std::log(2.0) + (2.0 + std::log1p(std::exp(-2.0))) + 0.0) / 3.0;
    EXPECT_NEAR(v.loss, expected, 1e-15);
    EXPECT_NEAR(g[0], (0.5 - 1.0) / 3, 1e-15);
    EXPECT_NEAR(g[1], (1 / (1 + std::exp(-2.0))) / 3, 1e-15);
    EXPECT_EQ(g[2], 0.0);
    EXPECT_NEAR(v.accuracy, 1.0 / 3.0, 1e-15);  // only the third: logit −1000 → class 0
}

TEST(Loss, SoftmaxCrossEntropyHandValuesAndHugeLogits) {
    const std::vector<double> z{1.0, 2.0, 3.0, 1000.0, 0.0, -1000.0};
    const std::vector<float> y{2, 0};
    std::vector<double> g(6);
    const LossValue v = computeLoss<double>(LossKind::SoftmaxCrossEntropy, z, 2, 3, y, g);
    const double first = std::log(std::exp(1.0) + std::exp(2.0) + std::exp(3.0)) - 3.0;
    EXPECT_NEAR(v.loss, (first + 0.0) / 2.0, 1e-12);
    EXPECT_TRUE(std::isfinite(v.loss));
    EXPECT_NEAR(g[2], (std::exp(3.0) / (std::exp(1.0) + std::exp(2.0) + std::exp(3.0)) - 1) / 2,
                1e-15);
    EXPECT_DOUBLE_EQ(v.accuracy, 1.0);
}

TEST(Loss, MseGradientMatchesDifferences) {
    std::vector<double> z{0.3, -1.2};
    const std::vector<float> y{1.0f, -1.0f};
    std::vector<double> g(2);
    computeLoss<double>(LossKind::Mse, z, 2, 1, y, g);
    for (size_t i = 0; i < 2; ++i) {
        const double saved = z[i];
        z[i] = saved + 1e-6;
        const double up = computeLoss<double>(LossKind::Mse, z, 2, 1, y, {}).loss;
        z[i] = saved - 1e-6;
        const double down = computeLoss<double>(LossKind::Mse, z, 2, 1, y, {}).loss;
        z[i] = saved;
        EXPECT_NEAR(g[i], (up - down) / 2e-6, 1e-8);
    }
}

}  // namespace
}  // namespace actlab
