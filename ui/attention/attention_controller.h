// The UI side of the Attention lab's training thread: owns the QThread and the AttentionWorker,
// sends commands, and keeps only the newest frame of the current run, handed on at most once per
// event-loop turn (frames that queued up while the UI was busy are skipped, never drawn late).
#pragma once

#include <QObject>
#include <QThread>
#include <vector>

#include "ui/attention/attention_frame.h"

namespace actlab::ui {

class AttentionWorker;

class AttentionController : public QObject {
    Q_OBJECT
public:
    explicit AttentionController(QObject* parent = nullptr);
    ~AttentionController() override;  // stops the worker and joins its thread

    void reset(const SequenceTrainingConfig& config);  // a new model at step 0, paused
    void play();
    void pause();
    void advance(int steps);           // pauses, then runs exactly this many steps
    void setStepsPerFrame(int steps);  // 0: full speed
    int stepsPerFrame() const { return m_stepsPerFrame; }
    void setOptimizer(const OptimizerConfig& config);
    // Predicts these tokens in every later frame (empty: stop); returns the request's serial.
    quint64 setTypedSequence(const std::vector<Token>& tokens);
    quint64 typedRequest() const { return m_typedRequest; }

    bool isPlaying() const { return m_playing; }
    const AttentionFrame& latest() const { return m_latest; }  // newest frame of this run
    int framesReceived() const { return m_received; }
    int framesDelivered() const { return m_delivered; }

signals:
    void frameChanged();  // a newer frame is in latest()
    void playingChanged(bool playing);

private:
    void receive(const actlab::ui::AttentionFrame& frame);
    void deliver();
    void setPlaying(bool playing);

    QThread m_thread;
    AttentionWorker* m_worker = nullptr;  // lives in m_thread, deleted when it finishes
    AttentionFrame m_latest;
    quint64 m_generation = 0;
    quint64 m_command = 0;
    quint64 m_typedRequest = 0;
    bool m_deliveryPending = false;
    bool m_playing = false;
    int m_stepsPerFrame = 5;
    int m_received = 0;
    int m_delivered = 0;
};

}  // namespace actlab::ui
