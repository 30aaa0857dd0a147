// AttentionWorker: frames of steps paced at ~30 per second, a snapshot after each, all in the
// worker's thread; the probes' logits and the typed sequence are classified by core.
#include "ui/attention/attention_worker.h"

#include <QTimer>
#include <algorithm>

#include "common/compute_threads.h"

namespace actlab::ui {
namespace {

QStringList qtNames(const std::vector<std::string>& names) {
    QStringList out;
    for (const std::string& name : names) out << QString::fromStdString(name);
    return out;
}

std::shared_ptr<const AttentionRunInfo> describe(const SequenceTrainer& trainer) {
    auto info = std::make_shared<AttentionRunInfo>();
    const SequenceTrainingConfig& c = trainer.config();
    info->task = QString::fromStdString(c.task);
    info->tokenNames = qtNames(trainer.task().tokenNames());
    info->classNames = qtNames(trainer.task().classNames());
    info->sequence = trainer.task().sequence();
    info->layers = c.model.layers;
    info->heads = c.model.heads;
    info->probes = c.probes;
    info->pooled = c.model.pooled;
    info->causal = c.model.causal;
    info->typedLengths = predictableLengths(c);
    const TokenTensor& targets = trainer.testSet().targets;
    const Index perProbe = c.model.pooled ? 1 : info->sequence;
    info->probeTargets.assign(targets.data(), targets.data() + c.probes * perProbe);
    info->config = c;
    return info;
}

}  // namespace

AttentionWorker::AttentionWorker(QObject* parent) : QObject(parent) {
    qRegisterMetaType<actlab::ui::AttentionFrame>();
}

AttentionWorker::~AttentionWorker() = default;

void AttentionWorker::reset(const SequenceTrainingConfig& config, quint64 generation,
                            quint64 command) {
    if (!m_threadsSet) {  // the first call runs in the worker's thread: its own setting
        setComputeThreadsOfThisThread(1);
        m_threadsSet = true;
    }
    m_command = command;
    m_running.store(false);
    m_interrupt.store(false);
    m_target = -1;
    m_generation = generation;
    std::string error;
    m_trainer = SequenceTrainer::create(config, &error);
    m_error = m_trainer ? QString() : QString::fromStdString(error);
    m_info = m_trainer ? describe(*m_trainer) : nullptr;
    m_snapshot.reset();
    m_probePredictions.reset();
    m_prediction.reset();
    m_typed.clear();
    m_predictionError.clear();
    m_predictionRequest = 0;
    m_predictedStep = -1;
    m_stepsPerSecond = 0;
    emitFrame();
}

void AttentionWorker::play(quint64 command) {
    m_command = command;
    if (!m_trainer || m_trainer->diverged()) {
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

void AttentionWorker::advance(int steps, quint64 command) {
    m_command = command;
    if (!m_trainer || m_trainer->diverged() || steps <= 0) {
        m_running.store(false);
        emitFrame();
        return;
    }
    m_target = m_trainer->steps() + steps;
    m_running.store(true);
    m_rateClock.start();
    m_rateSteps = 0;
    if (!m_scheduled) schedule(0);
}

void AttentionWorker::acknowledge(quint64 command) {
    m_command = command;
    if (!m_running.load()) m_target = -1;
    emitFrame();
}

void AttentionWorker::setOptimizer(const OptimizerConfig& config) {
    if (m_trainer) m_trainer->setOptimizerConfig(config);
}

void AttentionWorker::setTypedSequence(const std::vector<Token>& tokens, quint64 request) {
    m_typed = tokens;
    m_predictionRequest = request;
    m_predictedStep = -1;
    m_prediction.reset();
    m_predictionError.clear();
    emitFrame();
}

void AttentionWorker::schedule(int delayMilliseconds) {
    m_scheduled = true;
    QTimer::singleShot(std::max(0, delayMilliseconds), Qt::PreciseTimer, this,
                       &AttentionWorker::runFrame);
}

void AttentionWorker::runFrame() {
    m_scheduled = false;
    if (!m_trainer || !m_running.load()) return;
    QElapsedTimer frame;
    frame.start();
    const int perFrame = m_target >= 0 ? 0 : m_stepsPerFrame.load();
    // The frame's time less its snapshot, but never less than the snapshot took: slow
    // snapshots (a large model) make frames longer rather than leave no time to train.
    const double budget =
        std::max({0.005, kFrameMilliseconds / 1000.0 - m_snapshotSeconds, m_snapshotSeconds});
    int done = 0;
    while (m_running.load() && !m_interrupt.load() && !m_trainer->diverged()) {
        if (m_target >= 0 && m_trainer->steps() >= m_target) break;
        if (perFrame > 0 && done >= perFrame) break;
        if (perFrame == 0 && done > 0 && frame.nsecsElapsed() * 1e-9 >= budget) break;
        m_trainer->step(1);
        ++done;
    }
    m_rateSteps += done;
    if (m_rateClock.isValid() && m_rateClock.elapsed() > 0)
        m_stepsPerSecond = m_rateSteps * 1000.0 / double(m_rateClock.elapsed());
    if (m_rateClock.elapsed() > 2000) {  // a moving window of about two seconds
        m_rateClock.start();
        m_rateSteps = 0;
    }
    if (m_trainer->diverged() || (m_target >= 0 && m_trainer->steps() >= m_target)) {
        m_running.store(false);
        m_target = -1;
    }
    emitFrame();
    if (m_running.load() && !m_interrupt.load())
        schedule(perFrame > 0 ? kFrameMilliseconds - int(frame.elapsed()) : 0);
}

void AttentionWorker::refreshSnapshot() {
    if (!m_trainer || (m_snapshot && m_snapshot->step == m_trainer->steps() &&
                       m_snapshot->diverged == m_trainer->diverged()))
        return;
    QElapsedTimer cost;
    cost.start();
    auto snapshot = std::make_shared<SequenceSnapshot>(m_trainer->snapshot());
    m_snapshotSeconds = double(cost.nsecsElapsed()) * 1e-9;
    if (const ProbeTensor* logits = snapshot->findProbe("logits"); logits && m_info) {
        const int classes = int(logits->shape.back());
        m_probePredictions =
            std::make_shared<LogitsClassification>(classifyLogits(logits->values, classes));
    }
    m_snapshot = std::move(snapshot);
}

void AttentionWorker::refreshPrediction() {
    if (!m_trainer || m_typed.empty()) {
        m_prediction.reset();
        return;
    }
    if (m_predictedStep == m_trainer->steps()) return;
    m_predictedStep = m_trainer->steps();
    std::string error;
    auto prediction = predictSequence(*m_trainer, m_typed, &error);
    if (prediction) {
        m_prediction = std::make_shared<SequencePrediction>(std::move(*prediction));
        m_predictionError.clear();
    } else {
        m_predictionError = QString::fromStdString(error);
    }
}

void AttentionWorker::emitFrame() {
    refreshSnapshot();
    refreshPrediction();
    AttentionFrame frame;
    frame.generation = m_generation;
    frame.command = m_command;
    frame.running = m_running.load();
    frame.error = m_error;
    frame.info = m_info;
    frame.snapshot = m_snapshot;
    frame.probePredictions = m_probePredictions;
    frame.prediction = m_prediction;
    frame.predictionError = m_predictionError;
    frame.predictionRequest = m_predictionRequest;
    frame.stepsPerSecond = m_stepsPerSecond;
    emit frameReady(frame);
}

}  // namespace actlab::ui
