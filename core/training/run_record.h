// What every run records beside its model, the same for every model kind (issue 25): every
// step's training loss (StepSeries), the held-out points at the steps isEvaluationStep() names
// (a BoundedHistory of the model kind's Point), the distributions at its activation sites, and
// the time spent measuring them; filled into snapshots and saved into and restored from a run's
// progress (config/run_state_json.h). Every run's RunCore (run_core.h) holds one.
#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "diagnostics/distributions.h"
#include "training/bounded_history.h"
#include "training/run_history.h"

namespace actlab {

template <typename Point>
class RunRecord {
public:
    explicit RunRecord(std::size_t capacity = 1024) : m_history(capacity) {}

    // Off: no point is measured (benchmarks time the steps alone); the step losses still are.
    void setRecording(bool on) { m_recording = on; }
    double seconds() const { return m_seconds; }  // spent measuring points and distributions

    // The batch loss of `step` (the step count after it).
    void addStepLoss(int step, double loss) { m_trainLoss.push(step, loss); }

    // Whether a point of `step` is to be measured now: on the schedule, not taken yet.
    bool due(int step) const { return m_recording && m_lastStep < step && isEvaluationStep(step); }

    // Measures and records the point of `step`: measure() returns the point and the
    // distributions' samples, or nullopt when a figure is not finite (nothing is recorded; the
    // caller's run diverged). Returns whether it recorded.
    template <typename Measure>
    bool record(int step, Measure measure) {
        const auto start = std::chrono::steady_clock::now();
        std::optional<std::pair<Point, std::vector<SiteSample>>> measured = measure();
        const auto seconds = [&] {
            return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        };
        if (!measured) {
            m_seconds += seconds();
            return false;
        }
        m_history.push(std::move(measured->first));
        m_lastStep = step;
        auto distributions = std::make_shared<Distributions>(*m_distributions);
        recordDistributions(*distributions, step, measured->second);
        m_distributions = std::move(distributions);
        m_seconds += seconds();  // the distributions' histograms and percentiles included
        return true;
    }

    // The history, the step losses and the distributions, into a snapshot.
    template <typename Snapshot>
    void fill(Snapshot& s) const {
        s.history = m_history.points();
        s.trainLossSteps = m_trainLoss.buckets();
        s.distributions = m_distributions;
    }

    // Into a run's progress, and back: restore() checks what every kind's record must satisfy
    // (a thinning push() could make, points and buckets within the run's `steps`) and changes
    // nothing when a check fails (a one-line *error).
    template <typename Progress>
    void save(Progress& p) const {
        p.history = m_history.points();
        p.historyStride = m_history.stride();
        p.historyOffered = m_history.offered();
        p.historyStep = m_lastStep;
        p.trainLossSteps = m_trainLoss.buckets();
        p.trainLossWidth = m_trainLoss.width();
        p.distributions = *m_distributions;
    }
    template <typename Progress>
    bool restore(Progress& p, int steps, std::string* error) {
        const auto fail = [&](const std::string& message) {
            if (error) *error = message;
            return false;
        };
        for (const Point& point : p.history)
            if (point.step < 0 || point.step > steps)
                return fail("a history point lies outside the run's steps");
        if (p.historyStep < -1 || p.historyStep > steps)
            return fail("the history's last step is outside the run's steps");
        BoundedHistory<Point> history{m_history.capacity()};
        if (!history.restore(p.historyStride, p.historyOffered, std::move(p.history)))
            return fail("the history's thinning does not match its points");
        StepSeries trainLoss;
        std::string problem;
        if (!trainLoss.restore(p.trainLossWidth, std::move(p.trainLossSteps), steps, &problem))
            return fail("the train-loss history: " + problem);
        m_history = std::move(history);
        m_lastStep = p.historyStep;
        m_trainLoss = std::move(trainLoss);
        m_distributions = std::make_shared<Distributions>(std::move(p.distributions));
        return true;
    }

private:
    BoundedHistory<Point> m_history;
    int m_lastStep = -1;  // the step of the last point recorded
    StepSeries m_trainLoss;
    std::shared_ptr<const Distributions> m_distributions = std::make_shared<Distributions>();
    bool m_recording = true;
    double m_seconds = 0;
};

}  // namespace actlab
