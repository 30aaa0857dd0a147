// Mean pooling over positions, one invocation per (b, c), as layers/residual.cpp:
// out (B, C)[b, c] = (Σ_t inp (B, T, C)[b, t, c], in order t = 0, 1, …) · scale, scale = 1/T.
#version 450

layout(local_size_x = 64) in;  // kRowWorkgroupSize

layout(push_constant) uniform MeanPoolPushConstants {
    uint batch;
    uint steps;  // T
    uint width;  // C
    float scale;
} p;

layout(std430, set = 0, binding = 0) readonly buffer Input { float x[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Output { float y[]; };

void main() {
    const uint i = gl_GlobalInvocationID.x;
    if (i >= p.batch * p.width) return;
    const uint b = i / p.width, c = i % p.width;
    float sum = 0.0;
    for (uint t = 0u; t < p.steps; ++t) sum += x[(b * p.steps + t) * p.width + c];
    y[i] = sum * p.scale;
}
