// Multi-head attention backward, second pass, one invocation per (b, h, key s), after the
// query pass: dv_s += Σ_t att[t, s] · dout_t and dk_s += Σ_t dscore[t, s] · q_t, each summed
// over t in order (as layers/attention.cpp). q, dout, dk, dv (B, T, C); att, dscore (B, NH, T, T).
#version 450

layout(local_size_x = 64) in;  // kRowWorkgroupSize

layout(push_constant) uniform AttentionPushConstants {
    uint batch;
    uint steps;  // T
    uint width;  // C
    uint heads;  // NH
    uint causal;  // unused
    float scale;  // unused
} p;

layout(std430, set = 0, binding = 0) readonly buffer OutputGradient { float dout[]; };
layout(std430, set = 0, binding = 1) readonly buffer Query { float q[]; };
layout(std430, set = 0, binding = 2) readonly buffer Probabilities { float att[]; };
layout(std430, set = 0, binding = 3) readonly buffer ScoreGradient { float dscore[]; };
layout(std430, set = 0, binding = 4) buffer KeyGradient { float dk[]; };
layout(std430, set = 0, binding = 5) buffer ValueGradient { float dv[]; };

void main() {
    const uint i = gl_GlobalInvocationID.x;
    const uint T = p.steps, C = p.width;
    if (i >= p.batch * p.heads * T) return;
    const uint s = i % T, bh = i / T, b = bh / p.heads, h = bh % p.heads;
    const uint hs = C / p.heads;
    const uint head = b * T * C + h * hs;
    const uint block = bh * T * T;  // [b, h, 0, 0]

    for (uint c = 0u; c < hs; ++c) {
        float value = dv[head + s * C + c], key = dk[head + s * C + c];
        for (uint t = 0u; t < T; ++t) {
            value += att[block + t * T + s] * dout[head + t * C + c];
            key += dscore[block + t * T + s] * q[head + t * C + c];
        }
        dv[head + s * C + c] = value;
        dk[head + s * C + c] = key;
    }
}
