// The Training lab's runs (a single run, or the two runs of a comparison): built, restored and
// saved together, stepped by the one training loop of core/training/run_loop.h (frames of a
// fixed number of steps or of a time budget, a stop callback checked once per step, a divergence
// of any run ending the frame). No threads, no Qt.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "training/run_loop.h"
#include "training/trainer.h"

namespace actlab {

class TrainingLoop {
public:
    // Builds one trainer per configuration, each training on `backend` where it offers a
    // training engine for the model (Trainer::create), else on the CPU; nullopt with *error
    // naming the failing run.
    static std::optional<TrainingLoop> create(const std::vector<TrainingConfig>& configs,
                                              std::string* error, Backend* backend = nullptr);
    // The runs of saved states (config/run_state_json.h), each where it stood; the runs of a
    // comparison must stand at the same step.
    static std::optional<TrainingLoop> restore(const std::vector<std::string>& states,
                                               std::string* error, Backend* backend = nullptr);
    // Every run's state, to save (sessions).
    std::vector<std::string> states();

    // Runs one frame: every trainer takes one step, then the next step, and so on. Stops early
    // when shouldStop() returns true (asked once per step) or when a run diverges, or when
    // `limit` steps (> 0) have been taken in all. Returns the steps taken in this frame. The
    // runs record their own histories, by the steps (run_history.h).
    int runFrame(const FramePlan& plan, const std::function<bool()>& shouldStop, int limit = 0);

    // One snapshot per run, with surfaces when asked.
    std::vector<TrainingSnapshot> snapshots(bool withSurfaces);

    // OpenMP threads for the products of the thread that calls runFrame()/snapshots(); 0 keeps
    // the default. An interactive view uses 1: these models are small, and a team of spinning
    // threads next to the UI thread made steps ~20× and snapshots ~50× slower on 2 cores.
    void setComputeThreads(int threads) { m_computeThreads = threads; }

    int runCount() const { return int(m_trainers.size()); }
    int steps() const;      // steps taken by each run
    bool diverged() const;  // whether any run diverged
    Trainer& trainer(int run) { return *m_trainers[size_t(run)]; }

    // Live changes that keep the runs' state (the optimizer's moments included).
    void setOptimizerConfig(const OptimizerConfig& config);
    void setRegularisation(double l1, double l2);

private:
    static std::optional<TrainingLoop> build(
        size_t runs, std::string* error,
        const std::function<std::unique_ptr<Trainer>(size_t, std::string*)>& make);
    void applyComputeThreads() const;

    std::vector<std::unique_ptr<Trainer>> m_trainers;
    int m_computeThreads = 0;
};

}  // namespace actlab
