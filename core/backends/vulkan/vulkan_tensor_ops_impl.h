// Private to the Vulkan tensor ops (vulkan_tensor_ops.cpp, vulkan_tensor_ops_sequence.cpp): the
// ops class, StagedCall (one op's staging, dispatches and submission) and the elementwise
// dispatch they share.
#pragma once

#include <algorithm>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "backends/tensor_ops.h"
#include "backends/vulkan/vulkan_context.h"
#include "backends/vulkan/vulkan_training_engine.h"
#include "backends/vulkan/vulkan_training_ops.h"

namespace actlab::vulkan {

static_assert(sizeof(Token) == sizeof(float), "token ids travel in the float arena as int32");

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

// One op call: the tensors it places in the staging arena (inputs copied in before the
// submission, outputs copied back after it) and its dispatches. run() throws
// std::runtime_error "vulkan <op>: <reason>" when Vulkan fails.
class StagedCall {
public:
    StagedCall(VulkanTensorOps& ops, const char* op);
    TensorSlice input(std::span<const float> values) {
        return stage(values.data(), values.size(), nullptr);
    }
    TensorSlice input(std::span<const Token> ids) {  // raw int32, read as `int ids[]`
        return stage(ids.data(), ids.size(), nullptr);
    }
    TensorSlice output(std::span<float> values) {
        return stage(nullptr, values.size(), values.data());
    }
    TensorSlice inputOutput(std::span<float> values) {  // a += output: current values go in
        return stage(values.data(), values.size(), values.data());
    }
    TensorSlice scratch(size_t count) { return stage(nullptr, count, nullptr); }
    DispatchList& dispatches() { return m_list; }
    void run();

private:
    struct Transfer {
        size_t offset;     // floats into the arena
        const void* from;  // host input, or null
        float* to;         // host output, or null
        size_t count;
    };
    TensorSlice stage(const void* from, size_t count, float* to) {
        const size_t offset = m_layout.add(count);
        m_transfers.push_back({offset, from, to, count});
        return {VK_NULL_HANDLE, offset, count, nullptr};  // placed in the arena by run()
    }

    VulkanTensorOps& m_ops;
    const char* m_op;
    ArenaLayout m_layout;
    DispatchList m_list;
    std::vector<Transfer> m_transfers;
};

// The ops: each checks its arguments with the layer's check function (core/layers), then runs
// one StagedCall. The per-row ops are in vulkan_tensor_ops.cpp, the sequence ops (layernorm,
// attention, embedding, pooling, cross-entropy) in vulkan_tensor_ops_sequence.cpp.
class VulkanTensorOps final : public TensorOps<float> {
public:
    explicit VulkanTensorOps(std::shared_ptr<SharedVulkanContext> shared);
    ~VulkanTensorOps() override;
    bool initialise(std::string* whyNot);  // false with a one-line *whyNot on failure

    SharedVulkanContext& shared() { return *m_shared; }
    TrainingKernels& kernels() { return *m_kernels; }
    TensorSlice dummy() const { return sliceOf(m_dummy, 0, 16); }
    // The arena, grown (doubling) to at least `floats`; call under the mutex. Null on failure.
    const VulkanBuffer* arena(size_t floats, std::string* whyNot);
    // One staged submission and what it copied each way; call under the mutex.
    void countSubmission(size_t bytesToDevice, size_t bytesToHost) {
        ++m_traffic.submissions;
        m_traffic.bytesToDevice += bytesToDevice;
        m_traffic.bytesToHost += bytesToHost;
    }
    DeviceTraffic traffic() const override {
        std::lock_guard lock(m_shared->mutex);
        return m_traffic;
    }

    std::string_view backendName() const override { return "vulkan"; }
    // The mixture of activations has no shader: the CPU runs it (the table's fallback).
    bool supports(TensorOp op) const override {
        return op != TensorOp::Count && op != TensorOp::MixForward && op != TensorOp::MixBackward;
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
    double crossEntropyForward(TensorView<float> probs, TensorView<float> losses,
                               ConstTensorView<float> logits, ConstTokenView targets) override;
    void crossEntropyBackward(TensorView<float> dlogits, ConstTensorView<float> probs,
                              ConstTokenView targets, float scale) override;
    void copy(TensorView<float> to, ConstTensorView<float> from) override;
    void fill(TensorView<float> to, float value) override;
    double sumOfSquares(std::span<const std::span<const float>> tensors) override;
    void optimizerUpdate(const OptimizerRule<float>& rule,
                         std::span<const ParameterSlot<float>> slots) override;

private:
    std::shared_ptr<SharedVulkanContext> m_shared;  // destroyed last
    std::unique_ptr<TrainingKernels> m_kernels;
    VulkanBuffer m_arena;     // the staging arena of every op, grown as needed
    VulkanBuffer m_dummy;     // bound where a shader has no tensor
    DeviceTraffic m_traffic;  // under the mutex
};

}  // namespace actlab::vulkan
