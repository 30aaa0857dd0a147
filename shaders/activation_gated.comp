// Gated unit, elementwise over 4 points per invocation: y = act(x)·v with act the gate
// kFunctionId: out0 = y, out1 = ∂y/∂x = act′(x)·v, out2 = ∂y/∂v = act(x).
// x, v, out0..2: (n) vec4s.
#version 450

#include "activation_interface.glsl"
#include "activations.glsl"

void main() {
    const uint i = gl_GlobalInvocationID.x;
    if (i >= p.n) return;
    const vec4 points = x[i];
    const vec4 values = v[i];
    vec4 y, dydx, dydv;
    for (int k = 0; k < 4; ++k) {
        const Derivatives a = evaluateActivation(kFunctionId, points[k], p.p0, p.p1);
        y[k] = a.value * values[k];
        dydx[k] = a.first * values[k];
        dydv[k] = a.value;
    }
    out0[i] = y;
    out1[i] = dydx;
    out2[i] = dydv;
}
