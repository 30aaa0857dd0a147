// TrainingWorker: frames of steps paced at ~30 per second, a snapshot after each, in its thread.
#include "ui/training/training_worker.h"

#include <QTimer>
#include <algorithm>

namespace actlab::ui {

TrainingWorker::TrainingWorker(QObject* parent) : QObject(parent) {
    qRegisterMetaType<actlab::ui::TrainingFrame>();
}

void TrainingWorker::reset(const std::vector<TrainingConfig>& configs, quint64 generation,
                           quint64 command) {
    m_command = command;
    m_running.store(false);
    m_interrupt.store(false);
    m_target = -1;
    m_generation = generation;
    std::string error;
    m_loop = TrainingLoop::create(configs, &error);
    if (m_loop) m_loop->setComputeThreads(1);  // the UI thread keeps a core (training_loop.h)
    m_error = m_loop ? QString() : QString::fromStdString(error);
    m_data.reset();
    if (m_loop) {
        const Dataset& dataset = m_loop->trainer(0).dataset();
        auto data = std::make_shared<TrainingData>();
        data->kind = dataset.kind;
        data->classes = dataset.classes;
        data->rawDimension = dataset.rawDimension;
        data->train = dataset.trainRaw;
        data->test = dataset.testRaw;
        m_data = std::move(data);
    }
    m_stepsPerSecond = 0;
    emitFrame();
}

void TrainingWorker::play(quint64 command) {
    m_command = command;
    if (!m_loop || m_loop->diverged()) {
        m_running.store(false);
        emitFrame();
        return;
    }
    m_target = -1;
    m_running.store(true);
    m_rateClock.start();
    m_rateSteps = 0;
    if (!m_scheduled) schedule(0);
}

void TrainingWorker::advance(int steps, quint64 command) {
    m_command = command;
    if (!m_loop || m_loop->diverged() || steps <= 0) {
        emitFrame();
        return;
    }
    m_target = m_loop->steps() + steps;
    m_running.store(true);
    m_rateClock.start();
    m_rateSteps = 0;
    if (!m_scheduled) schedule(0);
}

void TrainingWorker::acknowledge(quint64 command) {
    m_command = command;
    if (!m_running.load()) m_target = -1;
    emitFrame();
}

void TrainingWorker::setOptimizer(const OptimizerConfig& config, double l1, double l2) {
    if (!m_loop) return;
    m_loop->setOptimizerConfig(config);
    m_loop->setRegularisation(l1, l2);
}

void TrainingWorker::schedule(int delayMilliseconds) {
    m_scheduled = true;
    QTimer::singleShot(std::max(0, delayMilliseconds), Qt::PreciseTimer, this,
                       &TrainingWorker::runFrame);
}

void TrainingWorker::runFrame() {
    m_scheduled = false;
    if (!m_loop || !m_running.load()) return;
    QElapsedTimer frame;
    frame.start();
    const int perFrame = m_target >= 0 ? 0 : m_stepsPerFrame.load();
    FramePlan plan;
    plan.steps = perFrame;
    // The frame's time less its snapshot, but never less than the snapshot took: when snapshots
    // are slow (large models, a loaded machine, a sanitizer build) frames get longer instead of
    // training getting ~5 ms in every snapshot's 30 ms or more (issue 6).
    plan.budgetSeconds =
        std::max({0.005, kFrameMilliseconds / 1000.0 - m_snapshotSeconds, m_snapshotSeconds});
    plan.historyEvery = kHistoryEvery;
    while (m_loop->steps() / plan.historyEvery > 1000) plan.historyEvery *= 2;
    const int limit = m_target >= 0 ? std::max(0, m_target - m_loop->steps()) : 0;
    if (m_target < 0 || limit > 0) {
        m_rateSteps += m_loop->runFrame(
            plan, [this] { return !m_running.load() || m_interrupt.load(); }, limit);
    }
    if (m_rateClock.isValid() && m_rateClock.elapsed() > 0)
        m_stepsPerSecond = m_rateSteps * 1000.0 / double(m_rateClock.elapsed());
    if (m_rateClock.elapsed() > 2000) {  // a moving window of about two seconds
        m_rateClock.start();
        m_rateSteps = 0;
    }
    if (m_loop->diverged() || (m_target >= 0 && m_loop->steps() >= m_target)) {
        m_running.store(false);
        m_target = -1;
    }
    emitFrame();
    if (m_running.load() && !m_interrupt.load())
        schedule(perFrame > 0 ? kFrameMilliseconds - int(frame.elapsed()) : 0);
}

void TrainingWorker::emitFrame() {
    TrainingFrame frame;
    frame.generation = m_generation;
    frame.command = m_command;
    frame.running = m_running.load();
    frame.error = m_error;
    frame.data = m_data;
    frame.stepsPerSecond = m_stepsPerSecond;
    if (m_loop) {
        QElapsedTimer cost;
        cost.start();
        frame.runs = m_loop->snapshots(true);
        m_snapshotSeconds = double(cost.nsecsElapsed()) * 1e-9;
    }
    emit frameReady(frame);
}

}  // namespace actlab::ui
