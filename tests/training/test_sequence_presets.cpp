// Each Attention-lab preset does what its description tells a class it will see (issue 8):
// measured on the CPU engine with the preset's own seed, so the figures are reproducible.
#include <gtest/gtest.h>

#include "training/sequence_presets.h"

namespace actlab {
namespace {

std::unique_ptr<SequenceTrainer> trainerFor(const char* preset,
                                            void (*change)(SequenceTrainingConfig&) = nullptr) {
    const SequencePreset* p = findSequencePreset(preset);
    EXPECT_NE(p, nullptr) << preset;
    if (!p) return nullptr;
    SequenceTrainingConfig config;
    p->apply(config);
    if (change) change(config);
    std::string error;
    auto trainer = SequenceTrainer::create(config, &error);
    EXPECT_NE(trainer, nullptr) << error;
    return trainer;
}

double accuracyAfter(SequenceTrainer& trainer, int steps) {
    trainer.step(steps - trainer.steps());
    EXPECT_FALSE(trainer.diverged());
    return trainer.snapshot().tokenAccuracy;
}

TEST(SequencePresets, EveryPresetBuildsAndDescribesItself) {
    ASSERT_EQ(sequencePresets().size(), 5u);
    for (const SequencePreset& p : sequencePresets()) {
        SCOPED_TRACE(std::string(p.name));
        EXPECT_GT(p.description.size(), 40u);
        EXPECT_GT(p.steps, 0);
        EXPECT_NE(trainerFor(std::string(p.name).c_str()), nullptr);
    }
    EXPECT_EQ(findSequencePreset("dying-relu"), nullptr);
}

// "accuracy climbs from chance (12%) to 100% in about 40 steps as the first layer's heads form
// the anti-diagonal"
TEST(SequencePresets, ReverseHeadsLockOntoTheAntiDiagonal) {
    auto trainer = trainerFor("reverse-heads");
    ASSERT_TRUE(trainer);
    EXPECT_LT(trainer->snapshot().tokenAccuracy, 0.2);
    EXPECT_GE(accuracyAfter(*trainer, 60), 0.95);
    EXPECT_GE(accuracyAfter(*trainer, 300), 0.99);
    const SequenceSnapshot s = trainer->snapshot();
    const AttentionMaps& maps = s.probes.attention;  // (L, H, P, T, T)
    const int H = maps.heads, P = maps.probes, T = maps.queries;
    for (int h = 0; h < H; ++h) {
        double onAntiDiagonal = 0;
        for (int p = 0; p < P; ++p)
            for (int q = 0; q < T; ++q) onAntiDiagonal += maps.at(0, h, p, q, T - 1 - q);
        onAntiDiagonal /= double(P * T);
        EXPECT_GE(onAntiDiagonal, 0.6) << "layer 0 head " << h;  // measured 0.85–0.90
    }
}

// "accuracy on the copy stays near chance for about 1500 steps, then jumps to 99%"; "one
// attention layer stays at chance"
TEST(SequencePresets, InductionNeedsTwoLayers) {
    auto two = trainerFor("induction-two-layers");
    auto one = trainerFor("induction-one-layer");
    ASSERT_TRUE(two && one);
    EXPECT_LT(accuracyAfter(*two, 1000), 0.3);  // measured 0.10: the plateau
    EXPECT_GE(accuracyAfter(*two, 2500), 0.9);  // measured 0.99
    EXPECT_LT(accuracyAfter(*one, 2500), 0.2);  // measured 0.07
}

// "in 5 seeds ReLU reached 95% in all 5" — the preset's own seed is one of them.
TEST(SequencePresets, QkvNegationLearnsTheRule) {
    auto trainer = trainerFor("qkv-negation");
    ASSERT_TRUE(trainer);
    EXPECT_EQ(trainer->config().model.qkvActivation.id, ActivationId::Relu);
    EXPECT_GE(accuracyAfter(*trainer, 1500), 0.95);
}

// "Eight Post-LN blocks … stay at chance (12%) on reverse; Pre-LN, or a 300-step warm-up,
// learns it in about 300 steps"
TEST(SequencePresets, PostLnWithoutWarmupFailsWherePreLnLearns) {
    auto post = trainerFor("pre-vs-post-ln");
    ASSERT_TRUE(post);
    EXPECT_LT(accuracyAfter(*post, 600), 0.2);
    auto pre = trainerFor("pre-vs-post-ln",
                          [](SequenceTrainingConfig& c) { c.model.norm = NormPlacement::Pre; });
    EXPECT_GE(accuracyAfter(*pre, 400), 0.99);
    auto warm = trainerFor("pre-vs-post-ln", [](SequenceTrainingConfig& c) {
        c.optimizer.warmupSteps = 300;
        c.optimizer.schedule = LearningRateSchedule::WarmupCosine;
        c.optimizer.totalSteps = 1000;
    });
    EXPECT_GE(accuracyAfter(*warm, 1000), 0.99);
}

}  // namespace
}  // namespace actlab
