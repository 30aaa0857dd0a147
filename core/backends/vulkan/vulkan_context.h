// The Vulkan context: instance, chosen device, compute queue, command buffer and fence. It owns
// every object it creates, destroys them in reverse order, and hands out move-only buffers.
#pragma once

#include <functional>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "backends/vulkan/vulkan_loader.h"

namespace actlab::vulkan {

// A storage buffer: host-visible, coherent and mapped for its whole life, or device-local and
// not mapped (data() null), filled and read through a staging buffer (StagedBuffer). Move-only;
// freed by its destructor (it must not outlive the context that created it).
class VulkanBuffer {
public:
    VulkanBuffer() = default;
    VulkanBuffer(VulkanBuffer&& other) noexcept { *this = std::move(other); }
    VulkanBuffer& operator=(VulkanBuffer&& other) noexcept;
    VulkanBuffer(const VulkanBuffer&) = delete;
    VulkanBuffer& operator=(const VulkanBuffer&) = delete;
    ~VulkanBuffer() { release(); }

    VkBuffer handle() const { return m_buffer; }
    VkDeviceSize bytes() const { return m_bytes; }
    float* data() const { return static_cast<float*>(m_mapped); }
    explicit operator bool() const { return m_buffer != VK_NULL_HANDLE; }

private:
    friend class VulkanContext;
    void release();

    const VulkanFunctions* m_vk = nullptr;
    VkDevice m_device = VK_NULL_HANDLE;
    VkBuffer m_buffer = VK_NULL_HANDLE;
    VkDeviceMemory m_memory = VK_NULL_HANDLE;
    void* m_mapped = nullptr;
    VkDeviceSize m_bytes = 0;
};

class VulkanContext;

// A buffer the shaders use and the host fills and reads. Where the device has memory of its own
// (VulkanContext::separateMemory(): a discrete GPU), the shaders' buffer is device-local and a
// host-mapped staging twin of the same size carries the data, copied in the same submission;
// elsewhere (integrated GPUs, lavapipe) one host-mapped buffer serves both, and the record
// calls record nothing.
class StagedBuffer {
public:
    bool create(VulkanContext& context, VkDeviceSize bytes, std::string* whyNot);
    const VulkanBuffer& device() const { return m_device; }  // what the shaders bind
    float* host() const { return m_staged ? m_staging.data() : m_device.data(); }
    bool staged() const { return m_staged; }
    explicit operator bool() const { return bool(m_device); }

    struct Range {
        size_t offset = 0;  // floats
        size_t count = 0;
    };
    // Copies host → device of these ranges, then a barrier: the shaders after it read them.
    void recordUpload(VkCommandBuffer commands, std::initializer_list<Range> ranges) const;
    // A barrier after the shaders' writes, copies device → host, a barrier before host reads.
    void recordDownload(VkCommandBuffer commands, std::initializer_list<Range> ranges) const;
    Range whole() const { return {0, size_t(m_device.bytes() / sizeof(float))}; }
    // The whole host copy to the device in a submission of its own (nothing when not staged).
    bool uploadWhole(VulkanContext& context, std::string* whyNot) const;

private:
    void recordCopies(VkCommandBuffer commands, const VulkanBuffer& from, const VulkanBuffer& to,
                      std::initializer_list<Range> ranges) const;

    const VulkanFunctions* m_vk = nullptr;
    VulkanBuffer m_device;
    VulkanBuffer m_staging;
    bool m_staged = false;
};

struct ContextOptions {
    bool allowCpuDevice = false;  // accept CPU and virtual devices (lavapipe)
    bool validation = false;      // enable VK_LAYER_KHRONOS_validation (fails if absent)
    // Receives each validation warning and error; null prints them on stderr.
    std::function<void(bool isError, std::string_view message)> onValidationMessage;
};

class VulkanContext {
public:
    // Opens the loader, creates the instance, picks a device (vulkan_device_choice.h) and
    // creates its queue. Returns nullptr with a one-line *whyNot on failure.
    static std::unique_ptr<VulkanContext> create(const ContextOptions& options,
                                                 std::string* whyNot);
    ~VulkanContext();
    VulkanContext(const VulkanContext&) = delete;
    VulkanContext& operator=(const VulkanContext&) = delete;

    const VulkanFunctions& vk() const { return m_vk; }
    VkDevice device() const { return m_device; }
    const std::string& deviceName() const { return m_deviceName; }
    const VkPhysicalDeviceLimits& limits() const { return m_limits; }
    bool lost() const { return m_lost; }  // a submission failed; the device is unusable

    enum class Memory { HostMapped, DeviceLocal };
    VulkanBuffer createBuffer(VkDeviceSize bytes, std::string* whyNot,
                              Memory memory = Memory::HostMapped);
    // Whether buffers the shaders use all the time belong in device-local memory, with staging
    // (a discrete GPU: host-visible memory is system RAM across the bus). ACTLAB_VULKAN_STAGING=1
    // asks for staging on any device (so lavapipe tests it), =0 for none.
    bool separateMemory() const { return m_separateMemory; }
    // Records commands with `record` into the context's command buffer, submits them and waits.
    bool submitAndWait(const std::function<void(VkCommandBuffer)>& record, std::string* whyNot);

private:
    VulkanContext() = default;
    bool createInstance(const ContextOptions& options, std::string* whyNot);
    bool pickPhysicalDevice(bool allowCpuDevice, std::string* whyNot);
    bool createDevice(std::string* whyNot);
    int findMemoryType(uint32_t typeBits, Memory memory) const;
    static VKAPI_ATTR VkBool32 VKAPI_CALL debugCallback(
        VkDebugUtilsMessageSeverityFlagBitsEXT severity, VkDebugUtilsMessageTypeFlagsEXT types,
        const VkDebugUtilsMessengerCallbackDataEXT* data, void* user);

    VulkanFunctions m_vk;
    std::function<void(bool, std::string_view)> m_onValidationMessage;
    VkInstance m_instance = VK_NULL_HANDLE;
    VkDebugUtilsMessengerEXT m_messenger = VK_NULL_HANDLE;
    VkPhysicalDevice m_physicalDevice = VK_NULL_HANDLE;
    std::string m_deviceName;
    VkPhysicalDeviceLimits m_limits{};
    VkPhysicalDeviceMemoryProperties m_memory{};
    uint32_t m_queueFamily = 0;
    VkDevice m_device = VK_NULL_HANDLE;
    VkQueue m_queue = VK_NULL_HANDLE;
    VkCommandPool m_commandPool = VK_NULL_HANDLE;
    VkCommandBuffer m_commandBuffer = VK_NULL_HANDLE;
    VkFence m_fence = VK_NULL_HANDLE;
    bool m_lost = false;
    bool m_separateMemory = false;
};

// The backend's context, shared with its tensor ops (which may outlive the backend); `mutex`
// serialises submissions: the context has one command buffer.
struct SharedVulkanContext {
    std::unique_ptr<VulkanContext> context;
    std::mutex mutex;
};

}  // namespace actlab::vulkan
