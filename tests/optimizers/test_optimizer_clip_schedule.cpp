// Global-norm clipping (torch.nn.utils.clip_grad_norm_), the warm-up + cosine schedule, setConfig
// keeping the moment estimates, and the optimizer table.
#include <gtest/gtest.h>

#include <cmath>

#include "optimizer_test_support.h"

namespace actlab {
namespace {

using test::makeParameter;
using test::optimizerConfig;

constexpr double kPi = 3.14159265358979323846;

// Two parameters whose gradients (3) and (4) have the global norm 5; SGD with lr 1 from 0.
struct ClipCase {
    Parameter<double> a = makeParameter({0.0}), b = makeParameter({0.0}, false);
    double norm = 0;
    explicit ClipCase(double clipNorm) {
        a.grad = {3.0};
        b.grad = {4.0};
        OptimizerConfig config = optimizerConfig(OptimizerKind::Sgd, 1.0);
        config.clipNorm = clipNorm;
        Optimizer<double> sgd(config);
        norm = sgd.step({&a, &b});
    }
};

TEST(GradientClipping, ScalesTheGlobalNormToTheClipNorm) {
    const ClipCase c(1.0);
    EXPECT_DOUBLE_EQ(c.norm, 5.0);  // step() returns the norm before clipping
    // clip_grad_norm_: g ← g · max_norm / (‖g‖ + 1e-6)
    EXPECT_NEAR(c.a.value[0], -3.0 * 1.0 / (5.0 + 1e-6), 1e-15);
    EXPECT_NEAR(c.b.value[0], -4.0 * 1.0 / (5.0 + 1e-6), 1e-15);
    EXPECT_NEAR(std::hypot(c.a.value[0], c.b.value[0]), 1.0, 1e-6);
    EXPECT_EQ(c.a.grad[0], 3.0);  // the stored gradients are left as they were
}

TEST(GradientClipping, LeavesSmallGradientsAlone) {
    for (double clip : {10.0, 5.5, 0.0 /* off */}) {
        const ClipCase c(clip);
        EXPECT_DOUBLE_EQ(c.norm, 5.0);
        EXPECT_EQ(c.a.value[0], -3.0) << "clip " << clip;
        EXPECT_EQ(c.b.value[0], -4.0) << "clip " << clip;
    }
}

TEST(GradientClipping, AppliesBeforeAdamsMoments) {
    // With clipping the Adam moments see the clipped gradient; step 1 is still ≈ lr·sign(g), so
    // check step 2 where a gradient 100× larger than the clip norm would otherwise dominate m, v.
    OptimizerConfig config = optimizerConfig(OptimizerKind::Adam, 0.1);
    config.clipNorm = 0.5;
    Parameter<double> w = makeParameter({0.0});
    Optimizer<double> adam(config);
    w.grad = {0.25};
    EXPECT_DOUBLE_EQ(adam.step({&w}), 0.25);
    w.grad = {-50.0};
    EXPECT_DOUBLE_EQ(adam.step({&w}), 50.0);
    const double g2 = -50.0 * 0.5 / (50.0 + 1e-6);
    const double m = 0.9 * 0.1 * 0.25 + 0.1 * g2, v = 0.999 * 0.001 * 0.0625 + 0.001 * g2 * g2;
    const double w1 = -0.1 * 0.25 / (0.25 + 1e-8);
    EXPECT_NEAR(w.value[0],
                w1 - 0.1 * (m / (1 - 0.81)) / (std::sqrt(v / (1 - 0.999 * 0.999)) + 1e-8), 1e-12);
}

OptimizerConfig cosine(double learningRate, int warmup, int total) {
    OptimizerConfig c = optimizerConfig(OptimizerKind::Sgd, learningRate);
    c.schedule = LearningRateSchedule::WarmupCosine;
    c.warmupSteps = warmup;
    c.totalSteps = total;
    return c;
}

TEST(LearningRateSchedule, WarmUpIsLinearThenCosineDecaysToZero) {
    // warm-up: lr·(t+1)/W for t < W; then lr·½(1 + cos(π·(t−W)/(T−W))), 0 from T on. lr 2, W 4,
    // T 14.
    const Optimizer<double> o(cosine(2.0, 4, 14));
    EXPECT_DOUBLE_EQ(o.learningRateAt(0), 2.0 * 1 / 4);
    EXPECT_DOUBLE_EQ(o.learningRateAt(1), 2.0 * 2 / 4);
    EXPECT_DOUBLE_EQ(o.learningRateAt(3), 2.0);
    EXPECT_DOUBLE_EQ(o.learningRateAt(4), 2.0);
    EXPECT_NEAR(o.learningRateAt(6), 2.0 * 0.5 * (1 + std::cos(kPi * 2 / 10)), 1e-15);
    EXPECT_NEAR(o.learningRateAt(9), 1.0, 1e-15);  // half way down
    EXPECT_NEAR(o.learningRateAt(13), 2.0 * 0.5 * (1 + std::cos(kPi * 9 / 10)), 1e-15);
    EXPECT_NEAR(o.learningRateAt(14), 0.0, 1e-15);
    EXPECT_NEAR(o.learningRateAt(1000), 0.0, 1e-15);
}

TEST(LearningRateSchedule, CosineWithoutWarmUpStartsAtTheFullRate) {
    const Optimizer<double> o(cosine(0.5, 0, 10));
    EXPECT_DOUBLE_EQ(o.learningRateAt(0), 0.5);
    EXPECT_NEAR(o.learningRateAt(5), 0.25, 1e-15);
    EXPECT_NEAR(o.learningRateAt(10), 0.0, 1e-15);
}

TEST(LearningRateSchedule, ConstantIgnoresWarmUpAndTotal) {
    OptimizerConfig c = cosine(0.3, 4, 14);
    c.schedule = LearningRateSchedule::Constant;
    const Optimizer<double> o(c);
    for (int t : {0, 3, 9, 14, 500}) EXPECT_EQ(o.learningRateAt(t), 0.3) << t;
}

TEST(LearningRateSchedule, StepUsesTheRateOfItsOwnStep) {
    // SGD with g = 1 each step: w = −Σ lr_t = −(0.5 + 1.0 + 1.5 + 2.0) after the 4 warm-up steps
    Optimizer<double> o(cosine(2.0, 4, 14));
    Parameter<double> w = makeParameter({0.0});
    const double expected[] = {-0.5, -1.5, -3.0, -5.0};
    for (double e : expected) {
        w.grad = {1.0};
        o.step({&w});
        EXPECT_DOUBLE_EQ(w.value[0], e);
    }
}

TEST(SetConfig, KeepsTheMomentumBufferAndStepCount) {
    // step 1: lr 0.1, b = g1 = 0.5 → w = 0.95; then lr 0.2: b = 0.9·0.5 + 0.2 = 0.65 → w = 0.95 −
    // 0.13
    Optimizer<double> o(optimizerConfig(OptimizerKind::Momentum, 0.1));
    Parameter<double> w = makeParameter({1.0});
    w.grad = {0.5};
    o.step({&w});
    o.setConfig(optimizerConfig(OptimizerKind::Momentum, 0.2));
    EXPECT_EQ(o.config().learningRate, 0.2);
    w.grad = {0.2};
    o.step({&w});
    EXPECT_EQ(o.stepsTaken(), 2);
    EXPECT_NEAR(w.value[0], 0.95 - 0.2 * (0.9 * 0.5 + 0.2), 1e-15);
}

TEST(SetConfig, KeepsAdamMomentsAndBiasCorrection) {
    Optimizer<double> o(optimizerConfig(OptimizerKind::Adam, 0.1));
    Parameter<double> w = makeParameter({1.0});
    w.grad = {0.5};
    o.step({&w});
    OptimizerConfig changed = optimizerConfig(OptimizerKind::Adam, 0.2);
    changed.beta1 = 0.5;  // new β1 applies from now on, on the kept m
    o.setConfig(changed);
    w.grad = {0.2};
    o.step({&w});
    const double w1 = 1 - 0.1 * 0.5 / (0.5 + 1e-8);
    const double m = 0.5 * (0.1 * 0.5) + 0.5 * 0.2, v = 0.999 * 0.00025 + 0.001 * 0.04;
    EXPECT_NEAR(w.value[0],
                w1 - 0.2 * (m / (1 - 0.25)) / (std::sqrt(v / (1 - 0.999 * 0.999)) + 1e-8), 1e-12);
}

TEST(OptimizerCatalogue, NamesRoundTrip) {
    const char* names[] = {"sgd", "momentum", "adam", "adamw"};
    ASSERT_EQ(optimizerCatalogue().size(), 4u);
    for (const char* name : names) {
        const std::optional<OptimizerKind> kind = parseOptimizer(name);
        ASSERT_TRUE(kind) << name;
        EXPECT_EQ(optimizerName(*kind), name);
    }
    EXPECT_FALSE(parseOptimizer("rmsprop"));
    EXPECT_FALSE(parseOptimizer("Adam"));
}

}  // namespace
}  // namespace actlab
