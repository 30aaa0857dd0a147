// Layer normalisation backward to the input, one invocation per row, as layers/layernorm.cpp:
// with norm = (x − mean) · rstd and g = weight ⊙ dout, dinp += rstd · (g − mean_c(g) − norm ·
// mean_c(g ⊙ norm)). inp, dout, dinp (rows, C); weight (C); mean, rstd (rows).
#version 450

layout(local_size_x = 64) in;  // kRowWorkgroupSize

layout(push_constant) uniform LayerNormPushConstants {
    uint rows;
    uint width;
    float eps;  // unused
} p;

layout(std430, set = 0, binding = 0) readonly buffer Input { float x[]; };
layout(std430, set = 0, binding = 1) readonly buffer Weight { float weight[]; };
layout(std430, set = 0, binding = 2) readonly buffer OutputGradient { float dy[]; };
layout(std430, set = 0, binding = 3) readonly buffer Mean { float mean[]; };
layout(std430, set = 0, binding = 4) readonly buffer Rstd { float rstd[]; };
layout(std430, set = 0, binding = 5) buffer InputGradient { float dx[]; };

void main() {
    const uint n = gl_GlobalInvocationID.x;
    if (n >= p.rows) return;
    const uint row = n * p.width;
    const float m = mean[n], s = rstd[n];
    float dnormMean = 0.0, dnormNormMean = 0.0;
    for (uint c = 0u; c < p.width; ++c) {
        const float norm = (x[row + c] - m) * s;
        const float dnorm = weight[c] * dy[row + c];
        dnormMean += dnorm;
        dnormNormMean += dnorm * norm;
    }
    dnormMean /= float(p.width);
    dnormNormMean /= float(p.width);
    for (uint c = 0u; c < p.width; ++c) {
        const float norm = (x[row + c] - m) * s;
        const float dnorm = weight[c] * dy[row + c];
        dx[row + c] += (dnorm - dnormMean - norm * dnormNormMean) * s;
    }
}
