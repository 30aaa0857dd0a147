// RunWorker: the commands and the pacing of frames, in the worker's thread.
#include "ui/common/run_worker.h"

#include <QTimer>
#include <algorithm>

namespace actlab::ui {

RunWorker::RunWorker(int stepsPerFrame, QObject* parent)
    : QObject(parent), m_stepsPerFrame(stepsPerFrame) {}

void RunWorker::beginReset(quint64 generation, quint64 command) {
    m_command = command;
    m_running.store(false);
    m_interrupt.store(false);
    m_target = -1;
    m_generation = generation;
    m_stepsPerSecond = 0;
}

void RunWorker::play(quint64 command) {
    m_command = command;
    if (!hasModel() || modelDiverged()) {
        m_running.store(false);
        emitFrame();
        return;
    }
    m_target = -1;
    start();
}

void RunWorker::advance(int steps, quint64 command) {
    m_command = command;
    if (!hasModel() || modelDiverged() || steps <= 0) {
        m_running.store(false);
        emitFrame();
        return;
    }
    m_target = modelSteps() + steps;
    start();
}

void RunWorker::acknowledge(quint64 command) {
    m_command = command;
    if (!m_running.load()) m_target = -1;
    emitFrame();
}

void RunWorker::start() {
    m_running.store(true);
    m_rateClock.start();
    m_rateSteps = 0;
    if (!m_scheduled) schedule(0);
}

void RunWorker::schedule(int delayMilliseconds) {
    m_scheduled = true;
    QTimer::singleShot(std::max(0, delayMilliseconds), Qt::PreciseTimer, this,
                       &RunWorker::runFrame);
}

void RunWorker::runFrame() {
    m_scheduled = false;
    if (!hasModel() || !m_running.load()) return;
    QElapsedTimer frame;
    frame.start();
    const int perFrame = m_target >= 0 ? 0 : m_stepsPerFrame.load();
    // The frame's time less its snapshot, but never less than the snapshot took: when snapshots
    // are slow (large models, a loaded machine, a sanitizer build) frames get longer instead of
    // training getting ~5 ms in every snapshot's 30 ms or more (issue 6).
    const double frameSeconds =
        (m_target >= 0 ? kTargetFrameMilliseconds : kFrameMilliseconds) / 1000.0;
    const double budget = std::max({0.005, frameSeconds - m_snapshotSeconds, m_snapshotSeconds});
    const int limit = m_target >= 0 ? std::max(0, m_target - modelSteps()) : -1;
    if (limit != 0) m_rateSteps += trainFrame(perFrame, budget, limit);
    if (m_rateClock.isValid() && m_rateClock.elapsed() > 0)
        m_stepsPerSecond = m_rateSteps * 1000.0 / double(m_rateClock.elapsed());
    if (m_rateClock.elapsed() > 2000) {  // a moving window of about two seconds
        m_rateClock.start();
        m_rateSteps = 0;
    }
    if (modelDiverged() || (m_target >= 0 && modelSteps() >= m_target)) {
        m_running.store(false);
        m_target = -1;
    }
    m_framePlaysOn = m_running.load() && !m_interrupt.load() && m_target < 0;
    emitFrame();
    m_framePlaysOn = false;
    if (m_running.load() && !m_interrupt.load())
        schedule(perFrame > 0 ? kFrameMilliseconds - int(frame.elapsed()) : 0);
}

void RunWorker::stamp(RunFrame& frame) const {
    frame.generation = m_generation;
    frame.command = m_command;
    frame.running = m_running.load();
    frame.error = m_error;
    frame.stepsPerSecond = m_stepsPerSecond;
}

}  // namespace actlab::ui
