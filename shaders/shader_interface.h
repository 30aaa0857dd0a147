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

// optimizer_step.comp; kind is OptimizerKind's value
struct OptimizerPushConstants {
    uint32_t n = 0;
    uint32_t kind = 0;
    uint32_t firstStep = 0;
    float learningRate = 0, weightDecay = 0, momentum = 0, beta1 = 0, beta2 = 0, epsilon = 0;
    float correction1 = 1, correction2 = 1, clipNorm = 0;
};
static_assert(sizeof(OptimizerPushConstants) == 48, "must match optimizer_step.comp");

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

}  // namespace actlab::shaders
