// PReLU with a learnable α, one per layer or per neuron: h = z for z > 0, α·z otherwise, and
// d = f′(z) = 1 or α. z, h, d are (rows, width); alpha is (1) or (width).
#version 450

#include "training_interface.glsl"

layout(local_size_x = TRAINING_WORKGROUP_SIZE) in;

layout(push_constant) uniform PreluPushConstants {
    uint n;          // rows·width
    uint width;
    uint perNeuron;  // 1: alpha[column], 0: alpha[0]
} p;

layout(std430, set = 0, binding = 0) readonly buffer PreActivation { float z[]; };
layout(std430, set = 0, binding = 1) readonly buffer Alpha { float alpha[]; };
layout(std430, set = 0, binding = 2) writeonly buffer Activation { float h[]; };
layout(std430, set = 0, binding = 3) writeonly buffer Derivative { float d[]; };

void main() {
    const uint i = gl_GlobalInvocationID.x;
    if (i >= p.n) return;
    const float a = alpha[p.perNeuron != 0u ? i % p.width : 0u];
    const float x = z[i];
    const bool positive = x > 0.0;
    h[i] = positive ? x : a * x;
    d[i] = positive ? 1.0 : a;
}
