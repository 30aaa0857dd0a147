// The Attention lab's worker thread through its controller (reset, exact steps, play and pause,
// the typed sequence's prediction) and core's sequence prediction it relies on.
#include <gtest/gtest.h>

#include <QElapsedTimer>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "../ui/gui_test_support.h"
#include "attention_test_view.h"
#include "common/compute_threads.h"
#include "training/sequence_prediction.h"
#include "ui/attention/attention_controller.h"
#include "ui/common/reduced_motion.h"

using namespace actlab;
using namespace actlab::ui;

namespace {

bool waitFor(const std::function<bool()>& done, int milliseconds = 20000) {
    return actlab::test::waitFor(done, milliseconds);
}

// A small reverse model that trains fast: 2 layers of 2 heads, d_model 32.
SequenceTrainingConfig smallReverse() { return test::smallReverse(2, 32); }

// Induction (causal, T = 24, V = 16): one attention-only layer of 2 heads.
SequenceTrainingConfig smallInduction() {
    SequenceTrainingConfig config;
    config.task = "induction";
    config.model.layers = 1;
    config.model.heads = 2;
    config.model.dModel = 32;
    config.model.ffn = FeedForwardKind::None;
    config.testSequences = 64;
    return config;
}

}  // namespace

TEST(SequencePrediction, ClassifyLogitsIsASoftmaxAndArgmaxPerRow) {
    const std::vector<float> logits{1, 3, 2, 1000, 0, -1000};  // (2, 3), the second one large
    const LogitsClassification c = classifyLogits(logits, 3);
    ASSERT_EQ(c.predicted, (std::vector<int>{1, 0}));
    const double e = std::exp(1.0);
    EXPECT_NEAR(c.probabilities[1], e * e / (1 + e + e * e), 1e-6);
    for (int r = 0; r < 2; ++r)
        EXPECT_NEAR(
            c.probabilities[r * 3] + c.probabilities[r * 3 + 1] + c.probabilities[r * 3 + 2], 1.0,
            1e-6);
    EXPECT_FLOAT_EQ(c.probabilities[3], 1.0f);
}

TEST(SequencePrediction, LengthsFollowTheMask) {
    std::string error;
    auto reverse = SequenceTrainer::create(smallReverse(), &error);
    ASSERT_TRUE(reverse) << error;
    EXPECT_EQ(predictableLengths(reverse->config()).minimum, 8);
    EXPECT_EQ(predictableLengths(reverse->config()).maximum, 8);
    const std::vector<Token> short_{0, 1, 2};
    EXPECT_FALSE(predictSequence(*reverse, short_, &error));
    EXPECT_NE(error.find("must have 8 tokens, got 3"), std::string::npos) << error;
    const std::vector<Token> outside{0, 1, 2, 3, 4, 5, 6, 99};
    EXPECT_FALSE(predictSequence(*reverse, outside, &error));

    auto induction = SequenceTrainer::create(smallInduction(), &error);
    ASSERT_TRUE(induction) << error;
    EXPECT_EQ(predictableLengths(induction->config()).minimum, 1);
    EXPECT_EQ(predictableLengths(induction->config()).maximum, 24);
}

TEST(SequencePrediction, APaddedCausalSequencePredictsAsItsFullLengthPrefix) {
    std::string error;
    auto trainer = SequenceTrainer::create(smallInduction(), &error);
    ASSERT_TRUE(trainer) << error;
    trainer->step(20);
    std::vector<Token> full(24);
    std::iota(full.begin(), full.end(), 0);
    for (Token& t : full) t %= 16;
    const std::vector<Token> prefix(full.begin(), full.begin() + 10);
    const auto a = predictSequence(*trainer, full, &error);
    const auto b = predictSequence(*trainer, prefix, &error);
    ASSERT_TRUE(a && b) << error;
    ASSERT_EQ(std::vector<int>({b->attention.layers, b->attention.heads, b->attention.probes,
                                b->attention.queries, b->attention.keys}),
              (std::vector<int>{1, 2, 1, 10, 10}));
    const int O = a->classes;
    for (int t = 0; t < 10; ++t) {
        EXPECT_EQ(a->classification.predicted[t], b->classification.predicted[t]) << t;
        EXPECT_NEAR(a->classification.probabilities[t * O], b->classification.probabilities[t * O],
                    1e-5);
        for (int k = 0; k < 10; ++k)  // the same rows of the maps, and nothing after the query
            EXPECT_NEAR(a->attention.weights[t * 24 + k], b->attention.weights[t * 10 + k], 1e-6);
        for (int k = t + 1; k < 10; ++k) EXPECT_EQ(b->attention.weights[t * 10 + k], 0.0f);
    }
}

