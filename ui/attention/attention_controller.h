// The UI side of the Attention lab's training thread: a RunController
// (ui/common/run_controller.h) of an AttentionWorker, with the Attention view's own commands
// (reset to a config, optimizer, the typed sequence to predict).
#pragma once

#include <vector>

#include "ui/attention/attention_frame.h"
#include "ui/attention/attention_worker.h"
#include "ui/common/run_controller.h"

namespace actlab::ui {

class AttentionController : public RunControllerOf<AttentionWorker, AttentionFrame> {
    Q_OBJECT
public:
    explicit AttentionController(QObject* parent = nullptr);

    void reset(const SequenceTrainingConfig& config);  // a new model at step 0, paused
    void setOptimizer(const OptimizerConfig& config);
    // Predicts these tokens in every later frame (empty: stop); returns the request's serial.
    quint64 setTypedSequence(const std::vector<Token>& tokens);
    quint64 typedRequest() const { return m_typedRequest; }

private:
    quint64 m_typedRequest = 0;
};

}  // namespace actlab::ui
