// The QObject that runs the training in its own QThread. Controlled by queued calls (reset,
// play, advance, optimizer changes) and by atomic flags read once per step (pause, interrupt,
// speed); it emits an immutable TrainingFrame at most every kFrameMilliseconds. The commands and
// the pacing are RunWorker's (ui/common/run_worker.h).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "training/training_loop.h"
#include "ui/common/run_worker.h"
#include "ui/training/training_frame.h"

namespace actlab::ui {

class TrainingWorker : public RunWorker {
    Q_OBJECT
public:
    explicit TrainingWorker(QObject* parent = nullptr);

    // Called in the worker's thread (QMetaObject::invokeMethod with a queued connection), like
    // RunWorker's play, advance and acknowledge.
    // The runs train on `backend` where it offers a training engine (null: the CPU); the
    // backend outlives the worker and serialises its own device work (one queue, one lock).
    void reset(const std::vector<TrainingConfig>& configs, Backend* backend, quint64 generation,
               quint64 command);
    // The runs of saved states (sessions), where they stood, paused; an error frame when a
    // state does not restore.
    void restore(const std::vector<std::string>& states, Backend* backend, quint64 generation,
                 quint64 command);
    void setOptimizer(const OptimizerConfig& config, double l1, double l2);
    // Every run's state now (between frames), to save; empty before the runs exist.
    std::vector<std::string> runStates();

signals:
    void frameReady(const actlab::ui::TrainingFrame& frame);

private:
    bool hasModel() const override { return m_loop.has_value(); }
    bool modelDiverged() const override { return m_loop->diverged(); }
    int modelSteps() const override { return m_loop->steps(); }
    int trainFrame(int steps, double budgetSeconds, int limit) override;
    void emitFrame() override;
    void adopt(std::optional<TrainingLoop> loop, const std::string& error);

    std::optional<TrainingLoop> m_loop;
    std::shared_ptr<const TrainingData> m_data;
    QString m_engine, m_engineNote;
};

}  // namespace actlab::ui
