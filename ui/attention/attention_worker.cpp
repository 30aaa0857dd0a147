// AttentionWorker: the Transformers' steps, snapshots and predictions, in the worker's thread
// (RunWorker paces the frames); the probes' predictions and the typed sequence are classified by
// core.
#include "ui/attention/attention_worker.h"

#include <QElapsedTimer>
#include <QTimer>
#include <future>

#include "backends/backend_factory.h"
#include "common/compute_threads.h"
#include "config/run_state_json.h"
#include "training/run_loop.h"
#include "ui/common/core_text.h"

namespace actlab::ui {
namespace {

// Runs b in a second thread (one compute thread, as this one) while a runs here; returns when
// both are done. Compare mode's two runs are independent, so the second core trains run B.
template <typename A, typename B>
void alongside(A&& a, B&& b) {
    std::future<void> other = std::async(std::launch::async, [&b] {
        setComputeThreadsOfThisThread(1);
        b();
    });
    a();
    other.get();
}

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
    if (const TextCorpus* corpus = trainer.task().textCorpus())
        info->corpus = std::make_shared<TextCorpus>(*corpus);
    return info;
}

}  // namespace

AttentionWorker::AttentionWorker(QObject* parent) : RunWorker(5, parent) {
    qRegisterMetaType<actlab::ui::AttentionFrame>();
}

AttentionWorker::~AttentionWorker() = default;

void AttentionWorker::build(Run& run, const SequenceTrainingConfig& config) {
    std::string error;
    std::unique_ptr<SequenceTrainer> trainer = SequenceTrainer::create(config, &error);
    adopt(run, std::move(trainer), error);
}

void AttentionWorker::adopt(Run& run, std::unique_ptr<SequenceTrainer> trainer,
                            const std::string& error) {
    run.trainer = std::move(trainer);
    placeOnBackend(run);
    run.pictures = {};
    run.pictures.error = run.trainer ? QString() : coreMessage(error);
    run.pictures.info = run.trainer ? describe(*run.trainer) : nullptr;
    run.predictedStep = -1;
}

void AttentionWorker::placeOnBackend(Run& run) {
    run.engineNote.clear();
    if (!run.trainer || !m_backend || m_backend->name() == "cpu") return;
    // The backend's tensor ops are made (pipelines and all) on their first use: here, in the
    // worker's thread. Each run has a table of its own: its describe() names its fallbacks.
    if (!m_backend->tensorOps()) {
        run.engineNote = tr("the %1 backend could not make its tensor ops")
                             .arg(QString::fromUtf8(m_backend->name().data(),
                                                    qsizetype(m_backend->name().size())));
        return;
    }
    run.trainer->setTensorOps(createTensorOpsTable(*m_backend));
}

void AttentionWorker::reset(const SequenceTrainingConfig& config,
                            const std::optional<SequenceTrainingConfig>& compared,
                            quint64 generation, quint64 command, quint64 compareRequest) {
    if (!m_threadsSet) {  // the first call runs in the worker's thread: its own setting
        setComputeThreadsOfThisThread(1);
        m_threadsSet = true;
    }
    beginReset(generation, command);
    build(m_a, config);
    setError(m_a.pictures.error);
    m_b = Run{};
    if (compared) build(m_b, *compared);
    m_compareRequest = compareRequest;
    m_typed.clear();
    m_predictionRequest = 0;
    emitFrame();
}

void AttentionWorker::restore(const std::vector<std::string>& states, quint64 generation,
                              quint64 command, quint64 compareRequest) {
    if (!m_threadsSet) {
        setComputeThreadsOfThisThread(1);
        m_threadsSet = true;
    }
    beginReset(generation, command);
    std::string error;
    adopt(m_a, states.empty() ? nullptr : sequenceTrainerFromStateJson(states[0], &error), error);
    if (states.empty()) m_a.pictures.error = QStringLiteral("nothing to restore");
    setError(m_a.pictures.error);
    m_b = Run{};
    if (states.size() > 1) {
        std::string errorB;
        adopt(m_b, sequenceTrainerFromStateJson(states[1], &errorB), errorB);
        if (!m_b.trainer) setError(QStringLiteral("run B: ") + m_b.pictures.error);
    }
    m_compareRequest = compareRequest;
    m_typed.clear();
    m_predictionRequest = 0;
    emitFrame();
    if (catchingUp())
        QTimer::singleShot(0, this, [this, compareRequest] { catchUp(compareRequest); });
}

std::vector<std::string> AttentionWorker::runStates() {
    std::vector<std::string> states;
    for (Run* run : {&m_a, &m_b})
        if (run->trainer) states.push_back(sequenceTrainerStateToJson(*run->trainer));
    return states;
}

void AttentionWorker::setCompare(const std::optional<SequenceTrainingConfig>& compared,
                                 quint64 request) {
    m_b = Run{};
    if (compared) build(m_b, *compared);
    m_compareRequest = request;
    emitFrame();
    if (catchingUp()) QTimer::singleShot(0, this, [this, request] { catchUp(request); });
}

