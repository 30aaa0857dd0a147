// JSON ↔ configuration with nlohmann-json: writers emit every field; readers accept a subset,
// check types and ranges field by field and name the first bad field in the error.
#include "config/config_json.h"

#include "config/json_fields.h"

namespace actlab {
namespace {

using namespace config_json;

Json transformerJson(const TransformerConfig& c) {
    Json j;
    j["vocab"] = c.vocabulary;
    j["seq"] = c.sequence;
    j["d_model"] = c.dModel;
    j["heads"] = c.heads;
    j["layers"] = c.layers;
    j["d_ff"] = transformerFeedForwardWidth(c);
    j["ffn"] = std::string(feedForwardName(c.ffn));
    j["ffn_activation"] = activationToJson(c.ffnActivation);
    j["qkv_activation"] = activationToJson(c.qkvActivation);
    j["norm"] = std::string(normPlacementName(c.norm));
    j["causal"] = c.causal;
    j["outputs"] = c.outputs;
    j["pool"] = c.pooled ? "mean" : "none";
    j["init"] = c.init ? std::string(initialiserName(*c.init)) : "normal";
    if (c.mixPerUnit) j["mix_per_unit"] = true;  // written only when set: older files stay equal
    return j;
}

TransformerConfig transformerFromJson(const Json& j, const std::string& path) {
    const Reader r(j, path);
    r.only({"vocab", "seq", "d_model", "heads", "layers", "d_ff", "ffn", "ffn_activation",
            "qkv_activation", "norm", "causal", "outputs", "pool", "init", "mix_per_unit"});
    TransformerConfig c;
    r.integer("vocab", c.vocabulary, 2, kMaxTransformerTextVocabulary);
    r.integer("seq", c.sequence, 1, kMaxTransformerSequence);
    r.integer("d_model", c.dModel, 1, kMaxTransformerWidth);
    r.integer("heads", c.heads, 1, kMaxTransformerHeads);
    r.integer("layers", c.layers, 1, kMaxTransformerLayers);
    r.integer("d_ff", c.dFf, 0, kMaxTransformerFeedForward);
    if (auto ffn = r.text("ffn")) {
        auto kind = parseFeedForward(*ffn);
        if (!kind) fail(r.field("ffn"), "expected plain, gated or none, got \"" + *ffn + "\"");
        c.ffn = *kind;
        if (c.ffn == FeedForwardKind::Gated && !r.get("ffn_activation"))
            c.ffnActivation = ActivationConfig::withDefaults(ActivationId::Swiglu);
    }
    if (const Json* a = r.get("ffn_activation"))
        c.ffnActivation = activationFromJson(*a, r.field("ffn_activation"));
    if (const Json* a = r.get("qkv_activation"))
        c.qkvActivation = activationFromJson(*a, r.field("qkv_activation"));
    if (auto norm = r.text("norm")) {
        auto placement = parseNormPlacement(*norm);
        if (!placement) fail(r.field("norm"), "expected pre or post, got \"" + *norm + "\"");
        c.norm = *placement;
    }
    r.boolean("causal", c.causal);
    r.boolean("mix_per_unit", c.mixPerUnit);
    r.integer("outputs", c.outputs, 1, kMaxTransformerTextVocabulary + 1);
    if (auto pool = r.text("pool")) {
        if (*pool != "none" && *pool != "mean")
            fail(r.field("pool"), "expected none or mean, got \"" + *pool + "\"");
        c.pooled = *pool == "mean";
    }
    if (auto init = r.text("init")) {
        if (*init == "normal")
            c.init.reset();
        else if (auto kind = parseInitialiser(*init))
            c.init = *kind;
        else
            fail(r.field("init"), "unknown initialiser \"" + *init + "\"");
    }
    if (auto problem = validateTransformerConfig(c)) fail(path.empty() ? "model" : path, *problem);
    return c;
}

}  // namespace

std::string transformerConfigToJson(const TransformerConfig& config) {
    return transformerJson(config).dump();
}

std::optional<TransformerConfig> transformerConfigFromJson(const std::string& text,
                                                           std::string* error) {
    return parse<TransformerConfig>(text, error,
                                    [](const Json& j) { return transformerFromJson(j, ""); });
}

std::string sequenceTrainingConfigToJson(const SequenceTrainingConfig& c) {
    Json j;
    j["version"] = 1;
    j["task"] = c.task;
    j["seq"] = c.taskOptions.sequence;
    j["vocab"] = c.taskOptions.vocabulary;
    j["model"] = transformerJson(c.model);
    j["optimizer"] = optimizerToJson(c.optimizer);
    j["batch"] = c.batch;
    j["seed"] = c.seed;
    j["test_sequences"] = c.testSequences;
    j["probes"] = c.probes;
    if (c.text) j["text"] = *c.text;  // embedded: a session needs it
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::optional<SequenceTrainingConfig> sequenceTrainingConfigFromJson(const std::string& text,
                                                                     std::string* error) {
    return parse<SequenceTrainingConfig>(text, error, [](const Json& j) {
        const Reader r(j, "");
        r.only({"version", "task", "seq", "vocab", "model", "optimizer", "batch", "seed",
                "test_sequences", "probes", "text", "text_vocabulary"});
        r.version();
        SequenceTrainingConfig c;
        if (auto task = r.text("task")) {
            if (!findSequenceTask(*task)) fail("task", "unknown task \"" + *task + "\"");
            c.task = *task;
        }
        r.integer("seq", c.taskOptions.sequence, 0, kMaxTransformerSequence);
        r.integer("vocab", c.taskOptions.vocabulary, 0, kMaxTransformerTextVocabulary);
        if (const Json* m = r.get("model")) c.model = transformerFromJson(*m, "model");
        if (const Json* o = r.get("optimizer")) optimizerFromJson(*o, "optimizer", c.optimizer);
        r.integer("batch", c.batch, 1, 512);
        if (const Json* seed = r.get("seed")) {
            if (!seed->is_number_unsigned()) fail("seed", "expected a whole number ≥ 0");
            c.seed = seed->get<std::uint64_t>();
        }
        r.integer("test_sequences", c.testSequences, 1, 65536);
        r.integer("probes", c.probes, 1, 512);
        // text_vocabulary (a run state's record of the characters) follows from the text.
        if (auto text = r.text("text")) c.text = std::make_shared<std::string>(*text);
        return c;
    });
}

}  // namespace actlab
