// AttentionController: commands go to the worker as queued calls; frames come back by value.
#include "ui/attention/attention_controller.h"

#include <QMetaObject>
#include <QTimer>
#include <utility>

#include "ui/attention/attention_worker.h"
#include "ui/training/queued_handoff.h"

namespace actlab::ui {
namespace {

// Runs call(worker) in the worker's thread, queued; the QueuedHandoff captured last orders the
// captures before the call for ThreadSanitizer (queued_handoff.h).
template <typename Call>
void queueOnWorker(AttentionWorker* worker, Call call) {
    QMetaObject::invokeMethod(
        worker,
        [worker, call = std::move(call), handoff = QueuedHandoff()] {
            handoff.received();
            call(worker);
        },
        Qt::QueuedConnection);
}

}  // namespace

AttentionController::AttentionController(QObject* parent) : QObject(parent) {
    m_worker = new AttentionWorker;
    m_worker->setStepsPerFrame(m_stepsPerFrame);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &AttentionWorker::frameReady, this, &AttentionController::receive,
            Qt::QueuedConnection);
    m_thread.setObjectName(QStringLiteral("attention"));
    m_thread.start();
}

AttentionController::~AttentionController() {
    m_worker->requestPause();
    m_worker->requestInterrupt();
    m_thread.quit();
    m_thread.wait();
}

void AttentionController::reset(const SequenceTrainingConfig& config) {
    m_worker->requestInterrupt();
    m_worker->requestPause();
    const quint64 generation = ++m_generation;
    const quint64 command = ++m_command;
    m_latest = AttentionFrame{};
    m_latest.generation = generation;
    m_typedRequest = 0;
    setPlaying(false);
    queueOnWorker(m_worker, [config, generation, command](AttentionWorker* worker) {
        worker->reset(config, generation, command);
    });
}

void AttentionController::play() {
    const quint64 command = ++m_command;
    setPlaying(true);
    queueOnWorker(m_worker, [command](AttentionWorker* worker) { worker->play(command); });
}

void AttentionController::pause() {
    m_worker->requestPause();
    const quint64 command = ++m_command;
    setPlaying(false);
    queueOnWorker(m_worker, [command](AttentionWorker* worker) { worker->acknowledge(command); });
}

void AttentionController::advance(int steps) {
    m_worker->requestPause();
    const quint64 command = ++m_command;
    setPlaying(true);  // until the worker reports the last of these steps
    queueOnWorker(m_worker,
                  [steps, command](AttentionWorker* worker) { worker->advance(steps, command); });
}

void AttentionController::setStepsPerFrame(int steps) {
    m_stepsPerFrame = std::max(0, steps);
    m_worker->setStepsPerFrame(m_stepsPerFrame);
}

void AttentionController::setOptimizer(const OptimizerConfig& config) {
    queueOnWorker(m_worker, [config](AttentionWorker* worker) { worker->setOptimizer(config); });
}

quint64 AttentionController::setTypedSequence(const std::vector<Token>& tokens) {
    const quint64 request = ++m_typedRequest;
    queueOnWorker(m_worker, [tokens, request](AttentionWorker* worker) {
        worker->setTypedSequence(tokens, request);
    });
    return request;
}

void AttentionController::receive(const AttentionFrame& frame) {
    frame.handoff.received();  // the worker's writes come before this (queued_handoff.h)
    ++m_received;
    if (frame.generation != m_generation) return;  // from before the last reset
    m_latest = frame;
    if (frame.command == m_command && !frame.running) setPlaying(false);
    if (!m_deliveryPending) {
        m_deliveryPending = true;
        // Queued after any frames already waiting: those replace m_latest first.
        QTimer::singleShot(0, this, &AttentionController::deliver);
    }
}

void AttentionController::deliver() {
    m_deliveryPending = false;
    ++m_delivered;
    emit frameChanged();
}

void AttentionController::setPlaying(bool playing) {
    if (m_playing == playing) return;
    m_playing = playing;
    emit playingChanged(playing);
}

}  // namespace actlab::ui
