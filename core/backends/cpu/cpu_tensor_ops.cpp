// The CPU tensor ops: core/layers and the optimizer's update loops, unchanged. Every op is
// supported; this is the reference the other backends are checked against.
#include <cmath>
#include <memory>

#include "backends/tensor_ops.h"
#include "layers/activation.h"
#include "layers/attention.h"
#include "layers/embedding.h"
#include "layers/layernorm.h"
#include "layers/linear.h"
#include "layers/losses.h"
#include "layers/prelu.h"
#include "layers/residual.h"

namespace actlab {
namespace {

// Σ x² in double over eight independent lanes: a fixed order (reproducible) that vectorises.
template <typename T>
double squares(std::span<const T> values) {
    double lanes[8] = {};
    size_t i = 0;
    for (; i + 8 <= values.size(); i += 8)
        for (size_t k = 0; k < 8; ++k) lanes[k] += double(values[i + k]) * double(values[i + k]);
    for (; i < values.size(); ++i) lanes[0] += double(values[i]) * double(values[i]);
    double total = 0;
    for (double lane : lanes) total += lane;
    return total;
}

// One loop per rule, each simple enough for the compiler to vectorise.
template <typename T>
void update(const OptimizerRule<T>& r, const ParameterSlot<T>& slot, T clip) {
    const T lr = r.learningRate, b1 = r.beta1, b2 = r.beta2, eps = r.epsilon;
    const T mu = r.momentum, correction1 = r.correction1, correction2 = r.correction2;
    const T decay = slot.isWeight ? r.weightDecay : T(0);
    const size_t n = slot.value.size();
    T* __restrict w = slot.value.data();
    const T* __restrict grad = slot.grad.data();
    T* __restrict m = slot.first.data();
    T* __restrict v = slot.second.data();
    switch (r.kind) {
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

template <typename T>
class CpuTensorOps final : public TensorOps<T> {
public:
    std::string_view backendName() const override { return "cpu"; }
    bool supports(TensorOp) const override { return true; }

    void linearForward(TensorView<T> out, ConstTensorView<T> inp, ConstTensorView<T> weight,
                       ConstTensorView<T> bias) override {
        actlab::linearForward<T>(out, inp, weight, bias);
    }
    void linearBackward(TensorView<T> dinp, TensorView<T> dweight, TensorView<T> dbias,
                        ConstTensorView<T> dout, ConstTensorView<T> inp,
                        ConstTensorView<T> weight) override {
        actlab::linearBackward<T>(dinp, dweight, dbias, dout, inp, weight);
    }
    void activationForward(TensorView<T> out, TensorView<T> derivative, ConstTensorView<T> inp,
                           const ActivationConfig& activation) override {
        actlab::activationForward<T>(out, derivative, inp, activation);
    }
    void activationBackward(TensorView<T> dinp, ConstTensorView<T> dout,
                            ConstTensorView<T> derivative) override {
        actlab::activationBackward<T>(dinp, dout, derivative);
    }
    void gatedForward(TensorView<T> out, TensorView<T> dOutdGate, TensorView<T> dOutdValue,
                      ConstTensorView<T> gate, ConstTensorView<T> value,
                      const ActivationConfig& activation) override {
        actlab::gatedForward<T>(out, dOutdGate, dOutdValue, gate, value, activation);
    }
    void gatedBackward(TensorView<T> dgate, TensorView<T> dvalue, ConstTensorView<T> dout,
                       ConstTensorView<T> dOutdGate, ConstTensorView<T> dOutdValue) override {
        actlab::gatedBackward<T>(dgate, dvalue, dout, dOutdGate, dOutdValue);
    }
    void preluForward(TensorView<T> out, TensorView<T> derivative, ConstTensorView<T> inp,
                      ConstTensorView<T> alpha) override {
        actlab::preluForward<T>(out, derivative, inp, alpha);
    }
    void preluBackward(TensorView<T> dinp, TensorView<T> dalpha, ConstTensorView<T> dout,
                       ConstTensorView<T> inp, ConstTensorView<T> derivative) override {
        actlab::preluBackward<T>(dinp, dalpha, dout, inp, derivative);
    }
    void layernormForward(TensorView<T> out, TensorView<T> mean, TensorView<T> rstd,
                          ConstTensorView<T> inp, ConstTensorView<T> weight,
                          ConstTensorView<T> bias) override {
        actlab::layernormForward<T>(out, mean, rstd, inp, weight, bias);
    }
    void layernormBackward(TensorView<T> dinp, TensorView<T> dweight, TensorView<T> dbias,
                           ConstTensorView<T> dout, ConstTensorView<T> inp,
                           ConstTensorView<T> weight, ConstTensorView<T> mean,
                           ConstTensorView<T> rstd) override {
        actlab::layernormBackward<T>(dinp, dweight, dbias, dout, inp, weight, mean, rstd);
    }
    void attentionForward(TensorView<T> out, TensorView<T> preatt, TensorView<T> att,
                          ConstTensorView<T> q, ConstTensorView<T> k, ConstTensorView<T> v,
                          int heads, bool causal) override {
        actlab::attentionForward<T>(out, preatt, att, q, k, v, heads, causal);
    }
    void attentionBackward(TensorView<T> dq, TensorView<T> dk, TensorView<T> dv,
                           ConstTensorView<T> dout, ConstTensorView<T> q, ConstTensorView<T> k,
                           ConstTensorView<T> v, ConstTensorView<T> att, int heads) override {
        actlab::attentionBackward<T>(dq, dk, dv, dout, q, k, v, att, heads);
    }
    void embeddingForward(TensorView<T> out, ConstTokenView tokens, ConstTensorView<T> tokenTable,
                          ConstTensorView<T> positionTable) override {
        actlab::embeddingForward<T>(out, tokens, tokenTable, positionTable);
    }
    void embeddingBackward(TensorView<T> dTokenTable, TensorView<T> dPositionTable,
                           ConstTensorView<T> dout, ConstTokenView tokens) override {
        actlab::embeddingBackward<T>(dTokenTable, dPositionTable, dout, tokens);
    }
    void add(TensorView<T> out, ConstTensorView<T> a, ConstTensorView<T> b) override {
        actlab::residualForward<T>(out, a, b);
    }
    void meanPoolForward(TensorView<T> out, ConstTensorView<T> inp) override {
        actlab::meanPoolForward<T>(out, inp);
    }
    void meanPoolBackward(TensorView<T> dinp, ConstTensorView<T> dout) override {
        actlab::meanPoolBackward<T>(dinp, dout);
    }
    void crossEntropyForward(TensorView<T> probs, TensorView<T> losses, TensorView<T> meanLoss,
                             ConstTensorView<T> logits, ConstTokenView targets) override {
        requireShape(meanLoss, Shape{1}, "crossEntropyForward: meanLoss");
        meanLoss.data()[0] = T(actlab::crossEntropyForward<T>(probs, losses, logits, targets));
    }
    void crossEntropyBackward(TensorView<T> dlogits, ConstTensorView<T> probs,
                              ConstTokenView targets, T scale) override {
        actlab::crossEntropyBackward<T>(dlogits, probs, targets, scale);
    }
    void copy(TensorView<T> to, ConstTensorView<T> from) override {
        if (to.size() != from.size())
            throw TensorError("copy: " + std::to_string(from.size()) + " elements into " +
                              std::to_string(to.size()));
        std::copy(from.data(), from.data() + from.size(), to.data());
    }
    void fill(TensorView<T> to, T value) override { to.fill(value); }
    void sumOfSquares(std::span<const std::span<const T>> tensors, std::span<T> sums) override {
        if (sums.size() != tensors.size())
            throw TensorError("sumOfSquares: " + std::to_string(sums.size()) + " sums for " +
                              std::to_string(tensors.size()) + " tensors");
        for (size_t i = 0; i < tensors.size(); ++i) sums[i] = T(squares(tensors[i]));
    }
    void optimizerUpdate(const OptimizerRule<T>& rule, std::span<const ParameterSlot<T>> slots,
                         std::span<T> norm) override {
        if (norm.size() != 1) throw TensorError("optimizerUpdate: norm must hold one value");
        double total = 0;
        for (const ParameterSlot<T>& slot : slots) total += squares(slot.grad);
        const double global = std::sqrt(total);
        norm[0] = T(global);
        if (!std::isfinite(global)) return;
        const T clip = (rule.clipNorm > 0 && global > rule.clipNorm)
                           ? T(rule.clipNorm / (global + 1e-6))
                           : T(1);
        for (const ParameterSlot<T>& slot : slots) update(rule, slot, clip);
    }
    void loss(TensorView<T> gradient, TensorView<T> rowLosses, TensorView<T> meanLoss,
              ConstTensorView<T> output, ConstTensorView<float> targets, LossKind kind) override {
        const auto [batch, outputs] = checkLossShapes(
            gradient.shape(), rowLosses.shape(), meanLoss.shape(), output.shape(), targets.shape());
        meanLoss.data()[0] = T(computeLoss<T>(kind, output.span(), batch, outputs, targets.span(),
                                              gradient.span(), rowLosses.span())
                                   .loss);
    }
    void regularisation(TensorView<T> grad, ConstTensorView<T> weight, T l1, T l2) override {
        if (grad.size() != weight.size())
            throw TensorError("regularisation: " + std::to_string(grad.size()) + " gradients for " +
                              std::to_string(weight.size()) + " weights");
        T* g = grad.data();
        const T* w = weight.data();
        for (Index i = 0; i < grad.size(); ++i) g[i] += l2 * w[i] + l1 * T((w[i] > 0) - (w[i] < 0));
    }
};

}  // namespace

template <typename T>
std::shared_ptr<TensorOps<T>> cpuTensorOps() {
    static const std::shared_ptr<TensorOps<T>> ops = std::make_shared<CpuTensorOps<T>>();
    return ops;  // stateless: one instance serves every table and thread
}

template std::shared_ptr<TensorOps<float>> cpuTensorOps<float>();
template std::shared_ptr<TensorOps<double>> cpuTensorOps<double>();

}  // namespace actlab
