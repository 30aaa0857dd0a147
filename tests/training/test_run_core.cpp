// RunCore (core/training/run_core.h, issue 25), the run machinery every model kind shares, on a
// toy model: which steps count when one is not finite, the snapshot of a diverged run, the
// timing, and the common progress's checks and round trip.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "training/run_core.h"

namespace actlab {
namespace {

struct ToyPoint {
    int step = 0;
    double loss = 0;
};

struct ToySnapshot {
    int step = 0;
    bool diverged = false;
    int divergedAtStep = -1;
    double stepsPerSecond = 0;
    double loss = 0;
    std::vector<ToyPoint> history;
    std::vector<StepBucket> trainLossSteps;
    std::shared_ptr<const Distributions> distributions;
};

using ToyCore = RunCore<ToySnapshot, ToyPoint>;

// Steps `core` n times: step k (counted over the core's life) has loss 1/k, and step `badStep`
// ends with `bad` instead.
void stepToy(ToyCore& core, int n, int badStep = -1, StepOutcome bad = StepOutcome::Finite) {
    core.step(
        n,
        [&](bool) {
            const int k = core.steps() + 1;
            if (k == badStep) return StepResult{bad, std::nan("")};
            return StepResult{StepOutcome::Finite, 1.0 / k};
        },
        [&] {
            return std::optional<std::pair<ToyPoint, std::vector<SiteSample>>>(
                std::pair{ToyPoint{core.steps(), core.lastBatchLoss()}, std::vector<SiteSample>{}});
        });
}

TEST(RunCore, StepsRecordTheirLossesAndTheDuePoints) {
    ToyCore core;
    stepToy(core, 40);
    EXPECT_EQ(core.steps(), 40);
    EXPECT_FALSE(core.diverged());
    EXPECT_DOUBLE_EQ(core.lastBatchLoss(), 1.0 / 40);
    ToySnapshot s;
    core.record().fill(s);
    ASSERT_FALSE(s.history.empty());
    EXPECT_EQ(s.history.front().step, 0);  // the point before any step
    for (const ToyPoint& point : s.history) EXPECT_TRUE(isEvaluationStep(point.step));
    EXPECT_EQ(s.trainLossSteps.back().lastStep, 40);
}

TEST(RunCore, ANonFiniteLossIsNotAStepAndANonFiniteUpdateIs) {
    ToyCore lossRun;
    stepToy(lossRun, 10, 6, StepOutcome::LossNotFinite);
    EXPECT_EQ(lossRun.steps(), 5);
    EXPECT_EQ(lossRun.divergedAtStep(), 5);
    EXPECT_DOUBLE_EQ(lossRun.lastBatchLoss(), 1.0 / 5);
    ToyCore updateRun;
    stepToy(updateRun, 10, 6, StepOutcome::UpdateNotFinite);
    EXPECT_EQ(updateRun.steps(), 6);
    EXPECT_EQ(updateRun.divergedAtStep(), 6);
    EXPECT_DOUBLE_EQ(updateRun.lastBatchLoss(), 1.0 / 5);  // the loss of step 6 is not kept
    stepToy(updateRun, 10);
    EXPECT_EQ(updateRun.steps(), 6);  // stays stopped
}

TEST(RunCore, ADivergedRunRepeatsItsLastFiniteSnapshot) {
    ToyCore core;
    const ToySnapshot empty = core.divergedSnapshot();  // nothing finite yet
    EXPECT_TRUE(empty.diverged);
    EXPECT_EQ(empty.loss, 0);
    stepToy(core, 3);
    ToySnapshot finite;
    finite.step = 3;
    finite.loss = 0.5;
    finite.stepsPerSecond = 100;
    core.keepFinite(finite);
    stepToy(core, 2);
    core.markDiverged();
    core.markDiverged();  // the first divergence step stays
    const ToySnapshot s = core.divergedSnapshot();
    EXPECT_TRUE(s.diverged);
    EXPECT_EQ(s.divergedAtStep, 5);
    EXPECT_EQ(s.step, 5);
    EXPECT_EQ(s.loss, 0.5);
    EXPECT_EQ(s.stepsPerSecond, 0);
    EXPECT_FALSE(s.history.empty());  // the record is the run's, up to now
}

TEST(RunCore, TheRateCountsTheStepsSinceTheLastMark) {
    ToyCore core;
    EXPECT_EQ(core.stepsPerSecond(), 0);  // no step yet
    stepToy(core, 50);
    EXPECT_GT(core.stepsPerSecond(), 0);
    core.markTime();
    EXPECT_EQ(core.stepsPerSecond(), 0);  // no step since
}

TEST(RunCore, ProgressRoundTripsAndItsChecksNameTheProblem) {
    ToyCore core;
    stepToy(core, 20);
    RunProgress<ToyPoint> saved;
    core.save(saved);
    EXPECT_EQ(saved.steps, 20);
    EXPECT_EQ(saved.divergedAt, -1);
    std::string error;
    for (auto [steps, divergedAt] : {std::pair{-1, -1}, {5, 6}, {5, -2}}) {
        RunProgress<ToyPoint> bad = saved;
        bad.steps = steps;
        bad.divergedAt = divergedAt;
        EXPECT_FALSE(ToyCore::checkProgress(bad, &error));
        EXPECT_EQ(error, "the step count or the divergence step is out of range");
    }
    ASSERT_TRUE(ToyCore::checkProgress(saved, &error));
    RunProgress<ToyPoint> tooShort = saved;
    tooShort.steps = 10;  // its points and losses go past it
    ToyCore other;
    EXPECT_FALSE(other.restore(tooShort, &error));
    EXPECT_EQ(other.steps(), 0);             // unchanged
    RunProgress<ToyPoint> restored = saved;  // restore() takes its history
    ASSERT_TRUE(other.restore(restored, &error)) << error;
    EXPECT_EQ(other.steps(), 20);
    EXPECT_DOUBLE_EQ(other.lastBatchLoss(), 1.0 / 20);
    RunProgress<ToyPoint> again;
    other.save(again);
    EXPECT_EQ(again.history.size(), saved.history.size());
    EXPECT_EQ(again.trainLossSteps, saved.trainLossSteps);
    stepToy(other, 1);
    EXPECT_EQ(other.steps(), 21);
}

}  // namespace
}  // namespace actlab
