// AttentionController: the Attention view's commands, queued to its worker.
#include "ui/attention/attention_controller.h"

namespace actlab::ui {

AttentionController::AttentionController(QObject* parent)
    : RunControllerOf(5, QStringLiteral("attention"), parent) {}

void AttentionController::reset(const SequenceTrainingConfig& config) {
    m_typedRequest = 0;
    const ResetSerials serials = startReset();
    queue([config, serials](AttentionWorker* worker) {
        worker->reset(config, serials.generation, serials.command);
    });
}

void AttentionController::setOptimizer(const OptimizerConfig& config) {
    queue([config](AttentionWorker* worker) { worker->setOptimizer(config); });
}

quint64 AttentionController::setTypedSequence(const std::vector<Token>& tokens) {
    const quint64 request = ++m_typedRequest;
    queue(
        [tokens, request](AttentionWorker* worker) { worker->setTypedSequence(tokens, request); });
    return request;
}

}  // namespace actlab::ui
