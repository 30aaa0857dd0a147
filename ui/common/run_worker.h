// The part of a training worker that every view shares: play, advance and pause by command
// serials, frames of steps paced at ~30 a second (a number of steps, or at full speed as many as
// fit), the measured speed and the atomic flags read once per step. A worker derives from it,
// owns its model, and says how to train a frame and what a frame shows.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <atomic>

#include "ui/common/run_frame.h"

namespace actlab::ui {

class RunWorker : public QObject {
    Q_OBJECT
public:
    static constexpr int kFrameMilliseconds = 30;  // at most ~33 frames a second
    // Training towards a target (advance: a lesson's pre-training, Step, trainAndWait) the frames
    // are longer: the pictures still move five times a second, and the snapshots no longer take
    // half the time (a Transformer's probes, attention maps and diagnostics cost as much as the
    // steps of a 30 ms frame, so a lesson's pre-training took twice as long as the steps).
    static constexpr int kTargetFrameMilliseconds = 200;

    // Thread-safe; take effect at the next step.
    void requestPause() { m_running.store(false); }
    void requestInterrupt() { m_interrupt.store(true); }  // ends the current frame early
    void setStepsPerFrame(int steps) { m_stepsPerFrame.store(steps); }  // 0: full speed
    bool isRunning() const { return m_running.load(); }

    // Called in the worker's thread (queued). Each command carries the caller's serial number,
    // echoed in the frames that follow it.
    void play(quint64 command);
    void advance(int steps, quint64 command);  // `steps` more steps in paced frames, then pauses
    void acknowledge(quint64 command);         // after requestPause(): a frame saying so

protected:
    RunWorker(int stepsPerFrame, QObject* parent);

    // The model's side, in the worker's thread.
    virtual bool hasModel() const = 0;
    virtual bool modelDiverged() const = 0;
    virtual int modelSteps() const = 0;
    // One frame of training: `steps` steps, or (0) as many as fit in budgetSeconds; never more
    // than `limit` (−1: no limit); stops early when stopRequested(). Returns the steps taken.
    virtual int trainFrame(int steps, double budgetSeconds, int limit) = 0;
    virtual void emitFrame() = 0;  // builds a frame (stamped by stamp()) and emits it

    // Starts a reset: paused, no target, no speed yet. The worker then builds its model.
    void beginReset(quint64 generation, quint64 command);
    void setError(const QString& error) { m_error = error; }
    bool stopRequested() const { return !m_running.load() || m_interrupt.load(); }
    // The last snapshot's cost, kept out of a full-speed frame's budget.
    void setSnapshotSeconds(double seconds) { m_snapshotSeconds = seconds; }
    void stamp(RunFrame& frame) const;  // generation, command, running, error, speed
    // In emitFrame(): whether this frame is one of a free run's (Play, no target) that another
    // follows at once; not the last before a pause or an end, nor one a command asked for.
    bool framePlaysOn() const { return m_framePlaysOn; }

private:
    void start();     // play() and advance(): running, the speed measured afresh
    void runFrame();  // one frame; schedules the next one while running
    void schedule(int delayMilliseconds);

    QString m_error;
    quint64 m_generation = 0;
    quint64 m_command = 0;
    int m_target = -1;  // advance(): stop at this step, −1 when playing freely
    bool m_scheduled = false;
    bool m_framePlaysOn = false;
    double m_snapshotSeconds = 0.005;
    QElapsedTimer m_rateClock;
    int m_rateSteps = 0;
    double m_stepsPerSecond = 0;

    std::atomic<bool> m_running{false};
    std::atomic<bool> m_interrupt{false};
    std::atomic<int> m_stepsPerFrame;
};

}  // namespace actlab::ui
