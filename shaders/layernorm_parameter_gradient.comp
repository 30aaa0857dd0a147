// Layer normalisation backward to its parameters, one invocation per column c, the rows added
// in order n = 0, 1, … (deterministic, as layers/layernorm.cpp): dbias[c] += Σ_n dout[n, c],
// dweight[c] += Σ_n norm[n, c] · dout[n, c] with norm = (x − mean) · rstd.
#version 450

layout(local_size_x = 64) in;  // kRowWorkgroupSize

layout(push_constant) uniform LayerNormPushConstants {
    uint rows;
    uint width;
    float eps;  // unused
} p;

layout(std430, set = 0, binding = 0) readonly buffer Input { float x[]; };
layout(std430, set = 0, binding = 1) readonly buffer OutputGradient { float dy[]; };
layout(std430, set = 0, binding = 2) readonly buffer Mean { float mean[]; };
layout(std430, set = 0, binding = 3) readonly buffer Rstd { float rstd[]; };
layout(std430, set = 0, binding = 4) buffer WeightGradient { float dweight[]; };
layout(std430, set = 0, binding = 5) buffer BiasGradient { float dbias[]; };

void main() {
    const uint c = gl_GlobalInvocationID.x;
    if (c >= p.width) return;
    float dw = dweight[c], db = dbias[c];
    for (uint n = 0u; n < p.rows; ++n) {
        const uint i = n * p.width + c;
        const float norm = (x[i] - mean[n]) * rstd[n];
        db += dy[i];
        dw += norm * dy[i];
    }
    dweight[c] = dw;
    dbias[c] = db;
}
