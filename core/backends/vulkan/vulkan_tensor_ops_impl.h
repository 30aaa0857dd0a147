// Private to the Vulkan tensor ops (vulkan_tensor_ops.cpp, vulkan_tensor_ops_sequence.cpp): the
// ops class, RecordedCall (one op's resident tensors and dispatches) and the elementwise
// dispatch they share.
#pragma once

#include <algorithm>
#include <array>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "backends/tensor_ops.h"
#include "backends/vulkan/vulkan_context.h"
#include "backends/vulkan/vulkan_resident_tensors.h"
#include "backends/vulkan/vulkan_training_ops.h"

namespace actlab::vulkan {

static_assert(sizeof(Token) == sizeof(float), "token ids travel in float buffers as int32");

// An elementwise dispatch over `count` invocations: at most 65535 workgroups in x (the least
// maxComputeWorkGroupCount[0] Vulkan guarantees), further rows of them in y; the shader's index
// is y · (groups in x) · 256 + x.
template <typename Constants>
void addElementwise(DispatchList& list, TrainingShader shader,
                    std::initializer_list<TensorSlice> bindings, const Constants& constants,
                    size_t count) {
    const size_t groups = groupsFor(count, shaders::kTrainingWorkgroupSize);
    const size_t rows = (groups + 65534) / 65535;
    list.addDispatch(shader, bindings, constants, uint32_t((groups + rows - 1) / rows),
                     uint32_t(rows));
}

class VulkanTensorOps;

// One op call: the resident tensors it binds (uploaded first where the host holds newer values)
// and its dispatches, appended to the ops' pending commands by run() (immediate ops: submitted
// and brought home at once). Holds the context's mutex from construction to destruction; throws
// std::runtime_error "vulkan <op>: <reason>" when Vulkan fails.
class RecordedCall {
public:
    RecordedCall(VulkanTensorOps& ops, const char* op);
    TensorSlice input(std::span<const float> values) {
        return m_resident.read(values.data(), values.size_bytes());
    }
    TensorSlice input(std::span<const Token> ids) {  // raw int32, read as `int ids[]`
        return m_resident.read(ids.data(), ids.size_bytes());
    }
    TensorSlice output(std::span<float> values) {
        return m_resident.write(values.data(), values.size_bytes());
    }
    TensorSlice inputOutput(std::span<float> values) {  // a += output
        return m_resident.readWrite(values.data(), values.size_bytes());
    }
    TensorSlice transient(std::span<const Token> ids) {  // host values of this call only
        return m_resident.transient(ids.data(), ids.size_bytes());
    }
    TensorSlice scratch(size_t count) { return m_resident.scratch(count); }
    DispatchList& dispatches() { return *m_list; }
    void run();

private:
    VulkanTensorOps& m_ops;
    const char* m_op;
    std::unique_lock<std::mutex> m_lock;
    ResidentTensors& m_resident;
    std::unique_ptr<DispatchList> m_list;
};

// The ops: each checks its arguments with the layer's check function (core/layers), then runs
// one RecordedCall. The per-row ops are in vulkan_tensor_ops.cpp, the sequence ops (layernorm,
// attention, embedding, pooling, cross-entropy) in vulkan_tensor_ops_sequence.cpp.
class VulkanTensorOps final : public TensorOps<float> {
public:
    VulkanTensorOps(std::shared_ptr<SharedVulkanContext> shared, bool immediate);
    ~VulkanTensorOps() override;
    bool initialise(std::string* whyNot);  // false with a one-line *whyNot on failure

    SharedVulkanContext& shared() { return *m_shared; }
    TrainingKernels& kernels() { return *m_kernels; }
    ResidentTensors& resident() { return *m_resident; }
    bool immediate() const { return m_immediate; }
    TensorSlice dummy() const { return sliceOf(m_dummy, 0, 16); }

    void finish() override;
    void syncToHost(std::span<const HostRange> ranges) override;
    void hostWrote(HostRange range) override;
    void forget() override;
    DeviceTraffic traffic() const override;
    size_t partialGroups(size_t n) const;  // Σ x² partials of n values (an aligned count)

    std::string_view backendName() const override { return "vulkan"; }
    // The mixture of activations has no shader: the CPU runs it (the table's fallback), as it
    // runs the ops ACTLAB_VULKAN_DISABLE_OPS names ("linear_backward,attention_forward").
    bool supports(TensorOp op) const override {
        return op != TensorOp::Count && op != TensorOp::MixForward && op != TensorOp::MixBackward &&
               !m_disabled[size_t(op)];
    }

