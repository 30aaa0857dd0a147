// The tensor operations of Vulkan training: slices of float buffers, cached pipelines of the
// training shaders, and a DispatchList that records a whole step (matmuls, activations, loss,
// gradient norm, optimizer) into one command buffer with a barrier between dispatches.
#pragma once

#include <array>
#include <cstddef>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "activations/catalogue.h"
#include "backends/vulkan/vulkan_context.h"
#include "backends/vulkan/vulkan_pipeline_set.h"
#include "shader_interface.h"

namespace actlab::vulkan {

// A range of floats inside a buffer: what one shader binding sees (its index 0 is `offset`).
struct TensorSlice {
    VkBuffer buffer = VK_NULL_HANDLE;
    size_t offset = 0;        // floats; a multiple of the storage-offset alignment
    size_t count = 0;         // floats
    float* mapped = nullptr;  // host address of the first float (its staging copy, if staged)
    StagedBuffer::Range range() const { return {offset, count}; }
};

// Places tensors one after another, each starting on the binding alignment.
class ArenaLayout {
public:
    explicit ArenaLayout(size_t alignmentFloats) : m_alignment(alignmentFloats) {}
    size_t add(size_t count);  // returns the offset (floats) of a new tensor of `count` floats
    size_t size() const { return m_size; }

private:
    size_t m_alignment;
    size_t m_size = 0;
};

TensorSlice sliceOf(const VulkanBuffer& buffer, size_t offset, size_t count);
TensorSlice sliceOf(const StagedBuffer& buffer, size_t offset, size_t count);  // host(): mapped

// Workgroups of `perGroup` invocations that cover `count` (at least one).
uint32_t groupsFor(size_t count, uint32_t perGroup);

enum class TrainingShader {
    ActivationScalar,  // activation_scalar.comp: h = f(z), d = f′(z)
    ActivationGated,   // activation_gated.comp: m = act(g)·v, ∂m/∂g, ∂m/∂v
    Matmul,            // matmul.comp
    ElementwiseProduct,
    ColumnSum,
    LossGradient,
    NormPartial,  // gradient_norm_partial.comp
    NormFinal,    // gradient_norm_final.comp
    PreluForward,
    PreluAlphaGradient,
    // The tensor ops' shaders (vulkan_tensor_ops.cpp), each named after its .comp.
    TensorAdd,
    MultiplyAccumulate,
    TensorCopy,
    TensorFill,
    ColumnSumAccumulate,
    LayernormForward,
    LayernormBackward,
    LayernormParameterGradient,
    AttentionForward,
    AttentionBackwardQuery,
    AttentionBackwardKey,
    EmbeddingForward,
    EmbeddingTokenGradient,
    MeanPoolForward,
    MeanPoolBackward,
    OptimizerUpdate,
    CrossEntropyForward,
    CrossEntropyBackward,
    TensorSum,  // tensor_sum.comp: out[index] = scale · Σ x
    Count,
};

inline constexpr uint32_t kTrainingBindings = 6;  // bindings 0–5 of set 0, the most a shader uses

// Shader modules, one descriptor-set layout and pipeline layout for all training shaders, and
// pipelines cached per (shader, activation id). Must not outlive the context.
class TrainingKernels {
public:
    static std::unique_ptr<TrainingKernels> create(VulkanContext& context, std::string* whyNot);
    TrainingKernels(const TrainingKernels&) = delete;
    TrainingKernels& operator=(const TrainingKernels&) = delete;

    VulkanContext& context() const { return m_context; }
    VkDescriptorSetLayout setLayout() const { return m_pipelines->setLayout(); }
    VkPipelineLayout pipelineLayout() const { return m_pipelines->pipelineLayout(); }
    size_t alignmentFloats() const { return m_alignmentFloats; }
    // The pipeline of `shader` (activation shaders: specialised for `functionId`).
    VkPipeline pipeline(TrainingShader shader, int functionId, std::string* whyNot) {
        return m_pipelines->pipeline(size_t(shader), functionId, whyNot);
    }

private:
    explicit TrainingKernels(VulkanContext& context) : m_context(context) {}

    VulkanContext& m_context;
    size_t m_alignmentFloats = 4;
    std::unique_ptr<ComputePipelineSet> m_pipelines;
};

// A fixed sequence of dispatches over fixed slices, built once per batch size and recorded
// into the command buffer at every step; push constants may change between recordings.
class DispatchList {
public:
    // `dummy` fills the bindings a shader does not use.
    DispatchList(TrainingKernels& kernels, TensorSlice dummy)
        : m_kernels(kernels), m_dummy(dummy) {}
    ~DispatchList();
    DispatchList(const DispatchList&) = delete;
    DispatchList& operator=(const DispatchList&) = delete;

