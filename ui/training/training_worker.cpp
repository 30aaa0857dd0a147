// TrainingWorker: the training loop's frames and snapshots, in its thread (RunWorker paces them).
#include "ui/training/training_worker.h"

#include <QElapsedTimer>

#include "ui/common/core_text.h"

namespace actlab::ui {

TrainingWorker::TrainingWorker(QObject* parent) : RunWorker(10, parent) {
    qRegisterMetaType<actlab::ui::TrainingFrame>();
}

void TrainingWorker::reset(const std::vector<TrainingConfig>& configs, Backend* backend,
                           quint64 generation, quint64 command) {
    beginReset(generation, command);
    std::string error;
    std::optional<TrainingLoop> loop = TrainingLoop::create(configs, &error, backend);
    adopt(std::move(loop), error);
}

void TrainingWorker::restore(const std::vector<std::string>& states, Backend* backend,
                             quint64 generation, quint64 command) {
    beginReset(generation, command);
    std::string error;
    std::optional<TrainingLoop> loop = TrainingLoop::restore(states, &error, backend);
    adopt(std::move(loop), error);
}

std::vector<std::string> TrainingWorker::runStates() {
    return m_loop ? m_loop->states() : std::vector<std::string>{};
}

void TrainingWorker::adopt(std::optional<TrainingLoop> loop, const std::string& error) {
    m_loop = std::move(loop);
    if (m_loop) m_loop->setComputeThreads(1);  // the UI thread keeps a core (training_loop.h)
    setError(m_loop ? QString() : coreMessage(error));
    m_data.reset();
    m_engine.clear();
    m_engineNote.clear();
    if (m_loop) {
        const std::string_view engine = m_loop->trainer(0).backendName();
        m_engine = QString::fromUtf8(engine.data(), qsizetype(engine.size()));
        m_engineNote = QString::fromStdString(m_loop->trainer(0).engineNote());
        const Dataset& dataset = m_loop->trainer(0).dataset();
        auto data = std::make_shared<TrainingData>();
        data->kind = dataset.kind;
        data->classes = dataset.classes;
        data->rawDimension = dataset.rawDimension;
        data->train = dataset.trainRaw;
        data->test = dataset.testRaw;
        m_data = std::move(data);
    }
    emitFrame();
}

void TrainingWorker::setOptimizer(const OptimizerConfig& config, double l1, double l2) {
    if (!m_loop) return;
    m_loop->setOptimizerConfig(config);
    m_loop->setRegularisation(l1, l2);
}

int TrainingWorker::trainFrame(int steps, double budgetSeconds, int limit) {
    FramePlan plan;
    plan.steps = steps;
    plan.budgetSeconds = budgetSeconds;
    return m_loop->runFrame(
        plan, [this] { return stopRequested(); }, std::max(0, limit));  // 0: no limit
}

void TrainingWorker::emitFrame() {
    TrainingFrame frame;
    stamp(frame);
    frame.data = m_data;
    frame.engine = m_engine;
    frame.engineNote = m_engineNote;
    if (m_loop) {
        QElapsedTimer cost;
        cost.start();
        frame.runs = m_loop->snapshots(true);
        setSnapshotSeconds(double(cost.nsecsElapsed()) * 1e-9);
    }
    emit frameReady(frame);
}

}  // namespace actlab::ui
