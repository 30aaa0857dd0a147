// Per-row loss and ∂(mean loss)/∂z = scale·∂ℓ/∂z for logits z (rows, outputs), targets y (rows),
// scale = 1/B. BCE with logits: ℓ = max(z, 0) − z·y + log(1 + e^−|z|), ∂ = σ(z) − y;
// softmax CE: ℓ = logsumexp(z) − z_y, ∂ = softmax(z) − onehot(y);
// MSE: ℓ = (z − y)², ∂ = 2(z − y).
// As core/models/loss.cpp, in float; the host sums the row losses in double.
#version 450

#include "special_functions.glsl"
#include "training_interface.glsl"

layout(local_size_x = TRAINING_WORKGROUP_SIZE) in;

layout(push_constant) uniform LossPushConstants {
    uint n;        // rows
    uint outputs;
    uint kind;     // kBceWithLogits | kSoftmaxCrossEntropy | kMse
    float scale;   // 1 / batch
} p;

layout(std430, set = 0, binding = 0) readonly buffer Logits { float z[]; };
layout(std430, set = 0, binding = 1) readonly buffer Targets { float y[]; };
layout(std430, set = 0, binding = 2) writeonly buffer Gradient { float dz[]; };
layout(std430, set = 0, binding = 3) writeonly buffer RowLoss { float rowLoss[]; };

void main() {
    const uint i = gl_GlobalInvocationID.x;
    if (i >= p.n) return;
    const uint base = i * p.outputs;
    const float target = y[i];
    if (p.kind == kBceWithLogits) {
        const float logit = z[base];
        rowLoss[i] = max(logit, 0.0) - logit * target + log1pNonNegative(exp(-abs(logit)));
        dz[base] = (sigmoidSafe(logit) - target) * p.scale;
    } else if (p.kind == kSoftmaxCrossEntropy) {
        const uint label = uint(target);
        float largest = z[base];
        for (uint c = 1u; c < p.outputs; ++c) largest = max(largest, z[base + c]);
        float sum = 0.0;
        for (uint c = 0u; c < p.outputs; ++c) sum += exp(z[base + c] - largest);
        rowLoss[i] = log(sum) + largest - z[base + label];
        for (uint c = 0u; c < p.outputs; ++c)
            dz[base + c] = (exp(z[base + c] - largest) / sum - (c == label ? 1.0 : 0.0)) * p.scale;
    } else {
        const float difference = z[base] - target;
        rowLoss[i] = difference * difference;
        dz[base] = 2.0 * difference * p.scale;
    }
}
