// Tensor ops: what layer-built models (MLP, GLU-FFN, Transformer) ask of a backend. A backend
// offers some of them (TensorOps::supports); a TensorOpsTable holds an ordered list of backends
// with the CPU last and, once, picks for every op the first backend that offers it. Models call the
// table, never a backend: an op the GPU cannot do runs on the CPU without any call site knowing,
// and no backend knows what a model is (it sees shapes, not layers of a kind).
//
// Every op takes host views (see tensor/tensor.h) with the semantics, shapes and gradient
// convention (backward ops ADD into their gradient outputs) of the layer of the same name in
// core/layers; the CPU ops are those layers. A backend with a device of its own keeps the tensors
// it has seen resident there (keyed by their host memory) and only records the ops: host memory
// is current again after finish() (everything) or syncToHost() (the ranges asked for; the table
// asks for an op's inputs before the op runs on the CPU). The host says what it wrote in
// between (hostWrote) and, before freeing or replacing memory an op has seen, calls forget().
#pragma once

#include <array>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "activations/catalogue.h"
#include "layers/batch_loss.h"
#include "optimizers/optimizer.h"
#include "tensor/tensor.h"

namespace actlab {

enum class TensorOp {
    LinearForward,  // layers/linear.h
    LinearBackward,
    ActivationForward,  // layers/activation.h (scalar catalogue functions)
    ActivationBackward,
    GatedForward,  // layers/activation.h (glu, reglu, geglu, swiglu)
    GatedBackward,
    PreluForward,  // layers/prelu.h (learnable α)
    PreluBackward,
    MixForward,  // layers/mix.h (learnable mixture of activations)
    MixBackward,
    LayerNormForward,  // layers/layernorm.h
    LayerNormBackward,
    AttentionForward,  // layers/attention.h
    AttentionBackward,
    EmbeddingForward,  // layers/embedding.h
    EmbeddingBackward,
    Add,              // layers/residual.h residualForward: out = a + b
    MeanPoolForward,  // layers/residual.h
    MeanPoolBackward,
    CrossEntropyForward,  // layers/losses.h
    CrossEntropyBackward,
    Copy,             // to = from
    Fill,             // to = value
    SumOfSquares,     // Σ x² over several tensors (the gradient norm)
    OptimizerUpdate,  // one optimizer step over several parameters
    Loss,             // layers/batch_loss.h: a batch's mean loss and its gradient
    Regularisation,   // L1/L2 on a weight: grad += λ2·w + λ1·sign(w)
    Count,
};
inline constexpr int kTensorOpCount = int(TensorOp::Count);
std::string_view tensorOpName(TensorOp op);  // "linear_forward", …

// One optimizer step's constants (Optimizer computes them from its config and step count).
template <typename T>
struct OptimizerRule {
    OptimizerKind kind = OptimizerKind::Adam;
    T learningRate = T(0);
    T weightDecay = T(0);  // applied to weights only (ParameterSlot::isWeight)
    // > 0: gradients are scaled by clipNorm / (‖g‖ + 1e-6) when their global norm ‖g‖ exceeds it.
    double clipNorm = 0;
    T momentum = T(0.9);
    T beta1 = T(0.9), beta2 = T(0.999), epsilon = T(1e-8);
    T correction1 = T(1), correction2 = T(1);  // 1 − β₁ᵗ, 1 − β₂ᵗ
};

// One parameter as the optimizer sees it; first/second are its moment buffers (same size).
template <typename T>
struct ParameterSlot {
    std::span<T> value;
    std::span<const T> grad;
    std::span<T> first, second;
    bool isWeight = false;
};

// What crossed between host and device and how often the device was asked to run, counted
// from the ops' creation (the bench's submits_per_step and bytes_to_host_per_step are
// differences of two readings). A backend without a device of its own counts nothing.
struct DeviceTraffic {
    unsigned long long submissions = 0;  // queue submissions (each waited for)
    unsigned long long bytesToHost = 0;
    unsigned long long bytesToDevice = 0;
};

// The host memory of a tensor: what a device backend keys its resident copy by.
struct HostRange {
    const void* data = nullptr;
    size_t bytes = 0;
};
template <typename E>
HostRange hostRange(std::span<E> values) {
    return {values.data(), values.size_bytes()};
}

template <typename T>
class TensorOps {
public:
    virtual ~TensorOps() = default;
    virtual std::string_view backendName() const = 0;  // "cpu", "vulkan"
    virtual bool supports(TensorOp op) const = 0;
    // Runs what was recorded and makes every result of the ops called so far visible in host
    // memory (resident copies stay: the host must say what it writes afterwards).
    virtual void finish() {}
    // Runs what was recorded and brings back only these ranges (their latest values).
    virtual void syncToHost(std::span<const HostRange> ranges) { (void)ranges; }
    // The host changed this memory: the device copy is stale (uploaded before its next use).
    virtual void hostWrote(HostRange range) { (void)range; }
    // finish(), then drop every resident copy: for host memory about to be freed or rewritten.
    virtual void forget() {}
    virtual DeviceTraffic traffic() const { return {}; }

