// The typed probes of a timeline's snapshots as JSON, and the conversion of the named tensors that
// files written before them hold (the format is in probes_json.h).
#include "config/probes_json.h"

#include <cstring>
#include <limits>

#include "common/base64.h"

namespace actlab::config_json {
namespace {

constexpr std::int64_t kLargestProbe = 64ll * 1024 * 1024;  // values, far beyond any picture

std::string floatsText(const std::vector<float>& values) {
    std::string bytes(values.size() * sizeof(float), '\0');
    if (!bytes.empty()) std::memcpy(bytes.data(), values.data(), bytes.size());
    return encodeBase64(bytes);
}

// The base64 float32 values at `key`: exactly `count` of them.
std::vector<float> floatsFrom(const Reader& r, const char* key, std::int64_t count) {
    const std::optional<std::string> bytes = decodeBase64(r.text(key).value_or(""));
    if (!bytes) fail(r.field(key), "expected base64");
    if (bytes->size() != size_t(count) * sizeof(float))
        fail(r.field(key), std::to_string(bytes->size() / sizeof(float)) +
                               " values for a shape of " + std::to_string(count));
    std::vector<float> values(static_cast<size_t>(count));
    if (count > 0) std::memcpy(values.data(), bytes->data(), bytes->size());
    return values;
}

// The product of the extents, refused past kLargestProbe values.
std::int64_t countOf(std::initializer_list<std::int64_t> extents, const std::string& path) {
    std::int64_t count = 1;
    for (std::int64_t extent : extents) {
        count = extent == 0 ? 0 : count * extent;
        if (count > kLargestProbe) fail(path, "too many values");
    }
    return count;
}

Json tokensJson(const std::vector<Token>& ids) {
    Json out = Json::array();
    for (Token id : ids) out.push_back(id);
    return out;
}

std::vector<Token> tokensFrom(const Reader& r, const char* key, std::int64_t count) {
    std::vector<Token> ids;
    const Json* list = r.get(key);
    if (!list) return ids;
    if (!list->is_array() || std::int64_t(list->size()) != count)
        fail(r.field(key), "expected " + std::to_string(count) + " whole numbers");
    for (size_t i = 0; i < list->size(); ++i)
        ids.push_back(Token(
            Reader::wholeIn((*list)[i], r.field(key) + "[" + std::to_string(i) + "]",
                            std::numeric_limits<Token>::min(), std::numeric_limits<Token>::max())));
    return ids;
}

// An extent at `key` (0 when absent).
int extentFrom(const Reader& r, const char* key) {
    int extent = 0;
    r.integer(key, extent, 0, int(kLargestProbe));
    return extent;
}

// A probe as files before the typed probes wrote it: {"name", "shape", "values"}.
struct NamedTensor {
    std::string name;
    std::vector<std::int64_t> shape;  // row-major extents
    std::vector<float> values;        // Π shape values
    std::string path;                 // where it was read, for errors
};

NamedTensor namedTensorFrom(const Json& j, const std::string& path) {
    const Reader r(j, path);
    r.only({"name", "shape", "values"});
    NamedTensor tensor{r.text("name").value_or(""), {}, {}, path};
    if (tensor.name.empty()) fail(r.field("name"), "missing");
    if (!j.contains("shape")) fail(r.field("shape"), "missing");
    const Json& shape = j.at("shape");
    if (!shape.is_array() || shape.size() > 8) fail(r.field("shape"), "expected 0 to 8 extents");
    std::int64_t count = 1;
    for (size_t i = 0; i < shape.size(); ++i) {
        const auto extent = std::int64_t(Reader::wholeIn(
            shape[i], r.field("shape") + "[" + std::to_string(i) + "]", 0, kLargestProbe));
        tensor.shape.push_back(extent);
        count = extent == 0 ? 0 : count * extent;
        if (count > kLargestProbe) fail(r.field("shape"), "too many values");
    }
    tensor.values = floatsFrom(r, "values", count);
    return tensor;
}

std::vector<NamedTensor> namedTensorsFrom(const Json& list, const std::string& path) {
    std::vector<NamedTensor> tensors;
    for (size_t i = 0; i < list.size(); ++i)
        tensors.push_back(namedTensorFrom(list[i], path + "[" + std::to_string(i) + "]"));
    return tensors;
}

void expectRank(const NamedTensor& t, size_t rank) {
    if (t.shape.size() != rank)
        fail(t.path + ".shape",
             "expected " + std::to_string(rank) + " extents for \"" + t.name + "\"");
}

// "neuron_maps.L" → L, or -1 for another name.
int neuronLayer(const std::string& name) {
    const std::string prefix = "neuron_maps.";
    if (name.rfind(prefix, 0) != 0 || name.size() == prefix.size() ||
        name.size() > prefix.size() + 4)
        return -1;
    int layer = 0;
    for (char c : name.substr(prefix.size())) {
        if (c < '0' || c > '9') return -1;
        layer = layer * 10 + (c - '0');
    }
    return layer;
}

// The named tensors "decision_surface" (n, n), "decision_confidence" (n, n), "neuron_maps.L"
// (units, n, n) and "fitted_curve" (points, 2) as typed pictures; other names are left out.
TrainingProbes trainingProbesFromNamed(const std::vector<NamedTensor>& tensors) {
    TrainingProbes probes;
    for (const NamedTensor& t : tensors) {
        if (t.name == "decision_surface" || t.name == "decision_confidence") {
            expectRank(t, 2);
            if (t.shape[0] != t.shape[1]) fail(t.path + ".shape", "expected a square grid");
            probes.surface.resolution = int(t.shape[0]);
            (t.name == "decision_surface" ? probes.surface.values : probes.surface.confidence) =
                t.values;
        } else if (const int layer = neuronLayer(t.name); layer >= 0) {
            expectRank(t, 3);
            if (t.shape[1] != t.shape[2]) fail(t.path + ".shape", "expected square maps");
            if (probes.neuronMaps.size() <= size_t(layer))
                probes.neuronMaps.resize(size_t(layer) + 1);
            probes.neuronMaps[size_t(layer)] = {int(t.shape[0]), int(t.shape[1]), t.values};
        } else if (t.name == "fitted_curve") {
            expectRank(t, 2);
            if (t.shape[1] != 2) fail(t.path + ".shape", "expected (points, 2)");
            for (size_t i = 0; i + 1 < t.values.size(); i += 2) {
                probes.fittedCurve.x.push_back(t.values[i]);
                probes.fittedCurve.y.push_back(t.values[i + 1]);
            }
        }
    }
    if (probes.surface.values.empty()) probes.surface = {};  // a confidence alone is no surface
    return probes;
}

// The named tensors "attention" (L, H, P, T, T), "tokens" (P, T) as floats and "logits"
// (P, T, classes) or pooled (P, classes) as typed probes; the targets are not known.
SequenceProbes sequenceProbesFromNamed(const std::vector<NamedTensor>& tensors) {
    SequenceProbes probes;
    for (const NamedTensor& t : tensors) {
        const auto& s = t.shape;
        if (t.name == "attention") {
            expectRank(t, 5);
            probes.attention = {int(s[0]), int(s[1]), int(s[2]), int(s[3]), int(s[4]), t.values};
        } else if (t.name == "tokens") {
            expectRank(t, 2);
            probes.tokens = {int(s[0]), int(s[1]), {}};
            for (float v : t.values) probes.tokens.ids.push_back(Token(v));
        } else if (t.name == "logits") {
            if (s.size() != 2) expectRank(t, 3);
            const bool pooled = s.size() == 2;
            probes.predictions = predictProbes(t.values, int(s[0]), pooled ? 1 : int(s[1]),
                                               int(s.back()), pooled, {});
        }
    }
    return probes;
}

}  // namespace

Json trainingProbesJson(const TrainingProbes& probes) {
    Json out = Json::object();
    const DecisionSurface& surface = probes.surface;
    if (!surface.empty())
        out["surface"] = {{"resolution", surface.resolution},
                          {"values", floatsText(surface.values)},
                          {"confidence", floatsText(surface.confidence)}};
    if (!probes.neuronMaps.empty()) {
        Json maps = Json::array();
        for (const NeuronMaps& m : probes.neuronMaps)
            maps.push_back({{"units", m.units},
                            {"resolution", m.resolution},
                            {"values", floatsText(m.values)}});
        out["neuron_maps"] = maps;
    }
    if (!probes.fittedCurve.empty())
        out["fitted_curve"] = {{"x", floatsText(probes.fittedCurve.x)},
                               {"y", floatsText(probes.fittedCurve.y)}};
    return out;
}

TrainingProbes trainingProbesFrom(const Json& j, const std::string& path) {
    if (j.is_array()) return trainingProbesFromNamed(namedTensorsFrom(j, path));
    const Reader r(j, path);
    r.only({"surface", "neuron_maps", "fitted_curve"});
    TrainingProbes probes;
    if (const Json* surface = r.get("surface")) {
        const Reader s(*surface, r.field("surface"));
        s.only({"resolution", "values", "confidence"});
        const int n = extentFrom(s, "resolution");
        const std::int64_t cells = countOf({n, n}, s.field("resolution"));
        probes.surface.resolution = n;
        probes.surface.values = floatsFrom(s, "values", cells);
        const std::string confidence = s.text("confidence").value_or("");
        if (!confidence.empty()) probes.surface.confidence = floatsFrom(s, "confidence", cells);
    }
    if (const Json* maps = r.get("neuron_maps")) {
        if (!maps->is_array()) fail(r.field("neuron_maps"), "expected an array");
        for (size_t i = 0; i < maps->size(); ++i) {
            const Reader m((*maps)[i], r.field("neuron_maps") + "[" + std::to_string(i) + "]");
            m.only({"units", "resolution", "values"});
            NeuronMaps layer{extentFrom(m, "units"), extentFrom(m, "resolution"), {}};
            layer.values = floatsFrom(
                m, "values",
                countOf({layer.units, layer.resolution, layer.resolution}, m.field("units")));
            probes.neuronMaps.push_back(std::move(layer));
        }
    }
    if (const Json* curve = r.get("fitted_curve")) {
        const Reader c(*curve, r.field("fitted_curve"));
        c.only({"x", "y"});
        const std::optional<std::string> x = decodeBase64(c.text("x").value_or(""));
        if (!x) fail(c.field("x"), "expected base64");
        const auto points = std::int64_t(x->size() / sizeof(float));
        probes.fittedCurve.x = floatsFrom(c, "x", points);
        probes.fittedCurve.y = floatsFrom(c, "y", points);
    }
    return probes;
}

Json sequenceProbesJson(const SequenceProbes& probes) {
    const AttentionMaps& a = probes.attention;
    const ProbeTokens& t = probes.tokens;
    const ProbePredictions& p = probes.predictions;
    return {{"attention",
             {{"layers", a.layers},
              {"heads", a.heads},
              {"probes", a.probes},
              {"queries", a.queries},
              {"keys", a.keys},
              {"values", floatsText(a.weights)}}},
            {"tokens", {{"probes", t.probes}, {"length", t.length}, {"ids", tokensJson(t.ids)}}},
            {"predictions",
             {{"probes", p.probes},
              {"rows", p.rows},
              {"classes", p.classes},
              {"pooled", p.pooled},
              {"logits", floatsText(p.logits)},
              {"targets", tokensJson(p.targets)}}}};
}

SequenceProbes sequenceProbesFrom(const Json& j, const std::string& path) {
    if (j.is_array()) return sequenceProbesFromNamed(namedTensorsFrom(j, path));
    const Reader r(j, path);
    r.only({"attention", "tokens", "predictions"});
    SequenceProbes probes;
    if (const Json* attention = r.get("attention")) {
        const Reader a(*attention, r.field("attention"));
        a.only({"layers", "heads", "probes", "queries", "keys", "values"});
        AttentionMaps& m = probes.attention;
        m = {extentFrom(a, "layers"),  extentFrom(a, "heads"), extentFrom(a, "probes"),
             extentFrom(a, "queries"), extentFrom(a, "keys"),  {}};
        m.weights = floatsFrom(
            a, "values",
            countOf({m.layers, m.heads, m.probes, m.queries, m.keys}, a.field("layers")));
    }
    if (const Json* tokens = r.get("tokens")) {
        const Reader t(*tokens, r.field("tokens"));
        t.only({"probes", "length", "ids"});
        ProbeTokens& ids = probes.tokens;
        ids = {extentFrom(t, "probes"), extentFrom(t, "length"), {}};
        ids.ids = tokensFrom(t, "ids", countOf({ids.probes, ids.length}, t.field("probes")));
    }
    if (const Json* predictions = r.get("predictions")) {
        const Reader p(*predictions, r.field("predictions"));
        p.only({"probes", "rows", "classes", "pooled", "logits", "targets"});
        const int count = extentFrom(p, "probes"), rows = extentFrom(p, "rows"),
                  classes = extentFrom(p, "classes");
        bool pooled = false;
        p.boolean("pooled", pooled);
        std::vector<float> logits =
            floatsFrom(p, "logits", countOf({count, rows, classes}, p.field("probes")));
        std::vector<Token> targets;
        if (const Json* list = p.get("targets"); list && !(list->is_array() && list->empty()))
            targets = tokensFrom(p, "targets", countOf({count, rows}, p.field("probes")));
        probes.predictions =
            predictProbes(std::move(logits), count, rows, classes, pooled, std::move(targets));
    }
    return probes;
}

}  // namespace actlab::config_json
