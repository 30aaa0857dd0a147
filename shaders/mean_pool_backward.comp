// Mean pooling backward, one invocation per input element, as layers/residual.cpp:
// dinp (B, T, C)[b, t, c] += dout (B, C)[b, c] · scale, scale = 1/T.
#version 450

#include "training_interface.glsl"

layout(local_size_x = TRAINING_WORKGROUP_SIZE) in;

layout(push_constant) uniform MeanPoolPushConstants {
    uint batch;
    uint steps;  // T
    uint width;  // C
    float scale;
} p;

layout(std430, set = 0, binding = 0) readonly buffer OutputGradient { float dy[]; };
layout(std430, set = 0, binding = 1) buffer InputGradient { float dx[]; };

void main() {
    // Large tensors use a second row of workgroups (gridFor in vulkan_tensor_ops.cpp).
    const uint i = gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x +
                   gl_GlobalInvocationID.x;
    if (i >= p.batch * p.steps * p.width) return;
    const uint c = i % p.width, b = i / (p.steps * p.width);
    dx[i] += dy[b * p.width + c] * p.scale;
}
