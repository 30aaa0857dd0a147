// JSON ↔ configuration with nlohmann-json: writers emit every field; readers accept a subset,
// check types and ranges field by field and name the first bad field in the error.
#include "config/config_json.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace actlab {
namespace {

using Json = nlohmann::json;

// A field problem: "<path>: <what>".
struct FieldError {
    std::string message;
};

[[noreturn]] void fail(const std::string& path, const std::string& what) {
    std::string message = path + ": " + what;
    std::replace(message.begin(), message.end(), '\n', ' ');  // names from the text: one line
    std::replace(message.begin(), message.end(), '\r', ' ');
    throw FieldError{message};
}

Json activationToJson(const ActivationConfig& a) {
    const ActivationInfo& info = a.info();
    const ActivationConfig defaults = ActivationConfig::withDefaults(a.id);
    Json params = Json::object();
    for (size_t i = 0; i < info.parameters.size(); ++i)
        if (a.parameters[i] != defaults.parameters[i])
            params[std::string(info.parameters[i].name)] = a.parameters[i];
    if (params.empty()) return std::string(info.name);
    return Json{{"name", std::string(info.name)}, {"params", params}};
}

ActivationConfig activationFromJson(const Json& j, const std::string& path) {
    const Json* name = &j;
    const Json* params = nullptr;
    if (j.is_object()) {
        for (const auto& [key, value] : j.items())
            if (key != "name" && key != "params") fail(path, "unknown field '" + key + "'");
        if (!j.contains("name")) fail(path, "needs a \"name\"");
        name = &j.at("name");
        if (j.contains("params")) params = &j.at("params");
    }
    if (!name->is_string()) fail(path, "expected a function name, got " + name->dump());
    const ActivationInfo* info = findActivation(name->get<std::string>());
    if (!info) fail(path, "unknown function '" + name->get<std::string>() + "'");
    ActivationConfig config = ActivationConfig::withDefaults(info->id);
    if (params) {
        if (!params->is_object()) fail(path + ".params", "expected an object");
        for (const auto& [key, value] : params->items()) {
            if (!value.is_number()) fail(path + ".params." + key, "expected a number");
            if (auto e = config.setParameter(key, value.get<double>())) fail(path + ".params", *e);
        }
    }
    return config;
}

// Reads j[key] into out when present, with type checks.
class Reader {
public:
    Reader(const Json& j, std::string path) : m_j(j), m_path(std::move(path)) {
        if (!j.is_object()) fail(m_path.empty() ? "configuration" : m_path, "expected an object");
    }
    // Every field of the object must be one of `known`.
    void only(std::initializer_list<const char*> known) const {
        for (const auto& [key, value] : m_j.items()) {
            bool found = false;
            for (const char* k : known) found = found || key == k;
            if (!found) fail(field(key), "unknown field");
        }
    }
    const Json* get(const char* key) const { return m_j.contains(key) ? &m_j.at(key) : nullptr; }
    std::string field(const std::string& key) const {
        return m_path.empty() ? key : m_path + "." + key;
    }
    void integer(const char* key, int& out, long long low, long long high) const {
        if (const Json* v = get(key)) {
            if (!v->is_number_integer())
                fail(field(key), "expected a whole number, got " + v->dump());
            if (v->is_number_unsigned() && v->get<std::uint64_t>() > std::uint64_t(high))
                fail(field(key), "must be " + std::to_string(low) + ".." + std::to_string(high) +
                                     ", got " + v->dump());
            const long long n = v->get<long long>();
            if (n < low || n > high)
                fail(field(key), "must be " + std::to_string(low) + ".." + std::to_string(high) +
                                     ", got " + std::to_string(n));
            out = int(n);
        }
    }
    void number(const char* key, double& out, double low, double high) const {
        if (const Json* v = get(key)) {
            if (!v->is_number()) fail(field(key), "expected a number, got " + v->dump());
            const double x = v->get<double>();
            if (!(x >= low && x <= high))
                fail(field(key), "must be in [" + Json(low).dump() + ", " + Json(high).dump() +
                                     "], got " + v->dump());
            out = x;
        }
    }
    void boolean(const char* key, bool& out) const {
        if (const Json* v = get(key)) {
            if (!v->is_boolean()) fail(field(key), "expected true or false, got " + v->dump());
            out = v->get<bool>();
        }
    }
    std::optional<std::string> text(const char* key) const {
        const Json* v = get(key);
        if (!v) return std::nullopt;
        if (!v->is_string()) fail(field(key), "expected a string, got " + v->dump());
        return v->get<std::string>();
    }

private:
    const Json& m_j;
    std::string m_path;
};

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
    return j;
}