TEST(AttentionController, ResetGivesStepZeroThenAdvanceTakesExactlyThatManySteps) {
    AttentionController controller;
    controller.reset(smallReverse());
    ASSERT_TRUE(waitFor([&] { return controller.latest().snapshot != nullptr; }));
    EXPECT_EQ(controller.latest().step(), 0);
    ASSERT_TRUE(controller.latest().info);
    EXPECT_EQ(controller.latest().info->tokenNames.size(), 8);
    controller.advance(1);
    ASSERT_TRUE(waitFor([&] { return !controller.isPlaying(); }));
    EXPECT_EQ(controller.latest().step(), 1);
    controller.advance(7);
    ASSERT_TRUE(waitFor([&] { return !controller.isPlaying(); }));
    EXPECT_EQ(controller.latest().step(), 8);
}

TEST(AttentionController, PlayRunsUntilPausedAndFramesCarryTheProbes) {
    AttentionController controller;
    controller.setStepsPerFrame(2);
    controller.reset(smallReverse());
    ASSERT_TRUE(waitFor([&] { return controller.latest().snapshot != nullptr; }));
    controller.play();
    ASSERT_TRUE(waitFor([&] { return controller.latest().step() >= 20; }));
    controller.pause();
    ASSERT_TRUE(waitFor([&] { return !controller.latest().running; }));
    const int stopped = controller.latest().step();
    actlab::test::waitFor([] { return false; }, 150);
    EXPECT_EQ(controller.latest().step(), stopped) << "no steps after the pause";
    const AttentionFrame& frame = controller.latest();
    const AttentionMaps& attention = frame.snapshot->probes.attention;
    EXPECT_EQ(std::vector<int>({attention.layers, attention.heads, attention.probes,
                                attention.queries, attention.keys}),
              (std::vector<int>{2, 2, 8, 8, 8}));
    EXPECT_EQ(frame.snapshot->probes.predictions.predicted.size(), size_t(8 * 8));
    EXPECT_GE(frame.snapshot->history.size(), 2u);
}

// Playing at full speed, a frame's maps are of its step, and its figures and curves (a full
// snapshot) at most ten times a second: the frames between carry SnapshotScope::Probes
// snapshots. The frame after the pause is full again, its figures those of the paused step
// (the same run in core, to the bit).
TEST(AttentionController, PlayingTheFiguresAreNewTenTimesASecondAndThePausedFrameIsFull) {
    SequenceTrainingConfig config = test::smallReverse(4, 64);
    config.testSequences = 256;  // the default: a full snapshot costs a few steps' time
    AttentionController controller;
    controller.setStepsPerFrame(0);
    controller.reset(config);
    ASSERT_TRUE(waitFor([&] { return controller.latest().snapshot != nullptr; }));
    int frames = 0, full = 0, light = 0;
    QObject::connect(&controller, &AttentionController::frameChanged, [&] {
        const SequenceSnapshot* s = controller.latest().snapshot.get();
        if (!s || !controller.latest().running) return;
        ++frames;
        EXPECT_LE(s->evaluatedStep, s->step);
        (s->evaluatedStep == s->step ? full : light) += 1;
    });
    QElapsedTimer clock;
    clock.start();
    controller.play();
    actlab::test::waitFor([] { return false; }, 2000);
    controller.pause();
    const double seconds = clock.elapsed() / 1000.0;
    ASSERT_TRUE(waitFor([&] { return !controller.latest().running; }));
    std::printf("[ measure  ] %d frames in %.1f s: %d full, %d probes only\n", frames, seconds,
                full, light);
    EXPECT_GE(frames, 3);
    EXPECT_LE(full, int(seconds * 10) + 2) << "full snapshots at most ten times a second";
    const SequenceSnapshot& paused = *controller.latest().snapshot;
    EXPECT_EQ(paused.evaluatedStep, paused.step);
    setComputeThreadsOfThisThread(1);  // as the worker's thread
    std::string error;
    std::unique_ptr<SequenceTrainer> same = SequenceTrainer::create(config, &error);
    ASSERT_TRUE(same) << error;
    same->step(paused.step);
    const SequenceSnapshot reference = same->snapshot();
    EXPECT_EQ(paused.testLoss, reference.testLoss);
    EXPECT_EQ(paused.tokenAccuracy, reference.tokenAccuracy);
    EXPECT_EQ(paused.headEntropy, reference.headEntropy);
    EXPECT_EQ(paused.probes.attention.weights, reference.probes.attention.weights);
}

