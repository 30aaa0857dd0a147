// Column sums of a (rows, columns) matrix: out[j] = Σ_i x[i, j] (a bias gradient Σ_rows dy).
#version 450

#include "training_interface.glsl"

layout(local_size_x = TRAINING_WORKGROUP_SIZE) in;

layout(push_constant) uniform ColumnSumPushConstants {
    uint n;     // columns
    uint rows;
} p;

layout(std430, set = 0, binding = 0) readonly buffer Matrix { float x[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Sums { float sums[]; };

void main() {
    const uint j = gl_GlobalInvocationID.x;
    if (j >= p.n) return;
    float sum = 0.0;
    for (uint i = 0u; i < p.rows; ++i) sum += x[i * p.n + j];
    sums[j] = sum;
}
