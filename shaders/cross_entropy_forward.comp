// Softmax cross-entropy forward, one invocation per row of logits (N, V), as layers/losses.cpp
// but in float: probs[n] = exp(z − max) / Σ_v exp(z_v − max) (stable), losses[n] =
// log Σ_v exp(z_v − max) − (z_y − max) for the target y = targets[n] (int32, checked on the
// host), 0 when y is kIgnoreTarget (−100).
#version 450

layout(local_size_x = 64) in;  // kRowWorkgroupSize

layout(push_constant) uniform CrossEntropyPushConstants {
    uint rows;
    uint classes;  // V
    float factor;  // unused
} p;

layout(std430, set = 0, binding = 0) readonly buffer Logits { float z[]; };
layout(std430, set = 0, binding = 1) readonly buffer Targets { int targets[]; };
layout(std430, set = 0, binding = 2) writeonly buffer Probabilities { float probs[]; };
layout(std430, set = 0, binding = 3) writeonly buffer Losses { float losses[]; };

void main() {
    const uint n = gl_GlobalInvocationID.x;
    if (n >= p.rows) return;
    const uint row = n * p.classes;
    float maximum = uintBitsToFloat(0xff800000u);
    for (uint v = 0u; v < p.classes; ++v) maximum = max(maximum, z[row + v]);
    float sum = 0.0;
    for (uint v = 0u; v < p.classes; ++v) sum += exp(z[row + v] - maximum);
    for (uint v = 0u; v < p.classes; ++v) probs[row + v] = exp(z[row + v] - maximum) / sum;
    const int y = targets[n];
    losses[n] = y < 0 ? 0.0 : log(sum) - (z[row + uint(y)] - maximum);
}
