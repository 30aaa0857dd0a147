// The tensor ops of layer-built models (the Transformer) on Vulkan, float32. Each op call is
// synchronous: it stages its inputs in a host-visible arena, runs its shaders in one submission
// and copies its outputs back, so finish() has nothing left to wait for.
#pragma once

#include <memory>
#include <string>

#include "backends/tensor_ops.h"

namespace actlab::vulkan {

struct SharedVulkanContext;

// The ops on `shared`'s device (pipelines are built on first use of each shader); nullptr with
// a one-line *whyNot on failure. Invalid shapes throw the TensorError of the layer of the same
// name; a Vulkan failure during an op throws std::runtime_error.
std::shared_ptr<TensorOps<float>> createVulkanTensorOps(std::shared_ptr<SharedVulkanContext> shared,
                                                        std::string* whyNot);

}  // namespace actlab::vulkan
