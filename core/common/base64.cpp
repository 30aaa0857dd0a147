// Base64 encoding and strict decoding (RFC 4648 §4).
#include "common/base64.h"

#include <algorithm>
#include <array>
#include <cstdint>

namespace actlab {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// The 6-bit value of each byte, or −1 for a byte outside the alphabet.
constexpr std::array<int, 256> decodingTable() {
    std::array<int, 256> table{};
    for (int& v : table) v = -1;
    for (int i = 0; i < 64; ++i) table[static_cast<unsigned char>(kAlphabet[i])] = i;
    return table;
}

}  // namespace

std::string encodeBase64(std::string_view bytes) {
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (size_t i = 0; i < bytes.size(); i += 3) {
        const size_t n = std::min<size_t>(3, bytes.size() - i);
        std::uint32_t word = 0;
        for (size_t k = 0; k < 3; ++k)
            word = (word << 8) | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0u);
        for (size_t k = 0; k < 4; ++k)
            out.push_back(k <= n ? kAlphabet[(word >> (18 - 6 * k)) & 63] : '=');
    }
    return out;
}

std::optional<std::string> decodeBase64(std::string_view text) {
    static constexpr std::array<int, 256> table = decodingTable();
    if (text.size() % 4 != 0) return std::nullopt;
    std::string out;
    out.reserve(text.size() / 4 * 3);
    for (size_t i = 0; i < text.size(); i += 4) {
        const bool last = i + 4 == text.size();
        size_t padding = 0;
        if (last) padding = (text[i + 3] == '=') + (text[i + 3] == '=' && text[i + 2] == '=');
        std::uint32_t word = 0;
        for (size_t k = 0; k < 4; ++k) {
            const int v = k >= 4 - padding ? 0 : table[static_cast<unsigned char>(text[i + k])];
            if (v < 0) return std::nullopt;
            word = (word << 6) | std::uint32_t(v);
        }
        for (size_t k = 0; k < 3 - padding; ++k) out.push_back(char((word >> (16 - 8 * k)) & 255));
    }
    return out;
}

}  // namespace actlab
