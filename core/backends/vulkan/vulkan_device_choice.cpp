// Device ranking and the one-line reason when no device is suitable.
#include "backends/vulkan/vulkan_device_choice.h"

namespace actlab::vulkan {
namespace {

// Lower is better.
int rank(DeviceKind kind) { return static_cast<int>(kind); }

bool isGpu(DeviceKind kind) {
    return kind == DeviceKind::DiscreteGpu || kind == DeviceKind::IntegratedGpu;
}

}  // namespace

std::string_view deviceKindName(DeviceKind kind) {
    switch (kind) {
        case DeviceKind::DiscreteGpu:
            return "discrete GPU";
        case DeviceKind::IntegratedGpu:
            return "integrated GPU";
        case DeviceKind::VirtualGpu:
            return "virtual GPU";
        case DeviceKind::Cpu:
            return "CPU device";
        case DeviceKind::Other:
            return "other device";
    }
    return "other device";
}

DeviceChoice chooseDevice(std::span<const DeviceCandidate> candidates, bool allowCpuDevice) {
    DeviceChoice choice;
    std::string found;
    for (size_t i = 0; i < candidates.size(); ++i) {
        const DeviceCandidate& candidate = candidates[i];
        std::string refusal;
        if (!candidate.hasComputeQueue) {
            refusal = "no compute queue";
        } else if (!allowCpuDevice && !isGpu(candidate.kind)) {
            refusal = "used only when the Vulkan backend is asked for by name";
        } else if (choice.index < 0 || rank(candidate.kind) < rank(candidates[choice.index].kind)) {
            choice.index = static_cast<int>(i);
        }
        found += (found.empty() ? "" : "; ") + candidate.name + " [" +
                 std::string(deviceKindName(candidate.kind)) +
                 (refusal.empty() ? "" : ", " + refusal) + "]";
    }
    if (choice.index >= 0) return choice;
    choice.whyNot =
        candidates.empty() ? "no Vulkan device found" : "no suitable Vulkan device; found " + found;
    return choice;
}

}  // namespace actlab::vulkan
