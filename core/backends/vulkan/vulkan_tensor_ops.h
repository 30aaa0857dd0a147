// The tensor ops of layer-built models on Vulkan, float32. The tensors they see stay resident on
// the device and the ops are recorded, not run: a training step is one submission, made when the
// host asks for a result (finish, syncToHost; see backends/tensor_ops.h).
#pragma once

#include <memory>
#include <string>

#include "backends/tensor_ops.h"

namespace actlab::vulkan {

struct SharedVulkanContext;

// The ops on `shared`'s device (pipelines are built on first use of each shader); nullptr with
// a one-line *whyNot on failure. Invalid shapes throw the TensorError of the layer of the same
// name; a Vulkan failure during an op throws std::runtime_error. `immediate`: every op is
// submitted at once and its results are in host memory on return (tests of single ops).
std::shared_ptr<TensorOps<float>> createVulkanTensorOps(std::shared_ptr<SharedVulkanContext> shared,
                                                        bool immediate, std::string* whyNot);

}  // namespace actlab::vulkan
