// The history's machinery (issue 25): a per-step series in buckets that merge in pairs and keep
// min, mean and max (checked against a plain recomputation from the values), the evaluation
// schedule, and a saved run's history coming back equal (a session round trip), version 1
// included.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <numeric>

#include "config/distributions_json.h"
#include "config/run_state_json.h"
#include "training/run_history.h"
#include "training/sequence_trainer.h"
#include "training/trainer.h"

namespace actlab {
namespace {

// The buckets a series of `values` (steps 1, 2, …) must hold, worked out from the values alone:
// width w is the smallest power of two with ceil(n / w) ≤ capacity, bucket i steps iw+1 … iw+w.
std::vector<StepBucket> expectedBuckets(const std::vector<double>& values, size_t capacity) {
    size_t width = 1;
    while ((values.size() + width - 1) / width > capacity) width *= 2;
    std::vector<StepBucket> out;
    for (size_t first = 0; first < values.size(); first += width) {
        const size_t last = std::min(values.size(), first + width);
        const auto begin = values.begin() + long(first), end = values.begin() + long(last);
        out.push_back({int(first + 1), int(last), int(last - first), *std::min_element(begin, end),
                       std::accumulate(begin, end, 0.0) / double(last - first),
                       *std::max_element(begin, end)});
    }
    return out;
}

TEST(StepSeries, KeepsEveryStepUntilFullThenMergesInPairsKeepingMinMeanMax) {
    std::vector<double> values;
    StepSeries series(8);
    for (int step = 1; step <= 37; ++step) {
        const double v = std::sin(step * 0.7) * step;  // spikes of growing size
        values.push_back(v);
        series.push(step, v);
        const std::vector<StepBucket> expected = expectedBuckets(values, 8);
        ASSERT_EQ(series.buckets().size(), expected.size()) << "step " << step;
        for (size_t i = 0; i < expected.size(); ++i) {
            EXPECT_EQ(series.buckets()[i].firstStep, expected[i].firstStep) << step;
            EXPECT_EQ(series.buckets()[i].lastStep, expected[i].lastStep) << step;
            EXPECT_EQ(series.buckets()[i].count, expected[i].count);
            EXPECT_EQ(series.buckets()[i].min, expected[i].min);
            EXPECT_EQ(series.buckets()[i].max, expected[i].max);
            EXPECT_NEAR(series.buckets()[i].mean, expected[i].mean, 1e-12);
        }
    }
    EXPECT_EQ(series.width(), 8u);  // 37 steps in at most 8 buckets
}

TEST(StepSeries, RestoreRefusesBucketsPushCouldNotHaveMade) {
    StepSeries series(8);
    for (int step = 1; step <= 20; ++step) series.push(step, step);
    std::string error;
    StepSeries copy(8);
    ASSERT_TRUE(copy.restore(series.width(), series.buckets(), 20, &error)) << error;
    EXPECT_EQ(copy.buckets(), series.buckets());
    copy.push(21, 0.5);
    series.push(21, 0.5);
    EXPECT_EQ(copy.buckets(), series.buckets());
    const auto refused = [&](size_t width, std::vector<StepBucket> buckets) {
        StepSeries s(8);
        std::string why;
        const bool ok = s.restore(width, std::move(buckets), 100, &why);
        EXPECT_FALSE(ok);
        EXPECT_FALSE(why.empty());
        return why;
    };
    EXPECT_NE(refused(3, {}).find("power of two"), std::string::npos);
    EXPECT_NE(refused(1, {{2, 2, 1, 0, 0, 0}, {1, 1, 1, 0, 0, 0}}).find("order"),
              std::string::npos);
    EXPECT_NE(refused(1, {{1, 2, 2, 0, 0, 0}}).find("holds more"), std::string::npos);
    EXPECT_NE(refused(2, {{1, 2, 2, 1, 0, 2}}).find("min <= mean"), std::string::npos);
    EXPECT_NE(refused(1, std::vector<StepBucket>(9, {1, 1, 1, 0, 0, 0})).find("at most"),
              std::string::npos);
    EXPECT_NE(refused(1, {{101, 101, 1, 0, 0, 0}}).find("past the run"), std::string::npos);
}

TEST(StepSeries, ThinningMergesAlignedGroupsAndCutsAtAStep) {
    StepSeries series(64);
    for (int step = 1; step <= 50; ++step) series.push(step, step % 7);
    const std::vector<StepBucket> thin = thinBuckets(series.buckets(), 20);
    ASSERT_EQ(thin.size(), 13u);  // groups of 4
    EXPECT_EQ(thin[0].firstStep, 1);
    EXPECT_EQ(thin[0].lastStep, 4);
    EXPECT_EQ(thin[0].min, 1);
    EXPECT_EQ(thin[0].max, 4);
    EXPECT_EQ(thin[0].mean, 2.5);
    EXPECT_EQ(thin.back().lastStep, 50);
    EXPECT_EQ(thinBuckets(series.buckets(), 64), series.buckets());
    EXPECT_EQ(bucketsUpTo(series.buckets(), 10).size(), 10u);
}

TEST(EvaluationSchedule, EveryStepTo31ThenSixteenPerDoubling) {
    for (int step = 0; step < 32; ++step) EXPECT_TRUE(isEvaluationStep(step)) << step;
    EXPECT_FALSE(isEvaluationStep(33));
    EXPECT_TRUE(isEvaluationStep(34));
    EXPECT_FALSE(isEvaluationStep(66));
    EXPECT_TRUE(isEvaluationStep(68));
    EXPECT_FALSE(isEvaluationStep(-1));
    for (int low : {32, 64, 1024, 1 << 20}) {
        int count = 0;
        for (int step = low; step < 2 * low; ++step) count += isEvaluationStep(step);
        EXPECT_EQ(count, 16) << "from " << low;
    }
}

TrainingConfig mlpConfig() {
    TrainingConfig c;
    c.task = "moons";
    c.data.points = 200;
    c.model.hidden = {8, 8};
    return c;
}

// A saved run comes back with its history, and trains on to the history of the run that was
// never saved (a session round trip).
TEST(RunHistoryRoundTrip, ASavedTrainerKeepsItsHistoryAndGoesOnAsTheUnbrokenOne) {
    std::string error;
    auto whole = Trainer::create(mlpConfig(), &error), part = Trainer::create(mlpConfig(), &error);
    ASSERT_TRUE(whole && part) << error;
    whole->step(300);
    part->step(130);
    auto restored = trainerFromStateJson(trainerStateToJson(*part), &error);
    ASSERT_TRUE(restored) << error;
    EXPECT_EQ(restored->snapshot(false).history, part->snapshot(false).history);
    EXPECT_EQ(restored->snapshot(false).trainLossSteps, part->snapshot(false).trainLossSteps);
    restored->step(170);
    const TrainingSnapshot a = restored->snapshot(false), b = whole->snapshot(false);
    EXPECT_EQ(a.trainLossSteps.size(), 300u);
    EXPECT_EQ(a.trainLossSteps, b.trainLossSteps);
    EXPECT_EQ(a.history, b.history);
    ASSERT_TRUE(a.distributions && b.distributions);
    EXPECT_EQ(a.distributions->size(), 2u);  // the two hidden layers
    EXPECT_EQ(distributionsJsonText(*a.distributions), distributionsJsonText(*b.distributions));
}

TEST(RunHistoryRoundTrip, ASavedSequenceTrainerKeepsItsHistoryAndGoesOn) {
    SequenceTrainingConfig c;
    c.task = "reverse";
    c.taskOptions.sequence = 6;
    c.taskOptions.vocabulary = 6;
    c.model.dModel = 16;
    c.model.heads = 2;
    c.model.layers = 1;
    c.model.dFf = 32;
    c.testSequences = 32;
    std::string error;
    auto whole = SequenceTrainer::create(c, &error), part = SequenceTrainer::create(c, &error);
    ASSERT_TRUE(whole && part) << error;
    whole->step(80);
    part->step(45);
    auto restored = sequenceTrainerFromStateJson(sequenceTrainerStateToJson(*part), &error);
    ASSERT_TRUE(restored) << error;
    restored->step(35);
    const SequenceSnapshot a = restored->snapshot(), b = whole->snapshot();
    EXPECT_EQ(a.trainLossSteps.size(), 80u);
    EXPECT_EQ(a.trainLossSteps, b.trainLossSteps);
    EXPECT_EQ(a.history, b.history);
    ASSERT_TRUE(a.distributions && b.distributions);
    EXPECT_EQ(a.distributions->size(), 4u);  // FFN hidden, attention logits, 2 residual streams
    EXPECT_EQ(distributionsJsonText(*a.distributions), distributionsJsonText(*b.distributions));
}

// A version-1 state (no train_loss_steps; points without the diagnostics added in version 2)
// still opens: its points' train losses become the train-loss series.
TEST(RunHistoryRoundTrip, AVersionOneStateOpensWithItsPointsAsTheTrainLoss) {
    std::string error;
    auto t = Trainer::create(mlpConfig(), &error);
    ASSERT_TRUE(t) << error;
    t->step(40);
    nlohmann::json state = nlohmann::json::parse(trainerStateToJson(*t));
    state["version"] = 1;
    state["history"].erase("train_loss_steps");
    for (auto& point : state["history"]["points"])
        for (const char* key :
             {"vanishing_fraction", "grad_norm_first", "grad_norm_last", "revived"})
            point.erase(key);
    auto old = trainerFromStateJson(state.dump(), &error);
    ASSERT_TRUE(old) << error;
    const TrainingSnapshot s = old->snapshot(false);
    ASSERT_EQ(s.trainLossSteps.size(), s.history.size() - 1);  // the points after step 0
    for (size_t i = 0; i < s.trainLossSteps.size(); ++i) {
        EXPECT_EQ(s.trainLossSteps[i].lastStep, s.history[i + 1].step);
        EXPECT_EQ(s.trainLossSteps[i].mean, s.history[i + 1].trainLoss);
    }
    state["history"]["train_loss_steps"] = {{"width", 1}, {"buckets", {{3, 2, 1, 0, 0, 0}}}};
    EXPECT_FALSE(trainerFromStateJson(state.dump(), &error));
    EXPECT_NE(error.find("train-loss history"), std::string::npos) << error;
}

}  // namespace
}  // namespace actlab