TransformerConfig transformerFromJson(const Json& j, const std::string& path) {
    const Reader r(j, path);
    r.only({"vocab", "seq", "d_model", "heads", "layers", "d_ff", "ffn", "ffn_activation",
            "qkv_activation", "norm", "causal", "outputs", "pool", "init"});
    TransformerConfig c;
    r.integer("vocab", c.vocabulary, 2, kMaxTransformerVocabulary);
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
    r.integer("outputs", c.outputs, 1, kMaxTransformerVocabulary + 1);
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

template <typename Result, typename Read>
std::optional<Result> parse(const std::string& text, std::string* error, Read read) {
    try {
        return read(Json::parse(text));
    } catch (const FieldError& e) {
        if (error) *error = e.message;
    } catch (const Json::parse_error& e) {
        if (error) *error = std::string("not valid JSON (") + e.what() + ")";
    } catch (const Json::exception& e) {
        if (error) *error = e.what();
    }
    return std::nullopt;
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
    const OptimizerConfig& o = c.optimizer;
    Json j;
    j["version"] = 1;
    j["task"] = c.task;
    j["seq"] = c.taskOptions.sequence;
    j["vocab"] = c.taskOptions.vocabulary;
    j["model"] = transformerJson(c.model);
    j["optimizer"] = {
        {"kind", std::string(optimizerName(o.kind))},
        {"lr", o.learningRate},
        {"momentum", o.momentum},
        {"beta1", o.beta1},
        {"beta2", o.beta2},
        {"eps", o.epsilon},
        {"weight_decay", o.weightDecay},
        {"clip", o.clipNorm},
        {"schedule", o.schedule == LearningRateSchedule::Constant ? "constant" : "cosine"},
        {"warmup", o.warmupSteps},
        {"total_steps", o.totalSteps}};
    j["batch"] = c.batch;
    j["seed"] = c.seed;
    j["test_sequences"] = c.testSequences;
    j["probes"] = c.probes;
    return j.dump();
}

std::optional<SequenceTrainingConfig> sequenceTrainingConfigFromJson(const std::string& text,
                                                                     std::string* error) {
    return parse<SequenceTrainingConfig>(text, error, [](const Json& j) {
        const Reader r(j, "");
        r.only({"version", "task", "seq", "vocab", "model", "optimizer", "batch", "seed",
                "test_sequences", "probes"});
        int version = 1;
        r.integer("version", version, 1, 1'000'000);
        if (version > 1)
            fail("version", "this configuration is version " + std::to_string(version) +
                                "; this ActLab reads version 1");
        SequenceTrainingConfig c;
        if (auto task = r.text("task")) {
            if (!findSequenceTask(*task)) fail("task", "unknown task \"" + *task + "\"");
            c.task = *task;
        }
        r.integer("seq", c.taskOptions.sequence, 0, kMaxTransformerSequence);
        r.integer("vocab", c.taskOptions.vocabulary, 0, kMaxTransformerVocabulary);
        if (const Json* m = r.get("model")) c.model = transformerFromJson(*m, "model");
        if (const Json* oj = r.get("optimizer")) {
            const Reader o(*oj, "optimizer");
            o.only({"kind", "lr", "momentum", "beta1", "beta2", "eps", "weight_decay", "clip",
                    "schedule", "warmup", "total_steps"});
            OptimizerConfig& oc = c.optimizer;
            if (auto kind = o.text("kind")) {
                auto parsed = parseOptimizer(*kind);
                if (!parsed) fail("optimizer.kind", "unknown optimizer \"" + *kind + "\"");
                oc.kind = *parsed;
            }
            o.number("lr", oc.learningRate, 1e-7, 10);
            o.number("momentum", oc.momentum, 0, 0.999);
            o.number("beta1", oc.beta1, 0, 0.9999);
            o.number("beta2", oc.beta2, 0, 0.99999);
            o.number("eps", oc.epsilon, 1e-12, 1);
            o.number("weight_decay", oc.weightDecay, 0, 1);
            o.number("clip", oc.clipNorm, 0, 1e6);
            if (auto schedule = o.text("schedule")) {
                if (*schedule == "constant")
                    oc.schedule = LearningRateSchedule::Constant;
                else if (*schedule == "cosine")
                    oc.schedule = LearningRateSchedule::WarmupCosine;
                else
                    fail("optimizer.schedule", "expected constant or cosine");
            }
            o.integer("warmup", oc.warmupSteps, 0, 10'000'000);
            o.integer("total_steps", oc.totalSteps, 0, 10'000'000);
        }
        r.integer("batch", c.batch, 1, 512);
        if (const Json* seed = r.get("seed")) {
            if (!seed->is_number_unsigned()) fail("seed", "expected a whole number ≥ 0");
            c.seed = seed->get<std::uint64_t>();
        }
        r.integer("test_sequences", c.testSequences, 1, 65536);
        r.integer("probes", c.probes, 1, 512);
        return c;
    });
}

}  // namespace actlab
