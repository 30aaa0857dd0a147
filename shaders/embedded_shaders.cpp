// The embedded shader table: one row per .comp in shaders/CMakeLists.txt (ACTLAB_SHADERS).
#include "embedded_shaders.h"

namespace actlab {
namespace {

// Each .spv.inc is glslc's "-mfmt=c" output: a braced list of uint32 words.
constexpr uint32_t kActivationScalar[] =
#include "activation_scalar.spv.inc"
    ;
constexpr uint32_t kActivationGated[] =
#include "activation_gated.spv.inc"
    ;
constexpr uint32_t kMatmul[] =
#include "matmul.spv.inc"
    ;
constexpr uint32_t kElementwiseProduct[] =
#include "elementwise_product.spv.inc"
    ;
constexpr uint32_t kColumnSum[] =
#include "column_sum.spv.inc"
    ;
constexpr uint32_t kLossGradient[] =
#include "loss_gradient.spv.inc"
    ;
constexpr uint32_t kGradientNormPartial[] =
#include "gradient_norm_partial.spv.inc"
    ;
constexpr uint32_t kGradientNormFinal[] =
#include "gradient_norm_final.spv.inc"
    ;
constexpr uint32_t kPreluForward[] =
#include "prelu_forward.spv.inc"
    ;
constexpr uint32_t kPreluAlphaGradient[] =
#include "prelu_alpha_gradient.spv.inc"
    ;
constexpr uint32_t kTensorAdd[] =
#include "tensor_add.spv.inc"
    ;
constexpr uint32_t kMultiplyAccumulate[] =
#include "multiply_accumulate.spv.inc"
    ;
constexpr uint32_t kTensorCopy[] =
#include "tensor_copy.spv.inc"
    ;
constexpr uint32_t kTensorFill[] =
#include "tensor_fill.spv.inc"
    ;
constexpr uint32_t kColumnSumAccumulate[] =
#include "column_sum_accumulate.spv.inc"
    ;
constexpr uint32_t kLayernormForward[] =
#include "layernorm_forward.spv.inc"
    ;
constexpr uint32_t kLayernormBackward[] =
#include "layernorm_backward.spv.inc"
    ;
constexpr uint32_t kLayernormParameterGradient[] =
#include "layernorm_parameter_gradient.spv.inc"
    ;
constexpr uint32_t kAttentionForward[] =
#include "attention_forward.spv.inc"
    ;
constexpr uint32_t kAttentionBackwardQuery[] =
#include "attention_backward_query.spv.inc"
    ;
constexpr uint32_t kAttentionBackwardKey[] =
#include "attention_backward_key.spv.inc"
    ;
constexpr uint32_t kEmbeddingForward[] =
#include "embedding_forward.spv.inc"
    ;
constexpr uint32_t kEmbeddingTokenGradient[] =
#include "embedding_token_gradient.spv.inc"
    ;
constexpr uint32_t kMeanPoolForward[] =
#include "mean_pool_forward.spv.inc"
    ;
constexpr uint32_t kMeanPoolBackward[] =
#include "mean_pool_backward.spv.inc"
    ;
constexpr uint32_t kOptimizerUpdate[] =
#include "optimizer_update.spv.inc"
    ;
constexpr uint32_t kCrossEntropyForward[] =
#include "cross_entropy_forward.spv.inc"
    ;
constexpr uint32_t kCrossEntropyBackward[] =
#include "cross_entropy_backward.spv.inc"
    ;
constexpr uint32_t kTensorSum[] =
#include "tensor_sum.spv.inc"
    ;

struct EmbeddedShader {
    std::string_view name;
    std::span<const uint32_t> words;
};

// clang-format off
constexpr EmbeddedShader kShaders[] = {
    {"activation_scalar",            kActivationScalar},
    {"activation_gated",             kActivationGated},
    {"matmul",                       kMatmul},
    {"elementwise_product",          kElementwiseProduct},
    {"column_sum",                   kColumnSum},
    {"loss_gradient",                kLossGradient},
    {"gradient_norm_partial",        kGradientNormPartial},
    {"gradient_norm_final",          kGradientNormFinal},
    {"prelu_forward",                kPreluForward},
    {"prelu_alpha_gradient",         kPreluAlphaGradient},
    {"tensor_add",                   kTensorAdd},
    {"multiply_accumulate",          kMultiplyAccumulate},
    {"tensor_copy",                  kTensorCopy},
    {"tensor_fill",                  kTensorFill},
    {"column_sum_accumulate",        kColumnSumAccumulate},
    {"layernorm_forward",            kLayernormForward},
    {"layernorm_backward",           kLayernormBackward},
    {"layernorm_parameter_gradient", kLayernormParameterGradient},
    {"attention_forward",            kAttentionForward},
    {"attention_backward_query",     kAttentionBackwardQuery},
    {"attention_backward_key",       kAttentionBackwardKey},
    {"embedding_forward",            kEmbeddingForward},
    {"embedding_token_gradient",     kEmbeddingTokenGradient},
    {"mean_pool_forward",            kMeanPoolForward},
    {"mean_pool_backward",           kMeanPoolBackward},
    {"optimizer_update",             kOptimizerUpdate},
    {"cross_entropy_forward",        kCrossEntropyForward},
    {"cross_entropy_backward",       kCrossEntropyBackward},
    {"tensor_sum",                   kTensorSum},
};
// clang-format on

}  // namespace

std::span<const uint32_t> embeddedShader(std::string_view name) {
    for (const EmbeddedShader& shader : kShaders)
        if (shader.name == name) return shader.words;
    return {};
}

}  // namespace actlab
