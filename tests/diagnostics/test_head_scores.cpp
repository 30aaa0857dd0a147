// Heads named by what they measurably do (issue 27): the label rule, an untrained model's heads
// (all mixed), and the induction-two-layers preset after its 3000 steps, whose heads are what
// the scores measured: a layer-2 head on the token two after the earlier occurrence, and in
// layer 1 a previous-token head and a two-back head that feed it.
#include <gtest/gtest.h>

#include <algorithm>

#include "diagnostics/head_scores.h"
#include "training/sequence_presets.h"

namespace actlab {
namespace {

// previous-token, induction, shifted induction, self, first-token.
HeadScore scores(double previous, double induction, double shifted, double self, double first) {
    HeadScore s;
    s.previousToken = previous;
    s.induction = induction;
    s.shiftedInduction = shifted;
    s.self = self;
    s.firstToken = first;
    return s;
}

TEST(HeadScores, TheScoreThatStandsOutNamesTheHead) {
    EXPECT_EQ(headLabel(scores(0.9, 0, 0, 0.05, 0), 0.1), "previous-token");
    EXPECT_EQ(headLabel(scores(0.3, 0.6, 0, 0, 0), 0.1), "induction");
    EXPECT_EQ(headLabel(scores(0, 0.05, 0.66, 0, 0), 0.1), "shifted-induction");
    EXPECT_EQ(headLabel(scores(0, 0, 0, 0.5, 0), 0.1), "self");
    EXPECT_EQ(headLabel(scores(0, 0, 0, 0, 0.45), 0.1), "first-token");
    EXPECT_EQ(headLabel(scores(0.39, 0, 0, 0, 0), 0.1), "mixed");  // below the threshold
    EXPECT_EQ(headLabel(scores(0, 0, 0, 0, 0.45), 0.3), "mixed");  // not twice the uniform
}

std::unique_ptr<SequenceTrainer> inductionPreset() {
    SequenceTrainingConfig config;
    findSequencePreset("induction-two-layers")->apply(config);
    std::string error;
    auto trainer = SequenceTrainer::create(config, &error);
    EXPECT_NE(trainer, nullptr) << error;
    return trainer;
}

TEST(HeadScores, AnUntrainedModelsHeadsAreMixed) {
    auto trainer = inductionPreset();
    const HeadScores measured = measureHeadScores(trainer->model(), 32, 1);
    ASSERT_EQ(measured.layers, 2);
    ASSERT_EQ(measured.heads, 2);
    // Causal, T = 24: the mean of 1/(t + 1) over t = 2..23.
    double uniform = 0;
    for (int t = 2; t < 24; ++t) uniform += 1.0 / (t + 1) / 22;
    EXPECT_NEAR(measured.uniform, uniform, 1e-12);
    for (const HeadScore& s : measured.score) {
        EXPECT_EQ(s.label, "mixed");
        EXPECT_LT(s.previousToken + s.self + s.firstToken, 1.0 + 1e-6);
        EXPECT_NEAR(s.previousToken, uniform, 0.05);
    }
}

// Measured at seed 1 (the preset's): layer 2's head 0 puts 0.66 on the token two after the
// earlier occurrence and 0.05 on the one after it; layer 1's head 0 puts 0.33 on the previous
// token (3x the uniform 0.10, under the 0.4 a label needs), head 1 0.26 two back. The copy is
// right 99% of the time all the same: the key two after matches through the two-back head, and
// the value brings the next token through the previous-token head.
TEST(HeadScores, TheInductionPresetsSecondLayerReadsTheEarlierCopy) {
    auto trainer = inductionPreset();
    trainer->step(3000);
    ASSERT_GT(trainer->snapshot().tokenAccuracy, 0.95);
    const HeadScores measured = measureHeadScores(trainer->model(), 32, 1);
    const std::vector<HeadScore> first{measured.at(0, 0), measured.at(0, 1)},
        second{measured.at(1, 0), measured.at(1, 1)};
    const auto best = [](const std::vector<HeadScore>& heads, double HeadScore::*score) {
        return std::max_element(heads.begin(), heads.end(),
                                [&](const auto& a, const auto& b) { return a.*score < b.*score; });
    };
    const auto copier = best(second, &HeadScore::shiftedInduction);
    EXPECT_EQ(copier->label, "shifted-induction");
    EXPECT_GT(copier->shiftedInduction, 0.5);
    EXPECT_LT(copier->induction, 0.1);
    const auto previous = best(first, &HeadScore::previousToken);
    EXPECT_GT(previous->previousToken, 2 * measured.uniform);
    EXPECT_GT(previous->previousToken, 0.25);
    for (const HeadScore& s : first) EXPECT_EQ(s.label, "mixed");  // none reaches 0.4
}

}  // namespace
}  // namespace actlab
