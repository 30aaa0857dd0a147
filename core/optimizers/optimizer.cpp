// Update rules as in PyTorch 1.13 (torch.optim.SGD, Adam, AdamW; clip_grad_norm_).
#include "optimizers/optimizer.h"

#include <cmath>

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

namespace {

// Σ g² in double over eight independent lanes: a fixed order (reproducible) that vectorises.
template <typename T>
double sumOfSquares(const std::vector<T>& values) {
    double lanes[8] = {};
    size_t i = 0;
    for (; i + 8 <= values.size(); i += 8)
        for (size_t k = 0; k < 8; ++k) lanes[k] += double(values[i + k]) * double(values[i + k]);
    for (; i < values.size(); ++i) lanes[0] += double(values[i]) * double(values[i]);
    double total = 0;
    for (double lane : lanes) total += lane;
    return total;
}

}  // namespace

template <typename T>
double Optimizer<T>::step(const std::vector<Parameter<T>*>& parameters) {
    if (m_first.size() != parameters.size()) {
        m_first.assign(parameters.size(), {});
        m_second.assign(parameters.size(), {});
        for (size_t i = 0; i < parameters.size(); ++i) {
            m_first[i].assign(parameters[i]->size(), T(0));
            m_second[i].assign(parameters[i]->size(), T(0));
        }
    }
    double squares = 0;
    for (const Parameter<T>* p : parameters) squares += sumOfSquares(p->grad);
    const double norm = std::sqrt(squares);
    const T clip = (m_config.clipNorm > 0 && norm > m_config.clipNorm)
                       ? T(m_config.clipNorm / (norm + 1e-6))
                       : T(1);

    const T lr = T(learningRateAt(m_step));
    const T wd = T(m_config.weightDecay);
    ++m_step;
    const T b1 = T(m_config.beta1), b2 = T(m_config.beta2), eps = T(m_config.epsilon);
    const T correction1 = T(1) - T(std::pow(m_config.beta1, m_step));
    const T correction2 = T(1) - T(std::pow(m_config.beta2, m_step));
    const T mu = T(m_config.momentum);
    // One loop per rule, each simple enough for the compiler to vectorise.
    for (size_t k = 0; k < parameters.size(); ++k) {
        Parameter<T>& p = *parameters[k];
        const T decay = p.isWeight ? wd : T(0);
        const size_t n = p.size();
        T* __restrict w = p.value.data();
        const T* __restrict grad = p.grad.data();
        T* __restrict m = m_first[k].data();
        T* __restrict v = m_second[k].data();
        switch (m_config.kind) {
            case OptimizerKind::Sgd:
                for (size_t i = 0; i < n; ++i) w[i] -= lr * (grad[i] * clip + decay * w[i]);
                break;
            case OptimizerKind::Momentum:  // v = μ·v + g (v starts at 0, so the first v is g)
                for (size_t i = 0; i < n; ++i) {
                    m[i] = mu * m[i] + grad[i] * clip + decay * w[i];
                    w[i] -= lr * m[i];
                }
                break;
            case OptimizerKind::Adam:  // L2 through the gradient
                for (size_t i = 0; i < n; ++i) {
                    const T g = grad[i] * clip + decay * w[i];
                    m[i] = b1 * m[i] + (T(1) - b1) * g;
                    v[i] = b2 * v[i] + (T(1) - b2) * g * g;
                    w[i] -= lr * (m[i] / correction1) / (std::sqrt(v[i] / correction2) + eps);
                }
                break;
            case OptimizerKind::AdamW:  // decoupled decay
                for (size_t i = 0; i < n; ++i) {
                    const T g = grad[i] * clip;
                    w[i] -= lr * decay * w[i];
                    m[i] = b1 * m[i] + (T(1) - b1) * g;
                    v[i] = b2 * v[i] + (T(1) - b2) * g * g;
                    w[i] -= lr * (m[i] / correction1) / (std::sqrt(v[i] / correction2) + eps);
                }
                break;
        }
    }
    return norm;
}

template class Optimizer<float>;
template class Optimizer<double>;

}  // namespace actlab
