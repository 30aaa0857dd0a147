// The trainer of the Training lab: data, model, loss and optimizer stepped together, and
// immutable snapshots (metrics, diagnostics, decision surface) for the UI and the CLI. It knows
// nothing of threads or Qt: a worker calls step() and snapshot() (see training_loop.h).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "backends/backend.h"
#include "datasets/dataset.h"
#include "diagnostics/diagnostics.h"
#include "diagnostics/distributions.h"
#include "layers/batch_loss.h"
#include "models/model_factory.h"
#include "optimizers/optimizer.h"
#include "training/run_core.h"
#include "training/run_history.h"
#include "training/training_engine.h"
#include "training/training_probes.h"

namespace actlab {

struct TrainingConfig {
    std::string task = "circle";
    DatasetOptions data;
    std::optional<LabelledPoints> userPoints;  // when set, trains on these (task "user")
    int userClasses = 2;
    ModelConfig model;  // input/output dimensions are set from the data
    OptimizerConfig optimizer;
    int batch = 32;
    double l1 = 0.0;             // penalty λ1·Σ|w| over weights
    double l2 = 0.0;             // penalty (λ2/2)·Σw² over weights
    int surfaceResolution = 64;  // decision surface grid (2D tasks), per side
    int neuronResolution = 24;   // per-neuron output maps, per side
};

// One point of the run's history: the figures over the whole train and test sets, measured at
// the steps isEvaluationStep() names (run_history.h), whatever the snapshots.
struct HistoryPoint {
    int step = 0;
    double trainLoss = 0, testLoss = 0, trainAccuracy = 0, testAccuracy = 0;
    double deadFraction = 0;
    std::vector<double> layerDeadFraction;
    std::vector<double> layerGradientNorm;
    double vanishingFraction = 0, gradientNormFirst = 0, gradientNormLast = 0;
    int revived = 0;
    bool operator==(const HistoryPoint&) const = default;
};

struct TrainingSnapshot {
    int step = 0;
    bool diverged = false;
    int divergedAtStep = -1;
    double trainLoss = 0, testLoss = 0, trainAccuracy = 0, testAccuracy = 0;
    ModelDiagnostics diagnostics;
    int revived = 0;            // units alive now that were dead at an earlier history point
    double stepsPerSecond = 0;  // measured over the steps since the previous snapshot
    std::vector<HistoryPoint> history;  // at most Trainer::kHistoryCapacity points, the whole run
    std::vector<StepBucket> trainLossSteps;  // every step's batch loss, in buckets (run_history.h)
    // Each hidden layer's (and GLU gate's) z on the training set, at the history's steps.
    std::shared_ptr<const Distributions> distributions;
    // The pictures of a snapshot with surfaces (training/training_probes.h): the decision
    // surface and confidence and the neuron maps over [surfaceLow, surfaceHigh]² (2D tasks), the
    // fitted curve (1D regression); empty otherwise.
    TrainingProbes probes;
    double surfaceLow = -6, surfaceHigh = 6;
};

// What a run carries beyond its configuration, parameters and optimizer state: what every run
// carries (RunProgress: steps, divergence, history) and where it is in its data (saved and
// restored by core/config/run_state_json.h).
struct TrainerProgress : RunProgress<HistoryPoint> {
    std::vector<size_t> order;  // the epoch's permutation of the training rows
    size_t cursor = 0;          // the next row of it
    std::uint64_t shuffleState = 0;
    int revived = 0;
    // Per layer and unit, 1 where the unit was dead at some history point so far (a unit alive
    // now with its flag set is revived).
    std::optional<std::vector<std::vector<unsigned char>>> previousDead;
};

class Trainer {
public:
    static constexpr std::size_t kHistoryCapacity = 1024;

    // Builds data, model and optimizer; nullptr with *error for an invalid configuration.
    // Training, snapshots and diagnostics run on `backend`'s tensor ops (the CPU's for what it
    // does not offer), on the CPU's alone when it offers none (see engineNote()).
    static std::unique_ptr<Trainer> create(const TrainingConfig& config, std::string* error,
                                           Backend* backend = nullptr);

    // Runs up to n steps; stops early (and stays stopped) if the loss or the gradient becomes
    // NaN or Inf. Every step's batch loss enters the history, and at the steps isEvaluationStep()
    // names the figures over the whole data sets do (a point of history()). A snapshot never
    // carries a non-finite number: once diverged, it repeats the last finite one (or is empty) with
    // diverged set.
    void step(int n);
    // Metrics and diagnostics over the whole train/test sets; with surfaces when asked.
    TrainingSnapshot snapshot(bool withSurfaces);

    void setOptimizerConfig(const OptimizerConfig& config);
    void setRegularisation(double l1, double l2);

    // Off: the history's measurements are skipped (benchmarks time the steps alone).
    void setRecordsHistory(bool on) { m_core.record().setRecording(on); }
    // Spent measuring the history.
    double historySeconds() const { return m_core.record().seconds(); }
    int steps() const { return m_core.steps(); }
    bool diverged() const { return m_core.diverged(); }
    int divergedAtStep() const { return m_core.divergedAtStep(); }
    double lastBatchLoss() const { return m_core.lastBatchLoss(); }
    const TrainingConfig& config() const { return m_config; }
    TrainerProgress progress() const;
    std::vector<MixReading> mixReadings();  // each hidden layer's or gate's mix, now
    // Puts back a saved run's progress; false with a one-line *error, changing nothing, when it
    // does not fit this run's data (order not a permutation of the rows, cursor past its end,
    // a history that cannot be).
    bool restoreProgress(TrainerProgress progress, std::string* error);
    OptimizerState<float> optimizerState() { return m_engine->optimizerState(); }
    bool setOptimizerState(const OptimizerState<float>& state, std::string* error) {
        return m_engine->setOptimizerState(state, error);
    }
    const Dataset& dataset() const { return m_data; }
    LossKind lossKind() const { return m_loss; }
    Model<float>& model() { return m_engine->hostModel(); }
    std::string_view backendName() const { return m_engine->backendName(); }
    const std::string& engineNote() const { return m_engineNote; }  // why not the asked backend

private:
    Trainer() = default;
    void nextBatch();
    StepResult stepOnce();
    // The history point of the current step and its distributions' samples; nullopt when a
    // figure is not finite.
    std::optional<std::pair<HistoryPoint, std::vector<SiteSample>>> measurePoint();
    // The losses, accuracies and diagnostics over the whole data sets, into s; false when a
    // number is not finite (the run then diverged).
    bool measure(TrainingSnapshot& s, bool withSurfaces);
    // A history point for the current step when it is due and not taken yet.
    void recordDueHistory();
    void updateRevived(const ModelDiagnostics& now);  // with a history point's diagnostics
    std::vector<SiteSample> distributionSamples(const ModelDiagnostics& d);
    void computeSurfaces(TrainingSnapshot& s);

    TrainingConfig m_config;
    Dataset m_data;
    LossKind m_loss = LossKind::BceWithLogits;
    std::unique_ptr<TrainingEngine> m_engine;
    std::string m_engineNote;
    std::vector<size_t> m_order;
    size_t m_cursor = 0;
    std::uint64_t m_shuffleState = 0;
    std::vector<float> m_batchInputs, m_batchTargets;
    std::optional<ModelDiagnostics> m_previousDiagnostics;
    int m_revived = 0;
    // Steps, divergence, the record (history, step losses, distributions) and the timing.
    RunCore<TrainingSnapshot, HistoryPoint> m_core{kHistoryCapacity};
};

}  // namespace actlab
