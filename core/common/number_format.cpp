// Shortest round-trip formatting (std::to_chars) and strict parsing (std::from_chars).
#include "common/number_format.h"

#include <charconv>
#include <cmath>
#include <system_error>

namespace actlab {
namespace {

template <typename T>
std::string formatShortest(T value) {
    if (value == T(0)) return std::signbit(value) ? "-0" : "0";
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

}  // namespace

std::string formatNumber(double value) { return formatShortest(value); }
std::string formatNumber(float value) { return formatShortest(value); }

ParsedNumber parseNumber(std::string_view text) {
    ParsedNumber parsed;
    if (text.empty()) return parsed;
    const char* begin = text.data();
    if (*begin == '+') ++begin;  // from_chars does not take a leading '+'
    double value = 0;
    const auto result = std::from_chars(begin, text.data() + text.size(), value);
    if (result.ec == std::errc::result_out_of_range) {
        parsed.error = ParseError::OutOfRange;
        return parsed;
    }
    if (result.ec != std::errc() || result.ptr != text.data() + text.size()) return parsed;
    if (!std::isfinite(value)) {
        parsed.error = ParseError::NotFinite;
        return parsed;
    }
    parsed.value = value;
    return parsed;
}

std::string_view parseErrorText(ParseError error) {
    switch (error) {
        case ParseError::NotANumber:
            return "is not a number";
        case ParseError::NotFinite:
            return "is not finite";
        case ParseError::OutOfRange:
            return "is out of the range of a double";
    }
    return "is not a number";
}

}  // namespace actlab
