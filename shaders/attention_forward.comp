// Multi-head attention forward, one invocation per (b, h, query t), as layers/attention.cpp:
// preatt[b, h, t, s] = q[b, t, h] · k[b, s, h] · scale (−∞ for s > t when causal), att = the
// stable softmax over s, out[b, t, h] = Σ_s att · v[b, s, h]. q, k, v, out (B, T, C) with head
// h on channels [h·hs, (h + 1)·hs); preatt, att (B, NH, T, T). Sums run in order, as the CPU's.
#version 450

layout(local_size_x = 64) in;  // kRowWorkgroupSize

layout(push_constant) uniform AttentionPushConstants {
    uint batch;
    uint steps;  // T
    uint width;  // C
    uint heads;  // NH
    uint causal;
    float scale;  // 1 / √hs
} p;

layout(std430, set = 0, binding = 0) readonly buffer Query { float q[]; };
layout(std430, set = 0, binding = 1) readonly buffer Key { float k[]; };
layout(std430, set = 0, binding = 2) readonly buffer Value { float v[]; };
layout(std430, set = 0, binding = 3) writeonly buffer Output { float result[]; };
layout(std430, set = 0, binding = 4) buffer Scores { float preatt[]; };
layout(std430, set = 0, binding = 5) buffer Probabilities { float att[]; };

void main() {
    const uint i = gl_GlobalInvocationID.x;
    const uint T = p.steps, C = p.width;
    if (i >= p.batch * p.heads * T) return;
    const uint t = i % T, bh = i / T, b = bh / p.heads, h = bh % p.heads;
    const uint hs = C / p.heads;
    const uint head = b * T * C + h * hs;  // head h of row (b, 0)
    const uint row = i * T;                // preatt[b, h, t, 0]
    const uint keys = p.causal != 0u ? t + 1u : T;
    const float minusInfinity = uintBitsToFloat(0xff800000u);

    float maximum = minusInfinity;
    for (uint s = 0u; s < keys; ++s) {
        float dot = 0.0;
        for (uint c = 0u; c < hs; ++c) dot += q[head + t * C + c] * k[head + s * C + c];
        dot *= p.scale;
        preatt[row + s] = dot;
        maximum = max(maximum, dot);
    }
    float sum = 0.0;
    for (uint s = 0u; s < keys; ++s) {
        const float e = exp(preatt[row + s] - maximum);
        att[row + s] = e;
        sum += e;
    }
    for (uint s = 0u; s < keys; ++s) att[row + s] /= sum;
    for (uint s = keys; s < T; ++s) {
        preatt[row + s] = minusInfinity;
        att[row + s] = 0.0;
    }
    for (uint c = 0u; c < hs; ++c) {
        float acc = 0.0;
        for (uint s = 0u; s < keys; ++s) acc += att[row + s] * v[head + s * C + c];
        result[head + t * C + c] = acc;
    }
}
