// The UI side of the training thread: a RunController (ui/common/run_controller.h) of a
// TrainingWorker, with the Training view's own commands (reset to one or two configs, optimizer).
#pragma once

#include <vector>

#include "ui/common/run_controller.h"
#include "ui/training/training_frame.h"
#include "ui/training/training_worker.h"

namespace actlab::ui {

class TrainingController : public RunControllerOf<TrainingWorker, TrainingFrame> {
    Q_OBJECT
public:
    explicit TrainingController(QObject* parent = nullptr);

    // Rebuilds the runs (one config, or two to compare) at step 0, paused.
    void reset(const std::vector<TrainingConfig>& configs);
    // The runs of saved states (sessions) instead, where they stood, paused.
    void restoreRuns(const std::vector<std::string>& states);
    // Every run's state, from the worker between two of its frames (the caller waits for that).
    std::vector<std::string> runStates();
    void setOptimizer(const OptimizerConfig& config, double l1, double l2);
    // Where the runs of the next reset train: this backend where it can (null: the CPU).
    void setBackend(Backend* backend) { m_backend = backend; }
    Backend* backend() const { return m_backend; }

private:
    Backend* m_backend = nullptr;
};

}  // namespace actlab::ui
