// Entry point of the Vulkan backend (compute shaders, float32). No Vulkan types leak out.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "backends/backend.h"

namespace actlab {

struct VulkanBackendOptions {
    bool allowCpuDevice = false;  // accept PHYSICAL_DEVICE_TYPE_CPU devices (lavapipe)
    bool selfCheck = true;        // run a small op and compare with the CPU before accepting
    bool checkEveryOp = false;    // compare every op with the reference, report on stderr
                                  // (also on with ACTLAB_VULKAN_CHECK=1)
    bool validation = false;      // VK_LAYER_KHRONOS_validation; fails if it is not installed
                                  // (also on with ACTLAB_VULKAN_VALIDATION=1)
    // Tensor ops that submit every op at once and leave its results in host memory (tests of
    // single ops); by default they record and run a training step in one submission.
    bool immediateTensorOps = false;
    size_t maxPointsPerDispatch = 0;  // split larger batches; 0: 4 Mi or the device's limit
    // Receives validation warnings and errors; when empty they are printed on stderr.
    std::function<void(bool isError, std::string_view message)> onValidationMessage;
};

// Loads the Vulkan loader at run time (dlopen libvulkan.so.1), picks a device, builds
// pipelines. Returns nullptr and sets *whyNot to a one-line reason on any failure.
std::unique_ptr<Backend> createVulkanBackend(const VulkanBackendOptions& options,
                                             std::string* whyNot);

}  // namespace actlab
