// Per-column part of PReLU's α gradient: out[j] = Σ_i [z_ij ≤ 0]·dh_ij·z_ij over the rows,
// with dh = ∂L/∂h (rows, width). Per neuron this is α.grad; per layer the columns are summed after.
#version 450

#include "training_interface.glsl"

layout(local_size_x = TRAINING_WORKGROUP_SIZE) in;

layout(push_constant) uniform PreluAlphaPushConstants {
    uint n;     // width (columns)
    uint rows;
} p;

layout(std430, set = 0, binding = 0) readonly buffer PreActivation { float z[]; };
layout(std430, set = 0, binding = 1) readonly buffer ActivationGradient { float dh[]; };
layout(std430, set = 0, binding = 2) writeonly buffer ColumnGradient { float result[]; };

void main() {
    const uint j = gl_GlobalInvocationID.x;
    if (j >= p.n) return;
    float sum = 0.0;
    for (uint i = 0u; i < p.rows; ++i) {
        const float x = z[i * p.n + j];
        if (x <= 0.0) sum += dh[i * p.n + j] * x;
    }
    result[j] = sum;
}
