// AttentionController: the Attention view's commands, queued to its worker.
#include "ui/attention/attention_controller.h"

namespace actlab::ui {

AttentionController::AttentionController(QObject* parent)
    : RunControllerOf(5, QStringLiteral("attention"), parent) {}

void AttentionController::reset(const SequenceTrainingConfig& config,
                                const std::optional<SequenceTrainingConfig>& compared) {
    m_typedRequest = 0;
    m_comparing = compared.has_value();
    const quint64 request = ++m_compareRequest;
    const ResetSerials serials = startReset();
    queue([config, compared, serials, request, backend = m_backend](AttentionWorker* worker) {
        worker->setBackend(backend);
        worker->reset(config, compared, serials.generation, serials.command, request);
    });
}

void AttentionController::restoreRuns(const std::vector<std::string>& states) {
    m_typedRequest = 0;
    m_comparing = states.size() > 1;
    const quint64 request = ++m_compareRequest;
    const ResetSerials serials = startReset();
    queue([states, serials, request, backend = m_backend](AttentionWorker* worker) {
        worker->setBackend(backend);
        worker->restore(states, serials.generation, serials.command, request);
    });
}

std::vector<std::string> AttentionController::runStates() {
    return callAndWait([](AttentionWorker* worker) { return worker->runStates(); });
}

quint64 AttentionController::setCompare(const std::optional<SequenceTrainingConfig>& compared) {
    m_comparing = compared.has_value();
    const quint64 request = ++m_compareRequest;
    queue([compared, request, backend = m_backend](AttentionWorker* worker) {
        worker->setBackend(backend);
        worker->setCompare(compared, request);
    });
    return request;
}

void AttentionController::setOptimizer(const OptimizerConfig& config, int run) {
    queue([config, run](AttentionWorker* worker) { worker->setOptimizer(run, config); });
}

quint64 AttentionController::setTypedSequence(const std::vector<Token>& tokens) {
    const quint64 request = ++m_typedRequest;
    queue(
        [tokens, request](AttentionWorker* worker) { worker->setTypedSequence(tokens, request); });
    return request;
}

}  // namespace actlab::ui
