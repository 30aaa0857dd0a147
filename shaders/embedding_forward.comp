// Token + position embedding forward, one invocation per output element, as
// layers/embedding.cpp: out (B, T, C)[b, t, c] = tokenTable (V, C)[ids[b, t], c] +
// positionTable (maxT, C)[t, c]. ids (B, T) are int32 token ids, checked on the host.
#version 450

#include "training_interface.glsl"

layout(local_size_x = TRAINING_WORKGROUP_SIZE) in;

layout(push_constant) uniform EmbeddingPushConstants {
    uint n;      // B·T·C
    uint steps;  // T
    uint width;  // C
} p;

layout(std430, set = 0, binding = 0) readonly buffer Tokens { int ids[]; };
layout(std430, set = 0, binding = 1) readonly buffer TokenTable { float tokenTable[]; };
layout(std430, set = 0, binding = 2) readonly buffer PositionTable { float positionTable[]; };
layout(std430, set = 0, binding = 3) writeonly buffer Output { float result[]; };

void main() {
    // Large tensors use a second row of workgroups (gridFor in vulkan_tensor_ops.cpp).
    const uint i = gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x +
                   gl_GlobalInvocationID.x;
    if (i >= p.n) return;
    const uint row = i / p.width, c = i % p.width, t = row % p.steps;
    result[i] = tokenTable[uint(ids[row]) * p.width + c] + positionTable[t * p.width + c];
}
