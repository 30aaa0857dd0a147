// JSON ↔ TrainingConfig with the shared field reader (config/json_fields.h): the writer emits
// every field; the reader accepts a subset and names the first bad field in the error.
#include "config/training_config_json.h"

#include "config/json_fields.h"

namespace actlab {
namespace {

using namespace config_json;

Json dataJson(const DatasetOptions& d) {
    Json features = Json::array();
    for (Feature f : d.features) features.push_back(std::string(featureName(f)));
    return {{"points", d.points},
            {"noise", d.noise},
            {"train_share", d.trainShare},
            {"seed", d.seed},
            {"features", features}};
}

void dataFromJson(const Json& j, DatasetOptions& d) {
    const Reader r(j, "data");
    r.only({"points", "noise", "train_share", "seed", "features"});
    r.integer("points", d.points, 0, kMaxPoints);
    if (d.points > 0 && d.points < kMinPoints)
        fail("data.points", "must be 0 (the task's default) or " + std::to_string(kMinPoints) +
                                ".." + std::to_string(kMaxPoints) + ", got " +
                                std::to_string(d.points));
    r.number("noise", d.noise, 0, 1);
    r.number("train_share", d.trainShare, 0, 1);
    if (d.trainShare <= 0 || d.trainShare >= 1)
        fail("data.train_share", "must be between 0 and 1, got " + r.get("train_share")->dump());
    r.seed("seed", d.seed, kMaxSeed);
    if (const Json* features = r.get("features")) {
        if (!features->is_array()) fail("data.features", "expected a list of feature names");
        d.features.clear();
        for (size_t i = 0; i < features->size(); ++i) {
            const Json& name = (*features)[i];
            const std::string path = "data.features[" + std::to_string(i) + "]";
            auto feature = name.is_string() ? parseFeature(name.get<std::string>()) : std::nullopt;
            if (!feature)
                fail(path,
                     "expected x1, x2, x1^2, x2^2, x1*x2, sin_x1 or sin_x2, got " + name.dump());
            d.features.push_back(*feature);
        }
    }
}

Json userPointsJson(const LabelledPoints& points) {
    Json rows = Json::array();
    for (size_t i = 0; i < points.size(); ++i)
        rows.push_back({points.inputs[2 * i], points.inputs[2 * i + 1], int(points.targets[i])});
    return rows;
}

LabelledPoints userPointsFromJson(const Json& j) {
    if (!j.is_array()) fail("user_points", "expected a list of [x1, x2, label]");
    if (j.size() > kMaxUserPoints)
        fail("user_points", "at most " + std::to_string(kMaxUserPoints) + " points");
    LabelledPoints points;
    for (size_t i = 0; i < j.size(); ++i) {
        const Json& row = j[i];
        const std::string path = "user_points[" + std::to_string(i) + "]";
        if (!row.is_array() || row.size() != 3 || !row[0].is_number() || !row[1].is_number())
            fail(path, "expected [x1, x2, label], got " + row.dump());
        points.inputs.push_back(row[0].get<double>());
        points.inputs.push_back(row[1].get<double>());
        points.targets.push_back(double(Reader::wholeIn(row[2], path + "[2]", 0, 2)));
    }
    return points;
}

Json modelJson(const ModelConfig& m) {
    Json activations = Json::array();
    for (const ActivationConfig& a : m.activations) activations.push_back(activationToJson(a));
    Json j = {{"kind", m.kind == ModelKind::GluFfn ? "glu" : "mlp"},
              {"hidden", m.hidden},
              {"activations", activations},
              {"prelu_per_neuron", m.preluPerNeuron},
              {"d_model", m.dModel},
              {"blocks", m.blocks},
              {"d_ff", m.dFf},
              {"biases", m.biases},
              {"init", std::string(initialiserName(m.init))},
              {"bias_init", m.biasInit},
              {"seed", m.seed}};
    if (m.mixPerUnit) j["mix_per_unit"] = true;  // written only when set: older files stay equal
    return j;
}

void modelFromJson(const Json& j, ModelConfig& m) {
    const Reader r(j, "model");
    r.only({"kind", "hidden", "activations", "prelu_per_neuron", "mix_per_unit", "d_model",
            "blocks", "d_ff", "biases", "init", "bias_init", "seed"});
    if (auto kind = r.text("kind")) {
        if (*kind != "mlp" && *kind != "glu")
            fail("model.kind", "expected mlp or glu, got \"" + *kind + "\"");
        m.kind = *kind == "glu" ? ModelKind::GluFfn : ModelKind::Mlp;
    }
    if (const Json* hidden = r.get("hidden")) {
        if (!hidden->is_array() || hidden->empty() || hidden->size() > size_t(kMaxHiddenLayers))
            fail("model.hidden", "expected a list of 1 to " + std::to_string(kMaxHiddenLayers) +
                                     " widths, got " + hidden->dump());
        m.hidden.clear();
        for (size_t i = 0; i < hidden->size(); ++i)
            m.hidden.push_back(int(Reader::wholeIn(
                (*hidden)[i], "model.hidden[" + std::to_string(i) + "]", 1, kMaxWidth)));
    }
    if (const Json* a = r.get("activations")) {
        m.activations.clear();
        if (!a->is_array()) {
            m.activations.push_back(activationFromJson(*a, "model.activations"));
        } else {
            if (a->empty() || a->size() > size_t(kMaxHiddenLayers))
                fail("model.activations",
                     "expected 1 to " + std::to_string(kMaxHiddenLayers) + " functions");
            for (size_t i = 0; i < a->size(); ++i)
                m.activations.push_back(
                    activationFromJson((*a)[i], "model.activations[" + std::to_string(i) + "]"));
        }
    } else if (m.kind == ModelKind::GluFfn) {
        m.activations = {ActivationConfig::withDefaults(ActivationId::Swiglu)};
    }
    r.boolean("prelu_per_neuron", m.preluPerNeuron);
    r.boolean("mix_per_unit", m.mixPerUnit);
    r.integer("d_model", m.dModel, 1, kMaxWidth);
    r.integer("blocks", m.blocks, 1, kMaxHiddenLayers);
    r.integer("d_ff", m.dFf, 0, kMaxFeedForwardWidth);  // 0: the 8/3 rule
    r.boolean("biases", m.biases);
    if (auto init = r.text("init")) {
        auto kind = parseInitialiser(*init);
        if (!kind)
            fail("model.init", "expected he, he_uniform, xavier or lecun, got \"" + *init + "\"");
        m.init = *kind;
    } else if (m.kind == ModelKind::GluFfn) {
        m.init = Initialiser::Xavier;  // He init makes the gated products explode
    }
    r.number("bias_init", m.biasInit, -kMaxBiasInit, kMaxBiasInit);
    r.seed("seed", m.seed, kMaxSeed);
    ModelConfig check = m;  // the sizes come from the data
    check.inputDimension = 1;
    check.outputDimension = 1;
    if (auto problem = validateModelConfig(check)) fail("model", *problem);
}

}  // namespace

std::string trainingConfigToJson(const TrainingConfig& c) {
    Json j;
    j["version"] = 1;
    j["task"] = c.task;
    j["data"] = dataJson(c.data);
    if (c.userPoints) j["user_points"] = userPointsJson(*c.userPoints);
    j["user_classes"] = c.userClasses;
    j["model"] = modelJson(c.model);
    j["optimizer"] = optimizerToJson(c.optimizer);
    j["batch"] = c.batch;
    j["l1"] = c.l1;
    j["l2"] = c.l2;
    j["surface_resolution"] = c.surfaceResolution;
    j["neuron_resolution"] = c.neuronResolution;
    return j.dump();
}

std::optional<TrainingConfig> trainingConfigFromJson(const std::string& text, std::string* error) {
    return parse<TrainingConfig>(text, error, [](const Json& j) {
        const Reader r(j, "");
        r.only({"version", "task", "data", "user_points", "user_classes", "model", "optimizer",
                "batch", "l1", "l2", "surface_resolution", "neuron_resolution"});
        r.version();
        TrainingConfig c;
        if (auto task = r.text("task")) {
            if (*task != "user" && !findDataset(*task))
                fail("task", "unknown task \"" + *task + "\"");
            c.task = *task;
        }
        if (const Json* d = r.get("data")) dataFromJson(*d, c.data);
        if (const Json* points = r.get("user_points")) c.userPoints = userPointsFromJson(*points);
        r.integer("user_classes", c.userClasses, 2, 3);
        if (const Json* m = r.get("model")) modelFromJson(*m, c.model);
        if (const Json* o = r.get("optimizer")) optimizerFromJson(*o, "optimizer", c.optimizer);
        r.integer("batch", c.batch, 1, kMaxBatch);
        r.number("l1", c.l1, 0, kMaxPenalty);
        r.number("l2", c.l2, 0, kMaxPenalty);
        r.integer("surface_resolution", c.surfaceResolution, 2, kMaxSurfaceResolution);
        r.integer("neuron_resolution", c.neuronResolution, 2, kMaxSurfaceResolution);
        return c;
    });
}

}  // namespace actlab
