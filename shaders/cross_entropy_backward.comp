// Softmax cross-entropy backward, one invocation per element of dlogits (N, V), as
// layers/losses.cpp: dlogits[n, v] += factor · (probs[n, v] − [v = y_n]) for the rows whose
// target y_n (int32) is counted; factor = scale / count. Ignored rows (y < 0) are unchanged.
#version 450

#include "training_interface.glsl"

layout(local_size_x = TRAINING_WORKGROUP_SIZE) in;

layout(push_constant) uniform CrossEntropyPushConstants {
    uint rows;
    uint classes;  // V
    float factor;  // scale / count
} p;

layout(std430, set = 0, binding = 0) readonly buffer Probabilities { float probs[]; };
layout(std430, set = 0, binding = 1) readonly buffer Targets { int targets[]; };
layout(std430, set = 0, binding = 2) buffer LogitGradient { float dz[]; };

void main() {
    // Large tensors use a second row of workgroups (gridFor in vulkan_tensor_ops.cpp).
    const uint i = gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x +
                   gl_GlobalInvocationID.x;
    if (i >= p.rows * p.classes) return;
    const uint n = i / p.classes, v = i % p.classes;
    const int y = targets[n];
    if (y < 0) return;
    dz[i] += p.factor * (probs[i] - (uint(y) == v ? 1.0 : 0.0));
}
