// The trainer of the Attention lab: a sequence task, the Transformer, per-token or pooled
// cross-entropy and an optimizer stepped together, and immutable snapshots (metrics, per-head
// attention statistics, gradient norms, dead units, probe attention maps) for the UI and the
// CLI. Like Trainer, it knows nothing of threads or Qt.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "datasets/sequence_tasks.h"
#include "diagnostics/distributions.h"
#include "models/transformer.h"
#include "optimizers/optimizer.h"
#include "training/run_core.h"
#include "training/run_history.h"
#include "training/sequence_probes.h"

namespace actlab {

struct SequenceTrainingConfig {
    std::string task = "reverse";
    SequenceTaskOptions taskOptions;
    // vocabulary, sequence, outputs and pooled are set from the task; causal is forced on for
    // tasks that need it (induction).
    TransformerConfig model;
    OptimizerConfig optimizer{.kind = OptimizerKind::Adam, .learningRate = 1e-3};
    int batch = 32;           // 1..512
    std::uint64_t seed = 1;   // data and model
    int testSequences = 256;  // held-out sequences (rounded up to whole batches)
    int probes = 8;           // the first test sequences, whose attention maps are kept
    // The text task's text (UTF-8 as given); shared, as configurations are copied.
    std::shared_ptr<const std::string> text;
};

// One point of the run's history, measured at the steps isEvaluationStep() names
// (run_history.h) whatever the snapshots; trainLoss is that step's batch loss (step 0: the
// held-out loss, before any batch).
struct SequenceHistoryPoint {
    int step = 0;
    double trainLoss = 0, testLoss = 0, tokenAccuracy = 0, sequenceAccuracy = 0;
    std::vector<double> headEntropy;        // (layers · heads)
    std::vector<double> layerGradientNorm;  // (layers)
    bool operator==(const SequenceHistoryPoint&) const = default;
};

struct SequenceSnapshot {
    int step = 0;
    // The step at which the held-out figures, the train loss and the history were measured:
    // `step` in a full snapshot, an earlier one in a SnapshotScope::Probes snapshot.
    int evaluatedStep = 0;
    bool diverged = false;
    int divergedAtStep = -1;
    double trainLoss = 0;  // mean batch loss over the steps since the previous snapshot
    double testLoss = 0;   // cross-entropy over the held-out sequences
    // Held-out accuracy over the scored positions (pooled tasks: per sequence), and the share
    // of sequences with every scored position right.
    double tokenAccuracy = 0, sequenceAccuracy = 0;
    int layers = 0, heads = 0;
    // Over the held-out sequences, per (layer, head) in layer-major order: the mean entropy of
    // an attention row (nats) and the mean of its largest weight.
    std::vector<double> headEntropy, headMaxWeight;
    double attentionEntropy = 0;   // mean over heads
    double softmaxSaturation = 0;  // share of attention rows whose largest weight exceeds 0.99
    // Units whose activation derivative is 0 on every held-out position (ReLU-family units that
    // are off), as shares per layer: q, k, v channels together, and FFN hidden units.
    std::vector<double> qkvDeadFraction, ffnDeadFraction;
    // L2 norms of the last step's gradients: per block, and per group (embedding, attention,
    // norm, ffn, head).
    std::vector<double> layerGradientNorm;
    std::vector<std::pair<std::string, double>> groupGradientNorm;
    double gradientNorm = 0;  // global, before clipping
    double stepsPerSecond = 0;
    // The probe batch (training/sequence_probes.h): attention maps (layers, heads, P, T, T), token
    // ids (P, T), predictions (P, T or 1 pooled) classified with their targets.
    SequenceProbes probes;
    std::vector<SequenceHistoryPoint> history;
    std::vector<StepBucket> trainLossSteps;  // every step's batch loss, in buckets
    // Per block: Q/K/V (with an activation) and FFN hidden z, the attention logits and the
    // residual stream entering each LayerNorm, on the probe batch at the history's steps.
    std::shared_ptr<const Distributions> distributions;
};

// What a run carries beyond its configuration, parameters and optimizer state: what every run
// carries (RunProgress: steps, divergence, history), its data stream and its last gradients
// (saved and restored by core/config/run_state_json.h).
struct SequenceTrainerProgress : RunProgress<SequenceHistoryPoint> {
    Random::State random;  // the data stream: the next batch
    double lossSum = 0;    // the batch losses since the last snapshot
    int lossCount = 0;
    double lastGradientNorm = 0;
    std::optional<double> lastSnapshotTrainLoss;
    std::vector<double> layerGradientNorm;
    std::vector<std::pair<std::string, double>> groupGradientNorm;
};

// What snapshot() evaluates.
enum class SnapshotScope {
    Full,  // every held-out sequence: the figures, the probes, a point of the history
    // Only the probe batch's attention maps and logits, at the current step (and the last
    // step's gradient norms); the held-out figures, the train loss and the history are the last
    // full snapshot's, at its evaluatedStep. For a view that redraws the maps many times a
    // second and the figures a few times: a small part of a full snapshot's cost. The first
    // snapshot is always full.
    Probes,
};

class SequenceTrainer {
public:
    // nullptr with *error (one line) for an invalid configuration.
    static std::unique_ptr<SequenceTrainer> create(const SequenceTrainingConfig& config,
                                                   std::string* error);

