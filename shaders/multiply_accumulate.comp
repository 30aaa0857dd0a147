// Elementwise multiply-accumulate: out += a ⊙ b over n floats (a backward pass through an
// elementwise function: dinp += dout ⊙ f′, dgate += dout ⊙ ∂out/∂gate).
#version 450

#include "training_interface.glsl"

layout(local_size_x = TRAINING_WORKGROUP_SIZE) in;

layout(push_constant) uniform ElementwisePushConstants {
    uint n;
} p;

layout(std430, set = 0, binding = 0) readonly buffer InputA { float a[]; };
layout(std430, set = 0, binding = 1) readonly buffer InputB { float b[]; };
layout(std430, set = 0, binding = 2) buffer Accumulator { float result[]; };

void main() {
    // Large tensors use a second row of workgroups (gridFor in vulkan_tensor_ops.cpp).
    const uint i = gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x +
                   gl_GlobalInvocationID.x;
    if (i >= p.n) return;
    result[i] += a[i] * b[i];
}
