// AttentionWorker: the Transformer's steps, snapshots and predictions, in the worker's thread
// (RunWorker paces the frames); the probes' logits and the typed sequence are classified by core.
#include "ui/attention/attention_worker.h"

#include <QElapsedTimer>

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

AttentionWorker::AttentionWorker(QObject* parent) : RunWorker(5, parent) {
    qRegisterMetaType<actlab::ui::AttentionFrame>();
}

AttentionWorker::~AttentionWorker() = default;

void AttentionWorker::reset(const SequenceTrainingConfig& config, quint64 generation,
                            quint64 command) {
    if (!m_threadsSet) {  // the first call runs in the worker's thread: its own setting
        setComputeThreadsOfThisThread(1);
        m_threadsSet = true;
    }
    beginReset(generation, command);
    std::string error;
    m_trainer = SequenceTrainer::create(config, &error);
    setError(m_trainer ? QString() : QString::fromStdString(error));
    m_info = m_trainer ? describe(*m_trainer) : nullptr;
    m_snapshot.reset();
    m_probePredictions.reset();
    m_prediction.reset();
    m_typed.clear();
    m_predictionError.clear();
    m_predictionRequest = 0;
    m_predictedStep = -1;
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

int AttentionWorker::trainFrame(int steps, double budgetSeconds, int limit) {
    QElapsedTimer clock;
    clock.start();
    int done = 0;
    while (!stopRequested() && !m_trainer->diverged()) {
        if (limit >= 0 && done >= limit) break;
        if (steps > 0 && done >= steps) break;
        if (steps == 0 && done > 0 && clock.nsecsElapsed() * 1e-9 >= budgetSeconds) break;
        m_trainer->step(1);
        ++done;
    }
    return done;
}

void AttentionWorker::refreshSnapshot() {
    if (!m_trainer || (m_snapshot && m_snapshot->step == m_trainer->steps() &&
                       m_snapshot->diverged == m_trainer->diverged()))
        return;
    QElapsedTimer cost;
    cost.start();
    auto snapshot = std::make_shared<SequenceSnapshot>(m_trainer->snapshot());
    setSnapshotSeconds(double(cost.nsecsElapsed()) * 1e-9);
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
    stamp(frame);
    frame.info = m_info;
    frame.snapshot = m_snapshot;
    frame.probePredictions = m_probePredictions;
    frame.prediction = m_prediction;
    frame.predictionError = m_predictionError;
    frame.predictionRequest = m_predictionRequest;
    emit frameReady(frame);
}

}  // namespace actlab::ui
