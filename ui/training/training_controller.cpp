// TrainingController: commands go to the worker as queued calls; frames come back by value.
#include "ui/training/training_controller.h"

#include <QMetaObject>
#include <QTimer>
#include <utility>

#include "ui/training/queued_handoff.h"
#include "ui/training/training_worker.h"

namespace actlab::ui {
namespace {

// Runs call(worker) in the worker's thread, queued. The QueuedHandoff captured last tells
// ThreadSanitizer that everything captured was written before the call runs (queued_handoff.h).
template <typename Call>
void queueOnWorker(TrainingWorker* worker, Call call) {
    QMetaObject::invokeMethod(
        worker,
        [worker, call = std::move(call), handoff = QueuedHandoff()] {
            handoff.received();
            call(worker);
        },
        Qt::QueuedConnection);
}

}  // namespace

TrainingController::TrainingController(QObject* parent) : QObject(parent) {
    m_worker = new TrainingWorker;
    m_worker->setStepsPerFrame(m_stepsPerFrame);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &TrainingWorker::frameReady, this, &TrainingController::receive,
            Qt::QueuedConnection);
    m_thread.setObjectName(QStringLiteral("training"));
    m_thread.start();
}

TrainingController::~TrainingController() {
    m_worker->requestPause();
    m_worker->requestInterrupt();
    m_thread.quit();
    m_thread.wait();
}

void TrainingController::reset(const std::vector<TrainingConfig>& configs) {
    m_worker->requestInterrupt();
    m_worker->requestPause();
    const quint64 generation = ++m_generation;
    const quint64 command = ++m_command;
    m_latest = TrainingFrame{};
    m_latest.generation = generation;
    setPlaying(false);
    queueOnWorker(m_worker, [configs, generation, command](TrainingWorker* worker) {
        worker->reset(configs, generation, command);
    });
}

void TrainingController::play() {
    const quint64 command = ++m_command;
    setPlaying(true);
    queueOnWorker(m_worker, [command](TrainingWorker* worker) { worker->play(command); });
}

void TrainingController::pause() {
    m_worker->requestPause();
    const quint64 command = ++m_command;
    setPlaying(false);
    queueOnWorker(m_worker, [command](TrainingWorker* worker) { worker->acknowledge(command); });
}

void TrainingController::advance(int steps) {
    m_worker->requestPause();
    const quint64 command = ++m_command;
    setPlaying(true);  // until the worker reports the last of these steps
    queueOnWorker(m_worker,
                  [steps, command](TrainingWorker* worker) { worker->advance(steps, command); });
}

void TrainingController::setStepsPerFrame(int steps) {
    m_stepsPerFrame = std::max(0, steps);
    m_worker->setStepsPerFrame(m_stepsPerFrame);
}

void TrainingController::setOptimizer(const OptimizerConfig& config, double l1, double l2) {
    queueOnWorker(m_worker, [config, l1, l2](TrainingWorker* worker) {
        worker->setOptimizer(config, l1, l2);
    });
}

void TrainingController::receive(const TrainingFrame& frame) {
    frame.handoff.received();  // the worker's writes come before this (queued_handoff.h)
    ++m_received;
    if (frame.generation != m_generation) return;  // from before the last reset
    m_latest = frame;
    if (frame.command == m_command && !frame.running) setPlaying(false);
    if (!m_deliveryPending) {
        m_deliveryPending = true;
        // Queued after any frames already waiting: those replace m_latest first.
        QTimer::singleShot(0, this, &TrainingController::deliver);
    }
}

void TrainingController::deliver() {
    m_deliveryPending = false;
    ++m_delivered;
    emit frameChanged();
}

void TrainingController::setPlaying(bool playing) {
    if (m_playing == playing) return;
    m_playing = playing;
    emit playingChanged(playing);
}

}  // namespace actlab::ui
