// RunController: commands go to the worker as queued calls; frames come back by value.
#include "ui/common/run_controller.h"

#include <QTimer>
#include <algorithm>

#include "ui/common/reduced_motion.h"

namespace actlab::ui {

RunController::RunController(int stepsPerFrame, QObject* parent)
    : QObject(parent), m_stepsPerFrame(stepsPerFrame) {}

RunController::~RunController() {
    m_worker->requestPause();
    m_worker->requestInterrupt();
    m_thread.quit();
    m_thread.wait();
}

void RunController::startWorker(RunWorker* worker, const QString& name) {
    m_worker = worker;
    m_worker->setStepsPerFrame(m_stepsPerFrame);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.setObjectName(name);
    m_thread.start();
}

RunController::ResetSerials RunController::nextReset() {
    m_worker->requestInterrupt();
    m_worker->requestPause();
    const quint64 generation = ++m_generation;
    const quint64 command = ++m_command;
    return {generation, command};
}

void RunController::play() {
    const quint64 command = ++m_command;
    setPlaying(true);
    queueOnWorker(m_worker, [command](RunWorker* worker) { worker->play(command); });
}

void RunController::pause() {
    m_worker->requestPause();
    const quint64 command = ++m_command;
    setPlaying(false);
    queueOnWorker(m_worker, [command](RunWorker* worker) { worker->acknowledge(command); });
}

void RunController::advance(int steps) {
    m_worker->requestPause();
    const quint64 command = ++m_command;
    setPlaying(true);  // until the worker reports the last of these steps
    queueOnWorker(m_worker,
                  [steps, command](RunWorker* worker) { worker->advance(steps, command); });
}

void RunController::setStepsPerFrame(int steps) {
    m_stepsPerFrame = std::max(0, steps);
    m_worker->setStepsPerFrame(m_stepsPerFrame);
}

bool RunController::takes(const RunFrame& frame) {
    ++m_received;
    return frame.generation == m_generation;
}

void RunController::took(const RunFrame& frame) {
    if (frame.command == m_command && !frame.running) setPlaying(false);
    if (!m_deliveryPending) {
        m_deliveryPending = true;
        // Queued after any frames already waiting: those replace the newest frame first. With
        // reduced motion a playing run is drawn at most once a second.
        qint64 wait = 0;
        if (reducedMotion() && frame.running && m_lastDelivery.isValid())
            wait = std::max<qint64>(0, kReducedMotionIntervalMs - m_lastDelivery.elapsed());
        QTimer::singleShot(int(wait), this, &RunController::deliver);
    }
}

void RunController::deliver() {
    m_deliveryPending = false;
    m_lastDelivery.start();
    ++m_delivered;
    emit frameChanged();
}

void RunController::setPlaying(bool playing) {
    if (m_playing == playing) return;
    m_playing = playing;
    emit playingChanged(playing);
}

}  // namespace actlab::ui
