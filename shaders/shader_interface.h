// C++ mirror of shaders/include/activation_interface.glsl: workgroup size, push constants and
// buffer bindings of the activation shaders. Change both together.
#pragma once

#include <cstdint>

namespace actlab::shaders {

inline constexpr uint32_t kWorkgroupSize = 256;      // layout(local_size_x = 256)
inline constexpr uint32_t kPointsPerInvocation = 4;  // each invocation handles one vec4
inline constexpr uint32_t kFunctionIdConstant = 0;   // layout(constant_id = 0) kFunctionId

// layout(push_constant) uniform PushConstants
struct ActivationPushConstants {
    uint32_t n = 0;      // number of vec4s (points rounded up to a multiple of 4)
    uint32_t flags = 0;  // kWriteSecond
    float p0 = 0.0f;     // function parameters in catalogue order
    float p1 = 0.0f;
};
static_assert(sizeof(ActivationPushConstants) == 16, "must match PushConstants in the GLSL");

inline constexpr uint32_t kWriteSecond = 1u;  // flags bit: the scalar shader writes f″

// Storage-buffer bindings of descriptor set 0.
enum ActivationBinding : uint32_t {
    kBindingX = 0,        // in: x
    kBindingV = 1,        // in: v (gated only)
    kBindingOutput0 = 2,  // out: f(x) | y
    kBindingOutput1 = 3,  // out: f′(x) | ∂y/∂x
    kBindingOutput2 = 4,  // out: f″(x) | ∂y/∂v
    kBindingCount = 5,
};

}  // namespace actlab::shaders
