// The presets' claims, run through the Trainer for each preset's own number of steps:
// dying-relu: ReLU loses ≥ 30% of its units on every seed 1–5, Leaky ReLU loses none and is
// clearly more accurate; deep-sigmoid: sigmoid's first/last gradient-norm ratio is < 1e-2 while
// ReLU and GELU with He init keep it above 3e-2 (seeds 1–3).
#include "config/training_config_json.h"
#include "training_test_support.h"

namespace actlab {
namespace {

using test::runPreset;

TEST(PresetTable, EachPresetSetsWhatItsDescriptionSays) {
    ASSERT_EQ(trainingPresets().size(), 4u);
    TrainingConfig c;
    findTrainingPreset("dying-relu")->apply(c);
    EXPECT_EQ(c.task, "spiral");
    EXPECT_EQ(c.model.hidden, (std::vector<int>{32, 32, 32}));
    EXPECT_EQ(c.model.activations[0].id, ActivationId::Relu);
    EXPECT_EQ(c.model.biasInit, -3.0);
    EXPECT_EQ(c.optimizer.kind, OptimizerKind::Adam);
    c = TrainingConfig{};
    findTrainingPreset("deep-sigmoid")->apply(c);
    EXPECT_EQ(c.model.hidden, std::vector<int>(8, 32));
    EXPECT_EQ(c.model.activations[0].id, ActivationId::Sigmoid);
    EXPECT_EQ(c.model.init, Initialiser::Xavier);
    c = TrainingConfig{};
    findTrainingPreset("swiglu-spiral")->apply(c);
    EXPECT_EQ(c.model.kind, ModelKind::GluFfn);
    EXPECT_EQ(c.task, "spiral3");
    EXPECT_EQ(findTrainingPreset("dying-reLU"), nullptr);
    for (const TrainingPreset& p : trainingPresets()) {
        TrainingConfig config;
        p.apply(config);
        std::string error;
        EXPECT_TRUE(Trainer::create(config, &error)) << p.name << ": " << error;
        EXPECT_GT(p.steps, 0);
    }
}

// Each preset's JSON parses, and its configuration survives toJson → fromJson unchanged (the
// writer emits every field, so equal JSON text means an equal configuration).
TEST(PresetTable, EachPresetsJsonParsesAndRoundTrips) {
    for (const TrainingPreset& p : trainingPresets()) {
        std::string error;
        const auto config = trainingConfigFromJson(std::string(p.json), &error);
        ASSERT_TRUE(config) << p.name << ": " << error;
        const std::string json = trainingConfigToJson(*config);
        const auto back = trainingConfigFromJson(json, &error);
        ASSERT_TRUE(back) << p.name << ": " << error;
        EXPECT_EQ(trainingConfigToJson(*back), json) << p.name;
        TrainingConfig applied;
        applied.task = "xor";  // apply replaces the whole configuration
        p.apply(applied);
        EXPECT_EQ(trainingConfigToJson(applied), json) << p.name;
    }
}

class DyingRelu : public ::testing::TestWithParam<int> {};

TEST_P(DyingRelu, ReluLosesAThirdOfItsUnitsLeakyReluNone) {
    const int seed = GetParam();
    const TrainingSnapshot relu = runPreset("dying-relu", "relu", seed);
    const TrainingSnapshot leaky = runPreset("dying-relu", "leaky_relu", seed);
    EXPECT_GE(relu.diagnostics.deadFraction, 0.30) << "seed " << seed;
    EXPECT_EQ(leaky.diagnostics.deadFraction, 0.0) << "seed " << seed;
    EXPECT_GT(leaky.testAccuracy, relu.testAccuracy) << "seed " << seed;
}

INSTANTIATE_TEST_SUITE_P(Presets, DyingRelu, ::testing::Values(1, 2, 3, 4, 5));

TEST(DyingReluMean, LeakyReluIsAtLeastTenPointsMoreAccurateOnAverage) {
    double relu = 0, leaky = 0;
    for (int seed = 1; seed <= 5; ++seed) {
        relu += runPreset("dying-relu", "relu", seed).testAccuracy / 5;
        leaky += runPreset("dying-relu", "leaky_relu", seed).testAccuracy / 5;
    }
    EXPECT_GE(leaky, relu + 0.1) << "relu " << relu << ", leaky " << leaky;
}

double gradientRatio(const TrainingSnapshot& s) {
    EXPECT_GT(s.diagnostics.gradientNormLast, 0.0);
    EXPECT_EQ(s.diagnostics.layers.size(), 8u);
    return s.diagnostics.gradientNormFirst / s.diagnostics.gradientNormLast;
}

class DeepSigmoid : public ::testing::TestWithParam<int> {};

TEST_P(DeepSigmoid, SigmoidGradientVanishesReluAndGeluWithHeInitDoNot) {
    const int seed = GetParam();
    EXPECT_LT(gradientRatio(runPreset("deep-sigmoid", "sigmoid", seed)), 1e-2) << "seed " << seed;
    EXPECT_GT(gradientRatio(runPreset("deep-sigmoid", "relu", seed, Initialiser::HeNormal)), 3e-2)
        << "seed " << seed;
    EXPECT_GT(gradientRatio(runPreset("deep-sigmoid", "gelu", seed, Initialiser::HeNormal)), 3e-2)
        << "seed " << seed;
}

INSTANTIATE_TEST_SUITE_P(Presets, DeepSigmoid, ::testing::Values(1, 2, 3));

}  // namespace
}  // namespace actlab
