// C++ mirror of shaders/include/activation_interface.glsl and training_interface.glsl: workgroup
// sizes, push constants and buffer bindings of the shaders. Change both together.
#pragma once

#include <cstdint>

namespace actlab::shaders {

inline constexpr uint32_t kWorkgroupSize = 256;      // layout(local_size_x = 256)
inline constexpr uint32_t kPointsPerInvocation = 4;  // each invocation handles one vec4
inline constexpr uint32_t kFunctionIdConstant = 0;   // layout(constant_id = 0) kFunctionId

// layout(push_constant) uniform PushConstants
struct ActivationPushConstants {
    uint32_t n = 0;      // number of vec4s (points rounded up to a multiple of 4)
    uint32_t flags = 0;  // kWriteSecond
    float p0 = 0.0f;     // function parameters in catalogue order
    float p1 = 0.0f;
};
static_assert(sizeof(ActivationPushConstants) == 16, "must match PushConstants in the GLSL");

inline constexpr uint32_t kWriteSecond = 1u;  // flags bit: the scalar shader writes f″

// Storage-buffer bindings of descriptor set 0.
enum ActivationBinding : uint32_t {
    kBindingX = 0,        // in: x
    kBindingV = 1,        // in: v (gated only)
    kBindingOutput0 = 2,  // out: f(x) | y
    kBindingOutput1 = 3,  // out: f′(x) | ∂y/∂x
    kBindingOutput2 = 4,  // out: f″(x) | ∂y/∂v
    kBindingCount = 5,
};

// ---- Training shaders (training_interface.glsl and each .comp's push constants) ----
inline constexpr uint32_t kTrainingWorkgroupSize = 256;  // TRAINING_WORKGROUP_SIZE
inline constexpr uint32_t kMatmulWorkgroupSide = 16;     // matmul.comp: 16 × 16 invocations,
inline constexpr uint32_t kMatmulBlock = 4;              // each computing a 4 × 4 block of C
inline constexpr uint32_t kMatmulTransposeConstant = 0;  // constant_id 0: kTransposeA | B

// matmul.comp: C = op(A)·op(B) + bias + D
struct MatmulPushConstants {
    uint32_t m = 0, n = 0, k = 0;
    uint32_t flags = 0;  // kTransposeA | kTransposeB | kAddBias | kAddAddend
};
static_assert(sizeof(MatmulPushConstants) == 16, "must match matmul.comp");
inline constexpr uint32_t kTransposeA = 1u, kTransposeB = 2u, kAddBias = 4u, kAddAddend = 8u;

// elementwise_product.comp
struct ElementwisePushConstants {
    uint32_t n = 0;
};
static_assert(sizeof(ElementwisePushConstants) == 4, "must match elementwise_product.comp");

// column_sum.comp
struct ColumnSumPushConstants {
    uint32_t n = 0;  // columns
    uint32_t rows = 0;
};
static_assert(sizeof(ColumnSumPushConstants) == 8, "must match column_sum.comp");

// loss_gradient.comp; kind is LossKind's value
struct LossPushConstants {
    uint32_t n = 0;  // rows
    uint32_t outputs = 0;
    uint32_t kind = 0;
    float scale = 0.0f;  // 1 / batch
};
static_assert(sizeof(LossPushConstants) == 16, "must match loss_gradient.comp");

// gradient_norm_partial.comp
struct NormPartialPushConstants {
    uint32_t n = 0;
    float l1 = 0.0f, l2 = 0.0f;
    uint32_t regularise = 0;
};
static_assert(sizeof(NormPartialPushConstants) == 16, "must match gradient_norm_partial.comp");

// gradient_norm_final.comp
struct NormFinalPushConstants {
    uint32_t n = 0;  // partials
    uint32_t rows = 0;
};
static_assert(sizeof(NormFinalPushConstants) == 8, "must match gradient_norm_final.comp");

// prelu_forward.comp
struct PreluPushConstants {
    uint32_t n = 0;  // rows·width
    uint32_t width = 0;
    uint32_t perNeuron = 0;
};
static_assert(sizeof(PreluPushConstants) == 12, "must match prelu_forward.comp");

// prelu_alpha_gradient.comp
struct PreluAlphaPushConstants {
    uint32_t n = 0;  // width
    uint32_t rows = 0;
};
static_assert(sizeof(PreluAlphaPushConstants) == 8, "must match prelu_alpha_gradient.comp");

// ---- Tensor ops shaders (core/backends/vulkan/vulkan_tensor_ops.cpp) ----
// Shaders that loop over a whole row or column per invocation use smaller workgroups, so that
// a few hundred rows still spread over several workgroups (lavapipe runs one per thread).
inline constexpr uint32_t kRowWorkgroupSize = 64;  // layout(local_size_x = 64)

// tensor_fill.comp
struct FillPushConstants {
    uint32_t n = 0;
    float value = 0.0f;
};
static_assert(sizeof(FillPushConstants) == 8, "must match tensor_fill.comp");

// layernorm_forward.comp, layernorm_backward.comp, layernorm_parameter_gradient.comp
struct LayerNormPushConstants {
    uint32_t rows = 0;
    uint32_t width = 0;
    float eps = 0.0f;
};
static_assert(sizeof(LayerNormPushConstants) == 12, "must match the layernorm shaders");

// attention_forward.comp, attention_backward_query.comp, attention_backward_key.comp
struct AttentionPushConstants {
    uint32_t batch = 0, steps = 0, width = 0, heads = 0;
    uint32_t causal = 0;  // forward only
    float scale = 0.0f;   // 1 / √hs
};
static_assert(sizeof(AttentionPushConstants) == 24, "must match the attention shaders");

// embedding_forward.comp, embedding_token_gradient.comp
struct EmbeddingPushConstants {
    uint32_t n = 0;      // forward: B·T·C; token gradient: distinct tokens · C
    uint32_t steps = 0;  // T
    uint32_t width = 0;  // C
};
static_assert(sizeof(EmbeddingPushConstants) == 12, "must match the embedding shaders");

// mean_pool_forward.comp, mean_pool_backward.comp
struct MeanPoolPushConstants {
    uint32_t batch = 0, steps = 0, width = 0;
    float scale = 0.0f;  // 1 / T
};
static_assert(sizeof(MeanPoolPushConstants) == 16, "must match the mean-pool shaders");

// optimizer_update.comp (TensorOps::optimizerUpdate); kind is OptimizerKind's value
struct OptimizerUpdatePushConstants {
    uint32_t n = 0;
    uint32_t kind = 0;
    float learningRate = 0, decay = 0, clipNorm = 0, momentum = 0;
    float beta1 = 0, beta2 = 0, epsilon = 0, correction1 = 1, correction2 = 1;
    uint32_t writeNorm = 0;
};
static_assert(sizeof(OptimizerUpdatePushConstants) == 48, "must match optimizer_update.comp");

// tensor_sum.comp
struct TensorSumPushConstants {
    uint32_t n = 0;
    uint32_t index = 0;
    float scale = 1.0f;
};
static_assert(sizeof(TensorSumPushConstants) == 12, "must match tensor_sum.comp");

// cross_entropy_forward.comp, cross_entropy_backward.comp
struct CrossEntropyPushConstants {
    uint32_t rows = 0;
    uint32_t classes = 0;
    float factor = 0.0f;  // backward: scale / count
};
static_assert(sizeof(CrossEntropyPushConstants) == 12, "must match the cross-entropy shaders");

}  // namespace actlab::shaders
