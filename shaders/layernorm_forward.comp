// Layer normalisation forward, one invocation per row of inp (rows, C), as layers/layernorm.cpp
// (two passes, sums in order c = 0, 1, …): mean = Σ_c x / C, rstd = 1 / √(Σ_c (x − mean)² / C
// + eps), out = (x − mean) · rstd · weight + bias; mean, rstd (rows), weight, bias (C).
#version 450

layout(local_size_x = 64) in;  // kRowWorkgroupSize

layout(push_constant) uniform LayerNormPushConstants {
    uint rows;
    uint width;
    float eps;
} p;

layout(std430, set = 0, binding = 0) readonly buffer Input { float x[]; };
layout(std430, set = 0, binding = 1) readonly buffer Weight { float weight[]; };
layout(std430, set = 0, binding = 2) readonly buffer Bias { float bias[]; };
layout(std430, set = 0, binding = 3) writeonly buffer Output { float y[]; };
layout(std430, set = 0, binding = 4) writeonly buffer Mean { float meanOut[]; };
layout(std430, set = 0, binding = 5) writeonly buffer Rstd { float rstdOut[]; };

void main() {
    const uint n = gl_GlobalInvocationID.x;
    if (n >= p.rows) return;
    const uint row = n * p.width;
    float m = 0.0;
    for (uint c = 0u; c < p.width; ++c) m += x[row + c];
    m /= float(p.width);
    float variance = 0.0;
    for (uint c = 0u; c < p.width; ++c) variance += (x[row + c] - m) * (x[row + c] - m);
    variance /= float(p.width);
    const float s = 1.0 / sqrt(variance + p.eps);
    for (uint c = 0u; c < p.width; ++c) y[row + c] = (x[row + c] - m) * s * weight[c] + bias[c];
    meanOut[n] = m;
    rstdOut[n] = s;
}
