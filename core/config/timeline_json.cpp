// Timelines as JSON. A Training-lab snapshot:
//   {"step", "diverged", "diverged_at", "train_loss", "test_loss", "train_acc", "test_acc",
//    "revived", "surface_low", "surface_high", "probes",
//    "diagnostics": {"dead_fraction", "vanishing_fraction", "grad_norm_first", "grad_norm_last",
//      "layers": [{"name", "width", "pass_share", "active_share", "dead", "dead_fraction",
//                  "histogram", "histogram_low", "histogram_high", "weight_norm", "grad_norm"}]}}
// An Attention-lab snapshot: "step", "diverged", "diverged_at", "train_loss", "test_loss",
//   "token_acc", "sequence_acc", "layers", "heads", "head_entropy", "head_max_weight",
//   "attention_entropy", "softmax_saturation", "qkv_dead", "ffn_dead", "layer_grad_norm",
//   "group_grad_norm": [[group, norm]], "grad_norm", "probes".
// "probes" holds the typed pictures and probes (config/probes_json.h); a file written before them
// holds named tensors [{"name", "shape", "values"}], converted on reading.
// A number that is not finite is written as null and read back as NaN (the charts leave it out).
#include "config/timeline_json.h"

#include <cmath>
#include <limits>
#include <type_traits>

#include "config/json_fields.h"
#include "config/probes_json.h"

