// Divergence: a run whose loss becomes NaN or infinite stops, says where, and its snapshots keep
// the last finite figures: no NaN or infinity anywhere (losses, history, surfaces, diagnostics).
#include "training_test_support.h"

namespace actlab {
namespace {

using test::createTrainer;
using test::expectAllFinite;
using test::smallConfig;

// SGD with lr 10 on MSE with a wide net: the loss overflows within a few steps.
TrainingConfig explodingConfig() {
    TrainingConfig c = smallConfig("sine");
    c.model.hidden = {64, 64, 64};
    c.optimizer.kind = OptimizerKind::Sgd;
    c.optimizer.learningRate = 10;
    return c;
}

TEST(Divergence, AnExplodingRunStopsAndSaysWhere) {
    std::unique_ptr<Trainer> t = createTrainer(explodingConfig());
    t->step(200);
    ASSERT_TRUE(t->diverged());
    EXPECT_LT(t->steps(), 200);
    EXPECT_EQ(t->divergedAtStep(), t->steps());  // the step whose loss was not finite was not taken
    const int stoppedAt = t->steps();
    t->step(10);
    EXPECT_EQ(t->steps(), stoppedAt);  // stays stopped
    const TrainingSnapshot s = t->snapshot(true);
    EXPECT_TRUE(s.diverged);
    EXPECT_EQ(s.divergedAtStep, stoppedAt);
    EXPECT_EQ(s.step, stoppedAt);
    expectAllFinite(s);
}

TEST(Divergence, SnapshotsEveryStepKeepTheLastFiniteOne) {
    std::unique_ptr<Trainer> t = createTrainer(explodingConfig());
    TrainingSnapshot last;
    for (int i = 0; i < 200 && !t->diverged(); ++i) {
        t->step(1);
        const TrainingSnapshot s = t->snapshot(true);
        expectAllFinite(s);
        if (!s.diverged) last = s;
    }
    ASSERT_TRUE(t->diverged());
    const TrainingSnapshot s = t->snapshot(true);
    EXPECT_TRUE(s.diverged);
    EXPECT_EQ(s.trainLoss, last.trainLoss);
    EXPECT_EQ(s.history.size(), last.history.size());
    EXPECT_EQ(test::probeValues(s, "fitted_curve"), test::probeValues(last, "fitted_curve"));
    expectAllFinite(s);
}

TEST(Divergence, ANaNWeightStopsTheNextStep) {
    std::unique_ptr<Trainer> t = createTrainer(smallConfig("circle"));
    t->step(20);
    const TrainingSnapshot finite = t->snapshot(true);
    ASSERT_FALSE(finite.diverged);
    t->model().parameters()[0]->value[3] = NAN;
    t->step(5);
    EXPECT_TRUE(t->diverged());
    EXPECT_EQ(t->divergedAtStep(), 20);
    EXPECT_EQ(t->steps(), 20);
    const TrainingSnapshot s = t->snapshot(true);
    EXPECT_TRUE(s.diverged);
    EXPECT_EQ(s.divergedAtStep, 20);
    EXPECT_EQ(s.trainLoss, finite.trainLoss);
    EXPECT_EQ(test::probeValues(s, "decision_surface"),
              test::probeValues(finite, "decision_surface"));
    EXPECT_EQ(s.history, finite.history);  // steps 0–20, none after the divergence
    EXPECT_EQ(s.history.size(), 21u);
    expectAllFinite(s);
}

TEST(Divergence, AnInfiniteWeightBeforeAnySnapshotGivesAFiniteEmptySnapshot) {
    std::unique_ptr<Trainer> t = createTrainer(smallConfig("spiral3"));
    t->model().parameters()[2]->value[0] = INFINITY;
    t->step(3);
    EXPECT_TRUE(t->diverged());
    EXPECT_EQ(t->divergedAtStep(), 0);
    const TrainingSnapshot s = t->snapshot(true);
    EXPECT_TRUE(s.diverged);
    EXPECT_EQ(s.divergedAtStep, 0);
    expectAllFinite(s);
}

TEST(Divergence, ASnapshotFindsANaNModelWithoutStepping) {
    std::unique_ptr<Trainer> t = createTrainer(smallConfig("xor"));
    t->step(5);
    for (Parameter<float>* p : t->model().parameters())
        if (p->name == "output.bias") p->value[0] = NAN;
    const TrainingSnapshot s = t->snapshot(true);
    EXPECT_TRUE(s.diverged);
    EXPECT_EQ(s.divergedAtStep, 5);
    EXPECT_TRUE(t->diverged());
    expectAllFinite(s);
    t->step(5);
    EXPECT_EQ(t->steps(), 5);
}

// Guards a bug found with these tests: the loss is summed in double, so a float output near
// FLT_MAX gives a finite loss while ∂L/∂output = 2(y − t)/B overflows; snapshots then carried
// infinite or NaN gradient norms (also into the history), and step() wrote NaN weights.
void setOutputBias(Trainer& t, float value) {
    for (Parameter<float>* p : t.model().parameters())
        if (p->name == "output.bias") p->value[0] = value;
}

TEST(Divergence, AGradientThatOverflowsUnderAFiniteLossStopsTheStep) {
    std::unique_ptr<Trainer> t = createTrainer(smallConfig("sine"));
    t->step(3);
    setOutputBias(*t, 3e38f);
    t->step(1);
    EXPECT_TRUE(t->diverged());
    EXPECT_EQ(t->divergedAtStep(), 3);
    EXPECT_EQ(t->steps(), 3);
}

TEST(Divergence, ASnapshotWhoseGradientOverflowsIsNotShown) {
    std::unique_ptr<Trainer> t = createTrainer(smallConfig("sine"));
    t->step(3);
    const TrainingSnapshot before = t->snapshot(true);
    setOutputBias(*t, 3e38f);
    const TrainingSnapshot s = t->snapshot(true);
    EXPECT_TRUE(s.diverged);
    EXPECT_EQ(s.divergedAtStep, 3);
    EXPECT_EQ(s.trainLoss, before.trainLoss);  // the last finite snapshot, repeated
    expectAllFinite(s);
    std::unique_ptr<Trainer> fresh = createTrainer(smallConfig("sine"));
    setOutputBias(*fresh, 3e38f);
    const TrainingSnapshot first = fresh->snapshot(true);  // nothing finite to repeat: empty
    EXPECT_TRUE(first.diverged);
    EXPECT_TRUE(first.history.empty());
    expectAllFinite(first);
}

struct ExplodingCase {
    const char* label;
    const char* task;
    int width;
    OptimizerKind kind;
    double learningRate;
};
void PrintTo(const ExplodingCase& c, std::ostream* os) { *os << c.label; }

class ExplodingRuns : public ::testing::TestWithParam<ExplodingCase> {};

TEST_P(ExplodingRuns, EverySnapshotOnTheWayIsFinite) {
    const ExplodingCase& c = GetParam();
    TrainingConfig config = smallConfig(c.task);
    config.model.hidden = {c.width, c.width, c.width};
    config.optimizer.kind = c.kind;
    config.optimizer.learningRate = c.learningRate;
    std::unique_ptr<Trainer> t = createTrainer(config);
    for (int i = 0; i < 60 && !t->diverged(); ++i) {
        t->step(1);
        expectAllFinite(t->snapshot(true));
    }
    EXPECT_TRUE(t->diverged());
    expectAllFinite(t->snapshot(true));
}

// clang-format off
INSTANTIATE_TEST_SUITE_P(Divergence, ExplodingRuns, ::testing::Values(
    ExplodingCase{"sine_64_sgd_0_5",       "sine",   64,  OptimizerKind::Sgd,      0.5},
    ExplodingCase{"sine_256_sgd_0_5",      "sine",   256, OptimizerKind::Sgd,      0.5},
    ExplodingCase{"sine_64_momentum_1",    "sine",   64,  OptimizerKind::Momentum, 1.0},
    ExplodingCase{"circle_256_sgd_10",     "circle", 256, OptimizerKind::Sgd,      10.0},
    ExplodingCase{"sine_16_sgd_3",         "sine",   16,  OptimizerKind::Sgd,      3.0}),
    [](const auto& info) { return std::string(info.param.label); });
// clang-format on

TEST(Divergence, GradientClippingKeepsTheSameRunFinite) {
    TrainingConfig c = explodingConfig();
    c.optimizer.learningRate = 0.05;
    c.optimizer.clipNorm = 1.0;
    std::unique_ptr<Trainer> t = createTrainer(c);
    t->step(200);
    EXPECT_FALSE(t->diverged());
    const TrainingSnapshot s = t->snapshot(true);
    EXPECT_FALSE(s.diverged);
    EXPECT_EQ(s.divergedAtStep, -1);
    expectAllFinite(s);
}

}  // namespace
}  // namespace actlab
