// Run states as JSON. A Training-lab run:
//   {"version": 1, "kind": "training", "config": {trainingConfigToJson},
//    "steps", "diverged_at", "last_batch_loss", "data_order": [rows], "data_cursor",
//    "shuffle_seed": "decimal u64", "revived", "previous_dead": [[1 where dead at an earlier
//    history point] per layer] | null, "history": {"stride", "offered", "last_step",
//    "train_loss_steps": {"width", "buckets": [[first step, last step, count, min, mean, max]]},
//    "distributions": [sites, config/distributions_json.h],
//    "points": [{"step", "train_loss", "test_loss", "train_acc", "test_acc", "dead_fraction",
//    "layer_dead", "layer_grad_norm", "vanishing_fraction", "grad_norm_first", "grad_norm_last",
//    "revived"}]}, "optimizer_steps", "weights": "base64 safetensors"}
// (version 1 had neither train_loss_steps nor the points' last four fields).
// An Attention-lab run: "kind": "attention", "config": {sequenceTrainingConfigToJson}, "steps",
//    "diverged_at", "random": {"words": [4 × "decimal u64"], "spare", "has_spare"}, "loss_sum",
//    "loss_count", "last_train_loss", "last_gradient_norm", "last_snapshot_train_loss" | null,
//    "layer_grad_norm", "group_grad_norm": [[group, norm]], "history": {"stride", "offered",
//    "last_step", "train_loss_steps", "points": [{"step", "train_loss", "test_loss", "token_acc",
//    "sequence_acc", "head_entropy", "layer_grad_norm"}]}, "optimizer_steps", "weights".
// The weights blob holds each parameter under its own name, (rows, cols), and the moments as
// "optimizer.first.NAME" and "optimizer.second.NAME" once a step has been taken.
#include "config/run_state_json.h"

#include <charconv>
#include <cmath>
#include <initializer_list>

#include "common/base64.h"
#include "config/config_json.h"
#include "config/distributions_json.h"
#include "config/json_fields.h"
#include "config/training_config_json.h"
#include "models/safetensors.h"

namespace actlab {
namespace {

using config_json::fail;
using config_json::Json;
using config_json::Reader;

constexpr const char* kFirst = "optimizer.first.";
constexpr const char* kSecond = "optimizer.second.";

// A number written into the state; a non-finite one would become null and is refused (no
// trainer keeps one: a diverging step is not applied).
Json finiteNumber(double x) { return std::isfinite(x) ? Json(x) : Json(nullptr); }

std::string u64Text(std::uint64_t x) { return std::to_string(x); }

std::uint64_t u64From(const Json& j, const std::string& path) {
    if (!j.is_string()) fail(path, "expected a whole number as a string, got " + j.dump());
    const std::string text = j.get<std::string>();
    std::uint64_t x = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), x);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty())
        fail(path, "expected a whole number as a string, got " + j.dump());
    return x;
}

const Json& required(const Json& j, const char* key, const std::string& path) {
    if (!j.is_object()) fail(path, "expected an object");
    if (!j.contains(key)) fail(path.empty() ? key : path + "." + key, "missing");
    return j.at(key);
}

double numberFrom(const Json& j, const std::string& path) {
    if (!j.is_number()) fail(path, "expected a number, got " + j.dump());
    const double x = j.get<double>();
    if (!std::isfinite(x)) fail(path, "must be finite");
    return x;
}

long long wholeFrom(const Json& j, const std::string& path, long long low, long long high) {
    return Reader::wholeIn(j, path, low, high);
}

std::vector<double> numbersFrom(const Json& j, const std::string& path) {
    if (!j.is_array()) fail(path, "expected an array of numbers");
    std::vector<double> out;
    out.reserve(j.size());
    for (size_t i = 0; i < j.size(); ++i)
        out.push_back(numberFrom(j[i], path + "[" + std::to_string(i) + "]"));
    return out;
}

Json numbersJson(const std::vector<double>& values) {
    Json out = Json::array();
    for (double v : values) out.push_back(finiteNumber(v));
    return out;
}

