// Which Vulkan device to use: a discrete GPU, else an integrated one; CPU and virtual devices
// (lavapipe) only when allowed. Pure logic on plain data, testable without a driver.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace actlab::vulkan {

enum class DeviceKind { DiscreteGpu, IntegratedGpu, VirtualGpu, Cpu, Other };

struct DeviceCandidate {
    std::string name;      // VkPhysicalDeviceProperties::deviceName
    DeviceKind kind;       // from VkPhysicalDeviceType
    bool hasComputeQueue;  // a queue family with VK_QUEUE_COMPUTE_BIT
};

struct DeviceChoice {
    int index = -1;      // into the candidates; -1 when none is suitable
    std::string whyNot;  // one line listing what was found and why each was refused
};

std::string_view deviceKindName(DeviceKind kind);  // "discrete GPU", "CPU device", ...

// Best candidate: discrete, integrated, then (allowCpuDevice only) virtual, CPU, other;
// the first found wins among equals. Devices without a compute queue are refused.
DeviceChoice chooseDevice(std::span<const DeviceCandidate> candidates, bool allowCpuDevice);

}  // namespace actlab::vulkan
