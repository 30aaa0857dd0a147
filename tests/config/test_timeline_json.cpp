// Replay timelines in sessions (issue 9): Training and Attention keyframes read back equal, a
// session keeps them and one without them still opens, and malformed or mutated timelines get a
// one-line error (never a crash).
#include <gtest/gtest.h>

#include <cmath>

#include "config/session_json.h"
#include "config/timeline_json.h"

namespace actlab {
namespace {

TrainingSnapshot trainingSnapshot(int step) {
    TrainingSnapshot s;
    s.step = step;
    s.trainLoss = 0.5 / (1 + step);
    s.testLoss = 0.25;
    s.trainAccuracy = 0.75;
    s.testAccuracy = 0.125;
    s.revived = 2;
    s.diagnostics.deadFraction = 0.375;
    s.diagnostics.vanishingFraction = std::nan("");  // written as null, read back as NaN
    LayerDiagnostics layer;
    layer.name = "hidden 1";
    layer.width = 3;
    layer.passShare = {0.0f, 0.5f, 1.0f};
    layer.activeShare = {0.0f, 0.25f, 1.0f};
    layer.dead = {1, 0, 0};
    layer.deadFraction = 1.0 / 3;
    layer.histogram = {1, 2, 3};
    s.diagnostics.layers.push_back(layer);
    s.probes.push_back({"decision_surface", {2, 2}, {0.1f, 0.2f, -0.3f, 1e-30f}});
    s.probes.push_back({"neuron_maps.0", {3, 1, 1}, {1, 2, 3}});
    return s;
}

SequenceSnapshot sequenceSnapshot(int step) {
    SequenceSnapshot s;
    s.step = step;
    s.testLoss = 1.5;
    s.tokenAccuracy = 0.5;
    s.layers = 1;
    s.heads = 2;
    s.headEntropy = {0.1, 0.2};
    s.headMaxWeight = {0.9, 0.8};
    s.groupGradientNorm = {{"attention", 0.5}, {"ffn", 0.25}};
    s.probes.push_back({"attention", {1, 2, 1, 2, 2}, {1, 0, 0.5f, 0.5f, 0, 1, 0.25f, 0.75f}});
    return s;
}

void expectSame(const TrainingSnapshot& a, const TrainingSnapshot& b) {
    EXPECT_EQ(a.step, b.step);
    EXPECT_EQ(a.trainLoss, b.trainLoss);
    EXPECT_EQ(a.testAccuracy, b.testAccuracy);
    EXPECT_EQ(a.revived, b.revived);
    EXPECT_EQ(a.diagnostics.deadFraction, b.diagnostics.deadFraction);
    EXPECT_TRUE(std::isnan(b.diagnostics.vanishingFraction));
    ASSERT_EQ(a.diagnostics.layers.size(), b.diagnostics.layers.size());
    EXPECT_EQ(a.diagnostics.layers[0].dead, b.diagnostics.layers[0].dead);
    EXPECT_EQ(a.diagnostics.layers[0].passShare, b.diagnostics.layers[0].passShare);
    EXPECT_EQ(a.diagnostics.layers[0].histogram, b.diagnostics.layers[0].histogram);
    ASSERT_EQ(a.probes.size(), b.probes.size());
    for (size_t i = 0; i < a.probes.size(); ++i) {
        EXPECT_EQ(a.probes[i].name, b.probes[i].name);
        EXPECT_EQ(a.probes[i].shape, b.probes[i].shape);
        EXPECT_EQ(a.probes[i].values, b.probes[i].values);  // bit for bit
    }
}

TEST(TimelineJson, TrainingKeyframesReadBackEqual) {
    TimelineRecord<TrainingSnapshot> timeline{.spacing = 8, .keyframes = {}};
    timeline.keyframes.push_back({trainingSnapshot(0)});
    timeline.keyframes.push_back({trainingSnapshot(40), trainingSnapshot(40)});  // compare mode
    const std::string text = trainingTimelineToJson(timeline);
    std::string error;
    const auto back = trainingTimelineFromJson(text, &error);
    ASSERT_TRUE(back) << error;
    EXPECT_EQ(back->spacing, 8);
    ASSERT_EQ(back->keyframes.size(), 2u);
    ASSERT_EQ(back->keyframes[1].size(), 2u);
    expectSame(timeline.keyframes[0][0], back->keyframes[0][0]);
    expectSame(timeline.keyframes[1][1], back->keyframes[1][1]);
    EXPECT_EQ(trainingTimelineToJson(*back), text);
}

TEST(TimelineJson, AttentionKeyframesReadBackEqual) {
    TimelineRecord<SequenceSnapshot> timeline;
    timeline.keyframes = {{sequenceSnapshot(1)}, {sequenceSnapshot(9)}};
    std::string error;
    const auto back = sequenceTimelineFromJson(sequenceTimelineToJson(timeline), &error);
    ASSERT_TRUE(back) << error;
    ASSERT_EQ(back->keyframes.size(), 2u);
    const SequenceSnapshot& s = back->keyframes[1][0];
    EXPECT_EQ(s.step, 9);
    EXPECT_EQ(s.headEntropy, timeline.keyframes[1][0].headEntropy);
    EXPECT_EQ(s.groupGradientNorm, timeline.keyframes[1][0].groupGradientNorm);
    EXPECT_EQ(s.probes[0].values, timeline.keyframes[1][0].probes[0].values);
}

TEST(TimelineJson, ASessionKeepsItsTimelinesAndOneWithoutThemStillOpens) {
    SessionDocument session;
    session.application = "test";
    TimelineRecord<TrainingSnapshot> training;
    training.keyframes = {{trainingSnapshot(3)}};
    session.trainingTimeline = trainingTimelineToJson(training);
    std::string error;
    const auto back = decodeSession(encodeSession(session), &error);
    ASSERT_TRUE(back) << error;
    EXPECT_TRUE(back->attentionTimeline.empty());
    const auto timeline = trainingTimelineFromJson(back->trainingTimeline, &error);
    ASSERT_TRUE(timeline) << error;
    EXPECT_EQ(timeline->keyframes[0][0].step, 3);

    const auto old = decodeSession(R"({"format": "actlab-session", "version": 1})", &error);
    ASSERT_TRUE(old) << error;
    EXPECT_TRUE(old->trainingTimeline.empty());
    EXPECT_FALSE(decodeSession(
        R"({"format": "actlab-session", "version": 1, "training_timeline": 3})", &error));
    EXPECT_EQ(error, "training_timeline: expected an object");
}

TEST(TimelineJson, MalformedTimelinesAreNamed) {
    const std::pair<const char*, const char*> cases[] = {
        {R"({"version": 2, "keyframes": []})", "timeline.version"},
        {R"({"keyframes": [{"runs": []}]})", "timeline.keyframes[0].runs: expected one or two"},
        {R"({"keyframes": [{"runs": [{"step": 5}]}, {"runs": [{"step": 5}]}]})",
         "timeline.keyframes[1].runs[0].step: the keyframes' steps must ascend"},
        {R"({"keyframes": [{"runs": [{"probes": [{"name": "x", "shape": [3], "values": "AAAAAA=="}]}]}]})",
         "timeline.keyframes[0].runs[0].probes[0].values: 1 values for a shape of 3"},
        {R"({"keyframes": [{"runs": [{"probes": [{"name": "x", "shape": [-1], "values": ""}]}]}]})",
         "timeline.keyframes[0].runs[0].probes[0].shape[0]: must be"},
        {R"({"keyframes": [{"runs": [{"diagnostics": {"layers": [{"width": 2}]}}]}]})",
         "timeline.keyframes[0].runs[0].diagnostics.layers[0].width: the shares"},
        {R"({"keyframes": [], "extra": 1})", "timeline.extra: unknown field"},
        {"[1,", "not valid JSON"},
    };
    for (const auto& [text, expected] : cases) {
        std::string error;
        EXPECT_FALSE(trainingTimelineFromJson(text, &error)) << text;
        EXPECT_NE(error.find(expected), std::string::npos) << text << " → " << error;
        EXPECT_EQ(error.find('\n'), std::string::npos);
    }
}

// A light fuzz: every truncation and a byte flipped at many places is read back or refused with
// a one-line error, and what is read writes the same text again (fuzz_session does more).
TEST(TimelineJson, MutatedTimelinesAreReadOrRefusedCleanly) {
    TimelineRecord<SequenceSnapshot> timeline;
    timeline.keyframes = {{sequenceSnapshot(1)}, {sequenceSnapshot(2), sequenceSnapshot(2)}};
    const std::string text = sequenceTimelineToJson(timeline);
    int accepted = 0;
    for (size_t i = 0; i < text.size(); i += 3) {
        for (const std::string& mutated :
             {text.substr(0, i), text.substr(0, i) + char(text[i] ^ 0x15) + text.substr(i + 1)}) {
            std::string error;
            const auto back = sequenceTimelineFromJson(mutated, &error);
            if (!back) {
                EXPECT_FALSE(error.empty());
                EXPECT_EQ(error.find('\n'), std::string::npos);
                continue;
            }
            ++accepted;
            const std::string again = sequenceTimelineToJson(*back);
            EXPECT_EQ(sequenceTimelineToJson(*sequenceTimelineFromJson(again, &error)), again);
        }
    }
    EXPECT_GT(accepted, 0);
}

}  // namespace
}  // namespace actlab
