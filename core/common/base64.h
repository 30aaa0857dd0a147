// Base64 (RFC 4648 §4, with padding): binary blobs such as a run's safetensors weights inside
// the JSON text of a session file.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace actlab {

std::string encodeBase64(std::string_view bytes);
// nullopt for a length that is not a multiple of 4, a character outside the alphabet, or
// padding anywhere but at the end.
std::optional<std::string> decodeBase64(std::string_view text);

}  // namespace actlab
