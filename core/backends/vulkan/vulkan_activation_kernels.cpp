// Activation dispatch on Vulkan: layouts, cached pipelines, buffers grown as needed, and the
// upload → dispatch → download sequence per chunk.
#include "backends/vulkan/vulkan_activation_kernels.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "embedded_shaders.h"

namespace actlab::vulkan {
namespace {

using shaders::kBindingCount;
using shaders::kPointsPerInvocation;
using shaders::kWorkgroupSize;

constexpr size_t kPreferredChunk = size_t(1) << 22;  // 4 Mi points: 16 MiB per buffer
constexpr size_t kMinimumCapacity = 4096;            // points; small calls never reallocate

// Points rounded up to whole vec4s.
size_t roundUpToVector(size_t points) {
    return (points + kPointsPerInvocation - 1) / kPointsPerInvocation * kPointsPerInvocation;
}

constexpr const char* kShaderNames[] = {"activation_scalar", "activation_gated"};

}  // namespace

std::unique_ptr<VulkanActivationKernels> VulkanActivationKernels::create(VulkanContext& context,
                                                                         size_t maxChunk,
                                                                         std::string* whyNot) {
    std::unique_ptr<VulkanActivationKernels> kernels(new VulkanActivationKernels(context));
    const VkPhysicalDeviceLimits& limits = context.limits();
    const size_t chunk = std::min<size_t>(
        {maxChunk > 0 ? maxChunk : kPreferredChunk,
         size_t(limits.maxComputeWorkGroupCount[0]) * kWorkgroupSize * kPointsPerInvocation,
         size_t(limits.maxStorageBufferRange) / sizeof(float)});
    kernels->m_maxChunk =
        std::max(chunk / kPointsPerInvocation * kPointsPerInvocation, size_t(kPointsPerInvocation));
    if (!kernels->createLayouts(whyNot)) return nullptr;
    const std::array<bool, kBindingCount> none{};
    if (!kernels->reserve(none, 0, whyNot)) return nullptr;  // every binding gets a buffer
    return kernels;
}

VulkanActivationKernels::~VulkanActivationKernels() {
    const VulkanFunctions& vk = m_context.vk();
    const VkDevice device = m_context.device();
    vk.vkDeviceWaitIdle(device);
    if (m_descriptorPool != VK_NULL_HANDLE)
        vk.vkDestroyDescriptorPool(device, m_descriptorPool, nullptr);  // frees the set
    // m_pipelines and m_buffers free themselves; the context outlives this object.
}

bool VulkanActivationKernels::createLayouts(std::string* whyNot) {
    const VulkanFunctions& vk = m_context.vk();
    const VkDevice device = m_context.device();
    m_pipelines = ComputePipelineSet::create(m_context, kShaderNames, kBindingCount,
                                             sizeof(shaders::ActivationPushConstants), whyNot);
    if (!m_pipelines) return false;
    const VkDescriptorSetLayout setLayout = m_pipelines->setLayout();

    const VkDescriptorPoolSize poolSize{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kBindingCount};
    VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    poolInfo.maxSets = 1;
    poolInfo.poolSizeCount = 1;
    poolInfo.pPoolSizes = &poolSize;
    if (vulkanFailed(vk.vkCreateDescriptorPool(device, &poolInfo, nullptr, &m_descriptorPool),
                     "vkCreateDescriptorPool", whyNot))
        return false;
    VkDescriptorSetAllocateInfo allocateInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    allocateInfo.descriptorPool = m_descriptorPool;
    allocateInfo.descriptorSetCount = 1;
    allocateInfo.pSetLayouts = &setLayout;
    if (vulkanFailed(vk.vkAllocateDescriptorSets(device, &allocateInfo, &m_descriptorSet),
                     "vkAllocateDescriptorSets", whyNot))
        return false;

    return true;
}

// Makes every binding hold a buffer, and the used ones at least `count` points rounded up to
// whole vec4s; grows to the next power of two (at most maxChunk, a multiple of 4) so that
// varying sizes rarely reallocate.
bool VulkanActivationKernels::reserve(const std::array<bool, kBindingCount>& used, size_t count,
                                      std::string* whyNot) {
    bool changed = false;
    for (size_t i = 0; i < kBindingCount; ++i) {
        const size_t needed = roundUpToVector(used[i] ? count : 1);
        if (m_buffers[i] && m_buffers[i].bytes() >= needed * sizeof(float)) continue;
        const size_t capacity = std::clamp(std::bit_ceil(needed), kMinimumCapacity,
                                           std::max(m_maxChunk, kMinimumCapacity));
        m_buffers[i] = VulkanBuffer();  // free first: peak memory stays one buffer per binding
        m_buffers[i] = m_context.createBuffer(capacity * sizeof(float), whyNot);
        if (!m_buffers[i]) return false;
        changed = true;
    }
    if (!changed) return true;
    std::array<VkDescriptorBufferInfo, kBindingCount> infos{};
    std::array<VkWriteDescriptorSet, kBindingCount> writes{};
    for (uint32_t i = 0; i < kBindingCount; ++i) {
        infos[i] = {m_buffers[i].handle(), 0, VK_WHOLE_SIZE};
        writes[i] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        writes[i].dstSet = m_descriptorSet;
        writes[i].dstBinding = i;
        writes[i].descriptorCount = 1;
        writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        writes[i].pBufferInfo = &infos[i];
    }
    m_context.vk().vkUpdateDescriptorSets(m_context.device(), kBindingCount, writes.data(), 0,
                                          nullptr);
    return true;
}

bool VulkanActivationKernels::run(const ActivationDispatch& dispatch, std::string* whyNot) {
    for (size_t offset = 0; offset < dispatch.x.size(); offset += m_maxChunk)
        if (!runChunk(dispatch, offset, std::min(m_maxChunk, dispatch.x.size() - offset), whyNot))
            return false;
    return true;
}

bool VulkanActivationKernels::runChunk(const ActivationDispatch& dispatch, size_t offset,
                                       size_t count, std::string* whyNot) {
    using shaders::kBindingOutput0, shaders::kBindingOutput1, shaders::kBindingOutput2;
    using shaders::kBindingV, shaders::kBindingX;
    const bool gated = dispatch.shader == ActivationShader::Gated;
    const bool second = gated || !dispatch.output2.empty();
    const VkPipeline pipe =
        m_pipelines->pipeline(size_t(dispatch.shader), dispatch.functionId, whyNot);
    if (pipe == VK_NULL_HANDLE || !reserve({true, gated, true, true, second}, count, whyNot))
        return false;

    // Upload (coherent memory: vkQueueSubmit makes these host writes visible).
    const size_t bytes = count * sizeof(float);
    std::memcpy(m_buffers[kBindingX].data(), dispatch.x.data() + offset, bytes);
    if (gated) std::memcpy(m_buffers[kBindingV].data(), dispatch.v.data() + offset, bytes);

    // Dispatch: one invocation per vec4; the last one may read and write up to 3 spare points
    // past `count`, which stay in the buffers.
    const uint32_t vectors = static_cast<uint32_t>(roundUpToVector(count) / kPointsPerInvocation);
    const shaders::ActivationPushConstants constants{vectors, second ? shaders::kWriteSecond : 0u,
                                                     dispatch.p0, dispatch.p1};
    const uint32_t groups = (vectors + kWorkgroupSize - 1) / kWorkgroupSize;
    const VulkanFunctions& vk = m_context.vk();
    const bool done = m_context.submitAndWait(
        [&](VkCommandBuffer commands) {
            vk.vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
            vk.vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE,
                                       m_pipelines->pipelineLayout(), 0, 1, &m_descriptorSet, 0,
                                       nullptr);
            vk.vkCmdPushConstants(commands, m_pipelines->pipelineLayout(),
                                  VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(constants), &constants);
            vk.vkCmdDispatch(commands, groups, 1, 1);
            VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
            barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
            barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
            vk.vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                                    VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0, nullptr, 0,
                                    nullptr);
        },
        whyNot);
    if (!done) return false;

    // Download.
    std::memcpy(dispatch.output0.data() + offset, m_buffers[kBindingOutput0].data(), bytes);
    std::memcpy(dispatch.output1.data() + offset, m_buffers[kBindingOutput1].data(), bytes);
    if (!dispatch.output2.empty())
        std::memcpy(dispatch.output2.data() + offset, m_buffers[kBindingOutput2].data(), bytes);
    return true;
}

}  // namespace actlab::vulkan
