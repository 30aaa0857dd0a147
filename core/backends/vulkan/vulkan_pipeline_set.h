// A set of compute shaders sharing one descriptor-set layout (N storage buffers) and one
// pipeline layout (one push-constant range): the shader modules, and pipelines built on first
// use per (shader, function id specialisation). Owns every object it creates; must not
// outlive its context.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "backends/vulkan/vulkan_context.h"

namespace actlab::vulkan {

// True (and *whyNot set to "CALL failed: VK_ERROR_...") when result is not VK_SUCCESS.
bool vulkanFailed(VkResult result, const char* call, std::string* whyNot);

class ComputePipelineSet {
public:
    // shaderNames: embedded shaders, indexed by the callers' shader enums.
    static std::unique_ptr<ComputePipelineSet> create(VulkanContext& context,
                                                      std::span<const char* const> shaderNames,
                                                      uint32_t storageBindings,
                                                      uint32_t pushConstantBytes,
                                                      std::string* whyNot);
    ~ComputePipelineSet();
    ComputePipelineSet(const ComputePipelineSet&) = delete;
    ComputePipelineSet& operator=(const ComputePipelineSet&) = delete;

    VkDescriptorSetLayout setLayout() const { return m_setLayout; }
    VkPipelineLayout pipelineLayout() const { return m_pipelineLayout; }
    // The pipeline of shader `index`, with specialisation constant kFunctionIdConstant set to
    // functionId (ignored by shaders that do not declare it); VK_NULL_HANDLE on failure.
    VkPipeline pipeline(size_t index, int functionId, std::string* whyNot);

private:
    explicit ComputePipelineSet(VulkanContext& context) : m_context(context) {}

    VulkanContext& m_context;
    VkDescriptorSetLayout m_setLayout = VK_NULL_HANDLE;
    VkPipelineLayout m_pipelineLayout = VK_NULL_HANDLE;
    std::vector<VkShaderModule> m_modules;
    std::map<std::pair<size_t, int>, VkPipeline> m_pipelines;
};

}  // namespace actlab::vulkan
