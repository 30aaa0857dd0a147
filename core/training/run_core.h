// The run machinery every model kind shares (issue 25): the step count and the step driver,
// divergence (its step and the last finite snapshot), the last batch loss, the record (history,
// step losses, distributions: run_record.h), the steps-per-second timing, and the common part of
// a run's progress with its checks. Trainer (MLP, GLU-FFN) and SequenceTrainer (Transformer)
// each hold one and add only their model kind's data, one step and measurements.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "diagnostics/distributions.h"
#include "training/run_history.h"
#include "training/run_record.h"

namespace actlab {

// What every run's progress carries beyond its model kind's: where it is, whether and where it
// diverged, and its record (saved and restored by core/config/run_state_json.cpp).
template <typename Point>
struct RunProgress {
    int steps = 0;
    int divergedAt = -1;
    double lastBatchLoss = 0;  // the last step's batch loss
    std::vector<Point> history;
    size_t historyStride = 1, historyOffered = 0;
    int historyStep = -1;  // the step of the last point offered to the history
    std::vector<StepBucket> trainLossSteps;
    size_t trainLossWidth = 1;
    Distributions distributions;
};

// How one step of a model kind ended.
enum class StepOutcome {
    Finite,         // the step counts, its batch loss is recorded
    LossNotFinite,  // nothing of this step is kept: the run diverged at the step before it
    // The update was made (the step counts) but its gradient was not finite: the run diverged
    // at this step, whose loss is not recorded.
    UpdateNotFinite,
};

struct StepResult {
    StepOutcome outcome = StepOutcome::Finite;
    double loss = 0;  // the batch loss (Finite)
};

// Snapshot: step, diverged, divergedAtStep, stepsPerSecond and what RunRecord::fill() sets.
// Point: a history point (step).
template <typename Snapshot, typename Point>
class RunCore {
public:
    explicit RunCore(std::size_t historyCapacity = 1024) : m_record(historyCapacity) {}

    int steps() const { return m_steps; }
    bool diverged() const { return m_divergedAt >= 0; }
    int divergedAtStep() const { return m_divergedAt; }
    double lastBatchLoss() const { return m_lastBatchLoss; }
    RunRecord<Point>& record() { return m_record; }
    const RunRecord<Point>& record() const { return m_record; }

    // Runs up to n steps; stops early (and stays stopped) once a step is not finite. Every
    // step's batch loss enters the record, and at the steps isEvaluationStep() names a history
    // point does. stepOnce(bool lastOfCall) -> StepResult takes one step of the model;
    // measurePoint() -> optional<pair<Point, samples>> measures a history point (nullopt: a
    // figure is not finite, the run diverged).
    template <typename StepOnce, typename MeasurePoint>
    void step(int n, StepOnce&& stepOnce, MeasurePoint&& measurePoint) {
        if (!m_timed) {
            m_lastSnapshotTime = std::chrono::steady_clock::now();
            m_timed = true;
        }
        recordDueHistory(measurePoint);  // step 0, or a restored run's step
        for (int i = 0; i < n && !diverged(); ++i) {
            const StepResult result = stepOnce(i == n - 1);
            if (result.outcome != StepOutcome::Finite) {
                if (result.outcome == StepOutcome::UpdateNotFinite) ++m_steps;
                m_divergedAt = m_steps;
                return;
            }
            m_lastBatchLoss = result.loss;
            ++m_steps;
            m_record.addStepLoss(m_steps, result.loss);
            recordDueHistory(measurePoint);
        }
    }

    // A history point for the current step when it is due and not taken yet; a point that
    // cannot be measured (not finite) makes the run diverge here.
    template <typename MeasurePoint>
    void recordDueHistory(MeasurePoint&& measurePoint) {
        if (diverged() || !m_record.due(m_steps)) return;
        if (!m_record.record(m_steps, measurePoint)) m_divergedAt = m_steps;
    }

    // A snapshot's figures were not finite: the run diverged here (if not before).
    void markDiverged() {
        if (m_divergedAt < 0) m_divergedAt = m_steps;
    }

    // A snapshot never carries a non-finite number: once diverged, it is the last finite one (or
    // an empty one) at the current step, with diverged set, no rate and the record filled.
    Snapshot divergedSnapshot() const {
        Snapshot s = m_lastFinite ? *m_lastFinite : Snapshot{};
        s.step = m_steps;
        s.diverged = true;
        s.divergedAtStep = m_divergedAt;
        s.stepsPerSecond = 0;
        m_record.fill(s);
        return s;
    }
    const std::optional<Snapshot>& lastFinite() const { return m_lastFinite; }
    void keepFinite(const Snapshot& s) { m_lastFinite = s; }

    // Steps per second since the last markTime() (or the first step), 0 before any step.
    double stepsPerSecond() const {
        if (!m_timed || m_steps <= m_lastSnapshotStep) return 0;
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - m_lastSnapshotTime)
                .count();
        return seconds > 0 ? (m_steps - m_lastSnapshotStep) / seconds : 0;
    }
    // The rate counts from now (a snapshot's evaluation time is not training time).
    void markTime() {
        m_lastSnapshotTime = std::chrono::steady_clock::now();
        m_lastSnapshotStep = m_steps;
        m_timed = true;
    }

    // The common part of a run's progress: its steps, divergence, last loss and record.
    void save(RunProgress<Point>& p) const {
        p.steps = m_steps;
        p.divergedAt = m_divergedAt;
        p.lastBatchLoss = m_lastBatchLoss;
        m_record.save(p);
    }
    // The first check of a saved progress, before the model kind's: false with *error.
    static bool checkProgress(const RunProgress<Point>& p, std::string* error) {
        if (p.steps >= 0 && p.divergedAt >= -1 && p.divergedAt <= p.steps) return true;
        if (error) *error = "the step count or the divergence step is out of range";
        return false;
    }
    // The last check (the record's) and, when it passes, the commit of the common part: false
    // with *error, changing nothing. The last finite snapshot is forgotten and the rate counts
    // from the next step.
    bool restore(RunProgress<Point>& p, std::string* error) {
        if (!m_record.restore(p, p.steps, error)) return false;
        m_steps = p.steps;
        m_divergedAt = p.divergedAt;
        m_lastBatchLoss = p.lastBatchLoss;
        m_lastFinite.reset();
        m_lastSnapshotStep = m_steps;
        m_timed = false;
        return true;
    }

private:
    int m_steps = 0;
    int m_divergedAt = -1;
    double m_lastBatchLoss = 0;
    RunRecord<Point> m_record;  // history, step losses, distributions
    std::chrono::steady_clock::time_point m_lastSnapshotTime;
    int m_lastSnapshotStep = 0;
    bool m_timed = false;  // whether m_lastSnapshotTime is set (at the first step or snapshot)
    std::optional<Snapshot> m_lastFinite;
};

}  // namespace actlab
