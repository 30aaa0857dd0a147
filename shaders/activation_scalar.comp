// Scalar activation, elementwise over 4 points per invocation: out0 = f(x), out1 = f′(x),
// out2 = f″(x) (only when flags & kWriteSecond). f is function kFunctionId (specialization
// constant). x, out0..2: (n) vec4s.
#version 450

#include "activation_interface.glsl"
#include "activations.glsl"

void main() {
    const uint i = gl_GlobalInvocationID.x;
    if (i >= p.n) return;
    const vec4 points = x[i];
    vec4 value, first, second;
    for (int k = 0; k < 4; ++k) {
        const Derivatives d = evaluateActivation(kFunctionId, points[k], p.p0, p.p1);
        value[k] = d.value;
        first[k] = d.first;
        second[k] = d.second;
    }
    out0[i] = value;
    out1[i] = first;
    if ((p.flags & kWriteSecond) != 0u) out2[i] = second;
}
