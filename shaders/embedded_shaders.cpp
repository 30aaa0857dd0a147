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
constexpr uint32_t kOptimizerStep[] =
#include "optimizer_step.spv.inc"
    ;
constexpr uint32_t kPreluForward[] =
#include "prelu_forward.spv.inc"
    ;
constexpr uint32_t kPreluAlphaGradient[] =
#include "prelu_alpha_gradient.spv.inc"
    ;

struct EmbeddedShader {
    std::string_view name;
    std::span<const uint32_t> words;
};

// clang-format off
constexpr EmbeddedShader kShaders[] = {
    {"activation_scalar",     kActivationScalar},
    {"activation_gated",      kActivationGated},
    {"matmul",                kMatmul},
    {"elementwise_product",   kElementwiseProduct},
    {"column_sum",            kColumnSum},
    {"loss_gradient",         kLossGradient},
    {"gradient_norm_partial", kGradientNormPartial},
    {"gradient_norm_final",   kGradientNormFinal},
    {"optimizer_step",        kOptimizerStep},
    {"prelu_forward",         kPreluForward},
    {"prelu_alpha_gradient",  kPreluAlphaGradient},
};
// clang-format on

}  // namespace

std::span<const uint32_t> embeddedShader(std::string_view name) {
    for (const EmbeddedShader& shader : kShaders)
        if (shader.name == name) return shader.words;
    return {};
}

}  // namespace actlab