// The fields of one object, each required and read with its path in the errors.
class Fields {
public:
    Fields(const Json& j, std::string path, std::initializer_list<const char*> known)
        : m_j(j), m_path(std::move(path)) {
        Reader(j, m_path).only(known);
    }
    const Json& at(const char* key) const { return required(m_j, key, m_path); }
    std::string path(const char* key) const { return m_path.empty() ? key : m_path + "." + key; }
    double number(const char* key) const { return numberFrom(at(key), path(key)); }
    std::vector<double> numbers(const char* key) const { return numbersFrom(at(key), path(key)); }
    bool has(const char* key) const { return m_j.contains(key); }
    int count(const char* key, int low = 0) const {
        return int(wholeFrom(at(key), path(key), low, 2'000'000'000));
    }
    size_t size(const char* key, long long low, long long high) const {
        return size_t(wholeFrom(at(key), path(key), low, high));
    }

private:
    const Json& m_j;
    std::string m_path;
};

// The history's thinning, last step and train-loss buckets, into any progress; returns its
// points (an array). A version-1 state has no buckets: each point's train loss becomes one.
template <typename Progress>
const Json& readHistoryHeader(const Fields& run, Progress& p) {
    const Fields history(
        run.at("history"), "history",
        {"stride", "offered", "last_step", "train_loss_steps", "distributions", "points"});
    p.historyStride = history.size("stride", 1, 1LL << 40);
    p.historyOffered = history.size("offered", 0, 1LL << 40);
    p.historyStep = history.count("last_step", -1);
    if (history.has("train_loss_steps")) {
        const Fields steps(history.at("train_loss_steps"), "history.train_loss_steps",
                           {"width", "buckets"});
        p.trainLossWidth = steps.size("width", 1, 1LL << 40);
        const Json& buckets = steps.at("buckets");
        if (!buckets.is_array()) fail("history.train_loss_steps.buckets", "expected an array");
        for (size_t i = 0; i < buckets.size(); ++i) {
            const std::string path = "history.train_loss_steps.buckets[" + std::to_string(i) + "]";
            const Json& b = buckets[i];
            if (!b.is_array() || b.size() != 6)
                fail(path, "expected [first step, last step, count, min, mean, max]");
            p.trainLossSteps.push_back({int(wholeFrom(b[0], path + "[0]", 1, 2'000'000'000)),
                                        int(wholeFrom(b[1], path + "[1]", 1, 2'000'000'000)),
                                        int(wholeFrom(b[2], path + "[2]", 1, 2'000'000'000)),
                                        numberFrom(b[3], path + "[3]"),
                                        numberFrom(b[4], path + "[4]"),
                                        numberFrom(b[5], path + "[5]")});
        }
    }
    if (history.has("distributions"))
        p.distributions = config_json::distributionsFromJson(history.at("distributions"),
                                                             "history.distributions");
    const Json& points = history.at("points");
    if (!points.is_array()) fail("history.points", "expected an array");
    return points;
}

// Version 1: the points' train losses as the train-loss series (the steps after 0).
template <typename Progress>
void trainLossFromPoints(const Fields& run, Progress& p) {
    if (run.at("history").contains("train_loss_steps")) return;
    for (const auto& point : p.history)
        if (point.step > 0)
            p.trainLossSteps.push_back(
                {point.step, point.step, 1, point.trainLoss, point.trainLoss, point.trainLoss});
}

// The parameters and moments as a safetensors blob, base64.
std::string weightsBlob(const std::vector<Parameter<float>*>& parameters,
                        const OptimizerState<float>& optimizer) {
    SafetensorsFile file;
    file.metadata["actlab"] = "run state";
    for (const Parameter<float>* p : parameters)
        file.tensors.push_back({p->name, {p->rows, p->cols}, p->value});
    for (size_t k = 0; k < optimizer.first.size() && k < parameters.size(); ++k) {
        const Parameter<float>& p = *parameters[k];
        file.tensors.push_back({kFirst + p.name, {p.rows, p.cols}, optimizer.first[k]});
        file.tensors.push_back({kSecond + p.name, {p.rows, p.cols}, optimizer.second[k]});
    }
    return encodeBase64(encodeSafetensors(file));
}

// Copies the blob's tensors into the parameters and returns the moments: every parameter
// present with its shape, the moments of all or of none, nothing else.
OptimizerState<float> readWeights(const Json& j, const std::vector<Parameter<float>*>& parameters,
                                  int optimizerSteps) {
    if (!j.is_string()) fail("weights", "expected a base64 text");
    const std::optional<std::string> bytes = decodeBase64(j.get<std::string>());
    if (!bytes) fail("weights", "not valid base64");
    std::string problem;
    const std::optional<SafetensorsFile> file = decodeSafetensors(*bytes, &problem);
    if (!file) fail("weights", problem);
    const auto fits = [](const SafetensorsTensor& t, const Parameter<float>& p) {
        return t.shape == std::vector<std::int64_t>{p.rows, p.cols};
    };
    OptimizerState<float> state;
    state.steps = optimizerSteps;
    size_t used = 0;
    bool moments = false;
    for (size_t k = 0; k < parameters.size(); ++k) {
        Parameter<float>& p = *parameters[k];
        const SafetensorsTensor* value = file->find(p.name);
        if (!value) fail("weights", "no tensor for the parameter " + p.name);
        if (!fits(*value, p)) fail("weights", p.name + " has the wrong shape");
        ++used;
        const SafetensorsTensor* first = file->find(kFirst + p.name);
        const SafetensorsTensor* second = file->find(kSecond + p.name);
        if (k == 0) moments = first != nullptr;
        if ((first != nullptr) != moments || (second != nullptr) != moments)
            fail("weights", "the optimizer moments of " + p.name + " are missing");
        if (moments) {
            if (!fits(*first, p) || !fits(*second, p))
                fail("weights", "the optimizer moments of " + p.name + " have the wrong shape");
            state.first.push_back(first->values);
            state.second.push_back(second->values);
            used += 2;
        }
    }
    if (used != file->tensors.size()) fail("weights", "tensors that are no parameter of the model");
    if (moments && optimizerSteps == 0) fail("weights", "moments before any step was taken");
    // Only now, with everything checked: the values.
    for (Parameter<float>* p : parameters) p->value = file->find(p->name)->values;
    return state;
}

// The weights and moments into the rebuilt run, then its progress.
template <typename Run, typename Progress>
void finishRestore(const Fields& fields, Run& run, Progress progress) {
    const OptimizerState<float> optimizer = readWeights(
        fields.at("weights"), run.model().parameters(), fields.count("optimizer_steps"));
    std::string problem;
    if (!run.setOptimizerState(optimizer, &problem)) fail("weights", problem);
    if (!run.restoreProgress(std::move(progress), &problem)) fail("run state", problem);
}

void checkHeader(const Json& j, const char* kind) {
    if (!j.is_object()) fail("run state", "expected an object");
    const long long version = wholeFrom(required(j, "version", ""), "version", 1, 1'000'000);
    if (version > kRunStateVersion)
        fail("version", "this run was saved in version " + std::to_string(version) +
                            " of the format; this ActLab reads version " +
                            std::to_string(kRunStateVersion));
    const Json& k = required(j, "kind", "");
    if (!k.is_string() || k.get<std::string>() != kind)
        fail("kind", std::string("expected \"") + kind + "\", got " + k.dump());
}

// {"stride", "offered", "last_step", "points": [point(h) for each history point]}.
template <typename Progress, typename Point>
Json historyJson(const Progress& p, Point point) {
    Json points = Json::array();
    for (const auto& h : p.history) points.push_back(point(h));
    Json buckets = Json::array();
    for (const StepBucket& b : p.trainLossSteps)
        buckets.push_back({b.firstStep, b.lastStep, b.count, finiteNumber(b.min),
                           finiteNumber(b.mean), finiteNumber(b.max)});
    return {{"stride", p.historyStride},
            {"offered", p.historyOffered},
            {"last_step", p.historyStep},
            {"train_loss_steps", {{"width", p.trainLossWidth}, {"buckets", std::move(buckets)}}},
            {"distributions", config_json::distributionsJson(p.distributions)},
            {"points", std::move(points)}};
}

// "optimizer_steps" and the "weights" blob of any run.
template <typename Run>
void writeWeights(Json& j, Run& run) {
    const OptimizerState<float> optimizer = run.optimizerState();
    j["optimizer_steps"] = optimizer.steps;
    j["weights"] = weightsBlob(run.model().parameters(), optimizer);
}

template <typename Result, typename Read>
std::unique_ptr<Result> parseState(const std::string& text, std::string* error, Read read) {
    std::optional<std::unique_ptr<Result>> result = config_json::parse<std::unique_ptr<Result>>(
        text, error, [&](const Json& j) { return read(j); });
    return result ? std::move(*result) : nullptr;
}

}  // namespace

std::optional<int> runStateSteps(const std::string& text) {
    const Json j = Json::parse(text, nullptr, false);
    if (!j.is_object() || !j.contains("steps") || !j.at("steps").is_number_integer())
        return std::nullopt;
    const long long steps = j.at("steps").get<long long>();
    if (steps < 0 || steps > 2'000'000'000) return std::nullopt;
    return int(steps);
}

std::string trainerStateToJson(Trainer& trainer) {
    const TrainerProgress p = trainer.progress();
    Json j;
    j["version"] = kRunStateVersion;
    j["kind"] = "training";
    j["config"] = Json::parse(trainingConfigToJson(trainer.config()));
    j["steps"] = p.steps;
    j["diverged_at"] = p.divergedAt;
    j["last_batch_loss"] = finiteNumber(p.lastBatchLoss);
    j["data_order"] = p.order;
    j["data_cursor"] = p.cursor;
    j["shuffle_seed"] = u64Text(p.shuffleState);
    j["revived"] = p.revived;
    j["previous_dead"] = p.previousDead ? Json(*p.previousDead) : Json(nullptr);
    j["history"] = historyJson(p, [](const HistoryPoint& h) -> Json {
        return {{"step", h.step},
                {"train_loss", finiteNumber(h.trainLoss)},
                {"test_loss", finiteNumber(h.testLoss)},
                {"train_acc", finiteNumber(h.trainAccuracy)},
                {"test_acc", finiteNumber(h.testAccuracy)},
                {"dead_fraction", finiteNumber(h.deadFraction)},
                {"layer_dead", numbersJson(h.layerDeadFraction)},
                {"layer_grad_norm", numbersJson(h.layerGradientNorm)},
                {"vanishing_fraction", finiteNumber(h.vanishingFraction)},
                {"grad_norm_first", finiteNumber(h.gradientNormFirst)},
                {"grad_norm_last", finiteNumber(h.gradientNormLast)},
                {"revived", h.revived}};
    });
    writeWeights(j, trainer);
    return j.dump();
}

std::unique_ptr<Trainer> trainerFromStateJson(const std::string& text, std::string* error,
                                              Backend* backend) {
    return parseState<Trainer>(text, error, [&](const Json& j) {
        checkHeader(j, "training");
        const Fields run(j, "",
                         {"version", "kind", "config", "steps", "diverged_at", "last_batch_loss",
                          "data_order", "data_cursor", "shuffle_seed", "revived", "previous_dead",
                          "history", "optimizer_steps", "weights"});
        std::string problem;
        const std::optional<TrainingConfig> config =
            trainingConfigFromJson(run.at("config").dump(), &problem);
        if (!config) throw config_json::FieldError{"config." + problem};
        std::unique_ptr<Trainer> trainer = Trainer::create(*config, &problem, backend);
        if (!trainer) fail("config", problem);
        TrainerProgress p;
        p.steps = run.count("steps");
        p.divergedAt = run.count("diverged_at", -1);
        p.lastBatchLoss = run.number("last_batch_loss");
        const Json& order = run.at("data_order");
        if (!order.is_array()) fail("data_order", "expected an array of rows");
        for (size_t i = 0; i < order.size(); ++i)
            p.order.push_back(size_t(
                wholeFrom(order[i], "data_order[" + std::to_string(i) + "]", 0, 1'000'000'000)));
        p.cursor = run.size("data_cursor", 0, 1'000'000'000);
        p.shuffleState = u64From(run.at("shuffle_seed"), "shuffle_seed");
        p.revived = run.count("revived");
        const Json& dead = run.at("previous_dead");
        if (!dead.is_null()) {
            if (!dead.is_array()) fail("previous_dead", "expected an array per layer, or null");
            p.previousDead.emplace();
            for (size_t l = 0; l < dead.size(); ++l) {
                const std::string path = "previous_dead[" + std::to_string(l) + "]";
                if (!dead[l].is_array()) fail(path, "expected an array of 0 and 1");
                std::vector<unsigned char>& flags = p.previousDead->emplace_back();
                for (size_t u = 0; u < dead[l].size(); ++u)
                    flags.push_back((unsigned char)wholeFrom(
                        dead[l][u], path + "[" + std::to_string(u) + "]", 0, 1));
            }
        }
        const Json& points = readHistoryHeader(run, p);
        for (size_t i = 0; i < points.size(); ++i) {
            const Fields h(points[i], "history.points[" + std::to_string(i) + "]",
                           {"step", "train_loss", "test_loss", "train_acc", "test_acc",
                            "dead_fraction", "layer_dead", "layer_grad_norm", "vanishing_fraction",
                            "grad_norm_first", "grad_norm_last", "revived"});
            HistoryPoint& point = p.history.emplace_back(
                HistoryPoint{h.count("step"), h.number("train_loss"), h.number("test_loss"),
                             h.number("train_acc"), h.number("test_acc"), h.number("dead_fraction"),
                             h.numbers("layer_dead"), h.numbers("layer_grad_norm")});
            if (h.has("vanishing_fraction")) {  // version 2
                point.vanishingFraction = h.number("vanishing_fraction");
                point.gradientNormFirst = h.number("grad_norm_first");
                point.gradientNormLast = h.number("grad_norm_last");
                point.revived = h.count("revived");
            }
        }
        trainLossFromPoints(run, p);
        finishRestore(run, *trainer, std::move(p));
        return trainer;
    });
}

std::string sequenceTrainerStateToJson(SequenceTrainer& trainer) {
    const SequenceTrainerProgress p = trainer.progress();
    Json j;
    j["version"] = kRunStateVersion;
    j["kind"] = "attention";
    j["config"] = Json::parse(sequenceTrainingConfigToJson(trainer.config()));
    if (const TextCorpus* corpus = trainer.task().textCorpus())
        j["config"]["text_vocabulary"] = corpus->tokenNames();
    j["steps"] = p.steps;
    j["diverged_at"] = p.divergedAt;
    Json words = Json::array();
    for (std::uint64_t w : p.random.words) words.push_back(u64Text(w));
    j["random"] = {{"words", words},
                   {"spare", finiteNumber(p.random.spare)},
                   {"has_spare", p.random.hasSpare}};
    j["loss_sum"] = finiteNumber(p.lossSum);
    j["loss_count"] = p.lossCount;
    j["last_train_loss"] = finiteNumber(p.lastBatchLoss);
    j["last_gradient_norm"] = finiteNumber(p.lastGradientNorm);
    j["last_snapshot_train_loss"] =
        p.lastSnapshotTrainLoss ? finiteNumber(*p.lastSnapshotTrainLoss) : Json(nullptr);
    j["layer_grad_norm"] = numbersJson(p.layerGradientNorm);
    Json groups = Json::array();
    for (const auto& [name, norm] : p.groupGradientNorm)
        groups.push_back({name, finiteNumber(norm)});
    j["group_grad_norm"] = std::move(groups);
    j["history"] = historyJson(p, [](const SequenceHistoryPoint& h) -> Json {
        return {{"step", h.step},
                {"train_loss", finiteNumber(h.trainLoss)},
                {"test_loss", finiteNumber(h.testLoss)},
                {"token_acc", finiteNumber(h.tokenAccuracy)},
                {"sequence_acc", finiteNumber(h.sequenceAccuracy)},
                {"head_entropy", numbersJson(h.headEntropy)},
                {"layer_grad_norm", numbersJson(h.layerGradientNorm)}};
    });
    writeWeights(j, trainer);
    return j.dump();
}

std::unique_ptr<SequenceTrainer> sequenceTrainerFromStateJson(const std::string& text,
                                                              std::string* error) {
    return parseState<SequenceTrainer>(text, error, [&](const Json& j) {
        checkHeader(j, "attention");
        const Fields run(
            j, "",
            {"version", "kind", "config", "steps", "diverged_at", "random", "loss_sum",
             "loss_count", "last_train_loss", "last_gradient_norm", "last_snapshot_train_loss",
             "layer_grad_norm", "group_grad_norm", "history", "optimizer_steps", "weights"});
        std::string problem;
        const std::optional<SequenceTrainingConfig> config =
            sequenceTrainingConfigFromJson(run.at("config").dump(), &problem);
        if (!config) throw config_json::FieldError{"config." + problem};
        std::unique_ptr<SequenceTrainer> trainer = SequenceTrainer::create(*config, &problem);
        if (!trainer) fail("config", problem);
        const Json& configJson = run.at("config");
        if (const TextCorpus* corpus = trainer->task().textCorpus();
            corpus && configJson.contains("text_vocabulary") &&
            configJson.at("text_vocabulary") != Json(corpus->tokenNames()))
            fail("config.text_vocabulary", "does not match the text's characters");
        SequenceTrainerProgress p;
        p.steps = run.count("steps");
        p.divergedAt = run.count("diverged_at", -1);
        const Fields random(run.at("random"), "random", {"words", "spare", "has_spare"});
        const Json& words = random.at("words");
        if (!words.is_array() || words.size() != 4) fail("random.words", "expected 4 words");
        for (size_t i = 0; i < 4; ++i)
            p.random.words[i] = u64From(words[i], "random.words[" + std::to_string(i) + "]");
        p.random.spare = random.number("spare");
        if (!random.at("has_spare").is_boolean())
            fail("random.has_spare", "expected true or false");
        p.random.hasSpare = random.at("has_spare").get<bool>();
        p.lossSum = run.number("loss_sum");
        p.lossCount = run.count("loss_count");
        p.lastBatchLoss = run.number("last_train_loss");
        p.lastGradientNorm = run.number("last_gradient_norm");
        if (!run.at("last_snapshot_train_loss").is_null())
            p.lastSnapshotTrainLoss = run.number("last_snapshot_train_loss");
        p.layerGradientNorm = run.numbers("layer_grad_norm");
        const Json& groups = run.at("group_grad_norm");
        if (!groups.is_array()) fail("group_grad_norm", "expected an array of [group, norm]");
        for (size_t i = 0; i < groups.size(); ++i) {
            const std::string path = "group_grad_norm[" + std::to_string(i) + "]";
            if (!groups[i].is_array() || groups[i].size() != 2 || !groups[i][0].is_string())
                fail(path, "expected [group, norm]");
            p.groupGradientNorm.emplace_back(groups[i][0].get<std::string>(),
                                             numberFrom(groups[i][1], path + "[1]"));
        }
        const Json& points = readHistoryHeader(run, p);
        for (size_t i = 0; i < points.size(); ++i) {
            const Fields h(points[i], "history.points[" + std::to_string(i) + "]",
                           {"step", "train_loss", "test_loss", "token_acc", "sequence_acc",
                            "head_entropy", "layer_grad_norm"});
            p.history.push_back({h.count("step"), h.number("train_loss"), h.number("test_loss"),
                                 h.number("token_acc"), h.number("sequence_acc"),
                                 h.numbers("head_entropy"), h.numbers("layer_grad_norm")});
        }
        trainLossFromPoints(run, p);
        finishRestore(run, *trainer, std::move(p));
        return trainer;
    });
}

}  // namespace actlab
