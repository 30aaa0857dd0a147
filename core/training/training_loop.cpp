// TrainingLoop: runs trainers in lock step, one step each at a time, with a per-step stop check.
#include "training/training_loop.h"

#include "config/run_state_json.h"

#ifdef _OPENMP
#include <omp.h>
#endif

namespace actlab {

std::optional<TrainingLoop> TrainingLoop::create(const std::vector<TrainingConfig>& configs,
                                                 std::string* error, Backend* backend) {
    return build(configs.size(), error, [&](size_t i, std::string* problem) {
        return Trainer::create(configs[i], problem, backend);
    });
}

std::optional<TrainingLoop> TrainingLoop::restore(const std::vector<std::string>& states,
                                                  std::string* error, Backend* backend) {
    std::optional<TrainingLoop> loop =
        build(states.size(), error, [&](size_t i, std::string* problem) {
            return trainerFromStateJson(states[i], problem, backend);
        });
    if (loop && loop->runCount() > 1)
        for (int run = 1; run < loop->runCount(); ++run)
            if (loop->trainer(run).steps() != loop->trainer(0).steps()) {
                if (error) *error = "the runs of a comparison stand at different steps";
                return std::nullopt;
            }
    return loop;
}

std::optional<TrainingLoop> TrainingLoop::build(
    size_t runs, std::string* error,
    const std::function<std::unique_ptr<Trainer>(size_t, std::string*)>& make) {
    TrainingLoop loop;
    for (size_t i = 0; i < runs; ++i) {
        std::string problem;
        std::unique_ptr<Trainer> trainer = make(i, &problem);
        if (!trainer) {
            if (error)
                *error =
                    runs > 1 ? "run " + std::string(1, char('A' + i)) + ": " + problem : problem;
            return std::nullopt;
        }
        loop.m_trainers.push_back(std::move(trainer));
    }
    if (loop.m_trainers.empty()) {
        if (error) *error = "nothing to train";
        return std::nullopt;
    }
    return loop;
}

std::vector<std::string> TrainingLoop::states() {
    std::vector<std::string> out;
    for (const std::unique_ptr<Trainer>& trainer : m_trainers)
        out.push_back(trainerStateToJson(*trainer));
    return out;
}

void TrainingLoop::applyComputeThreads() const {
#ifdef _OPENMP
    if (m_computeThreads > 0) omp_set_num_threads(m_computeThreads);  // this thread's setting
#endif
}

int TrainingLoop::runFrame(const FramePlan& plan, const std::function<bool()>& shouldStop,
                           int limit) {
    applyComputeThreads();
    std::vector<Trainer*> runs;
    for (const std::unique_ptr<Trainer>& trainer : m_trainers) runs.push_back(trainer.get());
    // MLPs step in a few microseconds: one thread, the runs one after the other.
    return actlab::runFrame(runs, plan, shouldStop, limit > 0 ? limit : -1, LoopOptions{});
}

std::vector<TrainingSnapshot> TrainingLoop::snapshots(bool withSurfaces) {
    applyComputeThreads();
    std::vector<TrainingSnapshot> result;
    result.reserve(m_trainers.size());
    for (auto& trainer : m_trainers) result.push_back(trainer->snapshot(withSurfaces));
    return result;
}

int TrainingLoop::steps() const { return m_trainers.empty() ? 0 : m_trainers.front()->steps(); }

bool TrainingLoop::diverged() const {
    for (const auto& trainer : m_trainers)
        if (trainer->diverged()) return true;
    return false;
}

void TrainingLoop::setOptimizerConfig(const OptimizerConfig& config) {
    for (auto& trainer : m_trainers) trainer->setOptimizerConfig(config);
}

void TrainingLoop::setRegularisation(double l1, double l2) {
    for (auto& trainer : m_trainers) trainer->setRegularisation(l1, l2);
}

}  // namespace actlab