namespace actlab {
namespace {

using config_json::fail;
using config_json::Json;
using config_json::Reader;
using config_json::sequenceProbesJson;
using config_json::trainingProbesJson;

Json number(double x) { return std::isfinite(x) ? Json(x) : Json(nullptr); }

template <typename T>
Json numbers(const std::vector<T>& values) {
    Json out = Json::array();
    for (T x : values) {
        if constexpr (std::is_integral_v<T>)
            out.push_back(int(x));
        else
            out.push_back(number(double(x)));
    }
    return out;
}

// The field's object; every reader below starts from the path to it.
const Json& at(const Json& j, const char* key, const std::string& path) {
    if (!j.contains(key)) fail(path.empty() ? key : path + "." + key, "missing");
    return j.at(key);
}

double numberOrNullFrom(const Json& j, const std::string& path) {
    if (j.is_null()) return std::numeric_limits<double>::quiet_NaN();
    if (!j.is_number()) fail(path, "expected a number, got " + j.dump());
    return j.get<double>();
}

template <typename T>
std::vector<T> numbersFrom(const Json& j, const std::string& path) {
    if (!j.is_array()) fail(path, "expected an array of numbers");
    std::vector<T> out;
    out.reserve(j.size());
    for (size_t i = 0; i < j.size(); ++i) {
        const std::string where = path + "[" + std::to_string(i) + "]";
        if constexpr (std::is_integral_v<T>) {
            out.push_back(T(Reader::wholeIn(j[i], where, std::numeric_limits<T>::min(),
                                            std::numeric_limits<T>::max())));
        } else {
            const double x = numberOrNullFrom(j[i], where);
            if (std::abs(x) > double(std::numeric_limits<T>::max()))
                fail(where, "out of range, got " + j[i].dump());
            out.push_back(T(x));
        }
    }
    return out;
}

template <typename T>
void readNumbers(const Reader& r, const char* key, std::vector<T>& out) {
    if (const Json* v = r.get(key)) out = numbersFrom<T>(*v, r.field(key));
}

void readNumber(const Reader& r, const char* key, double& out) {
    if (const Json* v = r.get(key)) out = numberOrNullFrom(*v, r.field(key));
}

Json diagnosticsJson(const ModelDiagnostics& d) {
    Json layers = Json::array();
    for (const LayerDiagnostics& l : d.layers)
        layers.push_back({{"name", l.name},
                          {"width", l.width},
                          {"pass_share", numbers(l.passShare)},
                          {"active_share", numbers(l.activeShare)},
                          {"dead", numbers(l.dead)},
                          {"dead_fraction", number(l.deadFraction)},
                          {"histogram", numbers(l.histogram)},
                          {"histogram_low", number(l.histogramLow)},
                          {"histogram_high", number(l.histogramHigh)},
                          {"weight_norm", number(l.weightNorm)},
                          {"grad_norm", number(l.gradientNorm)}});
    return {{"dead_fraction", number(d.deadFraction)},
            {"vanishing_fraction", number(d.vanishingFraction)},
            {"grad_norm_first", number(d.gradientNormFirst)},
            {"grad_norm_last", number(d.gradientNormLast)},
            {"layers", layers}};
}

ModelDiagnostics diagnosticsFrom(const Json& j, const std::string& path) {
    const Reader r(j, path);
    r.only({"dead_fraction", "vanishing_fraction", "grad_norm_first", "grad_norm_last", "layers"});
    ModelDiagnostics d;
    readNumber(r, "dead_fraction", d.deadFraction);
    readNumber(r, "vanishing_fraction", d.vanishingFraction);
    readNumber(r, "grad_norm_first", d.gradientNormFirst);
    readNumber(r, "grad_norm_last", d.gradientNormLast);
    const Json* layers = r.get("layers");
    if (!layers) return d;
    if (!layers->is_array()) fail(r.field("layers"), "expected an array");
    for (size_t i = 0; i < layers->size(); ++i) {
        const Reader l((*layers)[i], r.field("layers") + "[" + std::to_string(i) + "]");
        l.only({"name", "width", "pass_share", "active_share", "dead", "dead_fraction", "histogram",
                "histogram_low", "histogram_high", "weight_norm", "grad_norm"});
        LayerDiagnostics layer;
        layer.name = l.text("name").value_or("");
        l.integer("width", layer.width, 0, 1'000'000);
        readNumbers(l, "pass_share", layer.passShare);
        readNumbers(l, "active_share", layer.activeShare);
        readNumbers(l, "dead", layer.dead);
        readNumber(l, "dead_fraction", layer.deadFraction);
        readNumbers(l, "histogram", layer.histogram);
        readNumber(l, "histogram_low", layer.histogramLow);
        readNumber(l, "histogram_high", layer.histogramHigh);
        readNumber(l, "weight_norm", layer.weightNorm);
        readNumber(l, "grad_norm", layer.gradientNorm);
        const auto width = size_t(layer.width);
        if (layer.passShare.size() != width || layer.activeShare.size() != width ||
            layer.dead.size() != width)
            fail(l.field("width"), "the shares and dead flags need one value per unit");
        d.layers.push_back(std::move(layer));
    }
    return d;
}

Json snapshotJson(const TrainingSnapshot& s) {
    return {{"step", s.step},
            {"diverged", s.diverged},
            {"diverged_at", s.divergedAtStep},
            {"train_loss", number(s.trainLoss)},
            {"test_loss", number(s.testLoss)},
            {"train_acc", number(s.trainAccuracy)},
            {"test_acc", number(s.testAccuracy)},
            {"revived", s.revived},
            {"surface_low", number(s.surfaceLow)},
            {"surface_high", number(s.surfaceHigh)},
            {"diagnostics", diagnosticsJson(s.diagnostics)},
            {"probes", trainingProbesJson(s.probes)}};
}

Json snapshotJson(const SequenceSnapshot& s) {
    Json groups = Json::array();
    for (const auto& [group, norm] : s.groupGradientNorm) groups.push_back({group, number(norm)});
    return {{"step", s.step},
            {"diverged", s.diverged},
            {"diverged_at", s.divergedAtStep},
            {"train_loss", number(s.trainLoss)},
            {"test_loss", number(s.testLoss)},
            {"token_acc", number(s.tokenAccuracy)},
            {"sequence_acc", number(s.sequenceAccuracy)},
            {"layers", s.layers},
            {"heads", s.heads},
            {"head_entropy", numbers(s.headEntropy)},
            {"head_max_weight", numbers(s.headMaxWeight)},
            {"attention_entropy", number(s.attentionEntropy)},
            {"softmax_saturation", number(s.softmaxSaturation)},
            {"qkv_dead", numbers(s.qkvDeadFraction)},
            {"ffn_dead", numbers(s.ffnDeadFraction)},
            {"layer_grad_norm", numbers(s.layerGradientNorm)},
            {"group_grad_norm", groups},
            {"grad_norm", number(s.gradientNorm)},
            {"probes", sequenceProbesJson(s.probes)}};
}

void readCommon(const Reader& r, int& step, bool& diverged, int& divergedAt) {
    r.integer("step", step, 0, std::numeric_limits<int>::max());
    r.boolean("diverged", diverged);
    r.integer("diverged_at", divergedAt, -1, std::numeric_limits<int>::max());
}

void snapshotFrom(const Json& j, const std::string& path, TrainingSnapshot& s) {
    const Reader r(j, path);
    r.only({"step", "diverged", "diverged_at", "train_loss", "test_loss", "train_acc", "test_acc",
            "revived", "surface_low", "surface_high", "diagnostics", "probes"});
    readCommon(r, s.step, s.diverged, s.divergedAtStep);
    readNumber(r, "train_loss", s.trainLoss);
    readNumber(r, "test_loss", s.testLoss);
    readNumber(r, "train_acc", s.trainAccuracy);
    readNumber(r, "test_acc", s.testAccuracy);
    r.integer("revived", s.revived, 0, std::numeric_limits<int>::max());
    readNumber(r, "surface_low", s.surfaceLow);
    readNumber(r, "surface_high", s.surfaceHigh);
    if (const Json* d = r.get("diagnostics"))
        s.diagnostics = diagnosticsFrom(*d, r.field("diagnostics"));
    if (const Json* probes = r.get("probes"))
        s.probes = config_json::trainingProbesFrom(*probes, r.field("probes"));
}

void snapshotFrom(const Json& j, const std::string& path, SequenceSnapshot& s) {
    const Reader r(j, path);
    r.only({"step", "diverged", "diverged_at", "train_loss", "test_loss", "token_acc",
            "sequence_acc", "layers", "heads", "head_entropy", "head_max_weight",
            "attention_entropy", "softmax_saturation", "qkv_dead", "ffn_dead", "layer_grad_norm",
            "group_grad_norm", "grad_norm", "probes"});
    readCommon(r, s.step, s.diverged, s.divergedAtStep);
    s.evaluatedStep = s.step;  // a keyframe is a full snapshot
    readNumber(r, "train_loss", s.trainLoss);
    readNumber(r, "test_loss", s.testLoss);
    readNumber(r, "token_acc", s.tokenAccuracy);
    readNumber(r, "sequence_acc", s.sequenceAccuracy);
    r.integer("layers", s.layers, 0, 1000);
    r.integer("heads", s.heads, 0, 1000);
    readNumbers(r, "head_entropy", s.headEntropy);
    readNumbers(r, "head_max_weight", s.headMaxWeight);
    readNumber(r, "attention_entropy", s.attentionEntropy);
    readNumber(r, "softmax_saturation", s.softmaxSaturation);
    readNumbers(r, "qkv_dead", s.qkvDeadFraction);
    readNumbers(r, "ffn_dead", s.ffnDeadFraction);
    readNumbers(r, "layer_grad_norm", s.layerGradientNorm);
    readNumber(r, "grad_norm", s.gradientNorm);
    if (const Json* groups = r.get("group_grad_norm")) {
        if (!groups->is_array()) fail(r.field("group_grad_norm"), "expected [[group, norm]]");
        for (size_t i = 0; i < groups->size(); ++i) {
            const Json& g = (*groups)[i];
            const std::string where = r.field("group_grad_norm") + "[" + std::to_string(i) + "]";
            if (!g.is_array() || g.size() != 2 || !g[0].is_string())
                fail(where, "expected [group, norm]");
            s.groupGradientNorm.emplace_back(g[0].get<std::string>(),
                                             numberOrNullFrom(g[1], where));
        }
    }
    if (const Json* probes = r.get("probes"))
        s.probes = config_json::sequenceProbesFrom(*probes, r.field("probes"));
}

template <typename Snapshot>
std::string timelineToJson(const TimelineRecord<Snapshot>& timeline) {
    Json keyframes = Json::array();
    for (const std::vector<Snapshot>& runs : timeline.keyframes) {
        Json list = Json::array();
        for (const Snapshot& run : runs) list.push_back(snapshotJson(run));
        keyframes.push_back({{"runs", list}});
    }
    const Json j{{"version", 1}, {"spacing", timeline.spacing}, {"keyframes", keyframes}};
    return j.dump();
}

template <typename Snapshot>
std::optional<TimelineRecord<Snapshot>> timelineFromJson(const std::string& text,
                                                         std::string* error) {
    return config_json::parse<TimelineRecord<Snapshot>>(text, error, [](const Json& j) {
        const Reader r(j, "timeline");
        r.only({"version", "spacing", "keyframes"});
        r.version();
        TimelineRecord<Snapshot> timeline;
        r.integer("spacing", timeline.spacing, 1, 1 << 30);
        const Json& keyframes = at(j, "keyframes", "timeline");
        if (!keyframes.is_array()) fail("timeline.keyframes", "expected an array");
        int previous = -1;
        for (size_t i = 0; i < keyframes.size(); ++i) {
            const std::string path = "timeline.keyframes[" + std::to_string(i) + "]";
            const Reader k(keyframes[i], path);
            k.only({"runs"});
            const Json& runs = at(keyframes[i], "runs", path);
            if (!runs.is_array() || runs.empty() || runs.size() > 2)
                fail(path + ".runs", "expected one or two runs");
            std::vector<Snapshot> snapshots(runs.size());
            for (size_t run = 0; run < runs.size(); ++run)
                snapshotFrom(runs[run], path + ".runs[" + std::to_string(run) + "]",
                             snapshots[run]);
            if (snapshots.front().step <= previous)
                fail(path + ".runs[0].step", "the keyframes' steps must ascend");
            previous = snapshots.front().step;
            timeline.keyframes.push_back(std::move(snapshots));
        }
        return timeline;
    });
}

}  // namespace

std::string trainingTimelineToJson(const TimelineRecord<TrainingSnapshot>& timeline) {
    return timelineToJson(timeline);
}

std::string sequenceTimelineToJson(const TimelineRecord<SequenceSnapshot>& timeline) {
    return timelineToJson(timeline);
}

std::optional<TimelineRecord<TrainingSnapshot>> trainingTimelineFromJson(const std::string& text,
                                                                         std::string* error) {
    return timelineFromJson<TrainingSnapshot>(text, error);
}

std::optional<TimelineRecord<SequenceSnapshot>> sequenceTimelineFromJson(const std::string& text,
                                                                         std::string* error) {
    return timelineFromJson<SequenceSnapshot>(text, error);
}

}  // namespace actlab
