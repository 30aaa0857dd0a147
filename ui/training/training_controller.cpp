// TrainingController: the Training view's commands, queued to its worker.
#include "ui/training/training_controller.h"

namespace actlab::ui {

TrainingController::TrainingController(QObject* parent)
    : RunControllerOf(10, QStringLiteral("training"), parent) {}

void TrainingController::reset(const std::vector<TrainingConfig>& configs) {
    const ResetSerials serials = startReset();
    queue([configs, serials, backend = m_backend](TrainingWorker* worker) {
        worker->reset(configs, backend, serials.generation, serials.command);
    });
}

void TrainingController::restoreRuns(const std::vector<std::string>& states) {
    const ResetSerials serials = startReset();
    queue([states, serials, backend = m_backend](TrainingWorker* worker) {
        worker->restore(states, backend, serials.generation, serials.command);
    });
}

std::vector<std::string> TrainingController::runStates() {
    return callAndWait([](TrainingWorker* worker) { return worker->runStates(); });
}

void TrainingController::setOptimizer(const OptimizerConfig& config, double l1, double l2) {
    queue([config, l1, l2](TrainingWorker* worker) { worker->setOptimizer(config, l1, l2); });
}

}  // namespace actlab::ui
