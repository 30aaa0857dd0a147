// Multi-head attention backward, first pass, one invocation per (b, h, query t), as
// layers/attention.cpp: datt[s] = dout_t · v_s, dscore[s] = att ⊙ (datt − Σ_s datt ⊙ att) ·
// scale (the softmax backward, through preatt = q·k·scale), dq_t += Σ_s dscore[s] · k_s. Keys
// after the last nonzero att get dscore 0. dscore (B, NH, T, T) is kept for the key pass.
#version 450

layout(local_size_x = 64) in;  // kRowWorkgroupSize

layout(push_constant) uniform AttentionPushConstants {
    uint batch;
    uint steps;  // T
    uint width;  // C
    uint heads;  // NH
    uint causal;  // unused
    float scale;  // 1 / √hs
} p;

layout(std430, set = 0, binding = 0) readonly buffer OutputGradient { float dout[]; };
layout(std430, set = 0, binding = 1) readonly buffer Key { float k[]; };
layout(std430, set = 0, binding = 2) readonly buffer Value { float v[]; };
layout(std430, set = 0, binding = 3) readonly buffer Probabilities { float att[]; };
layout(std430, set = 0, binding = 4) buffer ScoreGradient { float dscore[]; };
layout(std430, set = 0, binding = 5) buffer QueryGradient { float dq[]; };

void main() {
    const uint i = gl_GlobalInvocationID.x;
    const uint T = p.steps, C = p.width;
    if (i >= p.batch * p.heads * T) return;
    const uint t = i % T, bh = i / T, b = bh / p.heads, h = bh % p.heads;
    const uint hs = C / p.heads;
    const uint head = b * T * C + h * hs;
    const uint row = i * T;

    uint keys = T;
    while (keys > 0u && att[row + keys - 1u] == 0.0) --keys;
    float weighted = 0.0;  // Σ_s datt ⊙ att
    for (uint s = 0u; s < keys; ++s) {
        float datt = 0.0;
        for (uint c = 0u; c < hs; ++c) datt += dout[head + t * C + c] * v[head + s * C + c];
        dscore[row + s] = datt;
        weighted += datt * att[row + s];
    }
    for (uint s = 0u; s < keys; ++s)
        dscore[row + s] = att[row + s] * (dscore[row + s] - weighted) * p.scale;
    for (uint s = keys; s < T; ++s) dscore[row + s] = 0.0;
    for (uint c = 0u; c < hs; ++c) {
        float acc = dq[head + t * C + c];
        for (uint s = 0u; s < keys; ++s) acc += dscore[row + s] * k[head + s * C + c];
        dq[head + t * C + c] = acc;
    }
}
