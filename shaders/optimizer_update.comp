// One optimizer update per parameter element, the loops of TensorOps::optimizerUpdate (as
// core/optimizers/optimizer.cpp, PyTorch 1.13) with the clip factor and the decay given:
// SGD w −= lr·(g·clip + decay·w); momentum m = μm + g·clip + decay·w, w −= lr·m; Adam
// g = g·clip + decay·w; AdamW g = g·clip, w −= lr·decay·w; both then m = β1m + (1−β1)g,
// v = β2v + (1−β2)g², w −= lr·(m/c1)/(√(v/c2) + ε). (optimizer_step.comp, the MLP engine's,
// computes the clip from the norm on the device and skips non-finite steps; this does not.)
#version 450

#include "training_interface.glsl"

layout(local_size_x = TRAINING_WORKGROUP_SIZE) in;

layout(push_constant) uniform OptimizerUpdatePushConstants {
    uint n;
    uint kind;  // kSgd | kMomentum | kAdam | kAdamW
    float learningRate;
    float decay;  // weight decay for weights, 0 for the others
    float clip;
    float momentum;
    float beta1;
    float beta2;
    float epsilon;
    float correction1;  // 1 − β1^t
    float correction2;  // 1 − β2^t
} p;

layout(std430, set = 0, binding = 0) buffer Values { float value[]; };
layout(std430, set = 0, binding = 1) readonly buffer Gradients { float grad[]; };
layout(std430, set = 0, binding = 2) buffer FirstMoment { float first[]; };
layout(std430, set = 0, binding = 3) buffer SecondMoment { float second[]; };

void main() {
    // Large tensors use a second row of workgroups (gridFor in vulkan_tensor_ops.cpp).
    const uint i = gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x +
                   gl_GlobalInvocationID.x;
    if (i >= p.n) return;
    float w = value[i];
    if (p.kind == kSgd) {
        w -= p.learningRate * (grad[i] * p.clip + p.decay * w);
    } else if (p.kind == kMomentum) {
        const float m = p.momentum * first[i] + grad[i] * p.clip + p.decay * w;
        first[i] = m;
        w -= p.learningRate * m;
    } else {
        float g = grad[i] * p.clip;
        if (p.kind == kAdamW) w -= p.learningRate * p.decay * w;
        else g += p.decay * w;
        const float m = p.beta1 * first[i] + (1.0 - p.beta1) * g;
        const float v = p.beta2 * second[i] + (1.0 - p.beta2) * g * g;
        first[i] = m;
        second[i] = v;
        w -= p.learningRate * (m / p.correction1) / (sqrt(v / p.correction2) + p.epsilon);
    }
    value[i] = w;
}
