// Instance, device and queue creation, buffers in host-visible memory, and submit-and-wait.
#include "backends/vulkan/vulkan_context.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

#include "backends/vulkan/vulkan_device_choice.h"

namespace actlab::vulkan {
namespace {

constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";
constexpr uint64_t kFenceTimeoutNs = 60'000'000'000;  // a minute: anything longer is a hang

bool fail(std::string* whyNot, std::string reason) {
    if (whyNot) *whyNot = std::move(reason);
    return false;
}

bool failed(VkResult result, const char* call, std::string* whyNot) {
    if (result == VK_SUCCESS) return false;
    fail(whyNot, std::string(call) + " failed: " + resultName(result));
    return true;
}

DeviceKind deviceKind(VkPhysicalDeviceType type) {
    switch (type) {
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
            return DeviceKind::DiscreteGpu;
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
            return DeviceKind::IntegratedGpu;
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
            return DeviceKind::VirtualGpu;
        case VK_PHYSICAL_DEVICE_TYPE_CPU:
            return DeviceKind::Cpu;
        default:
            return DeviceKind::Other;
    }
}

// Whether the loader offers the instance layer `name`.
bool instanceHasLayer(const VulkanFunctions& vk, const char* name) {
    uint32_t count = 0;
    vk.vkEnumerateInstanceLayerProperties(&count, nullptr);
    std::vector<VkLayerProperties> available(count);
    vk.vkEnumerateInstanceLayerProperties(&count, available.data());
    bool found = false;
    for (const VkLayerProperties& layer : available)
        found = found || std::strcmp(layer.layerName, name) == 0;
    return found;
}

// Whether the instance layer `layer` provides the instance extension `extension`.
bool layerHasExtension(const VulkanFunctions& vk, const char* layer, const char* extension) {
    uint32_t count = 0;
    vk.vkEnumerateInstanceExtensionProperties(layer, &count, nullptr);
    std::vector<VkExtensionProperties> layerExtensions(count);
    vk.vkEnumerateInstanceExtensionProperties(layer, &count, layerExtensions.data());
    bool found = false;
    for (const VkExtensionProperties& offered : layerExtensions)
        found = found || std::strcmp(offered.extensionName, extension) == 0;
    return found;
}

// The validation messenger: warnings and errors of every type go to `callback` with `user`.
VkDebugUtilsMessengerCreateInfoEXT messengerCreateInfo(
    PFN_vkDebugUtilsMessengerCallbackEXT callback, void* user) {
    VkDebugUtilsMessengerCreateInfoEXT info{
        VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
    info.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                           VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
    info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                       VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                       VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
    info.pfnUserCallback = callback;
    info.pUserData = user;
    return info;
}

}  // namespace

VulkanBuffer& VulkanBuffer::operator=(VulkanBuffer&& other) noexcept {
    if (this == &other) return *this;
    release();
    m_vk = other.m_vk;
    m_device = other.m_device;
    m_buffer = std::exchange(other.m_buffer, VK_NULL_HANDLE);
    m_memory = std::exchange(other.m_memory, VK_NULL_HANDLE);
    m_mapped = std::exchange(other.m_mapped, nullptr);
    m_bytes = std::exchange(other.m_bytes, 0);
    return *this;
}

void VulkanBuffer::release() {
    if (m_buffer != VK_NULL_HANDLE) m_vk->vkDestroyBuffer(m_device, m_buffer, nullptr);
    if (m_memory != VK_NULL_HANDLE) m_vk->vkFreeMemory(m_device, m_memory, nullptr);  // unmaps
    m_buffer = VK_NULL_HANDLE;
    m_memory = VK_NULL_HANDLE;
    m_mapped = nullptr;
    m_bytes = 0;
}

std::unique_ptr<VulkanContext> VulkanContext::create(const ContextOptions& options,
                                                     std::string* whyNot) {
    std::unique_ptr<VulkanContext> context(new VulkanContext());
    if (!context->createInstance(options, whyNot) ||
        !context->pickPhysicalDevice(options.allowCpuDevice, whyNot) ||
        !context->createDevice(whyNot))
        return nullptr;
    return context;
}

VulkanContext::~VulkanContext() {
    if (m_device != VK_NULL_HANDLE && m_vk.vkDestroyDevice) {
        m_vk.vkDeviceWaitIdle(m_device);
        if (m_fence != VK_NULL_HANDLE) m_vk.vkDestroyFence(m_device, m_fence, nullptr);
        if (m_commandPool != VK_NULL_HANDLE)
            m_vk.vkDestroyCommandPool(m_device, m_commandPool, nullptr);  // frees the buffer
        m_vk.vkDestroyDevice(m_device, nullptr);
    }
    if (m_messenger != VK_NULL_HANDLE)
        m_vk.vkDestroyDebugUtilsMessengerEXT(m_instance, m_messenger, nullptr);
    if (m_instance != VK_NULL_HANDLE && m_vk.vkDestroyInstance)
        m_vk.vkDestroyInstance(m_instance, nullptr);
}

bool VulkanContext::createInstance(const ContextOptions& options, std::string* whyNot) {
    if (!m_vk.loadGlobal(whyNot)) return false;
    std::vector<const char*> layers;
    std::vector<const char*> extensions;
    bool synchronizationValidation = false;
    if (options.validation) {
        if (!instanceHasLayer(m_vk, kValidationLayer))
            return fail(whyNot,
                        "validation requested but VK_LAYER_KHRONOS_validation is not "
                        "installed (package vulkan-validationlayers)");
        layers.push_back(kValidationLayer);
        extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);  // provided by the layer
        synchronizationValidation =
            layerHasExtension(m_vk, kValidationLayer, VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME);
        if (synchronizationValidation)
            extensions.push_back(VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME);
        m_onValidationMessage = options.onValidationMessage;
        if (!m_onValidationMessage) {
            m_onValidationMessage = [](bool isError, std::string_view message) {
                std::fprintf(stderr, "actlab: vulkan validation %s: %.*s\n",
                             isError ? "error" : "warning", static_cast<int>(message.size()),
                             message.data());
            };
        }
    }

