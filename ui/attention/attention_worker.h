// The QObject that trains the Attention lab's Transformer in its own QThread: run A, and in
// compare mode run B beside it, stepped together so that both always show the same step.
// Controlled by queued calls (reset, compare, play, advance, optimizer, typed sequence) and by
// atomic flags read once per step (pause, interrupt, speed); it emits an immutable AttentionFrame
// at most every kFrameMilliseconds. The commands and the pacing are RunWorker's
// (ui/common/run_worker.h).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ui/attention/attention_frame.h"
#include "ui/common/run_worker.h"

namespace actlab {
class Backend;
}

namespace actlab::ui {

class AttentionWorker : public RunWorker {
    Q_OBJECT
public:
    explicit AttentionWorker(QObject* parent = nullptr);
    ~AttentionWorker() override;

    // Called in the worker's thread (queued), like RunWorker's play, advance and acknowledge.
    // reset: run A (and B when given) afresh at step 0.
    void reset(const SequenceTrainingConfig& config,
               const std::optional<SequenceTrainingConfig>& compared, quint64 generation,
               quint64 command, quint64 compareRequest);
    // Runs A (and B) of saved states (sessions), where they stood, paused; B catches up to A
    // if it was behind.
    void restore(const std::vector<std::string>& states, quint64 generation, quint64 command,
                 quint64 compareRequest);
    // Every run's state now (A, then B when comparing), to save.
    std::vector<std::string> runStates();
    // Run B afresh (it trains up to A's step, between the commands), or none; A is untouched.
    void setCompare(const std::optional<SequenceTrainingConfig>& compared, quint64 request);
    void setOptimizer(int run, const OptimizerConfig& config);  // run 0: A, 1: B
    // The typed sequence to predict in this and every later frame; empty: none.
    void setTypedSequence(const std::vector<Token>& tokens, quint64 request);
    // The backend whose tensor ops the runs built from now on train through (null: the CPU);
    // it outlives the worker and serialises its own device work.
    void setBackend(Backend* backend) { m_backend = backend; }

signals:
    void frameReady(const actlab::ui::AttentionFrame& frame);

private:
    // One trained run and what its frames show.
    struct Run {
        std::unique_ptr<SequenceTrainer> trainer;
        AttentionRunPictures pictures;
        int predictedStep = -1;
        QString engineNote;  // why the run trains on the CPU although the backend is not it
    };

    bool hasModel() const override { return m_a.trainer != nullptr; }
    bool modelDiverged() const override { return m_a.trainer->diverged(); }
    int modelSteps() const override { return m_a.trainer->steps(); }
    int trainFrame(int steps, double budgetSeconds, int limit) override;  // one step at a time
    void emitFrame() override;
    void build(Run& run, const SequenceTrainingConfig& config);
    void adopt(Run& run, std::unique_ptr<SequenceTrainer> trainer, const std::string& error);
    void placeOnBackend(Run& run);  // the run's ops from m_backend (made here, off the UI thread)
    bool catchingUp() const;        // run B is behind run A
    std::vector<SequenceTrainer*> runs() const;  // A, and B when there is one (A first)
    void catchUp(quint64 request);               // B's steps for one frame while paused, then again
    // A new snapshot when the step moved, or a full one where the shown one is not (a full one
    // adds to the history). While playing on, snapshots are full kFullSnapshotMilliseconds
    // apart, and between those only the probes' maps and logits are new (SnapshotScope::Probes,
    // about a tenth of the cost): the maps move at the frame rate, the curves and figures ten
    // times a second. Every other frame (a pause, a target reached, a command) is full.
    void refreshSnapshot(Run& run, bool full);
    static constexpr int kFullSnapshotMilliseconds = 100;
    void refreshPrediction(Run& run);  // the typed sequence on the run's current model

    Run m_a, m_b;
    Backend* m_backend = nullptr;
    std::vector<Token> m_typed;
    quint64 m_predictionRequest = 0;
    quint64 m_compareRequest = 0;
    bool m_threadsSet = false;
    QElapsedTimer m_sinceFull;  // since the last full snapshots
};

}  // namespace actlab::ui