    // Up to n steps; stops early (and stays stopped) once the loss or the gradient is not finite.
    // Every step's batch loss enters the history, and at the steps isEvaluationStep() names the
    // held-out figures do (a point of the snapshots' history).
    void step(int n);
    SequenceSnapshot snapshot(SnapshotScope scope = SnapshotScope::Full);

    // Live changes keep the moments; config() follows them (a saved run keeps the new ones).
    void setOptimizerConfig(const OptimizerConfig& config) {
        m_config.optimizer = config;
        m_optimizer.setConfig(config);
    }
    // The ops the model, the loss and the optimizer run through (the CPU's unless set).
    void setTensorOps(std::shared_ptr<TensorOpsTable<float>> ops);
    // Off: the history's measurements are skipped (benchmarks time the steps alone).
    void setRecordsHistory(bool on) { m_core.record().setRecording(on); }
    // Spent measuring the history.
    double historySeconds() const { return m_core.record().seconds(); }
    int steps() const { return m_core.steps(); }
    bool diverged() const { return m_core.diverged(); }
    int divergedAtStep() const { return m_core.divergedAtStep(); }
    double lastTrainLoss() const { return m_core.lastBatchLoss(); }  // the last step's batch loss
    const SequenceTrainingConfig& config() const { return m_config; }
    SequenceTrainerProgress progress() const;
    std::vector<MixReading> mixReadings() const;  // each block's Q/K/V and FFN mix, now
    // Puts back a saved run's progress; false with a one-line *error, changing nothing, when it
    // does not fit this run (norms of other sizes, a history that cannot be).
    bool restoreProgress(SequenceTrainerProgress progress, std::string* error);
    OptimizerState<float> optimizerState() const { return m_optimizer.state(); }
    bool setOptimizerState(const OptimizerState<float>& state, std::string* error) {
        if (!fitsParameters(state, m_parameters, error)) return false;
        m_model->tensorOps().forget();
        m_optimizer.setState(state);
        return true;
    }
    const SequenceTask& task() const { return *m_task; }
    // The model with its parameters in host memory (the ops forget what they kept: the caller
    // may read or change any of it).
    Transformer<float>& model();
    const SequenceBatch& testSet() const { return m_test; }

private:
    SequenceTrainer(const SequenceTrainingConfig& config, SequenceTask task,
                    std::unique_ptr<Transformer<float>> model);
    // One step: a fresh batch, forward, backward, update (the norms when `lastOfCall` or when
    // the history measures the step).
    StepResult stepOnce(bool lastOfCall);
    void recordGradientSquares();
    void storeGradientNorms();
    void evaluate(SequenceSnapshot& s);
    // A history point for the current step when it is due and not taken yet.
    void recordDueHistory();
    // The history point of the current step and its distributions' samples; nullopt when a
    // figure is not finite.
    std::optional<std::pair<SequenceHistoryPoint, std::vector<SiteSample>>> measurePoint();
    // The distributions' samples of the probe batch (a forward pass of it first).
    std::vector<SiteSample> distributionSamples();
    // The probes, read after a forward pass of the first held-out batch (whose first sequences
    // the probes are): the attention maps, the token ids and the classified logits.
    SequenceProbes readProbes(ConstTensorView<float> logits, ConstTokenView tokens);

    SequenceTrainingConfig m_config;
    std::optional<SequenceTask> m_task;
    std::unique_ptr<Transformer<float>> m_model;
    Optimizer<float> m_optimizer;
    std::vector<Parameter<float>*> m_parameters;
    Random m_random;
    SequenceBatch m_test;
    Tensor<float> m_probs, m_losses, m_dlogits;
    TokenTensor m_targets;  // the batch's targets, one per row, where the ops find them
    Tensor<float> m_meanLoss = Tensor<float>(Shape{1});
    std::vector<float> m_gradientSquares;  // Σ g² per parameter, when the norms are due
    Tensor<float> m_evaluationProbs, m_evaluationLosses;
    double m_lossSum = 0;  // the batch losses since the last full snapshot
    int m_lossCount = 0;
    double m_lastGradientNorm = 0;
    std::vector<double> m_layerGradientNorm;
    std::vector<std::pair<std::string, double>> m_groupGradientNorm;
    // Steps, divergence, the record (history, step losses, distributions) and the timing.
    RunCore<SequenceSnapshot, SequenceHistoryPoint> m_core;
};

}  // namespace actlab
