// Run-time loading of libvulkan.so.1 and of the instance and device function pointers.
#include "backends/vulkan/vulkan_loader.h"

#include <dlfcn.h>

#include <cstdlib>
#include <vector>

namespace actlab::vulkan {
namespace {

// The loader library, opened once and never closed: drivers may keep threads or atexit
// handlers that outlive any one instance. ACTLAB_VULKAN_LOADER names another library to open
// instead (an unusual install, or a test of the no-loader path).
PFN_vkGetInstanceProcAddr openLoader(std::string* whyNot) {
    static void* library = nullptr;
    static std::string error;
    static const bool opened = [] {
        const char* custom = std::getenv("ACTLAB_VULKAN_LOADER");
        const std::vector<std::string> names =
            custom && *custom ? std::vector<std::string>{custom}
                              : std::vector<std::string>{"libvulkan.so.1", "libvulkan.so"};
        for (const std::string& name : names) {
            library = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
            if (library) return true;
        }
        const char* message = dlerror();
        error =
            "no Vulkan loader (" + std::string(message ? message : names[0] + ": not found") + ")";
        return false;
    }();
    if (!opened) {
        if (whyNot) *whyNot = error;
        return nullptr;
    }
    auto getInstanceProcAddr =
        reinterpret_cast<PFN_vkGetInstanceProcAddr>(dlsym(library, "vkGetInstanceProcAddr"));
    if (!getInstanceProcAddr && whyNot) *whyNot = "the Vulkan loader has no vkGetInstanceProcAddr";
    return getInstanceProcAddr;
}

bool missing(const char* name, std::string* whyNot) {
    if (whyNot) *whyNot = std::string("the Vulkan driver lacks ") + name;
    return false;
}

}  // namespace

bool VulkanFunctions::loadGlobal(std::string* whyNot) {
    vkGetInstanceProcAddr = openLoader(whyNot);
    if (!vkGetInstanceProcAddr) return false;
#define ACTLAB_LOAD(name)                                                              \
    name = reinterpret_cast<PFN_##name>(vkGetInstanceProcAddr(VK_NULL_HANDLE, #name)); \
    if (!name) return missing(#name, whyNot);
    ACTLAB_VULKAN_GLOBAL_FUNCTIONS(ACTLAB_LOAD)
#undef ACTLAB_LOAD
    return true;
}

bool VulkanFunctions::loadInstance(VkInstance instance, std::string* whyNot) {
#define ACTLAB_LOAD(name)                                                        \
    name = reinterpret_cast<PFN_##name>(vkGetInstanceProcAddr(instance, #name)); \
    if (!name) return missing(#name, whyNot);
    ACTLAB_VULKAN_INSTANCE_FUNCTIONS(ACTLAB_LOAD)
#undef ACTLAB_LOAD
#define ACTLAB_LOAD_OPTIONAL(name) \
    name = reinterpret_cast<PFN_##name>(vkGetInstanceProcAddr(instance, #name));
    ACTLAB_VULKAN_DEBUG_FUNCTIONS(ACTLAB_LOAD_OPTIONAL)
#undef ACTLAB_LOAD_OPTIONAL
    return true;
}

bool VulkanFunctions::loadDevice(VkDevice device, std::string* whyNot) {
#define ACTLAB_LOAD(name)                                                    \
    name = reinterpret_cast<PFN_##name>(vkGetDeviceProcAddr(device, #name)); \
    if (!name) return missing(#name, whyNot);
    ACTLAB_VULKAN_DEVICE_FUNCTIONS(ACTLAB_LOAD)
#undef ACTLAB_LOAD
    return true;
}

std::string resultName(VkResult result) {
    switch (result) {
#define ACTLAB_CASE(code) \
    case code:            \
        return #code;
        ACTLAB_CASE(VK_SUCCESS)
        ACTLAB_CASE(VK_NOT_READY)
        ACTLAB_CASE(VK_TIMEOUT)
        ACTLAB_CASE(VK_INCOMPLETE)
        ACTLAB_CASE(VK_ERROR_OUT_OF_HOST_MEMORY)
        ACTLAB_CASE(VK_ERROR_OUT_OF_DEVICE_MEMORY)
        ACTLAB_CASE(VK_ERROR_INITIALIZATION_FAILED)
        ACTLAB_CASE(VK_ERROR_DEVICE_LOST)
        ACTLAB_CASE(VK_ERROR_MEMORY_MAP_FAILED)
        ACTLAB_CASE(VK_ERROR_LAYER_NOT_PRESENT)
        ACTLAB_CASE(VK_ERROR_EXTENSION_NOT_PRESENT)
        ACTLAB_CASE(VK_ERROR_FEATURE_NOT_PRESENT)
        ACTLAB_CASE(VK_ERROR_INCOMPATIBLE_DRIVER)
        ACTLAB_CASE(VK_ERROR_TOO_MANY_OBJECTS)
        ACTLAB_CASE(VK_ERROR_FORMAT_NOT_SUPPORTED)
        ACTLAB_CASE(VK_ERROR_UNKNOWN)
#undef ACTLAB_CASE
        default:
            return "VkResult " + std::to_string(static_cast<int>(result));
    }
}

}  // namespace actlab::vulkan
