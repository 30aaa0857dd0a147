// SGD, momentum, Adam and AdamW: two steps on w = (1, −2) with gradients g1 = (0.5, −1) and
// g2 = (0.2, 0.4), against the update formulas worked out here with the numbers. Every expected
// value was also checked against torch.optim 1.13 (float64); those figures are quoted.
#include <gtest/gtest.h>

#include <cmath>

#include "optimizer_test_support.h"

namespace actlab {
namespace {

using test::makeParameter;
using test::optimizerConfig;

constexpr double kTolerance = 1e-12;

// Runs the two steps and returns w after each.
template <typename T = double>
std::vector<std::vector<T>> twoSteps(const OptimizerConfig& config, bool isWeight = true) {
    Parameter<T> w = makeParameter<T>({T(1), T(-2)}, isWeight);
    Optimizer<T> optimizer(config);
    std::vector<std::vector<T>> after;
    w.grad = {T(0.5), T(-1)};
    optimizer.step({&w});
    after.push_back(w.value);
    w.grad = {T(0.2), T(0.4)};
    optimizer.step({&w});
    after.push_back(w.value);
    EXPECT_EQ(optimizer.stepsTaken(), 2);
    return after;
}

void expectValues(const std::vector<double>& actual, std::initializer_list<double> expected,
                  const char* what) {
    ASSERT_EQ(actual.size(), expected.size());
    size_t i = 0;
    for (double e : expected) {
        EXPECT_NEAR(actual[i], e, kTolerance) << what << " [" << i << "]";
        ++i;
    }
}

TEST(Sgd, TwoSteps) {
    // w ← w − lr·g, lr 0.1                                       torch: (0.95, −1.9), (0.93, −1.94)
    const auto w = twoSteps(optimizerConfig(OptimizerKind::Sgd, 0.1));
    expectValues(w[0], {1 - 0.1 * 0.5, -2 - 0.1 * -1.0}, "step 1");
    expectValues(w[1], {0.95 - 0.1 * 0.2, -1.9 - 0.1 * 0.4}, "step 2");
}

TEST(Sgd, WeightDecayAddsToTheGradient) {
    // g ← g + wd·w, wd 0.1                                        torch: (0.94, −1.88), (0.9106,
    // −1.9012)
    const auto w = twoSteps(optimizerConfig(OptimizerKind::Sgd, 0.1, 0.1));
    expectValues(w[0], {1 - 0.1 * (0.5 + 0.1 * 1), -2 - 0.1 * (-1 + 0.1 * -2)}, "step 1");
    expectValues(w[1], {0.94 - 0.1 * (0.2 + 0.1 * 0.94), -1.88 - 0.1 * (0.4 + 0.1 * -1.88)},
                 "step 2");
}

TEST(Momentum, TwoSteps) {
    // PyTorch's form: b1 = g1, b ← μ·b + g, w ← w − lr·b; μ 0.9     torch: (0.95, −1.9), (0.885,
    // −1.85)
    const auto w = twoSteps(optimizerConfig(OptimizerKind::Momentum, 0.1));
    expectValues(w[0], {1 - 0.1 * 0.5, -2 - 0.1 * -1.0}, "step 1");
    const double b1 = 0.9 * 0.5 + 0.2, b2 = 0.9 * -1.0 + 0.4;
    expectValues(w[1], {0.95 - 0.1 * b1, -1.9 - 0.1 * b2}, "step 2");
}

TEST(Momentum, WeightDecayGoesIntoTheBuffer) {
    // d = g + wd·w; b1 = d1; b2 = μ·b1 + d2                        torch: (0.94, −1.88), (0.8566,
    // −1.7932)
    const auto w = twoSteps(optimizerConfig(OptimizerKind::Momentum, 0.1, 0.1));
    const double b1[2] = {0.5 + 0.1 * 1, -1 + 0.1 * -2};
    expectValues(w[0], {1 - 0.1 * b1[0], -2 - 0.1 * b1[1]}, "step 1");
    const double b2[2] = {0.9 * b1[0] + 0.2 + 0.1 * 0.94, 0.9 * b1[1] + 0.4 + 0.1 * -1.88};
    expectValues(w[1], {0.94 - 0.1 * b2[0], -1.88 - 0.1 * b2[1]}, "step 2");
}

// Adam with lr 0.1, β = (0.9, 0.999), ε = 1e-8 (Kingma & Ba, Algorithm 1, PyTorch's ε placement):
// m ← β1·m + (1−β1)·g, v ← β2·v + (1−β2)·g², w ← w − lr·(m/(1−β1^t)) / (√(v/(1−β2^t)) + ε).
double adamStep(double w, double m, double v, int t, double lr = 0.1) {
    return w - lr * (m / (1 - std::pow(0.9, t))) / (std::sqrt(v / (1 - std::pow(0.999, t))) + 1e-8);
}

TEST(Adam, TwoSteps) {
    const auto w = twoSteps(optimizerConfig(OptimizerKind::Adam, 0.1));
    // step 1: m = 0.1·g1, v = 0.001·g1², so the step is lr·g/(|g| + ε) ≈ lr·sign(g)
    const double m1[2] = {0.1 * 0.5, 0.1 * -1.0}, v1[2] = {0.001 * 0.25, 0.001 * 1.0};
    expectValues(w[0], {adamStep(1, m1[0], v1[0], 1), adamStep(-2, m1[1], v1[1], 1)}, "step 1");
    expectValues(w[0], {1 - 0.1 * 0.5 / (0.5 + 1e-8), -2 - 0.1 * -1.0 / (1.0 + 1e-8)},
                 "step 1 closed form");
    const double m2[2] = {0.9 * m1[0] + 0.1 * 0.2, 0.9 * m1[1] + 0.1 * 0.4};
    const double v2[2] = {0.999 * v1[0] + 0.001 * 0.04, 0.999 * v1[1] + 0.001 * 0.16};
    expectValues(w[1], {adamStep(w[0][0], m2[0], v2[0], 2), adamStep(w[0][1], m2[1], v2[1], 2)},
                 "step 2");
    expectValues(w[1], {0.8101424839029282, -1.865439416662626}, "step 2, torch 1.13");
}

TEST(Adam, WeightDecayIsAnL2Gradient) {
    // g ← g + wd·w before the moments (torch.optim.Adam's weight_decay)
    const auto w = twoSteps(optimizerConfig(OptimizerKind::Adam, 0.1, 0.1));
    const double g1[2] = {0.5 + 0.1 * 1, -1 + 0.1 * -2};
    const double m1[2] = {0.1 * g1[0], 0.1 * g1[1]},
                 v1[2] = {0.001 * g1[0] * g1[0], 0.001 * g1[1] * g1[1]};
    expectValues(w[0], {adamStep(1, m1[0], v1[0], 1), adamStep(-2, m1[1], v1[1], 1)}, "step 1");
    const double g2[2] = {0.2 + 0.1 * w[0][0], 0.4 + 0.1 * w[0][1]};
    const double m2[2] = {0.9 * m1[0] + 0.1 * g2[0], 0.9 * m1[1] + 0.1 * g2[1]};
    const double v2[2] = {0.999 * v1[0] + 0.001 * g2[0] * g2[0],
                          0.999 * v1[1] + 0.001 * g2[1] * g2[1]};
    expectValues(w[1], {adamStep(w[0][0], m2[0], v2[0], 2), adamStep(w[0][1], m2[1], v2[1], 2)},
                 "step 2");
    expectValues(w[1], {0.8072814605072346, -1.846831886458653}, "step 2, torch 1.13");
}

TEST(AdamW, DecouplesTheDecay) {
    // w ← w·(1 − lr·wd) first, then the Adam step from the raw gradient (moments as in Adam)
    const auto w = twoSteps(optimizerConfig(OptimizerKind::AdamW, 0.1, 0.1));
    const double m1[2] = {0.05, -0.1}, v1[2] = {0.00025, 0.001};
    expectValues(
        w[0],
        {adamStep(1 * (1 - 0.01), m1[0], v1[0], 1), adamStep(-2 * (1 - 0.01), m1[1], v1[1], 1)},
        "step 1");
    const double m2[2] = {0.9 * m1[0] + 0.1 * 0.2, 0.9 * m1[1] + 0.1 * 0.4};
    const double v2[2] = {0.999 * v1[0] + 0.001 * 0.04, 0.999 * v1[1] + 0.001 * 0.16};
    expectValues(w[1],
                 {adamStep(w[0][0] * (1 - 0.01), m2[0], v2[0], 2),
                  adamStep(w[0][1] * (1 - 0.01), m2[1], v2[1], 2)},
                 "step 2");
    expectValues(w[1], {0.7912424838829282, -1.826639416652626}, "step 2, torch 1.13");
}

TEST(AdamW, WithoutDecayEqualsAdam) {
    const auto adam = twoSteps(optimizerConfig(OptimizerKind::Adam, 0.1));
    const auto adamw = twoSteps(optimizerConfig(OptimizerKind::AdamW, 0.1));
    EXPECT_EQ(adam, adamw);
}

}  // namespace
void PrintTo(OptimizerKind kind, std::ostream* os) { *os << optimizerName(kind); }
namespace {

class WeightDecayOnWeightsOnly : public ::testing::TestWithParam<OptimizerKind> {};

TEST_P(WeightDecayOnWeightsOnly, ABiasMovesAsWithoutDecay) {
    const OptimizerKind kind = GetParam();
    const auto decayedBias = twoSteps(optimizerConfig(kind, 0.1, 0.1), /*isWeight=*/false);
    const auto plainBias = twoSteps(optimizerConfig(kind, 0.1, 0.0), /*isWeight=*/false);
    const auto decayedWeight = twoSteps(optimizerConfig(kind, 0.1, 0.1), /*isWeight=*/true);
    EXPECT_EQ(decayedBias, plainBias);
    EXPECT_NE(decayedWeight, plainBias);
}

INSTANTIATE_TEST_SUITE_P(Optimizers, WeightDecayOnWeightsOnly,
                         ::testing::Values(OptimizerKind::Sgd, OptimizerKind::Momentum,
                                           OptimizerKind::Adam, OptimizerKind::AdamW),
                         [](const auto& info) { return std::string(optimizerName(info.param)); });

TEST(OptimizerPrecision, FloatFollowsDouble) {
    for (const OptimizerInfo& info : optimizerCatalogue()) {
        const auto d = twoSteps<double>(optimizerConfig(info.kind, 0.1, 0.1));
        const auto f = twoSteps<float>(optimizerConfig(info.kind, 0.1, 0.1));
        for (int s = 0; s < 2; ++s)
            for (int i = 0; i < 2; ++i)
                EXPECT_NEAR(f[s][i], d[s][i], 2e-6) << info.name << " step " << s + 1;
    }
}

TEST(OptimizerPrecision, EveryParameterOfTheListIsUpdated) {
    Parameter<double> a = makeParameter({1.0}), b = makeParameter({2.0, 3.0}, false);
    a.grad = {1.0};
    b.grad = {-1.0, 2.0};
    Optimizer<double> sgd(optimizerConfig(OptimizerKind::Sgd, 0.5));
    sgd.step({&a, &b});
    EXPECT_EQ(a.value, (std::vector<double>{0.5}));
    EXPECT_EQ(b.value, (std::vector<double>{2.5, 2.0}));
}

}  // namespace
}  // namespace actlab
