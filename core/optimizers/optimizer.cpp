// Update rules as in PyTorch 1.13 (torch.optim.SGD, Adam, AdamW; clip_grad_norm_).
#include "optimizers/optimizer.h"

#include <cmath>

#include "backends/tensor_ops.h"

namespace actlab {
namespace {

// clang-format off
constexpr OptimizerInfo kOptimizers[] = {
    {OptimizerKind::Sgd,      "sgd",      "plain stochastic gradient descent"},
    {OptimizerKind::Momentum, "momentum", "SGD with momentum (v = mu*v + g)"},
    {OptimizerKind::Adam,     "adam",     "Adam (Kingma & Ba, 2015)"},
    {OptimizerKind::AdamW,    "adamw",    "Adam with decoupled weight decay (Loshchilov & Hutter, 2019)"},
};
// clang-format on

}  // namespace

std::span<const OptimizerInfo> optimizerCatalogue() { return kOptimizers; }

std::optional<OptimizerKind> parseOptimizer(std::string_view name) {
    for (const OptimizerInfo& info : kOptimizers)
        if (info.name == name) return info.kind;
    return std::nullopt;
}

std::string_view optimizerName(OptimizerKind kind) { return kOptimizers[int(kind)].name; }

template <typename T>
double Optimizer<T>::learningRateAt(int step) const {
    const double base = m_config.learningRate;
    if (m_config.schedule == LearningRateSchedule::Constant) return base;
    if (step < m_config.warmupSteps) return base * double(step + 1) / double(m_config.warmupSteps);
    const double span = std::max(1, m_config.totalSteps - m_config.warmupSteps);
    const double progress = std::min(1.0, double(step - m_config.warmupSteps) / span);
    return base * 0.5 * (1.0 + std::cos(3.14159265358979323846 * progress));
}

template <typename T>
void Optimizer<T>::record(const std::vector<Parameter<T>*>& parameters) {
    if (!m_ops) m_ops = TensorOpsTable<T>::cpu();
    if (m_first.size() != parameters.size()) {
        m_ops->forget();  // the moments' memory is replaced
        m_first.assign(parameters.size(), {});
        m_second.assign(parameters.size(), {});
        for (size_t i = 0; i < parameters.size(); ++i) {
            m_first[i].assign(parameters[i]->size(), T(0));
            m_second[i].assign(parameters[i]->size(), T(0));
        }
    }
    OptimizerRule<T> rule;
    rule.kind = m_config.kind;
    rule.clipNorm = m_config.clipNorm;
    rule.learningRate = T(learningRateAt(m_step));
    rule.weightDecay = T(m_config.weightDecay);
    ++m_step;
    rule.beta1 = T(m_config.beta1);
    rule.beta2 = T(m_config.beta2);
    rule.epsilon = T(m_config.epsilon);
    rule.correction1 = T(1) - T(std::pow(m_config.beta1, m_step));
    rule.correction2 = T(1) - T(std::pow(m_config.beta2, m_step));
    rule.momentum = T(m_config.momentum);
    std::vector<ParameterSlot<T>> slots;
    slots.reserve(parameters.size());
    for (size_t k = 0; k < parameters.size(); ++k)
        slots.push_back({parameters[k]->value, parameters[k]->grad, m_first[k], m_second[k],
                         parameters[k]->isWeight});
    m_ops->forOp(TensorOp::OptimizerUpdate).optimizerUpdate(rule, slots, m_norm);
}

template <typename T>
double Optimizer<T>::step(const std::vector<Parameter<T>*>& parameters) {
    record(parameters);
    m_ops->syncToHost({hostRange(std::span<const T>(m_norm))});
    return double(m_norm[0]);
}

template <typename T>
OptimizerState<T> Optimizer<T>::state() const {
    if (m_ops) m_ops->finish();
    return {m_step, m_first, m_second};
}

template <typename T>
void Optimizer<T>::setState(OptimizerState<T> state) {
    if (m_ops) m_ops->forget();
    m_step = state.steps;
    m_first = std::move(state.first);
    m_second = std::move(state.second);
}

template class Optimizer<float>;
template class Optimizer<double>;

}  // namespace actlab
