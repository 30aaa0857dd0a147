// Token-table gradient of the embedding, one invocation per (distinct token u, channel c):
// grad (V, C)[distinct[u], c] += Σ dout (B·T, C)[r, c] over the rows r = rows[first[u]], …,
// rows[first[u + 1] − 1] that hold token u, in increasing r: the order of layers/embedding.cpp
// (the host sorts the rows; no atomics, deterministic). first (U + 1), rows (B·T) and
// distinct (U) are int32.
#version 450

#include "training_interface.glsl"

layout(local_size_x = TRAINING_WORKGROUP_SIZE) in;

layout(push_constant) uniform EmbeddingPushConstants {
    uint n;      // U·C
    uint steps;  // unused
    uint width;  // C
} p;

layout(std430, set = 0, binding = 0) readonly buffer First { int first[]; };
layout(std430, set = 0, binding = 1) readonly buffer Rows { int rows[]; };
layout(std430, set = 0, binding = 2) readonly buffer OutputGradient { float dout[]; };
layout(std430, set = 0, binding = 3) buffer TokenGradient { float grad[]; };
layout(std430, set = 0, binding = 4) readonly buffer Distinct { int distinct[]; };

void main() {
    // Large tensors use a second row of workgroups (gridFor in vulkan_tensor_ops.cpp).
    const uint i = gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x +
                   gl_GlobalInvocationID.x;
    if (i >= p.n) return;
    const uint u = i / p.width, c = i % p.width;
    const uint at = uint(distinct[u]) * p.width + c;
    float sum = grad[at];
    for (int j = first[u]; j < first[u + 1u]; ++j) sum += dout[uint(rows[j]) * p.width + c];
    grad[at] = sum;
}