    // Tensor operations; each appends one dispatch and returns its index. Shapes in floats.
    // c (m, n) = op(a)·op(b) [+ bias (n)] [+ addend (m, n)] (see matmul.comp for the flags).
    size_t matmul(TensorSlice a, TensorSlice b, TensorSlice c, uint32_t m, uint32_t n, uint32_t k,
                  uint32_t flags, const TensorSlice* bias = nullptr,
                  const TensorSlice* addend = nullptr);
    // h = f(z), d = f′(z); every slice holds a multiple of 4 floats (vec4 shader).
    size_t activation(const ActivationConfig& config, TensorSlice z, TensorSlice h, TensorSlice d);
    // m = act(g)·v, dmdg = act′(g)·v, dmdv = act(g) for the gated `config` (GLU family).
    size_t gated(const ActivationConfig& config, TensorSlice g, TensorSlice v, TensorSlice m,
                 TensorSlice dmdg, TensorSlice dmdv);
    // PReLU with α read from `alpha` ((1) or (width)): h, d = f(z), f′(z), (rows, width).
    size_t prelu(TensorSlice z, TensorSlice alpha, TensorSlice h, TensorSlice d, uint32_t width);
    // out[j] = Σ_rows [z ≤ 0]·dh·z per column j of (rows, width).
    size_t preluAlphaGradient(TensorSlice z, TensorSlice dh, TensorSlice out, uint32_t rows,
                              uint32_t width);
    size_t product(TensorSlice a, TensorSlice b, TensorSlice out);  // out = a ⊙ b
    size_t columnSum(TensorSlice x, uint32_t rows, uint32_t columns, TensorSlice out);
    size_t loss(TensorSlice logits, TensorSlice targets, TensorSlice gradient, TensorSlice rowLoss,
                uint32_t rows, uint32_t outputs, uint32_t kind, float scale);
    // Σ g² per workgroup into partial (`groups` of them), adding the L1/L2 terms first.
    size_t normPartial(TensorSlice grad, TensorSlice value, TensorSlice mask, TensorSlice partial,
                       uint32_t groups);
    size_t normFinal(TensorSlice partial, TensorSlice rowLoss, TensorSlice status);

    // A dispatch of any shader over `bindings` (in binding order; the rest get the dummy) with
    // `constants` as its push constants: what the tensor ops use. Returns its index.
    template <typename Constants>
    size_t addDispatch(TrainingShader shader, std::initializer_list<TensorSlice> bindings,
                       const Constants& constants, uint32_t groupsX, uint32_t groupsY = 1) {
        static_assert(sizeof(Constants) <= kMaxPushBytes);
        return addBytes(shader, 0, bindings, &constants, sizeof(Constants), groupsX, groupsY);
    }

    // Replaces the push constants of dispatch `index` (same size as when it was added).
    template <typename Constants>
    void setPushConstants(size_t index, const Constants& constants) {
        static_assert(sizeof(Constants) <= kMaxPushBytes);
        std::memcpy(m_dispatches[index].push.data(), &constants, sizeof(Constants));
    }
    // Slices added without a buffer (buffer == VK_NULL_HANDLE) live in `arena`: binds them.
    void placeArena(const VulkanBuffer& arena);
    // Allocates and writes the descriptor sets; call once after the last operation.
    bool finish(std::string* whyNot);
    // Records every dispatch with a compute barrier after each, then one to the host.
    void record(VkCommandBuffer commands) const;

private:
    static constexpr size_t kMaxPushBytes = 64;
    struct Dispatch {
        TrainingShader shader;
        int functionId = 0;
        std::array<TensorSlice, kTrainingBindings> bindings;
        std::array<std::byte, kMaxPushBytes> push{};
        uint32_t pushBytes = 0;
        uint32_t groupsX = 1, groupsY = 1;
        VkPipeline pipeline = VK_NULL_HANDLE;
        VkDescriptorSet set = VK_NULL_HANDLE;
    };
    template <typename Constants>
    size_t add(TrainingShader shader, int functionId, std::initializer_list<TensorSlice> bindings,
               const Constants& constants, uint32_t groupsX, uint32_t groupsY = 1);
    // What add and addDispatch do, with the push constants as `pushBytes` raw bytes.
    size_t addBytes(TrainingShader shader, int functionId,
                    std::initializer_list<TensorSlice> bindings, const void* constants,
                    uint32_t pushBytes, uint32_t groupsX, uint32_t groupsY);

    TrainingKernels& m_kernels;
    TensorSlice m_dummy;
    std::vector<Dispatch> m_dispatches;
    VkDescriptorPool m_pool = VK_NULL_HANDLE;
};

}  // namespace actlab::vulkan
