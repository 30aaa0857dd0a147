// Shader modules, layouts and cached compute pipelines for a group of shaders.
#include "backends/vulkan/vulkan_pipeline_set.h"

#include "embedded_shaders.h"
#include "shader_interface.h"

namespace actlab::vulkan {

bool vulkanFailed(VkResult result, const char* call, std::string* whyNot) {
    if (result == VK_SUCCESS) return false;
    if (whyNot) *whyNot = std::string(call) + " failed: " + resultName(result);
    return true;
}

std::unique_ptr<ComputePipelineSet> ComputePipelineSet::create(
    VulkanContext& context, std::span<const char* const> shaderNames, uint32_t storageBindings,
    uint32_t pushConstantBytes, std::string* whyNot) {
    std::unique_ptr<ComputePipelineSet> set(new ComputePipelineSet(context));
    const VulkanFunctions& vk = context.vk();
    const VkDevice device = context.device();

    std::vector<VkDescriptorSetLayoutBinding> bindings(storageBindings);
    for (uint32_t i = 0; i < storageBindings; ++i)
        bindings[i] = {i, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT,
                       nullptr};
    VkDescriptorSetLayoutCreateInfo setInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    setInfo.bindingCount = storageBindings;
    setInfo.pBindings = bindings.data();
    if (vulkanFailed(vk.vkCreateDescriptorSetLayout(device, &setInfo, nullptr, &set->m_setLayout),
                     "vkCreateDescriptorSetLayout", whyNot))
        return nullptr;

    const VkPushConstantRange pushRange{VK_SHADER_STAGE_COMPUTE_BIT, 0, pushConstantBytes};
    VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    layoutInfo.setLayoutCount = 1;
    layoutInfo.pSetLayouts = &set->m_setLayout;
    layoutInfo.pushConstantRangeCount = 1;
    layoutInfo.pPushConstantRanges = &pushRange;
    if (vulkanFailed(
            vk.vkCreatePipelineLayout(device, &layoutInfo, nullptr, &set->m_pipelineLayout),
            "vkCreatePipelineLayout", whyNot))
        return nullptr;

    set->m_modules.assign(shaderNames.size(), VK_NULL_HANDLE);
    for (size_t i = 0; i < shaderNames.size(); ++i) {
        const std::span<const uint32_t> code = embeddedShader(shaderNames[i]);
        if (code.empty()) {
            if (whyNot) *whyNot = std::string("shader ") + shaderNames[i] + " is not embedded";
            return nullptr;
        }
        VkShaderModuleCreateInfo moduleInfo{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
        moduleInfo.codeSize = code.size_bytes();
        moduleInfo.pCode = code.data();
        if (vulkanFailed(vk.vkCreateShaderModule(device, &moduleInfo, nullptr, &set->m_modules[i]),
                         "vkCreateShaderModule", whyNot))
            return nullptr;
    }
    return set;
}

ComputePipelineSet::~ComputePipelineSet() {
    const VulkanFunctions& vk = m_context.vk();
    const VkDevice device = m_context.device();
    vk.vkDeviceWaitIdle(device);
    for (const auto& [key, pipeline] : m_pipelines) vk.vkDestroyPipeline(device, pipeline, nullptr);
    for (VkShaderModule module : m_modules)
        if (module != VK_NULL_HANDLE) vk.vkDestroyShaderModule(device, module, nullptr);
    if (m_pipelineLayout != VK_NULL_HANDLE)
        vk.vkDestroyPipelineLayout(device, m_pipelineLayout, nullptr);
    if (m_setLayout != VK_NULL_HANDLE)
        vk.vkDestroyDescriptorSetLayout(device, m_setLayout, nullptr);
}

VkPipeline ComputePipelineSet::pipeline(size_t index, int functionId, std::string* whyNot) {
    const auto key = std::make_pair(index, functionId);
    if (const auto found = m_pipelines.find(key); found != m_pipelines.end()) return found->second;
    const int32_t specializationValue = functionId;
    const VkSpecializationMapEntry entry{shaders::kFunctionIdConstant, 0, sizeof(int32_t)};
    const VkSpecializationInfo specialization{1, &entry, sizeof(int32_t), &specializationValue};
    VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    info.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
    info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    info.stage.module = m_modules[index];
    info.stage.pName = "main";
    info.stage.pSpecializationInfo = &specialization;
    info.layout = m_pipelineLayout;
    VkPipeline pipeline = VK_NULL_HANDLE;
    if (vulkanFailed(m_context.vk().vkCreateComputePipelines(m_context.device(), VK_NULL_HANDLE, 1,
                                                             &info, nullptr, &pipeline),
                     "vkCreateComputePipelines", whyNot))
        return VK_NULL_HANDLE;
    m_pipelines.emplace(key, pipeline);
    return pipeline;
}

}  // namespace actlab::vulkan
