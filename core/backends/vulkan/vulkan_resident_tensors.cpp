// Resident tensors and the recorded command buffer of the Vulkan tensor ops (see the header).
#include "backends/vulkan/vulkan_resident_tensors.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace actlab::vulkan {
namespace {

// Every earlier copy and shader write is visible to every later copy and shader.
void fullBarrier(const VulkanFunctions& vk, VkCommandBuffer commands) {
    VkMemoryBarrier memory{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    memory.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
    memory.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT |
                           VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
    const VkPipelineStageFlags stages =
        VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT;
    vk.vkCmdPipelineBarrier(commands, stages, stages, 0, 1, &memory, 0, nullptr, 0, nullptr);
}

void hostBarrier(const VulkanFunctions& vk, VkCommandBuffer commands) {
    VkMemoryBarrier memory{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    memory.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
    memory.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    vk.vkCmdPipelineBarrier(commands,
                            VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
                            VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &memory, 0, nullptr, 0, nullptr);
}

size_t roundUp(size_t value, size_t multiple) {
    return (value + multiple - 1) / multiple * multiple;
}

std::byte* bytesOf(const VulkanBuffer& buffer) {
    return reinterpret_cast<std::byte*>(buffer.data());
}

}  // namespace

ResidentTensors::ResidentTensors(VulkanContext& context, size_t alignmentFloats)
    : m_context(context), m_alignmentBytes(alignmentFloats * sizeof(float)) {}

ResidentTensors::~ResidentTensors() = default;

void ResidentTensors::fail(const std::string& what) const {
    throw std::runtime_error("vulkan: " + what);
}

TensorSlice ResidentTensors::sliceOf(Region& region, size_t offset, size_t bytes) const {
    return {region.buffer.handle(), offset, bytes / sizeof(float), nullptr};
}

std::pair<ResidentTensors::Region*, size_t> ResidentTensors::regionFor(const void* data,
                                                                       size_t bytes) {
    const auto* start = static_cast<const std::byte*>(data);
    const std::byte* end = start + bytes;
    auto after = m_regions.upper_bound(start);
    if (after != m_regions.begin()) {
        auto before = std::prev(after);
        const size_t offset = size_t(start - before->first);
        if (before->first + before->second.bytes >= end && offset % m_alignmentBytes == 0)
            return {&before->second, offset / sizeof(float)};
        if (before->first + before->second.bytes > start) after = before;
    }
    // Regions this range overlaps without lying inside one: brought home, then replaced.
    std::vector<Region*> newer;
    auto last = after;
    for (; last != m_regions.end() && last->first < end; ++last)
        if (last->second.newer == Newer::Device) newer.push_back(&last->second);
    if (after != last) {
        submit(newer);
        m_regions.erase(after, last);
    }
    Region region;
    region.host = start;
    region.bytes = bytes;
    std::string error;
    const auto memory = m_context.separateMemory() ? VulkanContext::Memory::DeviceLocal
                                                   : VulkanContext::Memory::HostMapped;
    region.buffer =
        m_context.createBuffer(std::max<size_t>(roundUp(bytes, 16), 16), &error, memory);
    if (!region.buffer) fail(error);
    Region& placed = m_regions.emplace(start, std::move(region)).first->second;
    return {&placed, 0};
}

size_t ResidentTensors::reserve(Ring& ring, size_t bytes, VulkanContext::Memory memory) {
    bytes = std::max<size_t>(bytes, 16);  // a binding covers at least one float (vec4)
    size_t offset = roundUp(ring.used, m_alignmentBytes);
    if (!ring.buffer || offset + bytes > ring.buffer.bytes()) {
        const size_t size = std::max<size_t>({2 * size_t(ring.buffer.bytes()), bytes, 1 << 16});
        if (ring.buffer) ring.retired.push_back(std::move(ring.buffer));
        std::string error;
        ring.buffer = m_context.createBuffer(roundUp(size, 16), &error, memory);
        if (!ring.buffer) fail(error);
        offset = 0;
    }
    ring.used = offset + bytes;
    return offset;
}

void ResidentTensors::upload(Region& region) {
    const size_t offset = reserve(m_uploads, region.bytes, VulkanContext::Memory::HostMapped);
    std::memcpy(bytesOf(m_uploads.buffer) + offset, region.host, region.bytes);
    m_traffic.bytesToDevice += region.bytes;
    const VkBuffer from = m_uploads.buffer.handle(), to = region.buffer.handle();
    const VkBufferCopy copy{offset, 0, region.bytes};
    const VulkanFunctions& vk = m_context.vk();
    m_pending.push_back([&vk, from, to, copy](VkCommandBuffer commands) {
        fullBarrier(vk, commands);  // after every earlier use of the region
        vk.vkCmdCopyBuffer(commands, from, to, 1, &copy);
        fullBarrier(vk, commands);  // before every later one
    });
    region.newer = Newer::Neither;
}

TensorSlice ResidentTensors::read(const void* data, size_t bytes) {
    if (bytes == 0) return scratch(0);
    auto [region, offset] = regionFor(data, bytes);
    if (region->newer == Newer::Host) upload(*region);
    return sliceOf(*region, offset, bytes);
}

TensorSlice ResidentTensors::write(const void* data, size_t bytes) {
    if (bytes == 0) return scratch(0);
    auto [region, offset] = regionFor(data, bytes);
    // A write to part of a region keeps the rest: the host's values of it go up first.
    if (region->newer == Newer::Host && bytes != region->bytes) upload(*region);
    region->newer = Newer::Device;
    return sliceOf(*region, offset, bytes);
}

TensorSlice ResidentTensors::readWrite(const void* data, size_t bytes) {
    if (bytes == 0) return scratch(0);
    auto [region, offset] = regionFor(data, bytes);
    if (region->newer == Newer::Host) upload(*region);
    region->newer = Newer::Device;
    return sliceOf(*region, offset, bytes);
}

TensorSlice ResidentTensors::transient(const void* data, size_t bytes) {
    const size_t offset = reserve(m_uploads, bytes, VulkanContext::Memory::HostMapped);
    if (bytes > 0) std::memcpy(bytesOf(m_uploads.buffer) + offset, data, bytes);
    m_traffic.bytesToDevice += bytes;
    return {m_uploads.buffer.handle(), offset / sizeof(float), bytes / sizeof(float), nullptr};
}

TensorSlice ResidentTensors::scratch(size_t floats) {
    const auto memory = m_context.separateMemory() ? VulkanContext::Memory::DeviceLocal
                                                   : VulkanContext::Memory::HostMapped;
    // Whole vec4s: the activation shaders may round a slice up to them.
    const size_t offset = reserve(m_scratch, roundUp(floats, 4) * sizeof(float), memory);
    return {m_scratch.buffer.handle(), offset / sizeof(float), floats, nullptr};
}

void ResidentTensors::append(std::unique_ptr<DispatchList> list) {
    const DispatchList* recorded = list.get();
    m_lists.push_back(std::move(list));
    m_pending.push_back([recorded](VkCommandBuffer commands) { recorded->record(commands); });
}

void ResidentTensors::submit(const std::vector<Region*>& regions) {
    if (m_pending.empty() && regions.empty()) return;
    // One reservation for all of them: a ring that grew halfway would split them.
    std::vector<size_t> offsets;
    size_t total = 0;
    for (const Region* region : regions) {
        offsets.push_back(total);
        total += roundUp(region->bytes, m_alignmentBytes);
    }
    const size_t base = reserve(m_downloads, total, VulkanContext::Memory::HostMapped);
    for (size_t& offset : offsets) offset += base;
    const VulkanFunctions& vk = m_context.vk();
    std::string error;
    const bool ok = m_context.submitAndWait(
        [&](VkCommandBuffer commands) {
            for (const auto& record : m_pending) record(commands);
            if (regions.empty()) return;
            fullBarrier(vk, commands);
            for (size_t i = 0; i < regions.size(); ++i) {
                const VkBufferCopy copy{0, offsets[i], regions[i]->bytes};
                vk.vkCmdCopyBuffer(commands, regions[i]->buffer.handle(),
                                   m_downloads.buffer.handle(), 1, &copy);
            }
            hostBarrier(vk, commands);
        },
        &error);
    ++m_traffic.submissions;
    m_pending.clear();
    m_lists.clear();
    for (Ring* ring : {&m_uploads, &m_scratch, &m_downloads}) {
        ring->retired.clear();
        ring->used = 0;
    }
    if (!ok) fail(error);
    for (size_t i = 0; i < regions.size(); ++i) {
        std::memcpy(const_cast<std::byte*>(regions[i]->host),
                    bytesOf(m_downloads.buffer) + offsets[i], regions[i]->bytes);
        m_traffic.bytesToHost += regions[i]->bytes;
        regions[i]->newer = Newer::Neither;
    }
}

void ResidentTensors::hostWrote(HostRange range) {
    const auto* start = static_cast<const std::byte*>(range.data);
    const std::byte* end = start + range.bytes;
    for (auto& [host, region] : m_regions)
        if (host < end && host + region.bytes > start) region.newer = Newer::Host;
}

void ResidentTensors::syncToHost(std::span<const HostRange> ranges) {
    std::vector<Region*> newer;
    for (const HostRange& range : ranges) {
        const auto* start = static_cast<const std::byte*>(range.data);
        const std::byte* end = start + range.bytes;
        for (auto& [host, region] : m_regions)
            if (host < end && host + region.bytes > start && region.newer == Newer::Device &&
                std::find(newer.begin(), newer.end(), &region) == newer.end())
                newer.push_back(&region);
    }
    submit(newer);
}

void ResidentTensors::finish() {
    std::vector<Region*> newer;
    for (auto& [host, region] : m_regions)
        if (region.newer == Newer::Device) newer.push_back(&region);
    submit(newer);
}

void ResidentTensors::forget() {
    finish();
    m_regions.clear();
}

}  // namespace actlab::vulkan
