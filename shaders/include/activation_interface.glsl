// Interface shared by the activation shaders and mirrored in shaders/shader_interface.h:
// workgroup size, the function id (specialization constant 0), push constants, buffer bindings.
// Each invocation handles one vec4, i.e. 4 consecutive points (4× fewer memory operations,
// which halves the time on lavapipe); buffers hold a multiple of 4 points.
#ifndef ACTLAB_ACTIVATION_INTERFACE_GLSL
#define ACTLAB_ACTIVATION_INTERFACE_GLSL

layout(local_size_x = 256) in;  // kWorkgroupSize

layout(constant_id = 0) const int kFunctionId = 0;  // ActivationId of the scalar function (gate)

const uint kWriteSecond = 1u;  // flags bit: write the third output (f″); scalar shader only

layout(push_constant) uniform PushConstants {
    uint n;       // number of vec4s (points rounded up to a multiple of 4) in this dispatch
    uint flags;   // kWriteSecond
    float p0;     // function parameters in catalogue order
    float p1;
} p;

// Bindings 0–4 of descriptor set 0; each shader uses the ones it needs.
layout(std430, set = 0, binding = 0) readonly buffer InputX { vec4 x[]; };
layout(std430, set = 0, binding = 1) readonly buffer InputV { vec4 v[]; };
layout(std430, set = 0, binding = 2) writeonly buffer Output0 { vec4 out0[]; };
layout(std430, set = 0, binding = 3) writeonly buffer Output1 { vec4 out1[]; };
layout(std430, set = 0, binding = 4) writeonly buffer Output2 { vec4 out2[]; };

#endif
