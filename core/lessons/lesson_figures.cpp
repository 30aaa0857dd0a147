// Measuring a lesson's figures with core's own functions (see lesson_figures.h).
#include "lessons/lesson_figures.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>

#include "activations/properties.h"
#include "activations/scalar_functions.h"
#include "common/compute_threads.h"
#include "config/config_json.h"
#include "config/json_fields.h"
#include "config/training_config_json.h"
#include "models/model_factory.h"
#include "training/sequence_trainer.h"
#include "training/trainer.h"

namespace actlab {
namespace {

std::pair<double, double> windowOf(const LessonFigure& figure) {
    return figure.window.value_or(std::pair{-6.0, 6.0});
}

double measureFunction(const LessonFigure& f) {
    const auto [low, high] = windowOf(f);
    if (f.what == "value_at") return evaluateScalar(*f.function, f.x).value;
    if (f.what == "derivative_at") return evaluateScalar(*f.function, f.x).first;
    if (f.what.rfind("approx_error", 0) == 0) {
        const ApproximationError e = compareFunctions(*f.reference, *f.function, low, high, 200001);
        return f.what == "approx_error" ? e.maxAbsError : std::abs(e.at);  // |x|: error is odd
    }
    const ActivationProperties p = computeProperties(*f.function, low, high);
    if (f.what == "min_value") return p.minimumValue;
    if (f.what == "min_at") return p.minimumAt;
    if (f.what == "derivative_min") return p.firstMinimum;
    return p.firstMaximum;  // derivative_max
}

double measureGlu(const LessonFigure& f) {
    ModelConfig model;
    model.kind = ModelKind::GluFfn;
    model.dModel = f.dModel;
    model.dFf = f.dFf;
    model.biases = false;  // the counts of the weight matrices, as the text quotes them
    const GluParameterCounts counts = gluParameterCounts(model);
    if (f.what == "glu_block") return double(counts.block);
    if (f.what == "glu_plain_same") return double(counts.plainSameWidth);
    if (f.what == "glu_plain_4x") return double(counts.plainFourTimes);
    return double(counts.block) / double(counts.plainSameWidth);  // glu_ratio_same
}

// The runs a scene's figures read, each trained at most once per LessonRuns: the training or
// attention configuration of run a or b for the scene's pretrain_steps, then one snapshot. They
// train on one compute thread, as the Training and Attention views do (their workers'
// setComputeThreadsOfThisThread(1)): a run's figures depend on the thread count.
class SceneRuns {
public:
    SceneRuns(const LessonScene& scene, LessonRuns& runs) : m_scene(scene), m_runs(runs) {}

    // The training run's snapshot, or nullptr with *problem.
    const TrainingSnapshot* training(const std::string& run, std::string* problem) {
        std::optional<TrainingConfig> config = trainingConfigFromJson(m_scene.configJson, problem);
        if (!config) return nullptr;
        std::string key = m_scene.configJson + " " + std::to_string(m_scene.pretrainSteps);
        if (run == "b") {
            if (!m_scene.compareActivation) {
                *problem = "run b needs the scene's compare activation";
                return nullptr;
            }
            for (ActivationConfig& a : config->model.activations) a = *m_scene.compareActivation;
            key += " " + config_json::activationToJson(*m_scene.compareActivation).dump();
        }
        auto& slot = m_runs.training[key];
        if (!slot) {
            const auto trainer = Trainer::create(*config, problem);
            if (!trainer) return nullptr;
            const ScopedComputeThreads asTheViewTrains(1);
            trainer->step(m_scene.pretrainSteps);
            slot = std::make_shared<const TrainingSnapshot>(trainer->snapshot(false));
        }
        return slot.get();
    }

