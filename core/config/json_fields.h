// Internal to core/config (it includes nlohmann-json, which stays private to core): the pieces
// every configuration reader and writer shares: field errors, the field reader, activations and
// the optimizer object.
#pragma once

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>

#include "activations/catalogue.h"
#include "optimizers/optimizer.h"

namespace actlab::config_json {

using Json = nlohmann::json;

// A field problem: "<path>: <what>".
struct FieldError {
    std::string message;
};

[[noreturn]] inline void fail(const std::string& path, const std::string& what) {
    std::string message = path + ": " + what;
    std::replace(message.begin(), message.end(), '\n', ' ');  // names from the text: one line
    std::replace(message.begin(), message.end(), '\r', ' ');
    throw FieldError{message};
}

// A catalogue name, or {"name": …, "params": {…}} when a parameter differs from its default; a
// mix as its spec, "mix(relu,gelu,silu)".
inline Json activationToJson(const ActivationConfig& a) {
    if (a.id == ActivationId::Mix) return activationSpec(a);
    const ActivationInfo& info = a.info();
    const ActivationConfig defaults = ActivationConfig::withDefaults(a.id);
    Json params = Json::object();
    for (size_t i = 0; i < info.parameters.size(); ++i)
        if (a.parameters[i] != defaults.parameters[i])
            params[std::string(info.parameters[i].name)] = a.parameters[i];
    if (params.empty()) return std::string(info.name);
    return Json{{"name", std::string(info.name)}, {"params", params}};
}

inline ActivationConfig activationFromJson(const Json& j, const std::string& path) {
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
    std::string error;
    const std::optional<ActivationConfig> parsed =
        name->get<std::string>().starts_with("mix")
            ? parseActivationSpec(name->get<std::string>(), &error)
            : std::nullopt;
    if (!error.empty()) fail(path, error);
    const ActivationInfo* info = findActivation(name->get<std::string>());
    if (!parsed && !info) fail(path, "unknown function '" + name->get<std::string>() + "'");
    ActivationConfig config = parsed ? *parsed : ActivationConfig::withDefaults(info->id);
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
        if (const Json* v = get(key)) out = int(wholeIn(*v, field(key), low, high));
    }
    // A seed: a whole number in [0, high].
    void seed(const char* key, std::uint64_t& out, long long high) const {
        if (const Json* v = get(key)) out = std::uint64_t(wholeIn(*v, field(key), 0, high));
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
    // {"version": n}: absent or 1; a later version is refused by name.
    void version() const {
        int version = 1;
        integer("version", version, 1, 1'000'000);
        if (version > 1)
            fail(field("version"), "this configuration is version " + std::to_string(version) +
                                       "; this ActLab reads version 1");
    }

    // v as a whole number in [low, high]; `path` names it in the error.
    static long long wholeIn(const Json& v, const std::string& path, long long low,
                             long long high) {
        if (!v.is_number_integer()) fail(path, "expected a whole number, got " + v.dump());
        if (v.is_number_unsigned() && v.get<std::uint64_t>() > std::uint64_t(high))
            fail(path, "must be " + std::to_string(low) + ".." + std::to_string(high) + ", got " +
                           v.dump());
        const long long n = v.get<long long>();
        if (n < low || n > high)
            fail(path, "must be " + std::to_string(low) + ".." + std::to_string(high) + ", got " +
                           std::to_string(n));
        return n;
    }

private:
    const Json& m_j;
    std::string m_path;
};

// {"kind", "lr", "momentum", "beta1", "beta2", "eps", "weight_decay", "clip", "schedule",
//  "warmup", "total_steps"}, with the ranges of the CLI's optimizer flags.
inline Json optimizerToJson(const OptimizerConfig& o) {
    return {{"kind", std::string(optimizerName(o.kind))},
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
}

// Overrides the fields of `oc` present in j.
inline void optimizerFromJson(const Json& j, const std::string& path, OptimizerConfig& oc) {
    const Reader o(j, path);
    o.only({"kind", "lr", "momentum", "beta1", "beta2", "eps", "weight_decay", "clip", "schedule",
            "warmup", "total_steps"});
    if (auto kind = o.text("kind")) {
        auto parsed = parseOptimizer(*kind);
        if (!parsed) fail(o.field("kind"), "unknown optimizer \"" + *kind + "\"");
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
            fail(o.field("schedule"), "expected constant or cosine");
    }
    o.integer("warmup", oc.warmupSteps, 0, 10'000'000);
    o.integer("total_steps", oc.totalSteps, 0, 10'000'000);
}

// Runs read(parsed text); a field error, bad JSON or a library error gives nullopt and *error.
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

}  // namespace actlab::config_json
