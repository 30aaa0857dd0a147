// The CPU's ops as the table runs them beside a device backend (backends/tensor_ops.h): each op
// first brings its inputs home from the devices (syncToHost: only those tensors, and only where
// a device holds newer values), runs on the CPU, then tells the devices which tensors the host
// wrote (hostWrote), so that they upload exactly those before their next use. The transfers of
// an op that falls back are explicit, and nothing else crosses.
#pragma once

#include <memory>
#include <vector>

#include "backends/tensor_ops.h"

namespace actlab {

template <typename T>
std::shared_ptr<TensorOps<T>> hostFallbackOps(std::shared_ptr<TensorOps<T>> cpu,
                                              std::vector<std::shared_ptr<TensorOps<T>>> devices);

}  // namespace actlab
