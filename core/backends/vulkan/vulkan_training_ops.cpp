// Training shaders on Vulkan: one set layout (six storage buffers) and one pipeline layout for
// all of them, cached pipelines, and dispatch lists recorded with a barrier after each dispatch.
#include "backends/vulkan/vulkan_training_ops.h"

#include <algorithm>

#include "embedded_shaders.h"

namespace actlab::vulkan {
namespace {

using shaders::kTrainingWorkgroupSize;

constexpr const char* kShaderNames[] = {
    "activation_scalar",
    "activation_gated",
    "matmul",
    "elementwise_product",
    "column_sum",
    "loss_gradient",
    "gradient_norm_partial",
    "gradient_norm_final",
    "prelu_forward",
    "prelu_alpha_gradient",
    // The tensor ops' shaders (vulkan_tensor_ops.cpp).
    "tensor_add",
    "multiply_accumulate",
    "tensor_copy",
    "tensor_fill",
    "column_sum_accumulate",
    "layernorm_forward",
    "layernorm_backward",
    "layernorm_parameter_gradient",
    "attention_forward",
    "attention_backward_query",
    "attention_backward_key",
    "embedding_forward",
    "embedding_token_gradient",
    "mean_pool_forward",
    "mean_pool_backward",
    "optimizer_update",
    "cross_entropy_forward",
    "cross_entropy_backward",
    "tensor_sum",
};
static_assert(std::size(kShaderNames) == size_t(TrainingShader::Count));

constexpr uint32_t kPushRangeBytes = 64;

}  // namespace

uint32_t groupsFor(size_t count, uint32_t perGroup) {
    return uint32_t(std::max<size_t>(1, (count + perGroup - 1) / perGroup));
}

size_t ArenaLayout::add(size_t count) {
    const size_t offset = m_size;
    const size_t padded = std::max<size_t>(count, 1);
    m_size += (padded + m_alignment - 1) / m_alignment * m_alignment;
    return offset;
}

TensorSlice sliceOf(const StagedBuffer& buffer, size_t offset, size_t count) {
    return {buffer.device().handle(), offset, count, buffer.host() + offset};
}

TensorSlice sliceOf(const VulkanBuffer& buffer, size_t offset, size_t count) {
    return {buffer.handle(), offset, count, buffer.data() + offset};
}

std::unique_ptr<TrainingKernels> TrainingKernels::create(VulkanContext& context,
                                                         std::string* whyNot) {
    std::unique_ptr<TrainingKernels> kernels(new TrainingKernels(context));
    // Slices start on the storage-offset alignment and on whole vec4s (activation shaders).
    const size_t alignment = size_t(context.limits().minStorageBufferOffsetAlignment);
    kernels->m_alignmentFloats = std::max<size_t>(4, (alignment + 3) / 4);

    kernels->m_pipelines = ComputePipelineSet::create(context, kShaderNames, kTrainingBindings,
                                                      kPushRangeBytes, whyNot);
    if (!kernels->m_pipelines) return nullptr;
    return kernels;
}

DispatchList::~DispatchList() {
    if (m_pool != VK_NULL_HANDLE)  // frees the sets
        m_kernels.context().vk().vkDestroyDescriptorPool(m_kernels.context().device(), m_pool,
                                                         nullptr);
}

template <typename Constants>
size_t DispatchList::add(TrainingShader shader, int functionId,
                         std::initializer_list<TensorSlice> bindings, const Constants& constants,
                         uint32_t groupsX, uint32_t groupsY) {
    static_assert(sizeof(Constants) <= kMaxPushBytes && sizeof(Constants) <= kPushRangeBytes);
    return addBytes(shader, functionId, bindings, &constants, sizeof(Constants), groupsX, groupsY);
}

size_t DispatchList::addBytes(TrainingShader shader, int functionId,
                              std::initializer_list<TensorSlice> bindings, const void* constants,
                              uint32_t pushBytes, uint32_t groupsX, uint32_t groupsY) {
    Dispatch dispatch;
    dispatch.shader = shader;
    dispatch.functionId = functionId;
    dispatch.bindings.fill(m_dummy);
    std::copy(bindings.begin(), bindings.end(), dispatch.bindings.begin());
    std::memcpy(dispatch.push.data(), constants, pushBytes);
    dispatch.pushBytes = pushBytes;
    dispatch.groupsX = groupsX;
    dispatch.groupsY = groupsY;
    m_dispatches.push_back(dispatch);
    return m_dispatches.size() - 1;
}

size_t DispatchList::matmul(TensorSlice a, TensorSlice b, TensorSlice c, uint32_t m, uint32_t n,
                            uint32_t k, uint32_t flags, const TensorSlice* bias,
                            const TensorSlice* addend) {
    if (bias) flags |= shaders::kAddBias;
    if (addend) flags |= shaders::kAddAddend;
    const shaders::MatmulPushConstants constants{m, n, k, flags};
    // The transposes are also a specialisation constant: no branch in the inner loop.
    const uint32_t perGroup = shaders::kMatmulWorkgroupSide * shaders::kMatmulBlock;
    return add(TrainingShader::Matmul, int(flags & (shaders::kTransposeA | shaders::kTransposeB)),
               {a, b, bias ? *bias : m_dummy, addend ? *addend : m_dummy, c}, constants,
               groupsFor(n, perGroup), groupsFor(m, perGroup));
}

// The activation shaders work on whole vec4s: slices start on ≥ 4-float alignment and the
// arena pads every tensor to it, so the rounded-up ranges stay inside their own tensors.
static TensorSlice wholeVectors(TensorSlice slice) {
    slice.count = (slice.count + 3) / 4 * 4;
    return slice;
}

size_t DispatchList::activation(const ActivationConfig& config, TensorSlice z, TensorSlice h,
                                TensorSlice d) {
    z = wholeVectors(z), h = wholeVectors(h), d = wholeVectors(d);
    const uint32_t vectors = uint32_t((z.count + 3) / 4);
    const shaders::ActivationPushConstants constants{vectors, 0u, float(config.parameters[0]),
                                                     float(config.parameters[1])};
    return add(TrainingShader::ActivationScalar, int(config.info().gate),
               {z, m_dummy, h, d, m_dummy}, constants, groupsFor(vectors, kTrainingWorkgroupSize));
}

size_t DispatchList::gated(const ActivationConfig& config, TensorSlice g, TensorSlice v,
                           TensorSlice m, TensorSlice dmdg, TensorSlice dmdv) {
    // The gate runs with its catalogue defaults, as dense::gatedForward on the CPU.
    const ActivationConfig gate = ActivationConfig::withDefaults(config.info().gate);
    g = wholeVectors(g), v = wholeVectors(v), m = wholeVectors(m);
    dmdg = wholeVectors(dmdg), dmdv = wholeVectors(dmdv);
    const uint32_t vectors = uint32_t((g.count + 3) / 4);
    const shaders::ActivationPushConstants constants{vectors, 0u, float(gate.parameters[0]),
                                                     float(gate.parameters[1])};
    return add(TrainingShader::ActivationGated, int(gate.id), {g, v, m, dmdg, dmdv}, constants,
               groupsFor(vectors, kTrainingWorkgroupSize));
}

size_t DispatchList::prelu(TensorSlice z, TensorSlice alpha, TensorSlice h, TensorSlice d,
                           uint32_t width) {
    const shaders::PreluPushConstants constants{uint32_t(z.count), width,
                                                alpha.count > 1 ? 1u : 0u};
    return add(TrainingShader::PreluForward, 0, {z, alpha, h, d}, constants,
               groupsFor(z.count, kTrainingWorkgroupSize));
}

size_t DispatchList::preluAlphaGradient(TensorSlice z, TensorSlice dh, TensorSlice out,
                                        uint32_t rows, uint32_t width) {
    const shaders::PreluAlphaPushConstants constants{width, rows};
    return add(TrainingShader::PreluAlphaGradient, 0, {z, dh, out}, constants,
               groupsFor(width, kTrainingWorkgroupSize));
}

size_t DispatchList::product(TensorSlice a, TensorSlice b, TensorSlice out) {
    const shaders::ElementwisePushConstants constants{uint32_t(out.count)};
    return add(TrainingShader::ElementwiseProduct, 0, {a, b, out}, constants,
               groupsFor(out.count, kTrainingWorkgroupSize));
}

size_t DispatchList::columnSum(TensorSlice x, uint32_t rows, uint32_t columns, TensorSlice out) {
    const shaders::ColumnSumPushConstants constants{columns, rows};
    return add(TrainingShader::ColumnSum, 0, {x, out}, constants,
               groupsFor(columns, kTrainingWorkgroupSize));
}

size_t DispatchList::loss(TensorSlice logits, TensorSlice targets, TensorSlice gradient,
                          TensorSlice rowLoss, uint32_t rows, uint32_t outputs, uint32_t kind,
                          float scale) {
    const shaders::LossPushConstants constants{rows, outputs, kind, scale};
    return add(TrainingShader::LossGradient, 0, {logits, targets, gradient, rowLoss}, constants,
               groupsFor(rows, kTrainingWorkgroupSize));
}

size_t DispatchList::normPartial(TensorSlice grad, TensorSlice value, TensorSlice mask,
                                 TensorSlice partial, uint32_t groups) {
    const shaders::NormPartialPushConstants constants{uint32_t(grad.count), 0.0f, 0.0f, 0u};
    return add(TrainingShader::NormPartial, 0, {grad, value, mask, partial}, constants, groups);
}

size_t DispatchList::normFinal(TensorSlice partial, TensorSlice rowLoss, TensorSlice status) {
    const shaders::NormFinalPushConstants constants{uint32_t(partial.count),
                                                    uint32_t(rowLoss.count)};
    return add(TrainingShader::NormFinal, 0, {partial, rowLoss, status}, constants, 1);
}

void DispatchList::placeArena(const VulkanBuffer& arena) {
    for (Dispatch& dispatch : m_dispatches)
        for (TensorSlice& slice : dispatch.bindings)
            if (slice.buffer == VK_NULL_HANDLE) slice = sliceOf(arena, slice.offset, slice.count);
}

bool DispatchList::finish(std::string* whyNot) {
    const VulkanFunctions& vk = m_kernels.context().vk();
    const VkDevice device = m_kernels.context().device();
    const uint32_t sets = uint32_t(m_dispatches.size());
    const VkDescriptorPoolSize poolSize{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                        sets * kTrainingBindings};
    VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    poolInfo.maxSets = sets;
    poolInfo.poolSizeCount = 1;
    poolInfo.pPoolSizes = &poolSize;
    if (vulkanFailed(vk.vkCreateDescriptorPool(device, &poolInfo, nullptr, &m_pool),
                     "vkCreateDescriptorPool", whyNot))
        return false;
    const std::vector<VkDescriptorSetLayout> layouts(sets, m_kernels.setLayout());
    std::vector<VkDescriptorSet> allocated(sets);
    VkDescriptorSetAllocateInfo allocateInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    allocateInfo.descriptorPool = m_pool;
    allocateInfo.descriptorSetCount = sets;
    allocateInfo.pSetLayouts = layouts.data();
    if (vulkanFailed(vk.vkAllocateDescriptorSets(device, &allocateInfo, allocated.data()),
                     "vkAllocateDescriptorSets", whyNot))
        return false;
    std::vector<VkDescriptorBufferInfo> infos(size_t(sets) * kTrainingBindings);
    std::vector<VkWriteDescriptorSet> writes(infos.size(),
                                             {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET});
    for (uint32_t d = 0; d < sets; ++d) {
        Dispatch& dispatch = m_dispatches[d];
        dispatch.set = allocated[d];
        dispatch.pipeline = m_kernels.pipeline(dispatch.shader, dispatch.functionId, whyNot);
        if (dispatch.pipeline == VK_NULL_HANDLE) return false;
        for (uint32_t b = 0; b < kTrainingBindings; ++b) {
            const TensorSlice& slice = dispatch.bindings[b];
            const size_t i = size_t(d) * kTrainingBindings + b;
            infos[i] = {slice.buffer, slice.offset * sizeof(float),
                        std::max<size_t>(slice.count, 1) * sizeof(float)};
            writes[i].dstSet = dispatch.set;
            writes[i].dstBinding = b;
            writes[i].descriptorCount = 1;
            writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
            writes[i].pBufferInfo = &infos[i];
        }
    }
    vk.vkUpdateDescriptorSets(device, uint32_t(writes.size()), writes.data(), 0, nullptr);
    return true;
}

void DispatchList::record(VkCommandBuffer commands) const {
    const VulkanFunctions& vk = m_kernels.context().vk();
    VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
    for (const Dispatch& dispatch : m_dispatches) {
        vk.vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, dispatch.pipeline);
        vk.vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE,
                                   m_kernels.pipelineLayout(), 0, 1, &dispatch.set, 0, nullptr);
        vk.vkCmdPushConstants(commands, m_kernels.pipelineLayout(), VK_SHADER_STAGE_COMPUTE_BIT, 0,
                              dispatch.pushBytes, dispatch.push.data());
        vk.vkCmdDispatch(commands, dispatch.groupsX, dispatch.groupsY, 1);
        vk.vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                                VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &barrier, 0, nullptr, 0,
                                nullptr);
    }
    VkMemoryBarrier toHost{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    toHost.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    toHost.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    vk.vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                            VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &toHost, 0, nullptr, 0, nullptr);
}

}  // namespace actlab::vulkan
