// The JSON form of the Training lab's TrainingConfig: a round trip of a non-default config
// (every field), defaults for missing fields, and one-line errors that name the bad field.
#include <gtest/gtest.h>

#include <string>

#include "config/training_config_json.h"

namespace actlab {
namespace {

void expectSame(const TrainingConfig& a, const TrainingConfig& b) {
    EXPECT_EQ(a.task, b.task);
    EXPECT_EQ(a.data.points, b.data.points);
    EXPECT_EQ(a.data.noise, b.data.noise);
    EXPECT_EQ(a.data.trainShare, b.data.trainShare);
    EXPECT_EQ(a.data.seed, b.data.seed);
    EXPECT_EQ(a.data.features, b.data.features);
    ASSERT_EQ(a.userPoints.has_value(), b.userPoints.has_value());
    if (a.userPoints) {
        EXPECT_EQ(a.userPoints->inputs, b.userPoints->inputs);
        EXPECT_EQ(a.userPoints->targets, b.userPoints->targets);
    }
    EXPECT_EQ(a.userClasses, b.userClasses);
    const ModelConfig &m = a.model, &n = b.model;
    EXPECT_EQ(m.kind, n.kind);
    EXPECT_EQ(m.hidden, n.hidden);
    ASSERT_EQ(m.activations.size(), n.activations.size());
    for (size_t i = 0; i < m.activations.size(); ++i) {
        EXPECT_EQ(m.activations[i].id, n.activations[i].id);
        EXPECT_EQ(m.activations[i].parameters, n.activations[i].parameters);
    }
    EXPECT_EQ(m.preluPerNeuron, n.preluPerNeuron);
    EXPECT_EQ(m.dModel, n.dModel);
    EXPECT_EQ(m.blocks, n.blocks);
    EXPECT_EQ(m.dFf, n.dFf);
    EXPECT_EQ(m.biases, n.biases);
    EXPECT_EQ(m.init, n.init);
    EXPECT_EQ(m.biasInit, n.biasInit);
    EXPECT_EQ(m.seed, n.seed);
    const OptimizerConfig &o = a.optimizer, &p = b.optimizer;
    EXPECT_EQ(o.kind, p.kind);
    EXPECT_EQ(o.learningRate, p.learningRate);
    EXPECT_EQ(o.momentum, p.momentum);
    EXPECT_EQ(o.beta1, p.beta1);
    EXPECT_EQ(o.beta2, p.beta2);
    EXPECT_EQ(o.epsilon, p.epsilon);
    EXPECT_EQ(o.weightDecay, p.weightDecay);
    EXPECT_EQ(o.clipNorm, p.clipNorm);
    EXPECT_EQ(o.schedule, p.schedule);
    EXPECT_EQ(o.warmupSteps, p.warmupSteps);
    EXPECT_EQ(o.totalSteps, p.totalSteps);
    EXPECT_EQ(a.batch, b.batch);
    EXPECT_EQ(a.l1, b.l1);
    EXPECT_EQ(a.l2, b.l2);
    EXPECT_EQ(a.surfaceResolution, b.surfaceResolution);
    EXPECT_EQ(a.neuronResolution, b.neuronResolution);
}

TEST(TrainingConfigJson, NonDefaultConfigRoundTrips) {
    TrainingConfig c;
    c.task = "user";
    c.data = {300, 0.25, 0.7, 42, {Feature::X1, Feature::X1TimesX2, Feature::SinX2}};
    c.userPoints = LabelledPoints{2, {0.5, -1.25, 3, 4, 1e-3, 2}, {0, 2, 1}};
    c.userClasses = 3;
    c.model.hidden = {8, 16};
    ActivationConfig leaky = ActivationConfig::withDefaults(ActivationId::LeakyRelu);
    ASSERT_FALSE(leaky.setParameter("alpha", 0.2));
    c.model.activations = {leaky, ActivationConfig::withDefaults(ActivationId::Tanh)};
    c.model.preluPerNeuron = true;
    c.model.dModel = 24;
    c.model.blocks = 3;
    c.model.dFf = 40;
    c.model.biases = false;
    c.model.init = Initialiser::Lecun;
    c.model.biasInit = -0.5;
    c.model.seed = 42;
    c.optimizer = {OptimizerKind::AdamW,
                   3e-3,
                   0.8,
                   0.85,
                   0.99,
                   1e-6,
                   0.01,
                   2.5,
                   LearningRateSchedule::WarmupCosine,
                   10,
                   500};
    c.batch = 64;
    c.l1 = 1e-4;
    c.l2 = 0.003;
    c.surfaceResolution = 80;
    c.neuronResolution = 16;
    std::string error;
    const auto back = trainingConfigFromJson(trainingConfigToJson(c), &error);
    ASSERT_TRUE(back) << error;
    expectSame(*back, c);
    EXPECT_EQ(trainingConfigToJson(*back), trainingConfigToJson(c));
}

TEST(TrainingConfigJson, AbsentFieldsKeepTheDefaults) {
    std::string error;
    const auto empty = trainingConfigFromJson("{}", &error);
    ASSERT_TRUE(empty) << error;
    expectSame(*empty, TrainingConfig{});
    const auto some = trainingConfigFromJson(
        R"({"version": 1, "task": "xor", "model": {"hidden": [4]}, "optimizer": {"lr": 0.5}})",
        &error);
    ASSERT_TRUE(some) << error;
    TrainingConfig expected;
    expected.task = "xor";
    expected.model.hidden = {4};
    expected.optimizer.learningRate = 0.5;
    expectSame(*some, expected);
    // A GLU-FFN without activations or init gets SwiGLU and Xavier, as the CLI gives it.
    const auto glu = trainingConfigFromJson(R"({"model": {"kind": "glu"}})", &error);
    ASSERT_TRUE(glu) << error;
    EXPECT_EQ(glu->model.activations.at(0).id, ActivationId::Swiglu);
    EXPECT_EQ(glu->model.init, Initialiser::Xavier);
}

struct BadField {
    const char* json;
    const char* expectInError;  // the field named first
};

void PrintTo(const BadField& b, std::ostream* os) { *os << b.json; }

class TrainingConfigJsonBadField : public ::testing::TestWithParam<BadField> {};

TEST_P(TrainingConfigJsonBadField, GivesNulloptAndOneLineNamingTheField) {
    std::string error;
    EXPECT_FALSE(trainingConfigFromJson(GetParam().json, &error));
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
    EXPECT_EQ(error.rfind(GetParam().expectInError, 0), 0u) << error;
}

// clang-format off
INSTANTIATE_TEST_SUITE_P(Errors, TrainingConfigJsonBadField, ::testing::Values(
    BadField{R"({"epochs": 3})",                                  "epochs: unknown field"},
    BadField{R"({"model": {"width": 3}})",                        "model.width: unknown field"},
    BadField{R"({"batch": "32"})",                                "batch: expected a whole number"},
    BadField{R"({"batch": 4097})",                                "batch: must be 1..4096"},
    BadField{R"({"task": "spirals"})",                            "task: unknown task"},
    BadField{R"({"data": {"noise": 2}})",                         "data.noise: must be in [0.0, 1.0]"},
    BadField{R"({"data": {"points": 3}})",                        "data.points: must be 0"},
    BadField{R"({"data": {"train_share": 1}})",                   "data.train_share: must be between 0 and 1"},
    BadField{R"({"data": {"features": ["x3"]}})",                 "data.features[0]:"},
    BadField{R"({"data": {"seed": -1}})",                         "data.seed: must be 0.."},
    BadField{R"({"model": {"hidden": [32, 513]}})",               "model.hidden[1]: must be 1..512"},
    BadField{R"({"model": {"hidden": [4, 4, 4, 4, 4, 4, 4, 4, 4]}})", "model.hidden: expected a list of 1 to 8"},
    BadField{R"({"model": {"kind": "rnn"}})",                     "model.kind: expected mlp or glu"},
    BadField{R"({"model": {"activations": ["relux"]}})",          "model.activations[0]: unknown function"},
    BadField{R"({"model": {"activations": {"name": "leaky_relu", "params": {"alpha": 2}}}})", "model.activations.params:"},
    BadField{R"({"model": {"activations": ["swiglu"]}})",         "model:"},
    BadField{R"({"model": {"init": "orthogonal"}})",              "model.init: expected he"},
    BadField{R"({"model": {"bias_init": true}})",                 "model.bias_init: expected a number"},
    BadField{R"({"optimizer": {"lr": 0}})",                       "optimizer.lr: must be in"},
    BadField{R"({"optimizer": {"kind": "rmsprop"}})",             "optimizer.kind: unknown optimizer"},
    BadField{R"({"l2": 11})",                                     "l2: must be in [0.0, 10.0]"},
    BadField{R"({"user_points": [[1, 2]]})",                      "user_points[0]: expected [x1, x2, label]"},
    BadField{R"({"user_points": [[1, 2, 5]]})",                   "user_points[0][2]: must be 0..2"},
    BadField{R"({"version": 2})",                                 "version: this configuration is version 2"},
    BadField{R"([1, 2])",                                         "configuration: expected an object"},
    BadField{R"({"batch": )",                                     "not valid JSON"}));
// clang-format on

}  // namespace
}  // namespace actlab
