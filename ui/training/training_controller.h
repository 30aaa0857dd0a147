// The UI side of the training thread: owns the QThread and the TrainingWorker, sends commands,
// and keeps only the newest frame of the current run, handed on at most once per event-loop
// turn (frames that queued up while the UI was busy are skipped, never drawn late).
#pragma once

#include <QObject>
#include <QThread>
#include <vector>

#include "ui/training/training_frame.h"

namespace actlab::ui {

class TrainingWorker;

class TrainingController : public QObject {
    Q_OBJECT
public:
    explicit TrainingController(QObject* parent = nullptr);
    ~TrainingController() override;  // stops the worker and joins its thread

    // Rebuilds the runs (one config, or two to compare) at step 0, paused.
    void reset(const std::vector<TrainingConfig>& configs);
    void play();
    void pause();
    void advance(int steps);           // pauses, then runs this many steps
    void setStepsPerFrame(int steps);  // 0: full speed
    int stepsPerFrame() const { return m_stepsPerFrame; }
    void setOptimizer(const OptimizerConfig& config, double l1, double l2);

    bool isPlaying() const { return m_playing; }
    const TrainingFrame& latest() const { return m_latest; }  // newest frame of this run
    int framesReceived() const { return m_received; }
    int framesDelivered() const { return m_delivered; }

signals:
    void frameChanged();  // a newer frame is in latest()
    void playingChanged(bool playing);

private:
    void receive(const actlab::ui::TrainingFrame& frame);
    void deliver();
    void setPlaying(bool playing);

    QThread m_thread;
    TrainingWorker* m_worker = nullptr;  // lives in m_thread, deleted when it finishes
    TrainingFrame m_latest;
    quint64 m_generation = 0;
    quint64 m_command = 0;
    bool m_deliveryPending = false;
    bool m_playing = false;
    int m_stepsPerFrame = 10;
    int m_received = 0;
    int m_delivered = 0;
};

}  // namespace actlab::ui
