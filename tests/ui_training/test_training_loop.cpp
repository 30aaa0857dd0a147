// TrainingLoop (core, no Qt): runs in lock step, the per-step stop check, limits, time budgets,
// history cadence and divergence.
#include <gtest/gtest.h>

#include <cmath>

#include "training/presets.h"
#include "training/training_loop.h"
#include "training_test_configs.h"

using namespace actlab;

namespace {

TrainingConfig small() { return test::smallTrainingConfig(8, 4); }

TrainingConfig diverging() {  // SGD at lr 10 on the circle, 3×32 ReLU: NaN within a few steps
    TrainingConfig c;
    c.surfaceResolution = 8;
    c.neuronResolution = 4;
    c.optimizer.kind = OptimizerKind::Sgd;
    c.optimizer.learningRate = 10;
    return c;
}

}  // namespace

TEST(TrainingLoop, BadConfigurationsNameTheRun) {
    TrainingConfig bad = small();
    bad.model.hidden = {};
    std::string error;
    EXPECT_FALSE(TrainingLoop::create({small(), bad}, &error));
    EXPECT_EQ(error.rfind("run B: ", 0), 0u) << error;
    EXPECT_FALSE(TrainingLoop::create({}, &error));
}

TEST(TrainingLoop, FixedStepFramesAndLockStep) {
    TrainingConfig b = small();
    b.model.activations = {ActivationConfig::withDefaults(ActivationId::LeakyRelu)};
    auto loop = TrainingLoop::create({small(), b}, nullptr);
    ASSERT_TRUE(loop);
    EXPECT_EQ(loop->runFrame({7, 1.0}, nullptr), 7);
    EXPECT_EQ(loop->trainer(0).steps(), 7);
    EXPECT_EQ(loop->trainer(1).steps(), 7);
    EXPECT_EQ(loop->runFrame({7, 1.0}, nullptr, 3), 3);  // the limit wins
    EXPECT_EQ(loop->steps(), 10);
}

TEST(TrainingLoop, StopIsAskedOncePerStep) {
    auto loop = TrainingLoop::create({small()}, nullptr);
    ASSERT_TRUE(loop);
    int asked = 0;
    const int taken = loop->runFrame({100, 1.0}, [&] { return ++asked > 5; });
    EXPECT_EQ(taken, 5);
    EXPECT_EQ(asked, 6);
}

TEST(TrainingLoop, FullSpeedFramesKeepToTheirBudget) {
    auto loop = TrainingLoop::create({small()}, nullptr);
    ASSERT_TRUE(loop);
    const auto start = std::chrono::steady_clock::now();
    const int taken = loop->runFrame({0, 0.02}, nullptr);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_GT(taken, 0);
    EXPECT_LT(seconds, 0.2);
}

// Issue 25: the history is recorded by the steps, not by the frames or the snapshots: a run
// stepped in frames of 7 with a snapshot after each has the history of the same run stepped in
// one frame, a train-loss bucket for every step and the held-out points at the same steps.
TEST(TrainingLoop, TheHistoryIsTheSameWhateverTheFramesAndSnapshots) {
    auto often = TrainingLoop::create({small()}, nullptr);
    auto once = TrainingLoop::create({small()}, nullptr);
    ASSERT_TRUE(often && once);
    while (often->steps() < 300) {
        often->runFrame({7, 1.0}, nullptr, 300 - often->steps());
        often->snapshots(often->steps() % 2 == 0);
    }
    once->runFrame({300, 100.0}, nullptr);
    const TrainingSnapshot a = often->snapshots(false).front(), b = once->snapshots(false).front();
    ASSERT_EQ(a.trainLossSteps.size(), 300u);
    EXPECT_EQ(a.trainLossSteps, b.trainLossSteps);
    for (size_t i = 0; i < a.trainLossSteps.size(); ++i)
        EXPECT_EQ(a.trainLossSteps[i].firstStep, int(i) + 1);
    ASSERT_EQ(a.history.size(), b.history.size());
    for (size_t i = 0; i < a.history.size(); ++i) {
        EXPECT_EQ(a.history[i].step, b.history[i].step);
        EXPECT_EQ(a.history[i].testLoss, b.history[i].testLoss) << a.history[i].step;
        EXPECT_EQ(a.history[i].layerDeadFraction, b.history[i].layerDeadFraction);
        EXPECT_EQ(a.history[i].revived, b.history[i].revived);
        EXPECT_TRUE(isEvaluationStep(a.history[i].step));
    }
    EXPECT_EQ(a.history.front().step, 0);
    EXPECT_EQ(a.history.back().step, 288);  // 256 + 2·16: every 16th step from 256 on
}

