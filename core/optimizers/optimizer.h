// Optimizers of the Training lab (an explicit table of kinds): SGD, SGD with momentum, Adam,
// AdamW, with global-norm gradient clipping and a constant or warm-up + cosine learning rate.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "models/parameter.h"

namespace actlab {

enum class OptimizerKind { Sgd, Momentum, Adam, AdamW };
enum class LearningRateSchedule { Constant, WarmupCosine };

struct OptimizerInfo {
    OptimizerKind kind;
    std::string_view name;  // CLI name
    std::string_view description;
};
std::span<const OptimizerInfo> optimizerCatalogue();
std::optional<OptimizerKind> parseOptimizer(std::string_view name);
std::string_view optimizerName(OptimizerKind kind);

struct OptimizerConfig {
    OptimizerKind kind = OptimizerKind::Adam;
    double learningRate = 0.01;
    double momentum = 0.9;  // Momentum: v = μ·v + g, w −= lr·v (PyTorch's form)
    double beta1 = 0.9;     // Adam/AdamW
    double beta2 = 0.999;
    double epsilon = 1e-8;
    double weightDecay = 0.0;  // SGD/Momentum/Adam: g += wd·w; AdamW: w −= lr·wd·w (decoupled)
    double clipNorm = 0.0;     // > 0: scale gradients so that their global L2 norm ≤ clipNorm
    LearningRateSchedule schedule = LearningRateSchedule::Constant;
    int warmupSteps = 0;
    int totalSteps = 0;  // cosine decays to 0 at totalSteps
};

template <typename T>
class TensorOpsTable;  // backends/tensor_ops.h

// What an optimizer carries from step to step: the steps taken (the schedule's position and the
// bias corrections) and, per parameter, the momentum buffer / Adam m and Adam v (empty before
// the first step).
template <typename T>
struct OptimizerState {
    int steps = 0;
    std::vector<std::vector<T>> first, second;
};

// Whether a saved state's buffers belong to these parameters: none (no step taken yet), or one
// of each parameter's size in both; false with a one-line *error naming the first misfit.
template <typename T>
bool fitsParameters(const OptimizerState<T>& state, const std::vector<Parameter<T>*>& parameters,
                    std::string* error) {
    const auto fail = [&](std::string message) {
        if (error) *error = std::move(message);
        return false;
    };
    if (state.steps < 0) return fail("the optimizer's step count is negative");
    if (state.first.empty() && state.second.empty()) return true;
    if (state.first.size() != parameters.size() || state.second.size() != parameters.size())
        return fail("the optimizer state has " + std::to_string(state.first.size()) +
                    " buffers for " + std::to_string(parameters.size()) + " parameters");
    for (size_t k = 0; k < parameters.size(); ++k)
        if (state.first[k].size() != parameters[k]->size() ||
            state.second[k].size() != parameters[k]->size())
            return fail("the optimizer state of " + parameters[k]->name + " has the wrong size");
    return true;
}

template <typename T>
class Optimizer {
public:
    explicit Optimizer(const OptimizerConfig& config) : m_config(config) {}

    // The ops that run the norm and the update (the CPU's unless set).
    void setTensorOps(std::shared_ptr<TensorOpsTable<T>> ops) { m_ops = std::move(ops); }

    // Replaces the settings while keeping the moment estimates and the step count.
    void setConfig(const OptimizerConfig& config) { m_config = config; }
    const OptimizerConfig& config() const { return m_config; }
    int stepsTaken() const { return m_step; }

    double learningRateAt(int step) const;  // the schedule's rate for the 0-based step
    OptimizerState<T> state() const;        // the moments as the ops left them (finished first)
    // Puts back a saved state; the buffers must match the parameters step() will be given
    // (checked there: a mismatch starts them afresh).
    void setState(OptimizerState<T> state);
    // Clips (if asked) and applies one update from the parameters' grad; returns the global
    // gradient norm before clipping (an update whose norm is not finite changes nothing).
    double step(const std::vector<Parameter<T>*>& parameters);
    // The same update, only recorded into the ops: its norm is in gradientNorm() once the
    // caller has synced it to the host (a recorded step waits once, at its end).
    void record(const std::vector<Parameter<T>*>& parameters);
    std::span<const T> gradientNorm() const { return m_norm; }

private:
    OptimizerConfig m_config;
    int m_step = 0;
    std::shared_ptr<TensorOpsTable<T>> m_ops;
    std::vector<std::vector<T>> m_first;        // momentum buffer / Adam m, per parameter
    std::vector<std::vector<T>> m_second;       // Adam v
    std::vector<T> m_norm = std::vector<T>(1);  // the last update's global gradient norm
};

}  // namespace actlab
