// What the Attention worker hands the UI: an immutable frame (the trainer's snapshot with its
// typed probes and their predictions, the typed sequence's prediction; in compare mode the same for
// run B) copied by value across threads; the large parts are shared and never changed. The UI only
// reads it.
#pragma once

#include <QMetaType>
#include <QString>
#include <QStringList>
#include <memory>
#include <vector>

#include "datasets/text_corpus.h"
#include "training/sequence_prediction.h"
#include "training/sequence_trainer.h"
#include "ui/attention/model_weights.h"
#include "ui/common/run_frame.h"
#include "ui/training/queued_handoff.h"

namespace actlab::ui {

// What stays fixed for one reset: the task's names and shape, and the probes' targets.
struct AttentionRunInfo {
    QString task;
    QStringList tokenNames;  // input tokens, by id
    QStringList classNames;  // output classes, by id
    int sequence = 0;        // T
    int layers = 0, heads = 0;
    int probes = 0;  // P
    bool pooled = false;
    bool causal = false;           // after the task forced it
    SequenceLengths typedLengths;  // what a typed sequence may have
    // (P, T) or (P) pooled; kIgnoreTarget: not scored. The snapshots' predictions carry their
    // own; these complete keyframes from sessions saved before they did.
    std::vector<Token> probeTargets;
    SequenceTrainingConfig config;  // as the trainer completed it
    // The text task's corpus (a copy: the trainer's may go first); null for the other tasks.
    std::shared_ptr<const TextCorpus> corpus;
};

// What one run shows: run B's part of a frame in compare mode (run A's is the frame's own).
struct AttentionRunPictures {
    std::shared_ptr<const AttentionRunInfo> info;      // null: no run (compare off)
    std::shared_ptr<const SequenceSnapshot> snapshot;  // null until the first
    std::shared_ptr<const SequencePrediction> prediction;
    QString predictionError;
    QString error;  // non-empty: this run's configuration could not be built
    // The weights at the last full snapshot (generation and head scores compute on a copy).
    std::shared_ptr<const ModelWeights> weights;

    int step() const { return snapshot ? snapshot->step : 0; }
};

// Where a run's ops ran so far, and why on the CPU where the window's backend is another.
struct RunEngine {
    QString ops;   // TensorOpsTable::describe(): "vulkan", "vulkan (cpu: mix_forward, …)", "cpu"
    QString note;  // e.g. "the vulkan backend could not make its tensor ops"; else empty
    bool operator==(const RunEngine&) const = default;
};

// RunFrame: generation, command, running, error, stepsPerSecond (all of run A).
struct AttentionFrame : RunFrame {
    std::shared_ptr<const AttentionRunInfo> info;
    // Null until the first; its probes hold the maps, token ids and classified predictions.
    std::shared_ptr<const SequenceSnapshot> snapshot;
    // The typed sequence's prediction (null when none is set), and the request it answers.
    std::shared_ptr<const SequencePrediction> prediction;
    QString predictionError;
    quint64 predictionRequest = 0;
    std::shared_ptr<const ModelWeights> weights;  // run A's, at its last full snapshot
    // Compare mode: run B, trained in step with A by the same worker (B first catches up to A's
    // step when it is created), and the setCompare request it answers.
    AttentionRunPictures compared;
    quint64 compareRequest = 0;
    RunEngine engine, engineB;  // run A's, and run B's in compare mode (else empty)
    [[no_unique_address]] QueuedHandoff handoff;  // last member: copied after all the others

    bool hasRun() const { return snapshot != nullptr; }
    int step() const { return snapshot ? snapshot->step : 0; }
    bool diverged() const { return snapshot && snapshot->diverged; }
    // Run A (0) or B (1) in one form.
    AttentionRunPictures pictures(int run) const {
        if (run == 1) return compared;
        return {info, snapshot, prediction, predictionError, error, weights};
    }
};

}  // namespace actlab::ui

Q_DECLARE_METATYPE(actlab::ui::AttentionFrame)
