// Accumulated column sums of a (rows, n) matrix: out[j] += Σ_i x[i, j], adding the rows in
// order i = 0, 1, … into out[j] (a bias gradient dbias += Σ_rows dout, the position-table
// gradient dpos[t] += Σ_b dout[b, t]); the same order as core/layers' loops.
#version 450

layout(local_size_x = 64) in;  // kRowWorkgroupSize

layout(push_constant) uniform ColumnSumPushConstants {
    uint n;  // columns
    uint rows;
} p;

layout(std430, set = 0, binding = 0) readonly buffer Matrix { float x[]; };
layout(std430, set = 0, binding = 1) buffer Sums { float sums[]; };

void main() {
    const uint j = gl_GlobalInvocationID.x;
    if (j >= p.n) return;
    float sum = sums[j];
    for (uint i = 0u; i < p.rows; ++i) sum += x[i * p.n + j];
    sums[j] = sum;
}