    // The attention run's snapshot and its task's negator tokens, or nullptr with *problem.
    const SequenceSnapshot* attention(const std::string& run, std::vector<int>* negators,
                                      std::string* problem) {
        const std::string& json = run == "b" ? m_scene.compareConfigJson : m_scene.configJson;
        if (json.empty()) {
            *problem = "run b needs the scene's compare configuration";
            return nullptr;
        }
        const std::string key = json + " " + std::to_string(m_scene.pretrainSteps);
        auto& slot = m_runs.attention[key];
        if (!slot) {
            auto config = sequenceTrainingConfigFromJson(json, problem);
            if (!config) return nullptr;
            const auto trainer = SequenceTrainer::create(*config, problem);
            if (!trainer) return nullptr;
            const ScopedComputeThreads asTheViewTrains(1);
            trainer->step(m_scene.pretrainSteps);
            slot = std::make_shared<const SequenceSnapshot>(trainer->snapshot());
            m_runs.negators[key] = negatorTokens(trainer->task().tokenNames());
        }
        *negators = m_runs.negators[key];
        return slot.get();
    }

private:
    const LessonScene& m_scene;
    LessonRuns& m_runs;
};

double mean(const std::vector<double>& values) {
    double sum = 0;
    for (double v : values) sum += v;
    return values.empty() ? 0 : sum / double(values.size());
}

// The share of attention that queries give to the negator, over the probe sequences that have
// one: the mean over layers, heads and queries of the weight on the negator's key (uniform
// attention over T keys gives 1/T). Maps are (layers, heads, probes, T, T), tokens (probes, T).
double negatorAttention(const SequenceSnapshot& s, const std::vector<int>& negators,
                        std::string* problem) {
    const AttentionMaps& maps = s.probes.attention;
    const ProbeTokens& tokens = s.probes.tokens;
    if (maps.empty() || tokens.ids.empty() || negators.empty()) {
        *problem = "negator_attention needs the negation task's attention maps";
        return 0;
    }
    const int P = std::min(maps.probes, tokens.probes), T = std::min(maps.keys, tokens.length);
    double sum = 0;
    long long rows = 0;
    for (int p = 0; p < P; ++p)
        for (int key = 0; key < T; ++key) {
            const int token = tokens.probe(p)[size_t(key)];
            if (std::find(negators.begin(), negators.end(), token) == negators.end()) continue;
            for (int l = 0; l < maps.layers; ++l)
                for (int h = 0; h < maps.heads; ++h)
                    for (int q = 0; q < maps.queries; ++q) {
                        sum += maps.at(l, h, p, q, key);
                        ++rows;
                    }
        }
    if (rows == 0) *problem = "no probe sequence has a negator";
    return rows > 0 ? sum / double(rows) : 0;
}

// The mean weight that head `head` of block `layer` (1-based) gives, from each position after
// the first, to the token just before it, over the probe sequences (maps: (L, H, P, T, T)).
double previousTokenAttention(const SequenceSnapshot& s, int layer, int head,
                              std::string* problem) {
    const AttentionMaps& maps = s.probes.attention;
    if (maps.empty()) {
        *problem = "previous_token_attention needs the attention maps";
        return 0;
    }
    const int P = maps.probes, T = maps.queries;
    if (layer < 1 || layer > maps.layers || head < 1 || head > maps.heads || T < 2) {
        *problem =
            "the model has no head " + std::to_string(head) + " in block " + std::to_string(layer);
        return 0;
    }
    double sum = 0;
    for (int p = 0; p < P; ++p)
        for (int q = 1; q < T; ++q) sum += maps.at(layer - 1, head - 1, p, q, q - 1);
    return P > 0 ? sum / double(P * (T - 1)) : 0;
}

double measureAttention(const SequenceSnapshot& s, const LessonFigure& f,
                        const std::vector<int>& negators, std::string* problem) {
    const std::string& what = f.what;
    if (what == "token_accuracy") return s.tokenAccuracy;
    if (what == "test_loss") return s.testLoss;
    if (what == "perplexity") return std::exp(s.testLoss);  // e^(mean cross-entropy, nats)
    if (what == "attention_entropy") return s.attentionEntropy;
    if (what == "qkv_dead_fraction") return mean(s.qkvDeadFraction);
    if (what == "ffn_dead_fraction") return mean(s.ffnDeadFraction);
    if (what == "negator_attention") return negatorAttention(s, negators, problem);
    if (what == "previous_token_attention")
        return previousTokenAttention(s, f.layer, f.head, problem);
    const std::vector<double>& norms = s.layerGradientNorm;
    if (norms.empty() || (what == "layer_grad_norm" && size_t(f.layer) > norms.size())) {
        *problem = "no gradient norm for that block (pretrain_steps 0, or fewer blocks)";
        return 0;
    }
    if (what == "layer_grad_norm") return norms[size_t(f.layer) - 1];
    return norms.front() / norms.back();  // grad_norm_ratio
}

// One figure on the runs' snapshots; problems[r]: why run r (a, b) has none.
FigureMeasurement measure(const LessonSceneSnapshots& runs, const std::string problems[2],
                          const LessonScene& scene, const LessonFigure& figure) {
    FigureMeasurement m;
    const std::string& what = figure.what;
    const int run = figure.run == "b" ? 1 : 0;
    const auto missing = [&] {
        m.problem =
            problems[run].empty() ? "run " + figure.run + " has not been trained" : problems[run];
    };
    if (!lessonFigureFitsView(what, scene.view)) {
        m.problem = what + " is not measured in a " + scene.view + " scene";
    } else if (scene.view == "training" && !lessonFigureFitsView(what, "explorer")) {
        if (const TrainingSnapshot* s = runs.training[run]) {
            const ModelDiagnostics& d = s->diagnostics;
            m.measured = what == "dead_fraction"     ? d.deadFraction
                         : what == "grad_norm_ratio" ? d.gradientNormFirst / d.gradientNormLast
                         : what == "test_accuracy"   ? s->testAccuracy
                                                     : s->trainAccuracy;
        } else {
            missing();
        }
    } else if (scene.view == "attention" && !lessonFigureFitsView(what, "explorer")) {
        if (const SequenceSnapshot* s = runs.attention[run])
            m.measured = measureAttention(*s, figure, runs.negators, &m.problem);
        else
            missing();
    } else if (what.rfind("glu_", 0) == 0) {
        m.measured = measureGlu(figure);
    } else {
        m.measured = measureFunction(figure);
    }
    m.agrees = m.problem.empty() && lessonFigureAgrees(figure, m.measured);
    return m;
}

bool isRunFigure(const LessonScene& scene, const LessonFigure& figure) {
    return (scene.view == "training" || scene.view == "attention") &&
           lessonFigureFitsView(figure.what, scene.view) &&
           !lessonFigureFitsView(figure.what, "explorer");
}

// Trains the runs the scene's figures read (once per `runs`) and measures every figure.
std::vector<FigureMeasurement> trainAndMeasure(const LessonScene& scene,
                                               const std::vector<const LessonFigure*>& figures,
                                               LessonRuns& trained) {
    SceneRuns runs(scene, trained);
    LessonSceneSnapshots snapshots;
    std::string problems[2];
    for (const LessonFigure* figure : figures) {
        if (!isRunFigure(scene, *figure)) continue;
        const int run = figure->run == "b" ? 1 : 0;
        if (scene.view == "training" && !snapshots.training[run] && problems[run].empty())
            snapshots.training[run] = runs.training(figure->run, &problems[run]);
        if (scene.view == "attention" && !snapshots.attention[run] && problems[run].empty()) {
            std::vector<int> negators;
            snapshots.attention[run] = runs.attention(figure->run, &negators, &problems[run]);
            if (run == 0 || snapshots.negators.empty()) snapshots.negators = negators;
        }
    }
    std::vector<FigureMeasurement> measurements;
    for (const LessonFigure* figure : figures)
        measurements.push_back(measure(snapshots, problems, scene, *figure));
    return measurements;
}

}  // namespace

FigureMeasurement measureLessonFigure(const LessonScene& scene, const LessonFigure& figure) {
    LessonRuns trained;
    return trainAndMeasure(scene, {&figure}, trained).front();
}

std::vector<FigureMeasurement> measureLessonFigures(const LessonScene& scene, LessonRuns* shared) {
    LessonRuns local;
    std::vector<const LessonFigure*> figures;
    for (const LessonFigure& figure : scene.figures) figures.push_back(&figure);
    return trainAndMeasure(scene, figures, shared ? *shared : local);
}

std::vector<FigureMeasurement> measureLessonFigures(const LessonScene& scene,
                                                    const LessonSceneSnapshots& runs) {
    const std::string problems[2];
    std::vector<FigureMeasurement> measurements;
    for (const LessonFigure& figure : scene.figures)
        measurements.push_back(measure(runs, problems, scene, figure));
    return measurements;
}

bool lessonFigureAgrees(const LessonFigure& figure, double measured) {
    const double slack = 1e-12 * std::max(1.0, std::abs(figure.value));
    return std::abs(measured - figure.value) <= figure.tolerance + slack;
}

std::vector<int> negatorTokens(const std::vector<std::string>& tokenNames) {
    std::vector<int> negators;
    for (size_t i = 0; i < tokenNames.size(); ++i)
        if (tokenNames[i] == "not" || tokenNames[i] == "never" || tokenNames[i] == "no")
            negators.push_back(int(i));
    return negators;
}

}  // namespace actlab
