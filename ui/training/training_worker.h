// The QObject that runs the training in its own QThread. Controlled by queued calls (reset,
// play, advance, optimizer changes) and by atomic flags read once per step (pause, interrupt,
// speed); it emits an immutable TrainingFrame at most every kFrameMilliseconds.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <atomic>
#include <optional>
#include <vector>

#include "training/training_loop.h"
#include "ui/training/training_frame.h"

namespace actlab::ui {

class TrainingWorker : public QObject {
    Q_OBJECT
public:
    static constexpr int kFrameMilliseconds = 30;  // at most ~33 frames a second
    // A history point every 10 steps at first, then every 2ⁿ·10 steps: each doubling of the
    // run adds about 1000 points (not a million an hour at full speed).
    static constexpr int kHistoryEvery = 10;

    explicit TrainingWorker(QObject* parent = nullptr);

    // Thread-safe; take effect at the next step.
    void requestPause() { m_running.store(false); }
    void requestInterrupt() { m_interrupt.store(true); }  // ends the current frame early
    void setStepsPerFrame(int steps) { m_stepsPerFrame.store(steps); }  // 0: full speed
    bool isRunning() const { return m_running.load(); }

    // Called in the worker's thread (QMetaObject::invokeMethod with a queued connection). Each
    // command carries the caller's serial number, echoed in the frames that follow it.
    void reset(const std::vector<TrainingConfig>& configs, quint64 generation, quint64 command);
    void play(quint64 command);
    void advance(int steps, quint64 command);  // `steps` more steps in paced frames, then pauses
    void acknowledge(quint64 command);         // after requestPause(): a frame saying so
    void setOptimizer(const OptimizerConfig& config, double l1, double l2);

signals:
    void frameReady(const actlab::ui::TrainingFrame& frame);

private:
    void runFrame();  // one frame; schedules the next one while running
    void schedule(int delayMilliseconds);
    void emitFrame();

    std::optional<TrainingLoop> m_loop;
    std::shared_ptr<const TrainingData> m_data;
    QString m_error;
    quint64 m_generation = 0;
    quint64 m_command = 0;
    int m_target = -1;  // advance(): stop at this step, −1 when playing freely
    bool m_scheduled = false;
    double m_snapshotSeconds = 0.005;  // the last frame's snapshot cost, kept out of its budget
    QElapsedTimer m_rateClock;
    int m_rateSteps = 0;
    double m_stepsPerSecond = 0;

    std::atomic<bool> m_running{false};
    std::atomic<bool> m_interrupt{false};
    std::atomic<int> m_stepsPerFrame{10};
};

}  // namespace actlab::ui
