// The UI side of the Attention lab's training thread: a RunController
// (ui/common/run_controller.h) of an AttentionWorker, with the Attention view's own commands
// (reset to a config, run B of compare mode, optimizers, the typed sequence to predict).
#pragma once

#include <optional>
#include <vector>

#include "ui/attention/attention_frame.h"
#include "ui/attention/attention_worker.h"
#include "ui/common/run_controller.h"

namespace actlab::ui {

class AttentionController : public RunControllerOf<AttentionWorker, AttentionFrame> {
    Q_OBJECT
public:
    explicit AttentionController(QObject* parent = nullptr);

    // A new model at step 0, paused; with `compared`, run B beside it, also at step 0.
    void reset(const SequenceTrainingConfig& config,
               const std::optional<SequenceTrainingConfig>& compared = std::nullopt);
    // The runs of saved states (sessions; two when comparing), where they stood, paused.
    void restoreRuns(const std::vector<std::string>& states);
    // Every run's state, from the worker between two of its frames (the caller waits for that).
    std::vector<std::string> runStates();
    // Run B afresh (it catches up to A's step), or none; run A is untouched. Returns the
    // request's serial: frames answer it once their compareRequest is at least this.
    quint64 setCompare(const std::optional<SequenceTrainingConfig>& compared);
    quint64 compareRequest() const { return m_compareRequest; }
    bool comparing() const { return m_comparing; }
    void setOptimizer(const OptimizerConfig& config, int run = 0);  // run 0: A, 1: B
    // Predicts these tokens in every later frame (empty: stop); returns the request's serial.
    quint64 setTypedSequence(const std::vector<Token>& tokens);
    quint64 typedRequest() const { return m_typedRequest; }
    // Where the runs of the next reset, restore or run B train: this backend's tensor ops where
    // it has them (null: the CPU). Their Vulkan set-up happens in the worker's thread.
    void setBackend(Backend* backend) { m_backend = backend; }
    Backend* backend() const { return m_backend; }

private:
    Backend* m_backend = nullptr;
    quint64 m_typedRequest = 0;
    quint64 m_compareRequest = 0;
    bool m_comparing = false;
};

}  // namespace actlab::ui