    virtual void linearForward(TensorView<T> out, ConstTensorView<T> inp, ConstTensorView<T> weight,
                               ConstTensorView<T> bias) = 0;
    virtual void linearBackward(TensorView<T> dinp, TensorView<T> dweight, TensorView<T> dbias,
                                ConstTensorView<T> dout, ConstTensorView<T> inp,
                                ConstTensorView<T> weight) = 0;
    virtual void activationForward(TensorView<T> out, TensorView<T> derivative,
                                   ConstTensorView<T> inp, const ActivationConfig& activation) = 0;
    virtual void activationBackward(TensorView<T> dinp, ConstTensorView<T> dout,
                                    ConstTensorView<T> derivative) = 0;
    virtual void gatedForward(TensorView<T> out, TensorView<T> dOutdGate, TensorView<T> dOutdValue,
                              ConstTensorView<T> gate, ConstTensorView<T> value,
                              const ActivationConfig& activation) = 0;
    virtual void gatedBackward(TensorView<T> dgate, TensorView<T> dvalue, ConstTensorView<T> dout,
                               ConstTensorView<T> dOutdGate, ConstTensorView<T> dOutdValue) = 0;
    virtual void preluForward(TensorView<T> out, TensorView<T> derivative, ConstTensorView<T> inp,
                              ConstTensorView<T> alpha) = 0;
    virtual void preluBackward(TensorView<T> dinp, TensorView<T> dalpha, ConstTensorView<T> dout,
                               ConstTensorView<T> inp, ConstTensorView<T> derivative) = 0;
    // The mixture of activations (layers/mix.h). Not pure: the default runs core/layers on the
    // host views, for a backend that answers no to MixForward/MixBackward.
    virtual void mixForward(TensorView<T> out, TensorView<T> derivative, ConstTensorView<T> inp,
                            ConstTensorView<T> weights, const ActivationConfig& mix);
    virtual void mixBackward(TensorView<T> dinp, TensorView<T> dweights, ConstTensorView<T> dout,
                             ConstTensorView<T> inp, ConstTensorView<T> derivative,
                             ConstTensorView<T> weights, const ActivationConfig& mix);
    virtual void layernormForward(TensorView<T> out, TensorView<T> mean, TensorView<T> rstd,
                                  ConstTensorView<T> inp, ConstTensorView<T> weight,
                                  ConstTensorView<T> bias) = 0;
    virtual void layernormBackward(TensorView<T> dinp, TensorView<T> dweight, TensorView<T> dbias,
                                   ConstTensorView<T> dout, ConstTensorView<T> inp,
                                   ConstTensorView<T> weight, ConstTensorView<T> mean,
                                   ConstTensorView<T> rstd) = 0;
    virtual void attentionForward(TensorView<T> out, TensorView<T> preatt, TensorView<T> att,
                                  ConstTensorView<T> q, ConstTensorView<T> k, ConstTensorView<T> v,
                                  int heads, bool causal) = 0;
    virtual void attentionBackward(TensorView<T> dq, TensorView<T> dk, TensorView<T> dv,
                                   ConstTensorView<T> dout, ConstTensorView<T> q,
                                   ConstTensorView<T> k, ConstTensorView<T> v,
                                   ConstTensorView<T> att, int heads) = 0;
    virtual void embeddingForward(TensorView<T> out, ConstTokenView tokens,
                                  ConstTensorView<T> tokenTable,
                                  ConstTensorView<T> positionTable) = 0;
    virtual void embeddingBackward(TensorView<T> dTokenTable, TensorView<T> dPositionTable,
                                   ConstTensorView<T> dout, ConstTokenView tokens) = 0;
    virtual void add(TensorView<T> out, ConstTensorView<T> a, ConstTensorView<T> b) = 0;
    virtual void meanPoolForward(TensorView<T> out, ConstTensorView<T> inp) = 0;
    virtual void meanPoolBackward(TensorView<T> dinp, ConstTensorView<T> dout) = 0;
    // meanLoss (1) = the mean loss over the counted rows (layers/losses.h), 0 when none counts.
    virtual void crossEntropyForward(TensorView<T> probs, TensorView<T> losses,
                                     TensorView<T> meanLoss, ConstTensorView<T> logits,
                                     ConstTokenView targets) = 0;
    virtual void crossEntropyBackward(TensorView<T> dlogits, ConstTensorView<T> probs,
                                      ConstTokenView targets, T scale) = 0;
    virtual void copy(TensorView<T> to, ConstTensorView<T> from) = 0;  // same element count
    virtual void fill(TensorView<T> to, T value) = 0;
    // sums[i] = Σ x² over tensors[i] (the CPU accumulates in double); sums has one per tensor.
    virtual void sumOfSquares(std::span<const std::span<const T>> tensors, std::span<T> sums) = 0;
    // norm (1) = ‖g‖, the global L2 norm of every slot's grad; when it is not finite nothing
    // changes. Else for each slot, with clip = clipNorm / (‖g‖ + 1e-6) when 0 < clipNorm < ‖g‖
    // (1 otherwise) and g = grad·clip (+ weightDecay·value for Sgd/Momentum/Adam weights):
    // Sgd w −= lr·g; Momentum m = μm + g, w −= lr·m; Adam m, v moments, w −= lr·m̂/(√v̂ + ε);
    // AdamW as Adam without decay in g, and w −= lr·weightDecay·w first (optimizers/optimizer.h).
    virtual void optimizerUpdate(const OptimizerRule<T>& rule,
                                 std::span<const ParameterSlot<T>> slots, std::span<T> norm) = 0;
    // computeLoss (layers/batch_loss.h) of output (batch, outputs) against targets (batch, class
    // indices or values): gradient (batch, outputs) = ∂(mean loss)/∂output (overwritten),
    // rowLosses (batch) each row's loss, meanLoss (1) their mean (the CPU sums in double).
    virtual void loss(TensorView<T> gradient, TensorView<T> rowLosses, TensorView<T> meanLoss,
                      ConstTensorView<T> output, ConstTensorView<float> targets, LossKind kind) = 0;
    // The gradient of λ1·|w| + (λ2/2)·w² added: grad += λ2·w + λ1·sign(w) (same shapes).
    virtual void regularisation(TensorView<T> grad, ConstTensorView<T> weight, T l1, T l2) = 0;
};

// The entry checks of TensorOps::loss (every backend's): output (batch, outputs) with batch > 0,
// gradient the same, rowLosses and targets (batch), meanLoss (1); TensorError otherwise.
struct LossExtents {
    int batch = 0, outputs = 0;
};
LossExtents checkLossShapes(const Shape& gradient, const Shape& rowLosses, const Shape& meanLoss,
                            const Shape& output, const Shape& targets);

// The CPU ops (core/layers and the optimizer's loops): complete, the reference, bit for bit
// what the layers give.
template <typename T>
std::shared_ptr<TensorOps<T>> cpuTensorOps();

// The ops of a list of backends in order of preference; the CPU is appended when missing, and
// must be last. Each op runs on the first backend that supports it, chosen at construction (the
// one place TensorOps::supports is asked). Beside a device, an op that falls to the CPU brings
// its inputs home first and marks its outputs host-newer (backends/host_fallback_ops.h).
template <typename T>
class TensorOpsTable {
public:
    explicit TensorOpsTable(std::vector<std::shared_ptr<TensorOps<T>>> preference = {});
    // The CPU alone (the default of every model).
    static std::shared_ptr<TensorOpsTable> cpu();

    TensorOps<T>& forOp(TensorOp op);                // the backend that runs `op`
    std::string_view backendFor(TensorOp op) const;  // its name
    // "vulkan" when it ran every op called so far, else e.g. "vulkan (cpu: mix_forward, …)".
    std::string describe() const;
    void finish();  // results of every op called so far are in host memory
    // The TensorOps members of the same names, on every backend.
    void syncToHost(std::span<const HostRange> ranges);
    void syncToHost(std::initializer_list<HostRange> ranges) {
        syncToHost(std::span<const HostRange>(ranges.begin(), ranges.size()));
    }
    void hostWrote(HostRange range);
    void forget();
    DeviceTraffic traffic() const;  // summed over the backends

private:
    std::vector<std::shared_ptr<TensorOps<T>>> m_backends;
    std::array<int, kTensorOpCount> m_choice{};    // index into m_backends per op
    std::shared_ptr<TensorOps<T>> m_hostFallback;  // the CPU's ops beside devices
    std::array<bool, kTensorOpCount> m_called{};   // ops called at least once
};

}  // namespace actlab
