// The Vulkan training engine: MLP and GLU-FFN forward, backward and optimizer steps on the
// device (one command buffer per step), with the host model refreshed on request.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "backends/training_engine.h"

namespace actlab::vulkan {

class VulkanContext;

// The backend's context, shared with its training engines (which may outlive the backend);
// `mutex` serialises submissions: the context has one command buffer.
struct SharedVulkanContext {
    std::unique_ptr<VulkanContext> context;
    std::mutex mutex;
};

// Why the Vulkan engine cannot train `model` on a device with this many workgroups per
// dispatch (VkPhysicalDeviceLimits::maxComputeWorkGroupCount[0]), or nothing if it can.
std::optional<std::string> vulkanTrainingDeclines(const ModelConfig& model, uint32_t maxWorkgroups);

// A training engine on `shared`'s device; nullptr with *whyNot when declined or on failure.
// checkEveryStep: each step's loss and gradient norm are compared with the CPU engine's on the
// same parameters and batch, mismatches reported on stderr (ACTLAB_VULKAN_CHECK=1).
std::unique_ptr<TrainingEngine> createVulkanTrainingEngine(
    std::shared_ptr<SharedVulkanContext> shared, const ModelConfig& model, LossKind loss,
    const OptimizerConfig& optimizer, bool checkEveryStep, std::string* whyNot);

}  // namespace actlab::vulkan
