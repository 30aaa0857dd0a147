// The JSON form of TransformerConfig and SequenceTrainingConfig: round trips over every
// configuration axis, the field names the safetensors metadata (actlab_config) relies on,
// defaults for missing fields, and one-line errors that name the bad field.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "config/config_json.h"

namespace actlab {
namespace {

using Json = nlohmann::json;

void expectSameActivation(const ActivationConfig& a, const ActivationConfig& b) {
    EXPECT_EQ(a.info().name, b.info().name);
    for (size_t i = 0; i < a.info().parameters.size(); ++i)
        EXPECT_EQ(a.parameters[i], b.parameters[i]) << a.info().parameters[i].name;
}

// Every field the JSON carries; d_ff as the width used (the JSON writes the default rule out).
void expectSameModel(const TransformerConfig& a, const TransformerConfig& b) {
    EXPECT_EQ(a.vocabulary, b.vocabulary);
    EXPECT_EQ(a.sequence, b.sequence);
    EXPECT_EQ(a.dModel, b.dModel);
    EXPECT_EQ(a.heads, b.heads);
    EXPECT_EQ(a.layers, b.layers);
    EXPECT_EQ(transformerFeedForwardWidth(a), transformerFeedForwardWidth(b));
    EXPECT_EQ(a.ffn, b.ffn);
    expectSameActivation(a.ffnActivation, b.ffnActivation);
    expectSameActivation(a.qkvActivation, b.qkvActivation);
    EXPECT_EQ(a.norm, b.norm);
    EXPECT_EQ(a.causal, b.causal);
    EXPECT_EQ(a.outputs, b.outputs);
    EXPECT_EQ(a.pooled, b.pooled);
    EXPECT_EQ(a.init, b.init);
}

TransformerConfig readModel(const std::string& text) {
    std::string error;
    const auto config = transformerConfigFromJson(text, &error);
    EXPECT_TRUE(config) << text << ": " << error;
    return config.value_or(TransformerConfig{});
}

// A configuration per axis, each away from the defaults.
std::vector<std::pair<std::string, TransformerConfig>> modelCases() {
    std::vector<std::pair<std::string, TransformerConfig>> cases;
    cases.push_back({"defaults", TransformerConfig{}});
    TransformerConfig gated;
    gated.ffn = FeedForwardKind::Gated;
    gated.ffnActivation = ActivationConfig::withDefaults(ActivationId::Geglu);
    gated.dModel = 48;
    gated.heads = 6;
    cases.push_back({"gated", gated});
    TransformerConfig post;
    post.norm = NormPlacement::Post;
    post.causal = true;
    post.layers = 12;
    post.dFf = 100;
    cases.push_back({"post-LN causal", post});
    TransformerConfig pooled;
    pooled.pooled = true;
    pooled.outputs = 2;
    pooled.vocabulary = 128;
    pooled.sequence = 64;
    pooled.ffn = FeedForwardKind::None;
    cases.push_back({"pooled, no FFN", pooled});
    TransformerConfig leaky;
    leaky.ffnActivation = ActivationConfig::withDefaults(ActivationId::LeakyRelu);
    EXPECT_FALSE(leaky.ffnActivation.setParameter("alpha", 0.2));
    leaky.qkvActivation = ActivationConfig::withDefaults(ActivationId::Softplus);
    EXPECT_FALSE(leaky.qkvActivation.setParameter("threshold", 7.5));
    cases.push_back({"parametrised activations", leaky});
    TransformerConfig init;
    init.init = Initialiser::Xavier;
    init.dModel = 2;
    init.heads = 1;
    init.layers = 1;
    cases.push_back({"explicit init", init});
    return cases;
}

TEST(ConfigJson, TransformerRoundTripsEveryAxis) {
    for (const auto& [name, config] : modelCases()) {
        SCOPED_TRACE(name);
        const std::string text = transformerConfigToJson(config);
        const TransformerConfig back = readModel(text);
        expectSameModel(config, back);
        EXPECT_EQ(transformerConfigToJson(back), text);  // a fixed point after one trip
    }
}

TEST(ConfigJson, TransformerFieldNamesAreTheSafetensorsMetadata) {
    TransformerConfig c;
    c.vocabulary = 7;
    c.sequence = 5;
    c.dModel = 12;
    c.heads = 3;
    c.layers = 4;
    c.ffn = FeedForwardKind::Gated;
    c.ffnActivation = ActivationConfig::withDefaults(ActivationId::Swiglu);
    c.qkvActivation = ActivationConfig::withDefaults(ActivationId::LeakyRelu);
    ASSERT_FALSE(c.qkvActivation.setParameter("alpha", 0.25));
    c.norm = NormPlacement::Post;
    c.causal = true;
    c.outputs = 9;
    c.pooled = true;
    c.init = Initialiser::Lecun;
    const Json j = Json::parse(transformerConfigToJson(c));
    std::set<std::string> keys;
    for (const auto& [key, value] : j.items()) keys.insert(key);
    EXPECT_EQ(keys, (std::set<std::string>{"vocab", "seq", "d_model", "heads", "layers", "d_ff",
                                           "ffn", "ffn_activation", "qkv_activation", "norm",
                                           "causal", "outputs", "pool", "init"}));
    EXPECT_EQ(j["vocab"], 7);
    EXPECT_EQ(j["seq"], 5);
    EXPECT_EQ(j["d_model"], 12);
    EXPECT_EQ(j["heads"], 3);
    EXPECT_EQ(j["layers"], 4);
    EXPECT_EQ(j["d_ff"], 32);  // round(8 · 12 / 3): the width used, not 0
    EXPECT_EQ(j["ffn"], "gated");
    EXPECT_EQ(j["ffn_activation"], "swiglu");  // default parameters: the bare name
    EXPECT_EQ(j["qkv_activation"], Json::parse(R"({"name":"leaky_relu","params":{"alpha":0.25}})"));
    EXPECT_EQ(j["norm"], "post");
    EXPECT_EQ(j["causal"], true);
    EXPECT_EQ(j["outputs"], 9);
    EXPECT_EQ(j["pool"], "mean");
    EXPECT_EQ(j["init"], "lecun");
    const Json d = Json::parse(transformerConfigToJson(TransformerConfig{}));
    EXPECT_EQ(d["d_ff"], 256);  // 4 · 64
    EXPECT_EQ(d["pool"], "none");
    EXPECT_EQ(d["init"], "normal");
    EXPECT_EQ(d["norm"], "pre");
}

TEST(ConfigJson, MissingFieldsTakeTheDefaults) {
    expectSameModel(readModel("{}"), TransformerConfig{});
    EXPECT_EQ(readModel("{}").dFf, 0);
    const TransformerConfig some = readModel(R"({"d_model": 8, "heads": 2, "causal": true})");
    TransformerConfig expected;
    expected.dModel = 8;
    expected.heads = 2;
    expected.causal = true;
    expectSameModel(some, expected);
    // A gated FFN without an activation gets SwiGLU (the default GELU is not a gated unit).
    EXPECT_EQ(readModel(R"({"ffn": "gated"})").ffnActivation.id, ActivationId::Swiglu);
    EXPECT_EQ(readModel(R"({"ffn": "gated", "ffn_activation": "reglu"})").ffnActivation.id,
              ActivationId::Reglu);
    // An activation object without params has the catalogue defaults.
    const TransformerConfig leaky = readModel(R"({"ffn_activation": {"name": "leaky_relu"}})");
    EXPECT_EQ(leaky.ffnActivation.parameter("alpha"), 0.01);

    std::string error;
    const auto run = sequenceTrainingConfigFromJson("{}", &error);
    ASSERT_TRUE(run) << error;
    const SequenceTrainingConfig defaults;
    EXPECT_EQ(run->task, defaults.task);
    EXPECT_EQ(sequenceTrainingConfigToJson(*run), sequenceTrainingConfigToJson(defaults));
    const auto onlyLr = sequenceTrainingConfigFromJson(R"({"optimizer": {"lr": 0.5}})", &error);
    ASSERT_TRUE(onlyLr) << error;
    EXPECT_EQ(onlyLr->optimizer.learningRate, 0.5);
    EXPECT_EQ(onlyLr->optimizer.kind, defaults.optimizer.kind);
    EXPECT_EQ(onlyLr->optimizer.beta2, defaults.optimizer.beta2);
}

TEST(ConfigJson, SequenceTrainingRoundTripsEveryField) {
    SequenceTrainingConfig c;
    c.task = "sort";
    c.taskOptions = {.sequence = 6, .vocabulary = 3};
    c.model.ffn = FeedForwardKind::Gated;
    c.model.ffnActivation = ActivationConfig::withDefaults(ActivationId::Glu);
    c.model.pooled = true;
    c.model.init = Initialiser::HeUniform;
    c.optimizer = {.kind = OptimizerKind::AdamW,
                   .learningRate = 3e-4,
                   .momentum = 0.5,
                   .beta1 = 0.8,
                   .beta2 = 0.99,
                   .epsilon = 1e-6,
                   .weightDecay = 0.01,
                   .clipNorm = 1.5,
                   .schedule = LearningRateSchedule::WarmupCosine,
                   .warmupSteps = 10,
                   .totalSteps = 500};
    c.batch = 17;
    c.seed = 18'446'744'073'709'551'615ull;  // beyond a double's 2^53: kept exactly
    c.testSequences = 100;
    c.probes = 3;
    const std::string text = sequenceTrainingConfigToJson(c);
    EXPECT_EQ(Json::parse(text)["version"], 1);
    std::string error;
    const auto back = sequenceTrainingConfigFromJson(text, &error);
    ASSERT_TRUE(back) << error;
    EXPECT_EQ(back->task, "sort");
    EXPECT_EQ(back->taskOptions.sequence, 6);
    EXPECT_EQ(back->taskOptions.vocabulary, 3);
    expectSameModel(back->model, c.model);
    const OptimizerConfig& o = back->optimizer;
    EXPECT_EQ(o.kind, OptimizerKind::AdamW);
    EXPECT_EQ(o.learningRate, 3e-4);
    EXPECT_EQ(o.momentum, 0.5);
    EXPECT_EQ(o.beta1, 0.8);
    EXPECT_EQ(o.beta2, 0.99);
    EXPECT_EQ(o.epsilon, 1e-6);
    EXPECT_EQ(o.weightDecay, 0.01);
    EXPECT_EQ(o.clipNorm, 1.5);
    EXPECT_EQ(o.schedule, LearningRateSchedule::WarmupCosine);
    EXPECT_EQ(o.warmupSteps, 10);
    EXPECT_EQ(o.totalSteps, 500);
    EXPECT_EQ(back->batch, 17);
    EXPECT_EQ(back->seed, c.seed);
    EXPECT_EQ(back->testSequences, 100);
    EXPECT_EQ(back->probes, 3);
    EXPECT_EQ(sequenceTrainingConfigToJson(*back), text);
}

struct ErrorCase {
    const char* json;
    const char* expected;  // the error starts with this ("field: what")
};

void expectRefused(const ErrorCase& e, bool model) {
    SCOPED_TRACE(e.json);
    std::string error;
    const bool accepted = model ? transformerConfigFromJson(e.json, &error).has_value()
                                : sequenceTrainingConfigFromJson(e.json, &error).has_value();
    EXPECT_FALSE(accepted);
    EXPECT_EQ(error.substr(0, std::string(e.expected).size()), e.expected) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
}

TEST(ConfigJson, TransformerErrorsNameTheField) {
    const ErrorCase cases[] = {
        {"{\"d_model\": ", "not valid JSON ("},
        {"", "not valid JSON ("},
        {"[1, 2]", "configuration: expected an object"},
        {"\"d_model\"", "configuration: expected an object"},
        {R"({"dmodel": 4})", "dmodel: unknown field"},
        {R"({"d_model": "x"})", "d_model: expected a whole number, got \"x\""},
        {R"({"d_model": 4.5})", "d_model: expected a whole number, got 4.5"},
        {R"({"causal": 1})", "causal: expected true or false, got 1"},
        {R"({"ffn": 3})", "ffn: expected a string, got 3"},
        {R"({"d_model": 512})", "d_model: must be 1..256, got 512"},
        {R"({"heads": 9})", "heads: must be 1..8, got 9"},
        {R"({"heads": 0})", "heads: must be 1..8, got 0"},
        {R"({"vocab": 1})", "vocab: must be 2..512, got 1"},
        {R"({"d_ff": 2000})", "d_ff: must be 0..1024, got 2000"},
        {R"({"d_model": 64, "heads": 3})", "model: --heads 3 does not divide --d-model 64"},
        {R"({"ffn_activation": "relu7"})", "ffn_activation: unknown function 'relu7'"},
        {R"({"qkv_activation": 4})", "qkv_activation: expected a function name, got 4"},
        {R"({"ffn_activation": {"params": {}}})", "ffn_activation: needs a \"name\""},
        {R"({"ffn_activation": {"name": "elu", "slope": 1}})",
         "ffn_activation: unknown field 'slope'"},
        {R"({"ffn_activation": {"name": "leaky_relu", "params": {"alpha": 2}}})",
         "ffn_activation.params: parameter 'alpha' of leaky_relu must be in [0, 1], got 2"},
        {R"({"qkv_activation": {"name": "softplus", "params": {"beta": 0.01}}})",
         "qkv_activation.params: parameter 'beta' of softplus must be in"},
        {R"({"ffn_activation": {"name": "leaky_relu", "params": {"slope": 0.1}}})",
         "ffn_activation.params: unknown parameter 'slope' for leaky_relu (known: alpha)"},
        {R"({"ffn_activation": {"name": "leaky_relu", "params": {"alpha": "big"}}})",
         "ffn_activation.params.alpha: expected a number"},
        {R"({"ffn_activation": {"name": "relu", "params": [1]}})",
         "ffn_activation.params: expected an object"},
        {R"({"ffn_activation": "swiglu"})", "model: --ffn-activation swiglu is a gated unit"},
        {R"({"ffn": "gated", "ffn_activation": "gelu"})", "model: --ffn gated needs glu"},
        {R"({"qkv_activation": "geglu"})", "model: --qkv-activation must be a scalar function"},
        {R"({"ffn": "wide"})", "ffn: expected plain, gated or none, got \"wide\""},
        {R"({"norm": "middle"})", "norm: expected pre or post, got \"middle\""},
        {R"({"pool": "max"})", "pool: expected none or mean, got \"max\""},
        {R"({"init": "orthogonal"})", "init: unknown initialiser \"orthogonal\""},
        {R"({"outputs": 514})", "outputs: must be 1..513, got 514"},
        // Names and values from the text stay on one line (fuzz_config_json's first finding).
        {R"({"\nit": "xavier"})", " it: unknown field"},
        {R"({"ffn": "a\r\nb"})", "ffn: expected plain, gated or none, got \"a  b\""},
    };
    for (const ErrorCase& e : cases) expectRefused(e, true);
}

TEST(ConfigJson, SequenceTrainingErrorsNameTheField) {
    const ErrorCase cases[] = {
        {"{", "not valid JSON ("},
        {"3", "configuration: expected an object"},
        {R"({"steps": 10})", "steps: unknown field"},
        {R"({"version": 2})",
         "version: this configuration is version 2; this ActLab reads version 1"},
        {R"({"version": 0})", "version: must be 1..1000000, got 0"},
        {R"({"version": "1"})", "version: expected a whole number"},
        {R"({"task": "fly"})", "task: unknown task \"fly\""},
        {R"({"task": 1})", "task: expected a string"},
        {R"({"model": []})", "model: expected an object"},
        {R"({"model": {"depth": 2}})", "model.depth: unknown field"},
        {R"({"model": {"d_model": 512}})", "model.d_model: must be 1..256, got 512"},
        {R"({"model": {"heads": 9}})", "model.heads: must be 1..8, got 9"},
        {R"({"model": {"d_model": 10, "heads": 4}})", "model: --heads 4 does not divide"},
        {R"({"model": {"norm": "sandwich"}})", "model.norm: expected pre or post"},
        {R"({"model": {"ffn_activation": "nope"}})", "model.ffn_activation: unknown function"},
        {R"({"optimizer": 1})", "optimizer: expected an object"},
        {R"({"optimizer": {"speed": 1}})", "optimizer.speed: unknown field"},
        {R"({"optimizer": {"kind": "lion"}})", "optimizer.kind: unknown optimizer \"lion\""},
        {R"({"optimizer": {"schedule": "linear"}})",
         "optimizer.schedule: expected constant or cosine"},
        {R"({"optimizer": {"lr": "fast"}})", "optimizer.lr: expected a number, got \"fast\""},
        {R"({"optimizer": {"lr": 0}})", "optimizer.lr: must be in [1e-07, 10.0], got 0"},
        {R"({"optimizer": {"beta2": 1}})", "optimizer.beta2: must be in"},
        {R"({"optimizer": {"warmup": -1}})", "optimizer.warmup: must be 0..10000000, got -1"},
        {R"({"batch": 0})", "batch: must be 1..512, got 0"},
        {R"({"batch": 513})", "batch: must be 1..512, got 513"},
        {R"({"seed": -1})", "seed: expected a whole number"},
        {R"({"seed": 1.5})", "seed: expected a whole number"},
        {R"({"seq": 65})", "seq: must be 0..64, got 65"},
        {R"({"probes": 0})", "probes: must be 1..512, got 0"},
        {R"({"test_sequences": true})", "test_sequences: expected a whole number, got true"},
    };
    for (const ErrorCase& e : cases) expectRefused(e, false);
}

TEST(ConfigJson, ErrorPointerMayBeNull) {
    EXPECT_FALSE(transformerConfigFromJson("{", nullptr));
    EXPECT_FALSE(sequenceTrainingConfigFromJson(R"({"version": 9})", nullptr));
    EXPECT_TRUE(transformerConfigFromJson("{}", nullptr));
}

}  // namespace
}  // namespace actlab
