// KeyframeTimeline, the replay timeline's store (issue 9): an hour-long run stays within its
// budget of keyframes and bytes, the keyframes cover the whole run evenly, the first and the
// latest are always kept, and the same run gives the same keyframes.
#include <gtest/gtest.h>

#include <algorithm>

#include "training/keyframe_timeline.h"
#include "training/trainer.h"

namespace actlab {
namespace {

// A snapshot of the size the Training view's are: a 64 × 64 surface and 16 neuron maps of 24².
std::shared_ptr<const TrainingSnapshot> snapshotAt(int step) {
    auto s = std::make_shared<TrainingSnapshot>();
    s->step = step;
    s->probes.surface = {64, std::vector<float>(64 * 64, 0.5f), {}};
    s->probes.neuronMaps.push_back({16, 24, std::vector<float>(16 * 24 * 24, 1.0f)});
    return s;
}

// An hour at a snapshot every 40 ms (90 000 snapshots) over 10^6 steps, the steps per snapshot
// varying as a run's speed does (7 to 15).
KeyframeTimeline<TrainingSnapshot> hourLongRun(KeyframeBudget budget, int* lastStep) {
    KeyframeTimeline<TrainingSnapshot> timeline(budget);
    const auto shared = snapshotAt(0);  // one snapshot's storage for all: the test stays small
    const std::size_t bytes = probeBytes(shared->probes);
    int step = 0;
    for (int i = 0; i < 90'000; ++i) {
        timeline.add(step, shared, bytes);
        step += 7 + (i * 7919) % 9;
    }
    *lastStep = step - (7 + (89'999 * 7919) % 9);
    return timeline;
}

TEST(KeyframeTimeline, ProbeBytesCountsValuesAndMaps) {
    const auto s = snapshotAt(0);
    EXPECT_EQ(probeBytes(s->probes), (64 * 64 + 16 * 24 * 24) * 4 + sizeof(NeuronMaps));
}

TEST(KeyframeTimeline, AnHourLongRunStaysWithinItsBudgetAndCoversTheRunEvenly) {
    const KeyframeBudget budget;  // 512 keyframes, 64 MiB
    int last = 0;
    const auto timeline = hourLongRun(budget, &last);
    EXPECT_GT(last, 950'000);
    EXPECT_LE(timeline.size(), budget.maxKeyframes);
    EXPECT_LE(timeline.bytes(), budget.maxBytes);
    EXPECT_GE(timeline.size(), budget.maxKeyframes / 4);  // thinned, not emptied
    const std::vector<int> steps = timeline.steps();
    EXPECT_EQ(steps.front(), 0);
    EXPECT_EQ(steps.back(), last);
    EXPECT_TRUE(std::is_sorted(steps.begin(), steps.end()));
    // Evenly: every gap (but the latest's) within a factor of about 2 of the mean gap.
    const double mean = double(last) / double(steps.size() - 1);
    for (size_t i = 1; i + 1 < steps.size(); ++i) {
        const int gap = steps[i] - steps[i - 1];
        EXPECT_GE(gap, mean / 2.5) << "gap " << i;
        EXPECT_LE(gap, mean * 2.5) << "gap " << i;
    }
    // Every quarter of the run holds about a quarter of the keyframes.
    for (int quarter = 0; quarter < 4; ++quarter) {
        const auto in = std::count_if(steps.begin(), steps.end(), [&](int s) {
            return s >= quarter * last / 4 && s < (quarter + 1) * last / 4;
        });
        EXPECT_NEAR(double(in) / double(steps.size()), 0.25, 0.08) << "quarter " << quarter;
    }
}

TEST(KeyframeTimeline, TheByteBudgetThinsToo) {
    const KeyframeBudget budget{.maxKeyframes = 100'000, .maxBytes = 8ull * 1024 * 1024};
    int last = 0;
    const auto timeline = hourLongRun(budget, &last);
    const std::size_t each = probeBytes(snapshotAt(0)->probes);
    EXPECT_LE(timeline.bytes(), budget.maxBytes);
    EXPECT_LE(timeline.size() * each, budget.maxBytes);
    EXPECT_GE(timeline.size() * each, budget.maxBytes / 4);
    EXPECT_EQ(timeline.keyframes().front().step, 0);
    EXPECT_EQ(timeline.keyframes().back().step, last);
}

TEST(KeyframeTimeline, TheSameRunGivesTheSameKeyframes) {
    int lastA = 0, lastB = 0;
    const auto a = hourLongRun({}, &lastA);
    const auto b = hourLongRun({}, &lastB);
    EXPECT_EQ(a.steps(), b.steps());
    EXPECT_EQ(a.spacing(), b.spacing());
}

TEST(KeyframeTimeline, ASessionKeepsAThinnedCopyWithinItsBudget) {
    int last = 0;
    const auto timeline = hourLongRun({}, &last);
    const auto kept = timeline.thinnedTo(kSessionKeyframeBudget);
    EXPECT_LE(kept.size(), kSessionKeyframeBudget.maxKeyframes);
    EXPECT_LE(kept.bytes(), kSessionKeyframeBudget.maxBytes);
    EXPECT_GE(kept.size(), kSessionKeyframeBudget.maxKeyframes / 4);
    EXPECT_EQ(kept.steps().front(), 0);
    EXPECT_EQ(kept.steps().back(), last);
    EXPECT_EQ(timeline.size(), hourLongRun({}, &last).size());  // the original stays
}

TEST(KeyframeTimeline, ShortRunsKeepEverySnapshotAndTheLatestIsAlwaysTheNewest) {
    KeyframeTimeline<TrainingSnapshot> timeline({.maxKeyframes = 8});
    for (int step = 0; step <= 50; step += 10) timeline.add(step, snapshotAt(step), 1);
    EXPECT_EQ(timeline.steps(), (std::vector<int>{0, 10, 20, 30, 40, 50}));
    timeline.add(50, snapshotAt(50), 1);  // drawn again: replaces the latest
    EXPECT_EQ(timeline.size(), 6u);
    for (int step = 60; step <= 200; step += 10) {
        timeline.add(step, snapshotAt(step), 1);
        EXPECT_EQ(timeline.keyframes().back().step, step);
        EXPECT_EQ(timeline.keyframes().back().snapshot->step, step);
        EXPECT_EQ(timeline.keyframes().front().step, 0);
        EXPECT_LE(timeline.size(), 8u);
    }
    EXPECT_EQ(timeline.indexAtStep(-5), 0u);
    EXPECT_EQ(timeline.keyframes()[timeline.indexAtStep(125)].step <= 125, true);
    EXPECT_EQ(timeline.indexAtStep(1000), timeline.size() - 1);
    timeline.clear();
    EXPECT_TRUE(timeline.empty());
    EXPECT_EQ(timeline.bytes(), 0u);
    EXPECT_EQ(timeline.spacing(), 1);
}

}  // namespace
}  // namespace actlab
