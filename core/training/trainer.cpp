// Trainer: seeded mini-batches, forward/loss/backward/regularise/update, divergence guard,
// and snapshots computed over the whole data set.
#include "training/trainer.h"

#include <cmath>
#include <numeric>

#include "backends/backend_factory.h"
#include "common/random.h"
#include "training/model_training_engine.h"

namespace actlab {
namespace {

// Whether the dead flags of `a` and `b` have the same layers and widths.
bool sameShape(const ModelDiagnostics& a, const ModelDiagnostics& b) {
    if (a.layers.size() != b.layers.size()) return false;
    for (size_t l = 0; l < a.layers.size(); ++l)
        if (a.layers[l].dead.size() != b.layers[l].dead.size()) return false;
    return true;
}

LossKind lossFor(TaskKind kind) {
    switch (kind) {
        case TaskKind::BinaryClassification:
            return LossKind::BceWithLogits;
        case TaskKind::MultiClassification:
            return LossKind::SoftmaxCrossEntropy;
        case TaskKind::Regression:
            return LossKind::Mse;
    }
    return LossKind::BceWithLogits;
}

bool finite(const LossValue& v) { return std::isfinite(v.loss) && std::isfinite(v.accuracy); }

// The diagnostics and surfaces of a snapshot whose losses are finite can still overflow (float
// gradients and outputs of a diverging model); such a snapshot is not shown.
bool finite(const TrainingSnapshot& s) {
    const ModelDiagnostics& d = s.diagnostics;
    bool ok = std::isfinite(d.gradientNormFirst) && std::isfinite(d.gradientNormLast) &&
              std::isfinite(d.deadFraction) && std::isfinite(d.vanishingFraction);
    for (const LayerDiagnostics& layer : d.layers)
        ok = ok && std::isfinite(layer.weightNorm) && std::isfinite(layer.gradientNorm);
    return ok && allFinite(s.probes);
}

}  // namespace

std::unique_ptr<Trainer> Trainer::create(const TrainingConfig& config, std::string* error,
                                         Backend* backend) {
    const auto fail = [&](const std::string& message) -> std::unique_ptr<Trainer> {
        if (error) *error = message;
        return nullptr;
    };
    std::unique_ptr<Trainer> t(new Trainer());
    t->m_config = config;
    std::string problem;
    std::optional<Dataset> data;
    if (config.userPoints) {
        data = makeDatasetFromPoints(*config.userPoints, config.userClasses, config.data, &problem);
    } else {
        const DatasetInfo* info = findDataset(config.task);
        if (!info) return fail("unknown task '" + config.task + "'");
        data = makeDataset(*info, config.data, &problem);
    }
    if (!data) return fail(problem);
    t->m_data = std::move(*data);
    t->m_loss = lossFor(t->m_data.kind);
    if (config.batch < 1 || config.batch > 4096) return fail("the batch size must be in [1, 4096]");
    ModelConfig model = config.model;
    model.inputDimension = t->m_data.inputDimension;
    model.outputDimension = t->m_loss == LossKind::SoftmaxCrossEntropy ? t->m_data.classes : 1;
    t->m_config.model = model;
    if (auto invalid = validateModelConfig(model)) return fail(*invalid);
    if (!(config.optimizer.learningRate > 0 && config.optimizer.learningRate <= 10))
        return fail("the learning rate must be in (0, 10]");
    if (config.l1 < 0 || config.l2 < 0 || !std::isfinite(config.l1 + config.l2))
        return fail("regularisation rates must be finite and >= 0");
    // The backend's ops first and the CPU's for the rest; the CPU's alone without a backend.
    std::shared_ptr<TensorOpsTable<float>> ops;
    if (backend && backend->tensorOps())
        ops = createTensorOpsTable(*backend);
    else if (backend && backend->name() != "cpu")
        t->m_engineNote = "the " + std::string(backend->name()) + " backend offers no tensor ops";
    t->m_engine = createModelTrainingEngine(model, t->m_loss, config.optimizer, ops, &problem);
    if (!t->m_engine) return fail(problem);
    t->m_engine->setRegularisation(config.l1, config.l2);
    t->m_order.resize(t->m_data.trainSize());
    std::iota(t->m_order.begin(), t->m_order.end(), size_t(0));
    t->m_cursor = t->m_order.size();  // shuffle on the first batch
    t->m_shuffleState = config.data.seed * 0x9e3779b97f4a7c15ULL + 7;
    return t;
}

void Trainer::nextBatch() {
    const int d = m_data.inputDimension;
    const size_t batch = size_t(m_config.batch);
    m_batchInputs.resize(batch * size_t(d));
    m_batchTargets.resize(batch);
    for (size_t b = 0; b < batch; ++b) {
        if (m_cursor >= m_order.size()) {  // a new epoch: reshuffle, seeded
            Random random(m_shuffleState++);
            for (size_t i = m_order.size() - 1; i > 0; --i)
                std::swap(m_order[i], m_order[size_t(random.below(int(i + 1)))]);
            m_cursor = 0;
        }
        const size_t row = m_order[m_cursor++];
        std::copy_n(m_data.trainInputs.begin() + row * size_t(d), d,
                    m_batchInputs.begin() + b * size_t(d));
        m_batchTargets[b] = m_data.trainTargets[row];
    }
}

void Trainer::step(int n) {
    m_core.step(
        n, [&](bool) { return stepOnce(); }, [&] { return measurePoint(); });
}

StepResult Trainer::stepOnce() {
    nextBatch();
    const TrainStepResult result =
        m_engine->trainStep(m_batchInputs, m_batchTargets, m_config.batch);
    // Not finite: nothing of this step is kept, the run stops here.
    if (!result.finite) return {StepOutcome::LossNotFinite};
    return {StepOutcome::Finite, result.loss};
}

void Trainer::recordDueHistory() {
    m_core.recordDueHistory([&] { return measurePoint(); });
}

std::optional<std::pair<HistoryPoint, std::vector<SiteSample>>> Trainer::measurePoint() {
    TrainingSnapshot s;
    if (!measure(s, false)) return std::nullopt;
    updateRevived(s.diagnostics);
    const ModelDiagnostics& d = s.diagnostics;
    HistoryPoint point{steps(),
                       s.trainLoss,
                       s.testLoss,
                       s.trainAccuracy,
                       s.testAccuracy,
                       d.deadFraction,
                       {},
                       {},
                       d.vanishingFraction,
                       d.gradientNormFirst,
                       d.gradientNormLast,
                       m_revived};
    for (const LayerDiagnostics& layer : d.layers) {
        point.layerDeadFraction.push_back(layer.deadFraction);
        point.layerGradientNorm.push_back(layer.gradientNorm);
    }
    return std::pair{std::move(point), distributionSamples(d)};
}

// Revived: units alive now that were dead at an earlier history point. A state of the run, not
// a count of comings and goings: a unit that flickers at the edge counts once, and the points
// are taken at the same steps whatever the snapshots (a view's frame rate).
void Trainer::updateRevived(const ModelDiagnostics& now) {
    if (m_previousDiagnostics && sameShape(*m_previousDiagnostics, now)) {
        m_revived = countRevivals(*m_previousDiagnostics, now);
        for (size_t l = 0; l < now.layers.size(); ++l) {
            std::vector<unsigned char>& everDead = m_previousDiagnostics->layers[l].dead;
            const std::vector<unsigned char>& deadNow = now.layers[l].dead;
            for (size_t u = 0; u < everDead.size(); ++u) everDead[u] |= deadNow[u];
        }
        return;
    }
    m_revived = 0;
    m_previousDiagnostics.emplace();
    for (const LayerDiagnostics& layer : now.layers) {
        LayerDiagnostics dead;
        dead.width = layer.width;
        dead.dead = layer.dead;
        m_previousDiagnostics->layers.push_back(std::move(dead));
    }
}

// Each hidden layer's (and GLU gate's) z, from the full training-set pass measure() just made.
std::vector<SiteSample> Trainer::distributionSamples(const ModelDiagnostics& d) {
    std::vector<SiteSample> samples;
    const std::vector<HiddenLayerView<float>> views = m_engine->hostModel().hiddenLayers();
    for (size_t l = 0; l < views.size() && l < d.layers.size(); ++l) {
        const HiddenLayerView<float>& view = views[l];
        SiteSample sample;
        sample.name = view.name;
        sample.layer = int(l);
        sample.kind =
            view.name.find("gate") != std::string::npos ? SiteKind::Gate : SiteKind::Hidden;
        sample.reluFamily = isReluFamily(view.activation.id);
        sample.z.assign(view.preActivation.begin(), view.preActivation.end());
        size_t saturated = 0;
        for (float slope : view.derivative) saturated += std::abs(slope) < kSaturatedSlope;
        sample.saturatedShare =
            view.derivative.empty() ? 0 : double(saturated) / double(view.derivative.size());
        sample.deadShare = d.layers[l].deadFraction;
        sample.gradientNorm = d.layers[l].gradientNorm;
        sample.mixComponents = view.mixComponents;
        sample.mixShares = view.mixShares;
        samples.push_back(std::move(sample));
    }
    return samples;
}

std::vector<MixReading> Trainer::mixReadings() {
    std::vector<MixReading> readings;
    for (const HiddenLayerView<float>& view : m_engine->hostModel().hiddenLayers())
        if (!view.mixShares.empty())
            readings.push_back({view.name, view.mixComponents, view.mixShares});
    return readings;
}

TrainerProgress Trainer::progress() const {
    TrainerProgress p;
    m_core.save(p);
    p.order = m_order;
    p.cursor = m_cursor;
    p.shuffleState = m_shuffleState;
    p.revived = m_revived;
    if (m_previousDiagnostics) {
        p.previousDead.emplace();
        for (const LayerDiagnostics& layer : m_previousDiagnostics->layers)
            p.previousDead->push_back(layer.dead);
    }
    return p;
}

bool Trainer::restoreProgress(TrainerProgress p, std::string* error) {
    const auto fail = [&](const std::string& message) {
        if (error) *error = message;
        return false;
    };
    if (!m_core.checkProgress(p, error)) return false;
    std::vector<char> seen(m_order.size(), 0);
    if (p.order.size() != m_order.size())
        return fail("the data order has " + std::to_string(p.order.size()) + " rows, the data " +
                    std::to_string(m_order.size()));
    for (size_t row : p.order) {
        if (row >= seen.size() || seen[row]) return fail("the data order is not a permutation");
        seen[row] = 1;
    }
    if (p.cursor > p.order.size()) return fail("the data cursor is past the end of the epoch");
    if (p.revived < 0) return fail("the revival count is negative");
    if (!m_core.restore(p, error)) return false;  // the last check: it commits
    m_order = std::move(p.order);
    m_cursor = p.cursor;
    m_shuffleState = p.shuffleState;
    m_revived = p.revived;
    m_previousDiagnostics.reset();
    if (p.previousDead) {
        m_previousDiagnostics.emplace();
        for (std::vector<unsigned char>& dead : *p.previousDead) {
            LayerDiagnostics layer;
            layer.width = int(dead.size());
            layer.dead = std::move(dead);
            m_previousDiagnostics->layers.push_back(std::move(layer));
        }
    }
    return true;
}

void Trainer::setOptimizerConfig(const OptimizerConfig& config) {
    m_config.optimizer = config;
    m_engine->setOptimizerConfig(config);
}

void Trainer::setRegularisation(double l1, double l2) {
    m_config.l1 = l1;
    m_config.l2 = l2;
    m_engine->setRegularisation(l1, l2);
}

bool Trainer::measure(TrainingSnapshot& s, bool withSurfaces) {
    Model<float>& model = m_engine->hostModel();
    const int outputs = model.outputDimension();
    const int testRows = int(m_data.testSize()), trainRows = int(m_data.trainSize());
    const LossValue test =
        computeLoss<float>(m_loss, model.forwardToHost(m_data.testInputs, testRows), testRows,
                           outputs, m_data.testTargets, {});
    // Full-batch forward/backward on the training set: metrics and gradients for diagnostics.
    const std::span<const float> output = model.forwardToHost(m_data.trainInputs, trainRows);
    std::vector<float> gradient(output.size());
    const LossValue train =
        computeLoss<float>(m_loss, output, trainRows, outputs, m_data.trainTargets, gradient);
    if (!finite(train) || !finite(test)) return false;
    model.tensorOps().hostWrote(hostRange(std::span<const float>(gradient)));
    model.zeroGradients();
    model.backward(gradient);
    model.tensorOps().finish();  // the diagnostics read the gradients
    s.diagnostics = diagnoseModel(model, trainRows);
    if (withSurfaces) computeSurfaces(s);
    s.trainLoss = train.loss;
    s.testLoss = test.loss;
    s.trainAccuracy = train.accuracy;
    s.testAccuracy = test.accuracy;
    return finite(s);
}

TrainingSnapshot Trainer::snapshot(bool withSurfaces) {
    recordDueHistory();
    if (diverged()) return m_core.divergedSnapshot();
    TrainingSnapshot s;
    s.step = steps();
    s.stepsPerSecond = m_core.stepsPerSecond();
    if (!measure(s, withSurfaces)) {
        m_core.markDiverged();
        return m_core.divergedSnapshot();
    }
    // Units dead at an earlier history point and alive now (the points update that record).
    s.revived = m_previousDiagnostics && sameShape(*m_previousDiagnostics, s.diagnostics)
                    ? countRevivals(*m_previousDiagnostics, s.diagnostics)
                    : 0;
    m_core.markTime();
    m_core.record().fill(s);
    m_core.keepFinite(s);
    return s;
}

void Trainer::computeSurfaces(TrainingSnapshot& s) {
    Model<float>& model = m_engine->hostModel();
    const int outputs = model.outputDimension();
    if (m_data.rawDimension == 1) {
        constexpr int n = 241;
        std::vector<float> x(n);
        for (int i = 0; i < n; ++i) x[size_t(i)] = float(-6.0 + 12.0 * i / (n - 1));
        const std::span<const float> y = m_engine->evaluate(x, n);
        s.probes.fittedCurve.y.assign(y.begin(), y.begin() + n);
        s.probes.fittedCurve.x = std::move(x);
        return;
    }
    if (m_data.rawDimension != 2) return;
    const auto grid = [&](int res) {
        std::vector<double> raw(size_t(res) * size_t(res) * 2);
        for (int r = 0; r < res; ++r)
            for (int c = 0; c < res; ++c) {
                raw[2 * (size_t(r) * res + c)] =
                    s.surfaceLow + (s.surfaceHigh - s.surfaceLow) * c / (res - 1);
                raw[2 * (size_t(r) * res + c) + 1] =
                    s.surfaceLow + (s.surfaceHigh - s.surfaceLow) * r / (res - 1);
            }
        return expandFeatures(raw, m_data.features);
    };
    const int res = std::max(2, m_config.surfaceResolution);
    const std::vector<float> inputs = grid(res);
    const std::span<const float> out = m_engine->evaluate(inputs, res * res);
    DecisionSurface& surface = s.probes.surface;
    surface.resolution = res;
    surface.values.resize(size_t(res) * size_t(res));
    if (outputs > 1) surface.confidence.resize(surface.values.size());
    for (size_t i = 0; i < surface.values.size(); ++i) {
        if (outputs == 1) {
            surface.values[i] = 1.0f / (1.0f + std::exp(-out[i]));
        } else {
            const float* z = out.data() + i * size_t(outputs);
            const float* best = std::max_element(z, z + outputs);
            surface.values[i] = float(best - z);
            double sum = 0;  // softmax of the largest logit, shifted by it: 1 / Σ exp(z − z_max)
            for (int k = 0; k < outputs; ++k) sum += std::exp(double(z[k]) - double(*best));
            surface.confidence[i] = float(1.0 / sum);
        }
    }
    const int small = std::max(2, m_config.neuronResolution);
    const size_t cells = size_t(small) * size_t(small);
    const std::vector<float> smallInputs = grid(small);
    model.forwardToHost(smallInputs, small * small);
    const std::vector<HiddenLayerView<float>> layers = model.hiddenLayers();
    for (size_t l = 0; l < layers.size(); ++l) {
        const HiddenLayerView<float>& view = layers[l];
        const size_t width = size_t(view.width);
        NeuronMaps maps{view.width, small, std::vector<float>(width * cells)};
        for (size_t r = 0; r < cells; ++r)
            for (size_t j = 0; j < width; ++j)
                maps.values[j * cells + r] = view.postActivation[r * width + j];
        s.probes.neuronMaps.push_back(std::move(maps));
    }
}

}  // namespace actlab