    VkApplicationInfo application{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    application.pApplicationName = "ActLab";
    application.pEngineName = "actlab_core";
    application.apiVersion = VK_API_VERSION_1_0;

    const VkDebugUtilsMessengerCreateInfoEXT messengerInfo =
        messengerCreateInfo(&VulkanContext::debugCallback, this);

    // Synchronisation validation too (missing barriers), when the layer offers it.
    const VkValidationFeatureEnableEXT enabledFeatures[] = {
        VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT};
    VkValidationFeaturesEXT features{VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT};
    features.enabledValidationFeatureCount = 1;
    features.pEnabledValidationFeatures = enabledFeatures;
    features.pNext = &messengerInfo;

    VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    if (options.validation)  // the chained messenger also covers instance create and destroy
        info.pNext =
            synchronizationValidation ? static_cast<const void*>(&features) : &messengerInfo;
    info.pApplicationInfo = &application;
    info.enabledLayerCount = static_cast<uint32_t>(layers.size());
    info.ppEnabledLayerNames = layers.data();
    info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
    info.ppEnabledExtensionNames = extensions.data();
    const VkResult result = m_vk.vkCreateInstance(&info, nullptr, &m_instance);
    if (result != VK_SUCCESS) {
        m_instance = VK_NULL_HANDLE;
        return fail(whyNot, "vkCreateInstance failed: " + resultName(result) +
                                (result == VK_ERROR_INCOMPATIBLE_DRIVER
                                     ? " (no usable Vulkan driver installed)"
                                     : ""));
    }
    if (!m_vk.loadInstance(m_instance, whyNot)) return false;
    if (options.validation) {
        if (!m_vk.vkCreateDebugUtilsMessengerEXT)
            return fail(whyNot, "validation requested but VK_EXT_debug_utils is unavailable");
        if (failed(m_vk.vkCreateDebugUtilsMessengerEXT(m_instance, &messengerInfo, nullptr,
                                                       &m_messenger),
                   "vkCreateDebugUtilsMessengerEXT", whyNot))
            return false;
    }
    return true;
}

bool VulkanContext::pickPhysicalDevice(bool allowCpuDevice, std::string* whyNot) {
    uint32_t count = 0;
    VkResult result = m_vk.vkEnumeratePhysicalDevices(m_instance, &count, nullptr);
    if (failed(result, "vkEnumeratePhysicalDevices", whyNot)) return false;
    std::vector<VkPhysicalDevice> devices(count);
    result = m_vk.vkEnumeratePhysicalDevices(m_instance, &count, devices.data());
    if (result != VK_SUCCESS && result != VK_INCOMPLETE) {
        failed(result, "vkEnumeratePhysicalDevices", whyNot);
        return false;
    }
    devices.resize(count);

    std::vector<DeviceCandidate> candidates;
    std::vector<uint32_t> computeFamilies;
    for (VkPhysicalDevice device : devices) {
        VkPhysicalDeviceProperties properties{};
        m_vk.vkGetPhysicalDeviceProperties(device, &properties);
        uint32_t familyCount = 0;
        m_vk.vkGetPhysicalDeviceQueueFamilyProperties(device, &familyCount, nullptr);
        std::vector<VkQueueFamilyProperties> families(familyCount);
        m_vk.vkGetPhysicalDeviceQueueFamilyProperties(device, &familyCount, families.data());
        uint32_t computeFamily = familyCount;
        for (uint32_t i = 0; i < familyCount && computeFamily == familyCount; ++i)
            if (families[i].queueFlags & VK_QUEUE_COMPUTE_BIT) computeFamily = i;
        candidates.push_back({properties.deviceName, deviceKind(properties.deviceType),
                              computeFamily < familyCount});
        computeFamilies.push_back(computeFamily);
    }

    const DeviceChoice choice = chooseDevice(candidates, allowCpuDevice);
    if (choice.index < 0) return fail(whyNot, choice.whyNot);
    m_physicalDevice = devices[choice.index];
    m_deviceName = candidates[choice.index].name;
    m_queueFamily = computeFamilies[choice.index];
    VkPhysicalDeviceProperties properties{};
    m_vk.vkGetPhysicalDeviceProperties(m_physicalDevice, &properties);
    m_limits = properties.limits;
    m_separateMemory = properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU;
    if (const char* staging = std::getenv("ACTLAB_VULKAN_STAGING"))
        m_separateMemory = std::strcmp(staging, "1") == 0;
    m_vk.vkGetPhysicalDeviceMemoryProperties(m_physicalDevice, &m_memory);
    return true;
}

bool VulkanContext::createDevice(std::string* whyNot) {
    const float priority = 1.0f;
    VkDeviceQueueCreateInfo queueInfo{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    queueInfo.queueFamilyIndex = m_queueFamily;
    queueInfo.queueCount = 1;
    queueInfo.pQueuePriorities = &priority;
    VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    info.queueCreateInfoCount = 1;
    info.pQueueCreateInfos = &queueInfo;
    if (failed(m_vk.vkCreateDevice(m_physicalDevice, &info, nullptr, &m_device), "vkCreateDevice",
               whyNot)) {
        m_device = VK_NULL_HANDLE;
        return false;
    }
    if (!m_vk.loadDevice(m_device, whyNot)) return false;
    m_vk.vkGetDeviceQueue(m_device, m_queueFamily, 0, &m_queue);

    VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    poolInfo.queueFamilyIndex = m_queueFamily;
    if (failed(m_vk.vkCreateCommandPool(m_device, &poolInfo, nullptr, &m_commandPool),
               "vkCreateCommandPool", whyNot))
        return false;
    VkCommandBufferAllocateInfo allocateInfo{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    allocateInfo.commandPool = m_commandPool;
    allocateInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    allocateInfo.commandBufferCount = 1;
    if (failed(m_vk.vkAllocateCommandBuffers(m_device, &allocateInfo, &m_commandBuffer),
               "vkAllocateCommandBuffers", whyNot))
        return false;
    VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    return !failed(m_vk.vkCreateFence(m_device, &fenceInfo, nullptr, &m_fence), "vkCreateFence",
                   whyNot);
}

int VulkanContext::findMemoryType(uint32_t typeBits, Memory memory) const {
    if (memory == Memory::DeviceLocal) {
        for (uint32_t i = 0; i < m_memory.memoryTypeCount; ++i)
            if ((typeBits & (1u << i)) &&
                (m_memory.memoryTypes[i].propertyFlags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT))
                return static_cast<int>(i);
        return -1;
    }
    constexpr VkMemoryPropertyFlags required =
        VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    // Host-cached memory first: results are read back by the CPU.
    for (VkMemoryPropertyFlags wanted : {required | VK_MEMORY_PROPERTY_HOST_CACHED_BIT, required})
        for (uint32_t i = 0; i < m_memory.memoryTypeCount; ++i)
            if ((typeBits & (1u << i)) &&
                (m_memory.memoryTypes[i].propertyFlags & wanted) == wanted)
                return static_cast<int>(i);
    return -1;
}

VulkanBuffer VulkanContext::createBuffer(VkDeviceSize bytes, std::string* whyNot, Memory memory) {
    VulkanBuffer buffer;
    buffer.m_vk = &m_vk;
    buffer.m_device = m_device;
    VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = bytes;
    info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                 VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    if (failed(m_vk.vkCreateBuffer(m_device, &info, nullptr, &buffer.m_buffer), "vkCreateBuffer",
               whyNot))
        return {};
    VkMemoryRequirements requirements{};
    m_vk.vkGetBufferMemoryRequirements(m_device, buffer.m_buffer, &requirements);
    const int type = findMemoryType(requirements.memoryTypeBits, memory);
    if (type < 0) {
        fail(whyNot, memory == Memory::DeviceLocal
                         ? "the device has no device-local memory for storage buffers"
                         : "the device has no host-visible coherent memory for storage buffers");
        return {};
    }
    VkMemoryAllocateInfo allocateInfo{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    allocateInfo.allocationSize = requirements.size;
    allocateInfo.memoryTypeIndex = static_cast<uint32_t>(type);
    if (failed(m_vk.vkAllocateMemory(m_device, &allocateInfo, nullptr, &buffer.m_memory),
               "vkAllocateMemory", whyNot) ||
        failed(m_vk.vkBindBufferMemory(m_device, buffer.m_buffer, buffer.m_memory, 0),
               "vkBindBufferMemory", whyNot) ||
        (memory == Memory::HostMapped &&
         failed(m_vk.vkMapMemory(m_device, buffer.m_memory, 0, VK_WHOLE_SIZE, 0, &buffer.m_mapped),
                "vkMapMemory", whyNot)))
        return {};
    buffer.m_bytes = bytes;
    return buffer;
}

bool StagedBuffer::create(VulkanContext& context, VkDeviceSize bytes, std::string* whyNot) {
    m_vk = &context.vk();
    m_staged = context.separateMemory();
    m_device = context.createBuffer(
        bytes, whyNot,
        m_staged ? VulkanContext::Memory::DeviceLocal : VulkanContext::Memory::HostMapped);
    if (m_device && m_staged) m_staging = context.createBuffer(bytes, whyNot);
    if (!m_device || (m_staged && !m_staging)) {
        m_device = VulkanBuffer();
        return false;
    }
    return true;
}

bool StagedBuffer::uploadWhole(VulkanContext& context, std::string* whyNot) const {
    return !m_staged ||
           context.submitAndWait(
               [&](VkCommandBuffer commands) { recordUpload(commands, {whole()}); }, whyNot);
}

namespace {

void barrier(const VulkanFunctions& vk, VkCommandBuffer commands, VkPipelineStageFlags from,
             VkAccessFlags written, VkPipelineStageFlags to, VkAccessFlags used) {
    VkMemoryBarrier memory{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    memory.srcAccessMask = written;
    memory.dstAccessMask = used;
    vk.vkCmdPipelineBarrier(commands, from, to, 0, 1, &memory, 0, nullptr, 0, nullptr);
}

}  // namespace

void StagedBuffer::recordCopies(VkCommandBuffer commands, const VulkanBuffer& from,
                                const VulkanBuffer& to, std::initializer_list<Range> ranges) const {
    std::vector<VkBufferCopy> regions;
    for (const Range& range : ranges)
        if (range.count > 0)
            regions.push_back({range.offset * sizeof(float), range.offset * sizeof(float),
                               range.count * sizeof(float)});
    if (!regions.empty())
        m_vk->vkCmdCopyBuffer(commands, from.handle(), to.handle(), uint32_t(regions.size()),
                              regions.data());
}

void StagedBuffer::recordUpload(VkCommandBuffer commands,
                                std::initializer_list<Range> ranges) const {
    if (!m_staged) return;
    // Earlier shaders' reads and writes of these ranges come before the copy's writes.
    barrier(*m_vk, commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
            VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
            VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT);
    recordCopies(commands, m_staging, m_device, ranges);
    barrier(*m_vk, commands, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
            VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
            VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
}

void StagedBuffer::recordDownload(VkCommandBuffer commands,
                                  std::initializer_list<Range> ranges) const {
    if (!m_staged) return;
    barrier(*m_vk, commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
            VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
            VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
    recordCopies(commands, m_device, m_staging, ranges);
    barrier(*m_vk, commands, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
            VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
}

bool VulkanContext::submitAndWait(const std::function<void(VkCommandBuffer)>& record,
                                  std::string* whyNot) {
    if (m_lost) return fail(whyNot, "the Vulkan device failed earlier and is no longer used");
    VkCommandBufferBeginInfo beginInfo{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    beginInfo.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    if (failed(m_vk.vkResetCommandBuffer(m_commandBuffer, 0), "vkResetCommandBuffer", whyNot) ||
        failed(m_vk.vkBeginCommandBuffer(m_commandBuffer, &beginInfo), "vkBeginCommandBuffer",
               whyNot))
        return false;
    record(m_commandBuffer);
    if (failed(m_vk.vkEndCommandBuffer(m_commandBuffer), "vkEndCommandBuffer", whyNot) ||
        failed(m_vk.vkResetFences(m_device, 1, &m_fence), "vkResetFences", whyNot))
        return false;
    VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &m_commandBuffer;
    if (failed(m_vk.vkQueueSubmit(m_queue, 1, &submit, m_fence), "vkQueueSubmit", whyNot) ||
        failed(m_vk.vkWaitForFences(m_device, 1, &m_fence, VK_TRUE, kFenceTimeoutNs),
               "vkWaitForFences", whyNot)) {
        m_lost = true;  // the command buffer may still be pending: never touch it again
        return false;
    }
    return true;
}

VKAPI_ATTR VkBool32 VKAPI_CALL VulkanContext::debugCallback(
    VkDebugUtilsMessageSeverityFlagBitsEXT severity, VkDebugUtilsMessageTypeFlagsEXT,
    const VkDebugUtilsMessengerCallbackDataEXT* data, void* user) {
    const auto* context = static_cast<const VulkanContext*>(user);
    if (context && context->m_onValidationMessage && data && data->pMessage)
        context->m_onValidationMessage(
            (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) != 0, data->pMessage);
    return VK_FALSE;
}

}  // namespace actlab::vulkan
