// The activation compute kernels on a VulkanContext: pipelines cached per (shader, function),
// one descriptor set over reusable buffers, and upload → dispatch → download in chunks.
#pragma once

#include <array>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <utility>

#include "backends/vulkan/vulkan_context.h"
#include "backends/vulkan/vulkan_pipeline_set.h"
#include "shader_interface.h"

namespace actlab::vulkan {

enum class ActivationShader { Scalar, Gated };  // activation_scalar.comp, activation_gated.comp

// One elementwise call; every non-empty span has x.size() elements.
struct ActivationDispatch {
    ActivationShader shader = ActivationShader::Scalar;
    int functionId = 0;          // ActivationId of the scalar function, or the gate
    float p0 = 0.0f, p1 = 0.0f;  // its parameters
    std::span<const float> x;
    std::span<const float> v;  // gated only
    std::span<float> output0;  // f | y
    std::span<float> output1;  // f′ | ∂y/∂x
    std::span<float> output2;  // f″ (may be empty) | ∂y/∂v
};

class VulkanActivationKernels {
public:
    // Builds the layouts and shader modules; pipelines are created on first use. Batches are
    // split into dispatches of at most maxChunk points (0: 4 Mi or the device's limit).
    static std::unique_ptr<VulkanActivationKernels> create(VulkanContext& context, size_t maxChunk,
                                                           std::string* whyNot);
    ~VulkanActivationKernels();
    VulkanActivationKernels(const VulkanActivationKernels&) = delete;
    VulkanActivationKernels& operator=(const VulkanActivationKernels&) = delete;

    // Runs the dispatch in chunks of at most maxChunk() points. On failure, outputs of
    // chunks already done stay written.
    bool run(const ActivationDispatch& dispatch, std::string* whyNot);
    size_t maxChunk() const { return m_maxChunk; }

private:
    explicit VulkanActivationKernels(VulkanContext& context) : m_context(context) {}
    bool createLayouts(std::string* whyNot);
    bool reserve(const std::array<bool, shaders::kBindingCount>& used, size_t count,
                 std::string* whyNot);
    bool runChunk(const ActivationDispatch& dispatch, size_t offset, size_t count,
                  std::string* whyNot);

    VulkanContext& m_context;
    size_t m_maxChunk = 0;
    std::unique_ptr<ComputePipelineSet> m_pipelines;  // shaders by ActivationShader
    VkDescriptorPool m_descriptorPool = VK_NULL_HANDLE;
    VkDescriptorSet m_descriptorSet = VK_NULL_HANDLE;
    std::array<VulkanBuffer, shaders::kBindingCount> m_buffers;  // by binding
};

}  // namespace actlab::vulkan