    void linearForward(TensorView<float> out, ConstTensorView<float> inp,
                       ConstTensorView<float> weight, ConstTensorView<float> bias) override;
    void linearBackward(TensorView<float> dinp, TensorView<float> dweight, TensorView<float> dbias,
                        ConstTensorView<float> dout, ConstTensorView<float> inp,
                        ConstTensorView<float> weight) override;
    void activationForward(TensorView<float> out, TensorView<float> derivative,
                           ConstTensorView<float> inp, const ActivationConfig& activation) override;
    void activationBackward(TensorView<float> dinp, ConstTensorView<float> dout,
                            ConstTensorView<float> derivative) override;
    void gatedForward(TensorView<float> out, TensorView<float> dOutdGate,
                      TensorView<float> dOutdValue, ConstTensorView<float> gate,
                      ConstTensorView<float> value, const ActivationConfig& activation) override;
    void gatedBackward(TensorView<float> dgate, TensorView<float> dvalue,
                       ConstTensorView<float> dout, ConstTensorView<float> dOutdGate,
                       ConstTensorView<float> dOutdValue) override;
    void preluForward(TensorView<float> out, TensorView<float> derivative,
                      ConstTensorView<float> inp, ConstTensorView<float> alpha) override;
    void preluBackward(TensorView<float> dinp, TensorView<float> dalpha,
                       ConstTensorView<float> dout, ConstTensorView<float> inp,
                       ConstTensorView<float> derivative) override;
    void layernormForward(TensorView<float> out, TensorView<float> mean, TensorView<float> rstd,
                          ConstTensorView<float> inp, ConstTensorView<float> weight,
                          ConstTensorView<float> bias) override;
    void layernormBackward(TensorView<float> dinp, TensorView<float> dweight,
                           TensorView<float> dbias, ConstTensorView<float> dout,
                           ConstTensorView<float> inp, ConstTensorView<float> weight,
                           ConstTensorView<float> mean, ConstTensorView<float> rstd) override;
    void attentionForward(TensorView<float> out, TensorView<float> preatt, TensorView<float> att,
                          ConstTensorView<float> q, ConstTensorView<float> k,
                          ConstTensorView<float> v, int heads, bool causal) override;
    void attentionBackward(TensorView<float> dq, TensorView<float> dk, TensorView<float> dv,
                           ConstTensorView<float> dout, ConstTensorView<float> q,
                           ConstTensorView<float> k, ConstTensorView<float> v,
                           ConstTensorView<float> att, int heads) override;
    void embeddingForward(TensorView<float> out, ConstTokenView tokens,
                          ConstTensorView<float> tokenTable,
                          ConstTensorView<float> positionTable) override;
    void embeddingBackward(TensorView<float> dTokenTable, TensorView<float> dPositionTable,
                           ConstTensorView<float> dout, ConstTokenView tokens) override;
    void add(TensorView<float> out, ConstTensorView<float> a, ConstTensorView<float> b) override;
    void meanPoolForward(TensorView<float> out, ConstTensorView<float> inp) override;
    void meanPoolBackward(TensorView<float> dinp, ConstTensorView<float> dout) override;
    void crossEntropyForward(TensorView<float> probs, TensorView<float> losses,
                             TensorView<float> meanLoss, ConstTensorView<float> logits,
                             ConstTokenView targets) override;
    void crossEntropyBackward(TensorView<float> dlogits, ConstTensorView<float> probs,
                              ConstTokenView targets, float scale) override;
    void copy(TensorView<float> to, ConstTensorView<float> from) override;
    void fill(TensorView<float> to, float value) override;
    void sumOfSquares(std::span<const std::span<const float>> tensors,
                      std::span<float> sums) override;
    void optimizerUpdate(const OptimizerRule<float>& rule,
                         std::span<const ParameterSlot<float>> slots,
                         std::span<float> norm) override;
    void loss(TensorView<float> gradient, TensorView<float> rowLosses, TensorView<float> meanLoss,
              ConstTensorView<float> output, ConstTensorView<float> targets,
              LossKind kind) override;
    void regularisation(TensorView<float> grad, ConstTensorView<float> weight, float l1,
                        float l2) override;

private:
    std::shared_ptr<SharedVulkanContext> m_shared;  // destroyed last
    std::unique_ptr<TrainingKernels> m_kernels;
    std::unique_ptr<ResidentTensors> m_resident;
    VulkanBuffer m_dummy;  // bound where a shader has no tensor
    bool m_immediate = false;
    std::array<bool, kTensorOpCount> m_disabled{};  // by ACTLAB_VULKAN_DISABLE_OPS
    // regularisation()'s partial sums of squares: never read, never reallocated.
    std::array<float, 64> m_regularisationPartials{};
};

}  // namespace actlab::vulkan