void AttentionWorker::catchUp(quint64 request) {
    // While playing or advancing, trainFrame catches up first; a newer B has its own catch-up.
    if (request != m_compareRequest || isRunning() || !catchingUp()) return;
    catchUpRuns(runs(), kFrameMilliseconds / 1000.0);
    emitFrame();
    // Queued commands (pause, reset, a new B) run between these slices.
    if (catchingUp()) QTimer::singleShot(0, this, [this, request] { catchUp(request); });
}

bool AttentionWorker::catchingUp() const { return runsCatchingUp(runs()); }

void AttentionWorker::setOptimizer(int run, const OptimizerConfig& config) {
    Run& target = run == 1 ? m_b : m_a;
    if (target.trainer) target.trainer->setOptimizerConfig(config);
}

void AttentionWorker::setTypedSequence(const std::vector<Token>& tokens, quint64 request) {
    m_typed = tokens;
    m_predictionRequest = request;
    for (Run* run : {&m_a, &m_b}) {
        run->predictedStep = -1;
        run->pictures.prediction.reset();
        run->pictures.predictionError.clear();
    }
    emitFrame();
}

std::vector<SequenceTrainer*> AttentionWorker::runs() const {
    std::vector<SequenceTrainer*> out;
    if (m_a.trainer) out.push_back(m_a.trainer.get());
    if (m_a.trainer && m_b.trainer) out.push_back(m_b.trainer.get());
    return out;
}

int AttentionWorker::trainFrame(int steps, double budgetSeconds, int limit) {
    // core's loop: B catches up to A first, then A and B step together on two threads; B's
    // divergence leaves A training.
    return actlab::runFrame(
        runs(), FramePlan{steps, budgetSeconds}, [this] { return stopRequested(); }, limit,
        LoopOptions{.parallel = true, .anyDivergenceStops = false});
}

void AttentionWorker::refreshSnapshot(Run& run, bool full) {
    const SequenceSnapshot* shown = run.pictures.snapshot.get();
    if (!run.trainer) return;
    if (shown && shown->step == run.trainer->steps() &&
        shown->diverged == run.trainer->diverged() &&
        (shown->evaluatedStep == shown->step || shown->diverged || !full))
        return;
    QElapsedTimer cost;
    cost.start();
    auto snapshot = std::make_shared<SequenceSnapshot>(
        run.trainer->snapshot(full ? SnapshotScope::Full : SnapshotScope::Probes));
    if (&run == &m_a) setSnapshotSeconds(double(cost.nsecsElapsed()) * 1e-9);
    run.pictures.snapshot = std::move(snapshot);
    if (full || !run.pictures.weights)
        run.pictures.weights = std::make_shared<ModelWeights>(weightsOf(run.trainer->model()));
}

void AttentionWorker::refreshPrediction(Run& run) {
    if (!run.trainer || m_typed.empty()) {
        run.pictures.prediction.reset();
        return;
    }
    if (run.predictedStep == run.trainer->steps()) return;
    run.predictedStep = run.trainer->steps();
    std::string error;
    auto prediction = predictSequence(*run.trainer, m_typed, &error);
    if (prediction) {
        run.pictures.prediction = std::make_shared<SequencePrediction>(std::move(*prediction));
        run.pictures.predictionError.clear();
    } else {
        run.pictures.predictionError = coreMessage(error);
    }
}

void AttentionWorker::emitFrame() {
    AttentionFrame frame;
    stamp(frame);  // first: a frame that says the run is not running is a full one
    // Both runs' snapshots are full in the same frames.
    const bool full = !frame.running || !framePlaysOn() || !m_sinceFull.isValid() ||
                      m_sinceFull.elapsed() >= kFullSnapshotMilliseconds;
    if (full) m_sinceFull.start();
    const auto refresh = [this, full](Run& run) {
        refreshSnapshot(run, full);
        refreshPrediction(run);
    };
    if (m_b.trainer)
        alongside([&] { refresh(m_a); }, [&] { refresh(m_b); });
    else
        refresh(m_a);
    const AttentionRunPictures& a = m_a.pictures;
    frame.info = a.info;
    frame.snapshot = a.snapshot;
    frame.prediction = a.prediction;
    frame.predictionError = a.predictionError;
    frame.predictionRequest = m_predictionRequest;
    frame.weights = a.weights;
    frame.compared = m_b.pictures;
    frame.compareRequest = m_compareRequest;
    // Where each run's ops ran so far ("vulkan", "vulkan (cpu: mix_forward, …)", "cpu").
    for (const Run* run : {&m_a, &m_b}) {
        if (!run->trainer) continue;
        RunEngine& engine = run == &m_a ? frame.engine : frame.engineB;
        engine.ops = QString::fromStdString(run->trainer->model().tensorOps().describe());
        engine.note = run->engineNote;
    }
    emit frameReady(frame);
}

}  // namespace actlab::ui
