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

struct EmbeddedShader {
    std::string_view name;
    std::span<const uint32_t> words;
};

// clang-format off
constexpr EmbeddedShader kShaders[] = {
    {"activation_scalar", kActivationScalar},
    {"activation_gated",  kActivationGated},
};
// clang-format on

}  // namespace

std::span<const uint32_t> embeddedShader(std::string_view name) {
    for (const EmbeddedShader& shader : kShaders)
        if (shader.name == name) return shader.words;
    return {};
}

}  // namespace actlab
