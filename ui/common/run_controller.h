// The UI side of a worker thread, shared by the Training and Attention views: owns the QThread
// and the worker, numbers the commands (play, pause, advance) and the resets, and keeps only the
// newest frame of the current run, handed on at most once per event-loop turn (frames that queued
// up while the UI was busy are skipped, never drawn late). RunControllerOf<Worker, Frame> adds
// the frame type; TrainingController and AttentionController add their own commands.
#pragma once

#include <QElapsedTimer>
#include <QMetaObject>
#include <QObject>
#include <QThread>
#include <utility>

#include "ui/common/run_worker.h"
#include "ui/training/queued_handoff.h"

namespace actlab::ui {

class RunController : public QObject {
    Q_OBJECT
public:
    ~RunController() override;  // stops the worker and joins its thread

    void play();
    void pause();
    void advance(int steps);           // pauses, then runs exactly this many steps
    void setStepsPerFrame(int steps);  // 0: full speed
    int stepsPerFrame() const { return m_stepsPerFrame; }

    bool isPlaying() const { return m_playing; }
    int framesReceived() const { return m_received; }
    int framesDelivered() const { return m_delivered; }

    // The newest frame of this run, in the terms every run has.
    virtual const RunFrame& latestRun() const = 0;
    virtual bool hasRun() const = 0;  // the run's first picture has come
    virtual int latestStep() const = 0;
    virtual bool latestDiverged() const = 0;

signals:
    void frameChanged();  // a newer frame is in latest()
    void playingChanged(bool playing);

protected:
    RunController(int stepsPerFrame, QObject* parent);

    // Moves the worker to the thread, named `name`, and starts it; the worker is deleted when the
    // thread finishes.
    void startWorker(RunWorker* worker, const QString& name);
    struct ResetSerials {
        quint64 generation = 0;
        quint64 command = 0;
    };
    ResetSerials nextReset();  // interrupts and pauses the worker; the reset's serials
    void setPlaying(bool playing);
    // A frame from the worker: false when it is from before the last reset (counted either way).
    bool takes(const RunFrame& frame);
    void took(const RunFrame& frame);  // after taking it: playing ends, delivery is scheduled

    // Runs call(worker) in the worker's thread, queued. The QueuedHandoff captured last tells
    // ThreadSanitizer that everything captured was written before the call runs
    // (queued_handoff.h).
    template <typename Worker, typename Call>
    static void queueOnWorker(Worker* worker, Call call) {
        QMetaObject::invokeMethod(
            worker,
            [worker, call = std::move(call), handoff = QueuedHandoff()] {
                handoff.received();
                call(worker);
            },
            Qt::QueuedConnection);
    }

private:
    void deliver();

    QThread m_thread;
    RunWorker* m_worker = nullptr;  // lives in m_thread, deleted when it finishes
    quint64 m_generation = 0;
    quint64 m_command = 0;
    bool m_deliveryPending = false;
    QElapsedTimer m_lastDelivery;  // since the last frameChanged (reduced motion spaces them)
    bool m_playing = false;
    int m_stepsPerFrame;
    int m_received = 0;
    int m_delivered = 0;
};

// A controller of a Worker that emits frameReady(const Frame&); Frame derives from RunFrame, has
// step(), diverged() and hasRun(), and carries a QueuedHandoff `handoff` as its last member.
template <typename Worker, typename Frame>
class RunControllerOf : public RunController {
public:
    const Frame& latest() const { return m_latest; }  // newest frame of this run
    const RunFrame& latestRun() const override { return m_latest; }
    bool hasRun() const override { return m_latest.hasRun(); }
    int latestStep() const override { return m_latest.step(); }
    bool latestDiverged() const override { return m_latest.diverged(); }

protected:
    RunControllerOf(int stepsPerFrame, const QString& threadName, QObject* parent)
        : RunController(stepsPerFrame, parent), m_worker(new Worker) {
        connect(m_worker, &Worker::frameReady, this, &RunControllerOf::receive,
                Qt::QueuedConnection);
        startWorker(m_worker, threadName);
    }

    // Clears the newest frame and pauses; reset(...) then sends the worker its configuration
    // with these serials.
    ResetSerials startReset() {
        const ResetSerials serials = nextReset();
        m_latest = Frame{};
        m_latest.generation = serials.generation;
        setPlaying(false);
        return serials;
    }

    template <typename Call>
    void queue(Call call) {
        queueOnWorker(m_worker, std::move(call));
    }
    // Runs call(worker) in the worker's thread between two of its frames and returns what it
    // returns; the caller waits (a frame lasts ~30 ms). The handoffs tell ThreadSanitizer of the
    // order Qt's blocking queue gives, both ways (queued_handoff.h).
    template <typename Call>
    auto callAndWait(Call call) {
        decltype(call(m_worker)) result{};
        const QueuedHandoff there;
        QMetaObject::invokeMethod(
            m_worker,
            [&] {
                there.received();
                result = call(m_worker);
                const QueuedHandoff back;
            },
            Qt::BlockingQueuedConnection);
        QueuedHandoff().received();
        return result;
    }

private:
    void receive(const Frame& frame) {
        frame.handoff.received();  // the worker's writes come before this (queued_handoff.h)
        if (!takes(frame)) return;
        m_latest = frame;
        took(frame);
    }

    Worker* m_worker;  // owned by RunController's thread
    Frame m_latest;
};

}  // namespace actlab::ui
