// One optimizer update per parameter element, as core/optimizers/optimizer.cpp (PyTorch 1.13):
// clip = clipNorm/(‖g‖ + 1e-6) when 0 < clipNorm < ‖g‖, g ← clip·g, decay = wd on weights
// only. SGD: w −= lr(g + decay·w); momentum: m = μm + g + decay·w (m = g + decay·w at step 1),
// w −= lr·m; Adam: g += decay·w (AdamW: w −= lr·decay·w), m = β1m + (1−β1)g, v = β2v + (1−β2)g²,
// w −= lr·(m/c1)/(√(v/c2) + ε). Nothing is updated when the norm or the loss is not finite.
#version 450

#include "training_interface.glsl"

layout(local_size_x = TRAINING_WORKGROUP_SIZE) in;

layout(push_constant) uniform OptimizerPushConstants {
    uint n;
    uint kind;         // kSgd | kMomentum | kAdam | kAdamW
    uint firstStep;    // 1 on the optimizer's first step
    float learningRate;
    float weightDecay;
    float momentum;
    float beta1;
    float beta2;
    float epsilon;
    float correction1;  // 1 − β1^t
    float correction2;  // 1 − β2^t
    float clipNorm;     // 0: no clipping
} p;

layout(std430, set = 0, binding = 0) buffer Values { float value[]; };
layout(std430, set = 0, binding = 1) readonly buffer Gradients { float grad[]; };
layout(std430, set = 0, binding = 2) buffer FirstMoment { float first[]; };
layout(std430, set = 0, binding = 3) buffer SecondMoment { float second[]; };
layout(std430, set = 0, binding = 4) readonly buffer WeightMask { float mask[]; };
layout(std430, set = 0, binding = 5) readonly buffer Status { float status[]; };

void main() {
    const uint i = gl_GlobalInvocationID.x;
    if (i >= p.n) return;
    const float norm = sqrt(status[0]);
    if (isnan(norm) || isinf(norm) || status[1] == 0.0) return;
    const float clip = (p.clipNorm > 0.0 && norm > p.clipNorm) ? p.clipNorm / (norm + 1e-6) : 1.0;
    float g = grad[i] * clip;
    float w = value[i];
    const float decay = mask[i] != 0.0 ? p.weightDecay : 0.0;
    if (p.kind == kSgd) {
        w -= p.learningRate * (g + decay * w);
    } else if (p.kind == kMomentum) {
        const float m = (p.firstStep != 0u ? 0.0 : p.momentum * first[i]) + g + decay * w;
        first[i] = m;
        w -= p.learningRate * m;
    } else {
        if (p.kind == kAdamW) w -= p.learningRate * decay * w;
        else g += decay * w;
        const float m = p.beta1 * first[i] + (1.0 - p.beta1) * g;
        const float v = p.beta2 * second[i] + (1.0 - p.beta2) * g * g;
        first[i] = m;
        second[i] = v;
        w -= p.learningRate * (m / p.correction1) / (sqrt(v / p.correction2) + p.epsilon);
    }
    value[i] = w;
}
