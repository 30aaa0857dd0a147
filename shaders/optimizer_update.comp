// One optimizer update per parameter element, the loops of TensorOps::optimizerUpdate (as
// core/optimizers/optimizer.cpp, PyTorch 1.13). The squared global gradient norm s is read from
// the device (tensor_sum.comp wrote it): ‖g‖ = √s; nothing changes when it is not finite; clip =
// clipNorm / (‖g‖ + 1e-6) when 0 < clipNorm < ‖g‖, else 1 (torch.nn.utils.clip_grad_norm_).
// SGD w −= lr·(g·clip + decay·w); momentum m = μm + g·clip + decay·w, w −= lr·m; Adam
// g = g·clip + decay·w; AdamW g = g·clip, w −= lr·decay·w; both then m = β1m + (1−β1)g,
// v = β2v + (1−β2)g², w −= lr·(m/c1)/(√(v/c2) + ε). The first parameter's element 0 also
// writes ‖g‖ out, for the host.
#version 450

#include "training_interface.glsl"

layout(local_size_x = TRAINING_WORKGROUP_SIZE) in;

layout(push_constant) uniform OptimizerUpdatePushConstants {
    uint n;
    uint kind;  // kSgd | kMomentum | kAdam | kAdamW
    float learningRate;
    float decay;  // weight decay for weights, 0 for the others
    float clipNorm;  // 0: no clipping
    float momentum;
    float beta1;
    float beta2;
    float epsilon;
    float correction1;  // 1 − β1^t
    float correction2;  // 1 − β2^t
    uint writeNorm;     // 1: element 0 writes ‖g‖ into norm[0]
} p;

layout(std430, set = 0, binding = 0) buffer Values { float value[]; };
layout(std430, set = 0, binding = 1) readonly buffer Gradients { float grad[]; };
layout(std430, set = 0, binding = 2) buffer FirstMoment { float first[]; };
layout(std430, set = 0, binding = 3) buffer SecondMoment { float second[]; };
layout(std430, set = 0, binding = 4) readonly buffer SquaredNorm { float squaredNorm[]; };
layout(std430, set = 0, binding = 5) buffer Norm { float norm[]; };

void main() {
    // Large tensors use a second row of workgroups (gridFor in vulkan_tensor_ops.cpp).
    const uint i = gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x +
                   gl_GlobalInvocationID.x;
    if (i >= p.n) return;
    const float global = sqrt(squaredNorm[0]);
    if (i == 0u && p.writeNorm != 0u) norm[0] = global;
    if (isnan(global) || isinf(global)) return;
    const float clip =
        (p.clipNorm > 0.0 && global > p.clipNorm) ? p.clipNorm / (global + 1e-6) : 1.0;
    float w = value[i];
    if (p.kind == kSgd) {
        w -= p.learningRate * (grad[i] * clip + p.decay * w);
    } else if (p.kind == kMomentum) {
        const float m = p.momentum * first[i] + grad[i] * clip + p.decay * w;
        first[i] = m;
        w -= p.learningRate * m;
    } else {
        float g = grad[i] * clip;
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
