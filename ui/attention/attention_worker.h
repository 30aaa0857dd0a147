// The QObject that trains the Attention lab's Transformer in its own QThread. Controlled by
// queued calls (reset, play, advance, optimizer, typed sequence) and by atomic flags read once
// per step (pause, interrupt, speed); it emits an immutable AttentionFrame at most every
// kFrameMilliseconds.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <atomic>
#include <memory>
#include <vector>

#include "ui/attention/attention_frame.h"

namespace actlab::ui {

class AttentionWorker : public QObject {
    Q_OBJECT
public:
    static constexpr int kFrameMilliseconds = 30;  // at most ~33 frames a second

    explicit AttentionWorker(QObject* parent = nullptr);
    ~AttentionWorker() override;

    // Thread-safe; take effect at the next step.
    void requestPause() { m_running.store(false); }
    void requestInterrupt() { m_interrupt.store(true); }  // ends the current frame early
    void setStepsPerFrame(int steps) { m_stepsPerFrame.store(steps); }  // 0: full speed

    // Called in the worker's thread (queued). Each command carries the caller's serial number,
    // echoed in the frames that follow it.
    void reset(const SequenceTrainingConfig& config, quint64 generation, quint64 command);
    void play(quint64 command);
    void advance(int steps, quint64 command);  // `steps` more steps, then pauses
    void acknowledge(quint64 command);         // after requestPause(): a frame saying so
    void setOptimizer(const OptimizerConfig& config);
    // The typed sequence to predict in this and every later frame; empty: none.
    void setTypedSequence(const std::vector<Token>& tokens, quint64 request);

signals:
    void frameReady(const actlab::ui::AttentionFrame& frame);

private:
    void runFrame();  // one frame of steps; schedules the next one while running
    void schedule(int delayMilliseconds);
    void emitFrame();
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
    QString m_error;
    quint64 m_generation = 0;
    quint64 m_command = 0;
    int m_target = -1;  // advance(): stop at this step, −1 when playing freely
    bool m_scheduled = false;
    bool m_threadsSet = false;
    double m_snapshotSeconds = 0.005;  // the last snapshot's cost, kept out of a frame's budget
    QElapsedTimer m_rateClock;
    int m_rateSteps = 0;
    double m_stepsPerSecond = 0;

    std::atomic<bool> m_running{false};
    std::atomic<bool> m_interrupt{false};
    std::atomic<int> m_stepsPerFrame{5};
};

}  // namespace actlab::ui
