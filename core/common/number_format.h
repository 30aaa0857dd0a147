// Number formatting and parsing that round-trips: what the CLI prints and reads.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace actlab {

std::string formatNumber(double value);  // shortest text that reads back to the same double
std::string formatNumber(float value);   // shortest text that reads back to the same float

enum class ParseError { NotANumber, NotFinite, OutOfRange };
struct ParsedNumber {
    std::optional<double> value;
    ParseError error = ParseError::NotANumber;
};
// Parses the whole of `text` as a finite double (no spaces, no trailing characters).
ParsedNumber parseNumber(std::string_view text);
std::string_view parseErrorText(ParseError error);  // "is not a number", ...

}  // namespace actlab
