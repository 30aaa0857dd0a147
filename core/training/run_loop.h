// One training loop for every model kind: the runs that step together — one run, or run A and
// run B of a comparison — in frames of a fixed number of steps or of a time budget, with a stop
// callback asked once per step. A run that stands behind the first (B added beside a trained A)
// catches up first; those steps are not the frame's. The runs step one after the other, or each
// after the first on a thread of its own (two cores: a Transformer's step is worth a thread).
// Used by TrainingLoop (the Training lab, the CLI), the Attention lab's worker and the CLI's
// Transformer runs. No Qt.
#pragma once

#include <chrono>
#include <functional>
#include <future>
#include <vector>

#include "common/compute_threads.h"

namespace actlab {

// How the steps of one frame are chosen.
struct FramePlan {
    int steps = 10;  // steps per frame; 0: as many as fit in budgetSeconds (one at least)
    double budgetSeconds = 0.03;  // the time budget of a full-speed frame
};

struct LoopOptions {
    bool parallel = false;  // the runs after the first step on threads of their own
    // true: a diverged run ends the frame (and every later one). false: only the first run's
    // divergence does; a later run that diverged stops stepping while the first goes on.
    bool anyDivergenceStops = true;
};

// Whether a later run (not diverged) stands behind the first. Run: steps(), diverged(), step(n).
template <typename Run>
bool runsCatchingUp(const std::vector<Run*>& runs) {
    for (size_t i = 1; i < runs.size(); ++i)
        if (!runs[i]->diverged() && runs[i]->steps() < runs.front()->steps()) return true;
    return false;
}

// Steps the runs that stand behind the first, one step at a time, for at most `seconds` (one
// step at least); returns whether one still does.
template <typename Run>
bool catchUpRuns(const std::vector<Run*>& runs, double seconds) {
    using Clock = std::chrono::steady_clock;
    const auto end = Clock::now() + std::chrono::duration<double>(seconds);
    do {
        for (size_t i = 1; i < runs.size(); ++i)
            if (!runs[i]->diverged() && runs[i]->steps() < runs.front()->steps()) runs[i]->step(1);
    } while (runsCatchingUp(runs) && Clock::now() < end);
    return runsCatchingUp(runs);
}

// One frame: the lagging runs catch up (within the budget), then every run takes one step, then
// the next, until plan.steps (or the budget) is spent, `limit` steps were taken (limit < 0: no
// limit), shouldStop() says so (asked once per step) or a divergence ends it (options). Returns
// the steps of the first run taken in this frame.
template <typename Run>
int runFrame(const std::vector<Run*>& runs, const FramePlan& plan,
             const std::function<bool()>& shouldStop, int limit, const LoopOptions& options) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    const auto overBudget = [&] {
        return Clock::now() - start >= std::chrono::duration<double>(plan.budgetSeconds);
    };
    const auto stopped = [&] {
        if (runs.front()->diverged()) return true;
        if (options.anyDivergenceStops)
            for (const Run* run : runs)
                if (run->diverged()) return true;
        return false;
    };
    int taken = 0;
    while (!runs.empty() && !stopped() && !(shouldStop && shouldStop())) {
        if (runsCatchingUp(runs)) {  // these steps are not the frame's
            if (overBudget()) break;
            catchUpRuns(runs, 0.0);
            continue;
        }
        if (limit >= 0 && taken >= limit) break;
        if (plan.steps > 0 && taken >= plan.steps) break;
        if (plan.steps <= 0 && taken > 0 && overBudget()) break;
        std::vector<std::future<void>> others;
        for (size_t i = 1; i < runs.size(); ++i) {
            Run* run = runs[i];
            if (run->diverged()) continue;
            if (options.parallel)
                others.push_back(std::async(std::launch::async, [run] {
                    setComputeThreadsOfThisThread(1);
                    run->step(1);
                }));
            else
                run->step(1);
        }
        runs.front()->step(1);
        for (std::future<void>& other : others) other.get();
        ++taken;
    }
    return taken;
}

}  // namespace actlab
