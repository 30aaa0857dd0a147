// Compares float results with the reference maths (scalar_functions.h, in double): used by the
// start-up self-check and by check mode (ACTLAB_VULKAN_CHECK=1).
#pragma once

#include <optional>
#include <string>

#include "activations/catalogue.h"
#include "backends/backend.h"

namespace actlab::vulkan {

// |got − expected| ≤ absolute + relative·|expected|, per output.
struct CheckTolerance {
    double absolute = 1e-5;  // f and f′ (y, ∂y/∂x, ∂y/∂v)
    double relative = 1e-4;
    double secondAbsolute = 1e-3;  // f″: more cancellation in its formulas
    double secondRelative = 1e-3;
};

// nullopt when every point agrees (points whose reference is not finite are skipped);
// otherwise one line: how many points differ and the worst one.
std::optional<std::string> findScalarMismatch(const ActivationConfig& config,
                                              const ScalarActivationBatch<float>& batch,
                                              const CheckTolerance& tolerance = {});
std::optional<std::string> findGatedMismatch(const ActivationConfig& config,
                                             const GatedActivationBatch<float>& batch,
                                             const CheckTolerance& tolerance = {});

}  // namespace actlab::vulkan
