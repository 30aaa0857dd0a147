// The SPIR-V of every compute shader, compiled at build time and embedded in the binary.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace actlab {

// SPIR-V words of shader `name` (the .comp file name without extension); empty if unknown.
std::span<const uint32_t> embeddedShader(std::string_view name);

}  // namespace actlab
