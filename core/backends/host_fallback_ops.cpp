// The CPU's ops with explicit transfers from and to the device backends (see the header). Each op
// lists what it reads (brought home first) and what it writes (marked host-newer afterwards);
// an op that adds into a tensor does both.
#include "backends/host_fallback_ops.h"

#include <initializer_list>

namespace actlab {
namespace {

template <typename V>
HostRange rangeOf(const V& view) {
    return hostRange(view.span());
}

template <typename T>
class HostFallbackOps final : public TensorOps<T> {
public:
    HostFallbackOps(std::shared_ptr<TensorOps<T>> cpu,
                    std::vector<std::shared_ptr<TensorOps<T>>> devices)
        : m_cpu(std::move(cpu)), m_devices(std::move(devices)) {}

    std::string_view backendName() const override { return m_cpu->backendName(); }
    bool supports(TensorOp op) const override { return m_cpu->supports(op); }

    void linearForward(TensorView<T> out, ConstTensorView<T> inp, ConstTensorView<T> weight,
                       ConstTensorView<T> bias) override {
        reads({rangeOf(inp), rangeOf(weight), rangeOf(bias)});
        m_cpu->linearForward(out, inp, weight, bias);
        wrote({rangeOf(out)});
    }
    void linearBackward(TensorView<T> dinp, TensorView<T> dweight, TensorView<T> dbias,
                        ConstTensorView<T> dout, ConstTensorView<T> inp,
                        ConstTensorView<T> weight) override {
        const auto added = {rangeOf(dinp), rangeOf(dweight), rangeOf(dbias)};
        reads({rangeOf(dout), rangeOf(inp), rangeOf(weight)}, added);
        m_cpu->linearBackward(dinp, dweight, dbias, dout, inp, weight);
        wrote(added);
    }
    void activationForward(TensorView<T> out, TensorView<T> derivative, ConstTensorView<T> inp,
                           const ActivationConfig& activation) override {
        reads({rangeOf(inp)});
        m_cpu->activationForward(out, derivative, inp, activation);
        wrote({rangeOf(out), rangeOf(derivative)});
    }
    void activationBackward(TensorView<T> dinp, ConstTensorView<T> dout,
                            ConstTensorView<T> derivative) override {
        reads({rangeOf(dout), rangeOf(derivative)}, {rangeOf(dinp)});
        m_cpu->activationBackward(dinp, dout, derivative);
        wrote({rangeOf(dinp)});
    }
    void gatedForward(TensorView<T> out, TensorView<T> dOutdGate, TensorView<T> dOutdValue,
                      ConstTensorView<T> gate, ConstTensorView<T> value,
                      const ActivationConfig& activation) override {
        reads({rangeOf(gate), rangeOf(value)});
        m_cpu->gatedForward(out, dOutdGate, dOutdValue, gate, value, activation);
        wrote({rangeOf(out), rangeOf(dOutdGate), rangeOf(dOutdValue)});
    }
    void gatedBackward(TensorView<T> dgate, TensorView<T> dvalue, ConstTensorView<T> dout,
                       ConstTensorView<T> dOutdGate, ConstTensorView<T> dOutdValue) override {
        const auto added = {rangeOf(dgate), rangeOf(dvalue)};
        reads({rangeOf(dout), rangeOf(dOutdGate), rangeOf(dOutdValue)}, added);
        m_cpu->gatedBackward(dgate, dvalue, dout, dOutdGate, dOutdValue);
        wrote(added);
    }
    void preluForward(TensorView<T> out, TensorView<T> derivative, ConstTensorView<T> inp,
                      ConstTensorView<T> alpha) override {
        reads({rangeOf(inp), rangeOf(alpha)});
        m_cpu->preluForward(out, derivative, inp, alpha);
        wrote({rangeOf(out), rangeOf(derivative)});
    }
    void preluBackward(TensorView<T> dinp, TensorView<T> dalpha, ConstTensorView<T> dout,
                       ConstTensorView<T> inp, ConstTensorView<T> derivative) override {
        const auto added = {rangeOf(dinp), rangeOf(dalpha)};
        reads({rangeOf(dout), rangeOf(inp), rangeOf(derivative)}, added);
        m_cpu->preluBackward(dinp, dalpha, dout, inp, derivative);
        wrote(added);
    }
    void mixForward(TensorView<T> out, TensorView<T> derivative, ConstTensorView<T> inp,
                    ConstTensorView<T> weights, const ActivationConfig& mix) override {
        reads({rangeOf(inp), rangeOf(weights)});
        m_cpu->mixForward(out, derivative, inp, weights, mix);
        wrote({rangeOf(out), rangeOf(derivative)});
    }
    void mixBackward(TensorView<T> dinp, TensorView<T> dweights, ConstTensorView<T> dout,
                     ConstTensorView<T> inp, ConstTensorView<T> derivative,
                     ConstTensorView<T> weights, const ActivationConfig& mix) override {
        const auto added = {rangeOf(dinp), rangeOf(dweights)};
        reads({rangeOf(dout), rangeOf(inp), rangeOf(derivative), rangeOf(weights)}, added);
        m_cpu->mixBackward(dinp, dweights, dout, inp, derivative, weights, mix);
        wrote(added);
    }
    void layernormForward(TensorView<T> out, TensorView<T> mean, TensorView<T> rstd,
                          ConstTensorView<T> inp, ConstTensorView<T> weight,
                          ConstTensorView<T> bias) override {
        reads({rangeOf(inp), rangeOf(weight), rangeOf(bias)});
        m_cpu->layernormForward(out, mean, rstd, inp, weight, bias);
        wrote({rangeOf(out), rangeOf(mean), rangeOf(rstd)});
    }
    void layernormBackward(TensorView<T> dinp, TensorView<T> dweight, TensorView<T> dbias,
                           ConstTensorView<T> dout, ConstTensorView<T> inp,
                           ConstTensorView<T> weight, ConstTensorView<T> mean,
                           ConstTensorView<T> rstd) override {
        const auto added = {rangeOf(dinp), rangeOf(dweight), rangeOf(dbias)};
        reads({rangeOf(dout), rangeOf(inp), rangeOf(weight), rangeOf(mean), rangeOf(rstd)}, added);
        m_cpu->layernormBackward(dinp, dweight, dbias, dout, inp, weight, mean, rstd);
        wrote(added);
    }
    void attentionForward(TensorView<T> out, TensorView<T> preatt, TensorView<T> att,
                          ConstTensorView<T> q, ConstTensorView<T> k, ConstTensorView<T> v,
                          int heads, bool causal) override {
        reads({rangeOf(q), rangeOf(k), rangeOf(v)});
        m_cpu->attentionForward(out, preatt, att, q, k, v, heads, causal);
        wrote({rangeOf(out), rangeOf(preatt), rangeOf(att)});
    }
    void attentionBackward(TensorView<T> dq, TensorView<T> dk, TensorView<T> dv,
                           ConstTensorView<T> dout, ConstTensorView<T> q, ConstTensorView<T> k,
                           ConstTensorView<T> v, ConstTensorView<T> att, int heads) override {
        const auto added = {rangeOf(dq), rangeOf(dk), rangeOf(dv)};
        reads({rangeOf(dout), rangeOf(q), rangeOf(k), rangeOf(v), rangeOf(att)}, added);
        m_cpu->attentionBackward(dq, dk, dv, dout, q, k, v, att, heads);
        wrote(added);
    }
    void embeddingForward(TensorView<T> out, ConstTokenView tokens, ConstTensorView<T> tokenTable,
                          ConstTensorView<T> positionTable) override {
        reads({rangeOf(tokens), rangeOf(tokenTable), rangeOf(positionTable)});
        m_cpu->embeddingForward(out, tokens, tokenTable, positionTable);
        wrote({rangeOf(out)});
    }
    void embeddingBackward(TensorView<T> dTokenTable, TensorView<T> dPositionTable,
                           ConstTensorView<T> dout, ConstTokenView tokens) override {
        const auto added = {rangeOf(dTokenTable), rangeOf(dPositionTable)};
        reads({rangeOf(dout), rangeOf(tokens)}, added);
        m_cpu->embeddingBackward(dTokenTable, dPositionTable, dout, tokens);
        wrote(added);
    }
    void add(TensorView<T> out, ConstTensorView<T> a, ConstTensorView<T> b) override {
        reads({rangeOf(a), rangeOf(b)});
        m_cpu->add(out, a, b);
        wrote({rangeOf(out)});
    }
    void meanPoolForward(TensorView<T> out, ConstTensorView<T> inp) override {
        reads({rangeOf(inp)});
        m_cpu->meanPoolForward(out, inp);
        wrote({rangeOf(out)});
    }
    void meanPoolBackward(TensorView<T> dinp, ConstTensorView<T> dout) override {
        reads({rangeOf(dout)}, {rangeOf(dinp)});
        m_cpu->meanPoolBackward(dinp, dout);
        wrote({rangeOf(dinp)});
    }
    void crossEntropyForward(TensorView<T> probs, TensorView<T> losses, TensorView<T> meanLoss,
                             ConstTensorView<T> logits, ConstTokenView targets) override {
        reads({rangeOf(logits), rangeOf(targets)});
        m_cpu->crossEntropyForward(probs, losses, meanLoss, logits, targets);
        wrote({rangeOf(probs), rangeOf(losses), rangeOf(meanLoss)});
    }
    void crossEntropyBackward(TensorView<T> dlogits, ConstTensorView<T> probs,
                              ConstTokenView targets, T scale) override {
        reads({rangeOf(probs), rangeOf(targets)}, {rangeOf(dlogits)});
        m_cpu->crossEntropyBackward(dlogits, probs, targets, scale);
        wrote({rangeOf(dlogits)});
    }
    void copy(TensorView<T> to, ConstTensorView<T> from) override {
        reads({rangeOf(from)});
        m_cpu->copy(to, from);
        wrote({rangeOf(to)});
    }
    void fill(TensorView<T> to, T value) override {
        m_cpu->fill(to, value);
        wrote({rangeOf(to)});
    }
    void sumOfSquares(std::span<const std::span<const T>> tensors, std::span<T> sums) override {
        std::vector<HostRange> inputs;
        for (std::span<const T> tensor : tensors) inputs.push_back(hostRange(tensor));
        sync(inputs);
        m_cpu->sumOfSquares(tensors, sums);
        wrote({hostRange(sums)});
    }
    void optimizerUpdate(const OptimizerRule<T>& rule, std::span<const ParameterSlot<T>> slots,
                         std::span<T> norm) override {
        std::vector<HostRange> used, changed = {hostRange(norm)};
        for (const ParameterSlot<T>& slot : slots) {
            used.push_back(hostRange(slot.grad));
            for (HostRange range :
                 {hostRange(slot.value), hostRange(slot.first), hostRange(slot.second)}) {
                used.push_back(range);
                changed.push_back(range);
            }
        }
        sync(used);
        m_cpu->optimizerUpdate(rule, slots, norm);
        for (HostRange range : changed) markWritten(range);
    }
    void loss(TensorView<T> gradient, TensorView<T> rowLosses, TensorView<T> meanLoss,
              ConstTensorView<T> output, ConstTensorView<float> targets, LossKind kind) override {
        reads({rangeOf(output), rangeOf(targets)});
        m_cpu->loss(gradient, rowLosses, meanLoss, output, targets, kind);
        wrote({rangeOf(gradient), rangeOf(rowLosses), rangeOf(meanLoss)});
    }
    void regularisation(TensorView<T> grad, ConstTensorView<T> weight, T l1, T l2) override {
        reads({rangeOf(weight)}, {rangeOf(grad)});
        m_cpu->regularisation(grad, weight, l1, l2);
        wrote({rangeOf(grad)});
    }

private:
    // The inputs, and the tensors an op adds into, brought home.
    void reads(std::initializer_list<HostRange> inputs,
               std::initializer_list<HostRange> added = {}) {
        std::vector<HostRange> all(inputs);
        all.insert(all.end(), added.begin(), added.end());
        sync(all);
    }
    void sync(const std::vector<HostRange>& ranges) {
        for (const auto& device : m_devices) device->syncToHost(ranges);
    }
    void wrote(std::initializer_list<HostRange> outputs) {
        for (HostRange range : outputs) markWritten(range);
    }
    void markWritten(HostRange range) {
        if (range.bytes == 0) return;
        for (const auto& device : m_devices) device->hostWrote(range);
    }

    std::shared_ptr<TensorOps<T>> m_cpu;
    std::vector<std::shared_ptr<TensorOps<T>>> m_devices;
};

}  // namespace

template <typename T>
std::shared_ptr<TensorOps<T>> hostFallbackOps(std::shared_ptr<TensorOps<T>> cpu,
                                              std::vector<std::shared_ptr<TensorOps<T>>> devices) {
    return std::make_shared<HostFallbackOps<T>>(std::move(cpu), std::move(devices));
}

template std::shared_ptr<TensorOps<float>> hostFallbackOps(
    std::shared_ptr<TensorOps<float>>, std::vector<std::shared_ptr<TensorOps<float>>>);
template std::shared_ptr<TensorOps<double>> hostFallbackOps(
    std::shared_ptr<TensorOps<double>>, std::vector<std::shared_ptr<TensorOps<double>>>);

}  // namespace actlab
