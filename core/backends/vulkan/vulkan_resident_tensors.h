// The device side of the Vulkan tensor ops: a resident copy of every host tensor an op has seen
// (keyed by its host memory, with which side holds the newer values), and the commands recorded
// since the last submission. Ops bind resident slices and append their dispatches; uploads of
// what the host wrote go through a staging ring with a copy and a barrier in the same command
// buffer, so they stay in order; a submission runs everything recorded and waits once.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "backends/tensor_ops.h"
#include "backends/vulkan/vulkan_context.h"
#include "backends/vulkan/vulkan_training_ops.h"

namespace actlab::vulkan {

class ResidentTensors {
public:
    // Slices start on `alignmentFloats` (the storage-offset alignment, whole vec4s).
    ResidentTensors(VulkanContext& context, size_t alignmentFloats);
    ~ResidentTensors();
    ResidentTensors(const ResidentTensors&) = delete;
    ResidentTensors& operator=(const ResidentTensors&) = delete;

    // The resident slice of host memory an op reads (uploaded first, recorded, when the host
    // holds newer values), writes whole (the device's values are newer afterwards) or adds into.
    // Each throws std::runtime_error when Vulkan fails.
    TensorSlice read(const void* data, size_t bytes);
    TensorSlice write(const void* data, size_t bytes);
    TensorSlice readWrite(const void* data, size_t bytes);
    // Host values copied now into the staging ring and bound there (index lists and the like).
    TensorSlice transient(const void* data, size_t bytes);
    TensorSlice scratch(size_t floats);  // device memory valid until the next submission
    // Appends a finished dispatch list: recorded, in order, at the next submission.
    void append(std::unique_ptr<DispatchList> list);

    void hostWrote(HostRange range);
    void syncToHost(std::span<const HostRange> ranges);
    void finish();  // submits, waits, downloads every region the device holds newer values of
    void forget();  // finish(), then drops every region
    const DeviceTraffic& traffic() const { return m_traffic; }

private:
    enum class Newer { Host, Device, Neither };
    struct Region {
        const std::byte* host = nullptr;  // its key
        size_t bytes = 0;
        VulkanBuffer buffer;
        Newer newer = Newer::Host;
    };
    // A growing host-mapped (staging) or device buffer handed out front to back until the next
    // submission; outgrown buffers are kept until then.
    struct Ring {
        VulkanBuffer buffer;
        size_t used = 0;  // bytes
        std::vector<VulkanBuffer> retired;
    };
    using RegionMap = std::map<const std::byte*, Region>;

    // The region holding [data, data + bytes) and the slice's offset in it (floats); a range
    // that overlaps others in any other way replaces them (after a sync of theirs).
    std::pair<Region*, size_t> regionFor(const void* data, size_t bytes);
    TensorSlice sliceOf(Region& region, size_t offset, size_t bytes) const;
    void upload(Region& region);  // records the host's values into the region
    size_t reserve(Ring& ring, size_t bytes, VulkanContext::Memory memory);  // → byte offset
    // Submits what is recorded plus downloads of `regions`, waits, copies them to the host.
    void submit(const std::vector<Region*>& regions);
    void fail(const std::string& what) const;

    VulkanContext& m_context;
    size_t m_alignmentBytes;
    RegionMap m_regions;
    Ring m_uploads, m_scratch, m_downloads;
    std::vector<std::function<void(VkCommandBuffer)>> m_pending;
    std::vector<std::unique_ptr<DispatchList>> m_lists;  // alive until their submission ends
    DeviceTraffic m_traffic;
};

}  // namespace actlab::vulkan
