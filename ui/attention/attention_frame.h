// What the Attention worker hands the UI: an immutable frame (the trainer's snapshot, the probes'
// predictions, the typed sequence's prediction) copied by value across threads; the large parts
// are shared and never changed. The UI only reads it.
#pragma once

#include <QMetaType>
#include <QString>
#include <QStringList>
#include <memory>
#include <vector>

#include "training/sequence_prediction.h"
#include "training/sequence_trainer.h"
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
    bool causal = false;              // after the task forced it
    SequenceLengths typedLengths;     // what a typed sequence may have
    std::vector<Token> probeTargets;  // (P, T) or (P) pooled; kIgnoreTarget: not scored
    SequenceTrainingConfig config;    // as the trainer completed it
};

// RunFrame: generation, command, running, error, stepsPerSecond.
struct AttentionFrame : RunFrame {
    std::shared_ptr<const AttentionRunInfo> info;
    std::shared_ptr<const SequenceSnapshot> snapshot;  // null until the first
    // The probes' logits classified: rows (P·T) per position, (P) pooled.
    std::shared_ptr<const LogitsClassification> probePredictions;
    // The typed sequence's prediction (null when none is set), and the request it answers.
    std::shared_ptr<const SequencePrediction> prediction;
    QString predictionError;
    quint64 predictionRequest = 0;
    [[no_unique_address]] QueuedHandoff handoff;  // last member: copied after all the others

    bool hasRun() const { return snapshot != nullptr; }
    int step() const { return snapshot ? snapshot->step : 0; }
    bool diverged() const { return snapshot && snapshot->diverged; }
};

}  // namespace actlab::ui

Q_DECLARE_METATYPE(actlab::ui::AttentionFrame)
