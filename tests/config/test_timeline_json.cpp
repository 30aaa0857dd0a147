// Replay timelines in sessions (issue 9): Training and Attention keyframes read back equal, a
// session keeps them and one without them still opens, and malformed or mutated timelines get a
// one-line error (never a crash). Timelines saved before the typed probes (issue 25), whose
// probes are named tensors, still open: committed fixtures are converted on reading.
#include <gtest/gtest.h>

#include <cmath>

#include "config/session_json.h"
#include "config/timeline_json.h"
#include "fixture_text.h"
#include "layers/losses.h"

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
    s.probes.surface = {2, {0.1f, 0.2f, -0.3f, 1e-30f}, {0.5f, 0.75f, 1, 0.25f}};
    s.probes.neuronMaps.push_back({3, 1, {1, 2, 3}});
    s.probes.fittedCurve = {{-6, 6}, {0.5f, -0.5f}};
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
    s.probes.attention = {1, 2, 1, 2, 2, {1, 0, 0.5f, 0.5f, 0, 1, 0.25f, 0.75f}};
    s.probes.tokens = {1, 2, {3, 1}};
    s.probes.predictions = predictProbes({0.5f, 1, 2, -1}, 1, 2, 2, false, {1, kIgnoreTarget});
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
    EXPECT_TRUE(a.probes == b.probes);  // bit for bit
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
    EXPECT_TRUE(s.probes == timeline.keyframes[1][0].probes);
    EXPECT_EQ(s.probes.predictions.predicted, (std::vector<int>{1, 0}));  // classified on reading
    EXPECT_TRUE(s.probes.predictions.right(0));
    EXPECT_FALSE(s.probes.predictions.scored(1));
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
        {R"({"keyframes": [{"runs": [{"probes": [{"name": "decision_surface", "shape": [3], "values": "AAAAAAAAAAAAAAAA"}]}]}]})",
         "timeline.keyframes[0].runs[0].probes[0].shape: expected 2 extents"},
        {R"({"keyframes": [{"runs": [{"probes": {"surface": {"resolution": 2, "values": "AAAAAA=="}}}]}]})",
         "timeline.keyframes[0].runs[0].probes.surface.values: 1 values for a shape of 4"},
        {R"({"keyframes": [{"runs": [{"probes": {"curve": {}}}]}]})",
         "timeline.keyframes[0].runs[0].probes.curve: unknown field"},
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

using test::fixtureText;

// Written in the format before issue 25's typed probes: named tensors "decision_surface",
// "decision_confidence", "neuron_maps.L" and "fitted_curve".
TEST(TimelineJson, OldTrainingProbesAreConvertedOnReading) {
    std::string error;
    const auto old =
        trainingTimelineFromJson(fixtureText("timeline_v1_probes_training.json"), &error);
    ASSERT_TRUE(old) << error;
    ASSERT_EQ(old->keyframes.size(), 2u);
    const TrainingProbes& p = old->keyframes[0][0].probes;
    EXPECT_EQ(p.surface.resolution, 2);
    EXPECT_EQ(p.surface.values, (std::vector<float>{0, 1, 2, 1}));
    EXPECT_EQ(p.surface.confidence, (std::vector<float>{0.5f, 0.75f, 1, 0.375f}));
    ASSERT_EQ(p.neuronMaps.size(), 2u);
    EXPECT_EQ(p.neuronMaps[0].units, 2);
    EXPECT_EQ(p.neuronMaps[0].resolution, 2);
    EXPECT_EQ(p.neuronMaps[0].values[5], 0.625f);
    EXPECT_EQ(p.neuronMaps[1].units, 1);
    EXPECT_EQ(p.neuronMaps[1].values, (std::vector<float>{1, -1, 0.5f, -0.5f}));
    const TrainingProbes& curve = old->keyframes[1][0].probes;
    EXPECT_TRUE(curve.surface.empty());
    EXPECT_EQ(curve.fittedCurve.x, (std::vector<float>{-6, 0, 6}));
    EXPECT_EQ(curve.fittedCurve.y, (std::vector<float>{0.5f, 0.25f, -0.5f}));
    EXPECT_TRUE(old->keyframes[1][1].probes.empty());
    // Saved again, it is in the typed format and reads back the same.
    const std::string text = trainingTimelineToJson(*old);
    EXPECT_EQ(text.find("decision_surface"), std::string::npos);
    const auto again = trainingTimelineFromJson(text, &error);
    ASSERT_TRUE(again) << error;
    EXPECT_TRUE(again->keyframes[0][0].probes == p);
    EXPECT_TRUE(again->keyframes[1][0].probes == curve);
}

// The Attention lab's named tensors "attention" (L, H, P, T, T), "logits" (P, T, classes) or
// pooled (P, classes) and "tokens" (P, T) as floats; the targets were not saved.
TEST(TimelineJson, OldAttentionProbesAreConvertedOnReading) {
    std::string error;
    const auto old =
        sequenceTimelineFromJson(fixtureText("timeline_v1_probes_attention.json"), &error);
    ASSERT_TRUE(old) << error;
    ASSERT_EQ(old->keyframes.size(), 2u);
    const SequenceProbes& p = old->keyframes[0][0].probes;
    EXPECT_EQ(std::vector<int>({p.attention.layers, p.attention.heads, p.attention.probes,
                                p.attention.queries, p.attention.keys}),
              (std::vector<int>{1, 2, 2, 2, 2}));
    EXPECT_EQ(p.attention.at(0, 1, 0, 1, 0), 10 / 16.0f);  // h·8 + p·4 + q·2 + k, over 16
    EXPECT_EQ(p.attention.probeMaps(1),
              (std::vector<float>{4 / 16.f, 5 / 16.f, 6 / 16.f, 7 / 16.f, 12 / 16.f, 13 / 16.f,
                                  14 / 16.f, 15 / 16.f}));
    EXPECT_EQ(p.tokens.probes, 2);
    EXPECT_EQ(p.tokens.ids, (std::vector<Token>{1, 0, 2, 1}));
    EXPECT_FALSE(p.predictions.pooled);
    EXPECT_EQ(p.predictions.rows, 2);
    EXPECT_EQ(p.predictions.classes, 3);
    EXPECT_EQ(p.predictions.predicted, (std::vector<int>{2, 0, 0, 1}));
    EXPECT_TRUE(p.predictions.targets.empty());
    EXPECT_FALSE(p.predictions.scored(0));
    const ProbePredictions& pooled = old->keyframes[1][0].probes.predictions;
    EXPECT_TRUE(pooled.pooled);
    EXPECT_EQ(pooled.rows, 1);
    EXPECT_EQ(pooled.predicted, (std::vector<int>{1, 0}));
    EXPECT_TRUE(old->keyframes[1][1].probes.attention.empty());
    const auto again = sequenceTimelineFromJson(sequenceTimelineToJson(*old), &error);
    ASSERT_TRUE(again) << error;
    EXPECT_TRUE(again->keyframes[0][0].probes == p);
    EXPECT_TRUE(again->keyframes[1][0].probes.predictions == pooled);
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