TEST(TrainingLoop, DivergenceEndsTheFrameAndNothingNonFiniteComesOut) {
    auto loop = TrainingLoop::create({diverging(), small()}, nullptr);
    ASSERT_TRUE(loop);
    const int taken = loop->runFrame({1000, 10.0}, nullptr);
    EXPECT_LT(taken, 1000);
    EXPECT_TRUE(loop->diverged());
    const auto snapshots = loop->snapshots(true);
    EXPECT_TRUE(snapshots[0].diverged);
    EXPECT_GE(snapshots[0].divergedAtStep, 0);
    EXPECT_FALSE(snapshots[1].diverged);
    for (const TrainingSnapshot& s : snapshots) {
        EXPECT_TRUE(std::isfinite(s.trainLoss) && std::isfinite(s.testLoss));
        EXPECT_TRUE(actlab::allFinite(s.probes));
        for (const HistoryPoint& p : s.history) EXPECT_TRUE(std::isfinite(p.trainLoss));
    }
    EXPECT_EQ(loop->runFrame({10, 1.0}, nullptr), 0);  // stays stopped
}

// The one loop of core/training/run_loop.h (issue 25), on runs that only count their steps: B
// added beside a trained A catches up first (those steps are not the frame's), then both step
// together, on threads or not; a diverged B ends the frame or leaves A going, as asked.
namespace {

struct CountingRun {
    int count = 0;
    int divergeAt = -1;  // the step at which it diverges (stays)
    void step(int n) {
        for (int i = 0; i < n && !diverged(); ++i) ++count;
    }
    int steps() const { return count; }
    bool diverged() const { return divergeAt >= 0 && count >= divergeAt; }
};

}  // namespace

TEST(RunLoop, ALaterRunCatchesUpThenTheRunsStepTogether) {
    for (const bool parallel : {false, true}) {
        CountingRun a{10}, b{0};
        const std::vector<CountingRun*> runs{&a, &b};
        EXPECT_TRUE(runsCatchingUp(runs));
        const int taken =
            runFrame(runs, FramePlan{5, 10.0}, nullptr, -1, LoopOptions{.parallel = parallel});
        EXPECT_EQ(taken, 5) << "the catch-up's steps are not the frame's";
        EXPECT_EQ(a.steps(), 15);
        EXPECT_EQ(b.steps(), 15);
        EXPECT_FALSE(runsCatchingUp(runs));
    }
    CountingRun a{40}, b{0};
    EXPECT_FALSE(catchUpRuns<CountingRun>({&a, &b}, 10.0));
    EXPECT_EQ(b.steps(), 40);
}

TEST(RunLoop, ADivergedLaterRunEndsTheFrameOrLeavesTheFirstGoing) {
    CountingRun a, b{0, 3};
    EXPECT_EQ(runFrame<CountingRun>({&a, &b}, FramePlan{10, 10.0}, nullptr, -1, LoopOptions{}), 3);
    CountingRun c, d{0, 3};
    EXPECT_EQ(runFrame<CountingRun>({&c, &d}, FramePlan{10, 10.0}, nullptr, -1,
                                    LoopOptions{.parallel = true, .anyDivergenceStops = false}),
              10);
    EXPECT_EQ(c.steps(), 10);
    EXPECT_EQ(d.steps(), 3);
    EXPECT_FALSE(runsCatchingUp<CountingRun>({&c, &d})) << "a diverged run does not catch up";
    int asked = 0;  // the stop callback is asked once per step, and a limit counts
    CountingRun e;
    EXPECT_EQ(runFrame<CountingRun>(
                  {&e}, FramePlan{100, 10.0}, [&] { return ++asked > 4; }, -1, LoopOptions{}),
              4);
    EXPECT_EQ(runFrame<CountingRun>({&e}, FramePlan{100, 10.0}, nullptr, 7, LoopOptions{}), 7);
}
