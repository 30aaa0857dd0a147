// Second pass of the global gradient norm, one workgroup: status[0] = Σ partial (the squared
// norm), status[1] = 1 if every row loss is finite, else 0. The optimizer reads both.
#version 450

#include "training_interface.glsl"

layout(local_size_x = TRAINING_WORKGROUP_SIZE) in;

layout(push_constant) uniform NormFinalPushConstants {
    uint n;     // partials
    uint rows;  // row losses
} p;

layout(std430, set = 0, binding = 0) readonly buffer Partials { float partial[]; };
layout(std430, set = 0, binding = 1) readonly buffer RowLoss { float rowLoss[]; };
layout(std430, set = 0, binding = 2) writeonly buffer Status { float status[]; };

shared float sums[TRAINING_WORKGROUP_SIZE];
shared uint allFinite;

void main() {
    const uint local = gl_LocalInvocationID.x;
    if (local == 0u) allFinite = 1u;
    float sum = 0.0;
    for (uint i = local; i < p.n; i += TRAINING_WORKGROUP_SIZE) sum += partial[i];
    bool finite = true;
    for (uint i = local; i < p.rows; i += TRAINING_WORKGROUP_SIZE)
        finite = finite && !isnan(rowLoss[i]) && !isinf(rowLoss[i]);
    sums[local] = sum;
    barrier();
    if (!finite) atomicAnd(allFinite, 0u);
    for (uint half_ = TRAINING_WORKGROUP_SIZE / 2; half_ > 0u; half_ /= 2u) {
        if (local < half_) sums[local] += sums[local + half_];
        barrier();
    }
    if (local == 0u) {
        status[0] = sums[0];
        status[1] = allFinite != 0u ? 1.0 : 0.0;
    }
}
