// A sum in one workgroup: out[index] = scale · Σ x[i] over the n values of x. Each invocation
// adds a strided share, then a shared-memory tree (fixed order: deterministic). Used for the
// mean loss and the squared gradient norm from their partial sums.
#version 450

#include "training_interface.glsl"

layout(local_size_x = TRAINING_WORKGROUP_SIZE) in;

layout(push_constant) uniform TensorSumPushConstants {
    uint n;
    uint index;  // where in out
    float scale;
} p;

layout(std430, set = 0, binding = 0) readonly buffer Values { float x[]; };
layout(std430, set = 0, binding = 1) buffer Sums { float result[]; };

shared float sums[TRAINING_WORKGROUP_SIZE];

void main() {
    // Every invocation takes part in the tree's barriers, so none returns first.
    const uint local = gl_LocalInvocationID.x;
    float sum = 0.0;
    for (uint i = local; i < p.n; i += TRAINING_WORKGROUP_SIZE) sum += x[i];
    sums[local] = sum;
    barrier();
    for (uint half_ = TRAINING_WORKGROUP_SIZE / 2; half_ > 0u; half_ /= 2u) {
        if (local < half_) sums[local] += sums[local + half_];
        barrier();
    }
    if (local == 0u) result[p.index] = sums[0] * p.scale;
}
