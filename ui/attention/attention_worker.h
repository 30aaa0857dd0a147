// The QObject that trains the Attention lab's Transformer in its own QThread. Controlled by
// queued calls (reset, play, advance, optimizer, typed sequence) and by atomic flags read once
// per step (pause, interrupt, speed); it emits an immutable AttentionFrame at most every
// kFrameMilliseconds. The commands and the pacing are RunWorker's (ui/common/run_worker.h).
#pragma once

#include <memory>
#include <vector>

#include "ui/attention/attention_frame.h"
#include "ui/common/run_worker.h"

namespace actlab::ui {

class AttentionWorker : public RunWorker {
    Q_OBJECT
public:
    explicit AttentionWorker(QObject* parent = nullptr);
    ~AttentionWorker() override;

    // Called in the worker's thread (queued), like RunWorker's play, advance and acknowledge.
    void reset(const SequenceTrainingConfig& config, quint64 generation, quint64 command);
    void setOptimizer(const OptimizerConfig& config);
    // The typed sequence to predict in this and every later frame; empty: none.
    void setTypedSequence(const std::vector<Token>& tokens, quint64 request);

signals:
    void frameReady(const actlab::ui::AttentionFrame& frame);

private:
    bool hasModel() const override { return m_trainer != nullptr; }
    bool modelDiverged() const override { return m_trainer->diverged(); }
    int modelSteps() const override { return m_trainer->steps(); }
    int trainFrame(int steps, double budgetSeconds, int limit) override;  // one step at a time
    void emitFrame() override;
    void refreshSnapshot();    // a new snapshot when the step moved (snapshots add history)
    void refreshPrediction();  // the typed sequence on the current model

    std::unique_ptr<SequenceTrainer> m_trainer;
    std::shared_ptr<const AttentionRunInfo> m_info;
    std::shared_ptr<const SequenceSnapshot> m_snapshot;
    std::shared_ptr<const LogitsClassification> m_probePredictions;
    std::shared_ptr<const SequencePrediction> m_prediction;
    std::vector<Token> m_typed;
    QString m_predictionError;
    quint64 m_predictionRequest = 0;
    int m_predictedStep = -1;
    bool m_threadsSet = false;
};

}  // namespace actlab::ui
