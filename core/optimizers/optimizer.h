// Optimizers of the Training lab (an explicit table of kinds): SGD, SGD with momentum, Adam,
// AdamW, with global-norm gradient clipping and a constant or warm-up + cosine learning rate.
#pragma once

#include <memory>
#include <optional>
#include <span>
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
    // Clips (if asked) and applies one update from the parameters' grad; returns the global
    // gradient norm before clipping.
    double step(const std::vector<Parameter<T>*>& parameters);

private:
    OptimizerConfig m_config;
    int m_step = 0;
    std::shared_ptr<TensorOpsTable<T>> m_ops;
    std::vector<std::vector<T>> m_first;   // momentum buffer / Adam m, per parameter
    std::vector<std::vector<T>> m_second;  // Adam v
};

}  // namespace actlab
