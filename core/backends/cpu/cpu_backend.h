// The CPU backend: the reference and the fallback, complete for every op in f64 and f32.
#pragma once

#include <memory>

#include "backends/backend.h"

namespace actlab {

std::unique_ptr<Backend> createCpuBackend();

}  // namespace actlab
