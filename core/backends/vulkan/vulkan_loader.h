// Opens the Vulkan loader at run time (dlopen libvulkan.so.1) and holds the function pointers
// ActLab uses, so that a machine without Vulkan still starts and runs on the CPU.
#pragma once

#ifndef VK_NO_PROTOTYPES
#define VK_NO_PROTOTYPES
#endif
#include <vulkan/vulkan.h>

#include <string>

namespace actlab::vulkan {

// Functions obtained without an instance.
#define ACTLAB_VULKAN_GLOBAL_FUNCTIONS(X) \
    X(vkCreateInstance)                   \
    X(vkEnumerateInstanceLayerProperties) \
    X(vkEnumerateInstanceExtensionProperties)

// Functions obtained from an instance (the debug-utils pair is optional: an extension).
#define ACTLAB_VULKAN_INSTANCE_FUNCTIONS(X)     \
    X(vkDestroyInstance)                        \
    X(vkEnumeratePhysicalDevices)               \
    X(vkGetPhysicalDeviceProperties)            \
    X(vkGetPhysicalDeviceQueueFamilyProperties) \
    X(vkGetPhysicalDeviceMemoryProperties)      \
    X(vkCreateDevice)                           \
    X(vkGetDeviceProcAddr)

#define ACTLAB_VULKAN_DEBUG_FUNCTIONS(X) \
    X(vkCreateDebugUtilsMessengerEXT)    \
    X(vkDestroyDebugUtilsMessengerEXT)

// Functions obtained from a device.
#define ACTLAB_VULKAN_DEVICE_FUNCTIONS(X) \
    X(vkDestroyDevice)                    \
    X(vkDeviceWaitIdle)                   \
    X(vkGetDeviceQueue)                   \
    X(vkQueueSubmit)                      \
    X(vkCreateCommandPool)                \
    X(vkDestroyCommandPool)               \
    X(vkAllocateCommandBuffers)           \
    X(vkResetCommandBuffer)               \
    X(vkBeginCommandBuffer)               \
    X(vkEndCommandBuffer)                 \
    X(vkCmdBindPipeline)                  \
    X(vkCmdBindDescriptorSets)            \
    X(vkCmdPushConstants)                 \
    X(vkCmdDispatch)                      \
    X(vkCmdPipelineBarrier)               \
    X(vkCmdCopyBuffer)                    \
    X(vkCreateFence)                      \
    X(vkDestroyFence)                     \
    X(vkResetFences)                      \
    X(vkWaitForFences)                    \
    X(vkCreateBuffer)                     \
    X(vkDestroyBuffer)                    \
    X(vkGetBufferMemoryRequirements)      \
    X(vkAllocateMemory)                   \
    X(vkFreeMemory)                       \
    X(vkBindBufferMemory)                 \
    X(vkMapMemory)                        \
    X(vkUnmapMemory)                      \
    X(vkCreateShaderModule)               \
    X(vkDestroyShaderModule)              \
    X(vkCreateDescriptorSetLayout)        \
    X(vkDestroyDescriptorSetLayout)       \
    X(vkCreatePipelineLayout)             \
    X(vkDestroyPipelineLayout)            \
    X(vkCreateComputePipelines)           \
    X(vkDestroyPipeline)                  \
    X(vkCreateDescriptorPool)             \
    X(vkDestroyDescriptorPool)            \
    X(vkAllocateDescriptorSets)           \
    X(vkUpdateDescriptorSets)

#define ACTLAB_VULKAN_DECLARE_POINTER(name) PFN_##name name = nullptr;

// The function-pointer table; filled in three steps as the instance and device appear.
struct VulkanFunctions {
    PFN_vkGetInstanceProcAddr vkGetInstanceProcAddr = nullptr;
    ACTLAB_VULKAN_GLOBAL_FUNCTIONS(ACTLAB_VULKAN_DECLARE_POINTER)
    ACTLAB_VULKAN_INSTANCE_FUNCTIONS(ACTLAB_VULKAN_DECLARE_POINTER)
    ACTLAB_VULKAN_DEBUG_FUNCTIONS(ACTLAB_VULKAN_DECLARE_POINTER)
    ACTLAB_VULKAN_DEVICE_FUNCTIONS(ACTLAB_VULKAN_DECLARE_POINTER)

    // dlopen()s the loader once per process (it stays loaded) and fetches the global functions.
    bool loadGlobal(std::string* whyNot);
    bool loadInstance(VkInstance instance, std::string* whyNot);  // debug pair may stay null
    bool loadDevice(VkDevice device, std::string* whyNot);
};

#undef ACTLAB_VULKAN_DECLARE_POINTER

// "VK_ERROR_INCOMPATIBLE_DRIVER" etc., or the number for codes it does not know.
std::string resultName(VkResult result);

}  // namespace actlab::vulkan