// Reduced motion (issue 29): a playing run's pictures step, at most once a second, where they
// otherwise move many times a second.
TEST(AttentionController, UnderReducedMotionAPlayingRunRedrawsAtMostOnceASecond) {
    AttentionController controller;
    controller.setStepsPerFrame(0);
    controller.reset(test::smallReverse(4, 64));
    ASSERT_TRUE(waitFor([&] { return controller.latest().snapshot != nullptr; }));
    std::vector<qint64> at;  // when each frame of the playing run arrived
    QElapsedTimer clock;
    QObject::connect(&controller, &AttentionController::frameChanged, [&] {
        if (controller.latest().running) at.push_back(clock.elapsed());
    });
    const auto playFor = [&](int milliseconds) {
        at.clear();
        clock.start();
        controller.play();
        actlab::test::waitFor([] { return false; }, milliseconds);
        controller.pause();
        ASSERT_TRUE(waitFor([&] { return !controller.latest().running; }));
    };
    playFor(1500);
    const size_t moving = at.size();
    EXPECT_GE(moving, 6u) << "without reduced motion the run moves";
    setReducedMotion(true);
    playFor(3200);
    setReducedMotion(false);
    std::printf("[ measure  ] %zu frames in 1.5 s moving, %zu in 3.2 s stepping\n", moving,
                at.size());
    ASSERT_GE(at.size(), 2u) << "it still steps";
    EXPECT_LE(at.size(), 5u);
    for (size_t i = 1; i < at.size(); ++i)
        EXPECT_GE(at[i] - at[i - 1], kReducedMotionIntervalMs - 20)
            << "frames " << i - 1 << ", " << i;
}

TEST(AttentionController, ATypedSequenceIsPredictedInTheWorkerAndFollowsTraining) {
    AttentionController controller;
    controller.reset(smallReverse());
    ASSERT_TRUE(waitFor([&] { return controller.latest().snapshot != nullptr; }));
    const quint64 request = controller.setTypedSequence({0, 1, 2, 3, 4, 5, 6, 7});
    ASSERT_TRUE(waitFor([&] {
        return controller.latest().prediction && controller.latest().predictionRequest == request;
    }));
    const auto first = controller.latest().prediction;
    EXPECT_EQ(first->classification.predicted.size(), 8u);
    EXPECT_EQ(std::vector<int>({first->attention.layers, first->attention.heads,
                                first->attention.queries, first->attention.keys}),
              (std::vector<int>{2, 2, 8, 8}));
    controller.advance(5);
    ASSERT_TRUE(waitFor([&] { return !controller.isPlaying(); }));
    EXPECT_NE(controller.latest().prediction, first) << "predicted again on the trained model";
    controller.setTypedSequence({});
    ASSERT_TRUE(waitFor([&] { return !controller.latest().prediction; }));
}

TEST(AttentionController, AnInvalidConfigurationIsReportedInTheFrame) {
    AttentionController controller;
    SequenceTrainingConfig config = smallReverse();
    config.model.heads = 3;  // does not divide 32
    controller.reset(config);
    ASSERT_TRUE(waitFor([&] { return !controller.latest().error.isEmpty(); }));
    EXPECT_FALSE(controller.latest().snapshot);
}
