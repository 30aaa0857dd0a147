// First pass of the global gradient norm, with the L1/L2 penalty folded in: for weights
// (mask = 1) g ← g + λ2·w + λ1·sign(w) (written back), then each workgroup writes
// partial[group] = Σ g² over its grid-stride share of the n gradients (a shared-memory tree).
// Every invocation takes part in the tree's barriers, so none returns first.
#version 450

#include "training_interface.glsl"

layout(local_size_x = TRAINING_WORKGROUP_SIZE) in;

layout(push_constant) uniform NormPartialPushConstants {
    uint n;
    float l1;
    float l2;
    uint regularise;  // 1: apply the penalty
} p;

layout(std430, set = 0, binding = 0) buffer Gradients { float grad[]; };
layout(std430, set = 0, binding = 1) readonly buffer Values { float value[]; };
layout(std430, set = 0, binding = 2) readonly buffer WeightMask { float mask[]; };
layout(std430, set = 0, binding = 3) writeonly buffer Partials { float partial[]; };

shared float sums[TRAINING_WORKGROUP_SIZE];

void main() {
    const uint local = gl_LocalInvocationID.x;
    const uint stride = gl_NumWorkGroups.x * TRAINING_WORKGROUP_SIZE;
    float sum = 0.0;
    for (uint i = gl_GlobalInvocationID.x; i < p.n; i += stride) {
        float g = grad[i];
        if (p.regularise != 0u && mask[i] != 0.0) {
            const float w = value[i];
            g += p.l2 * w + p.l1 * sign(w);
            grad[i] = g;
        }
        sum += g * g;
    }
    sums[local] = sum;
    barrier();
    for (uint half_ = TRAINING_WORKGROUP_SIZE / 2; half_ > 0u; half_ /= 2u) {
        if (local < half_) sums[local] += sums[local + half_];
        barrier();
    }
    if (local == 0u) partial[gl_WorkGroupID.x] = sums[0];
}
