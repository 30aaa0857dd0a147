// JSON text with commas placed automatically; strings escaped per RFC 8259.
#include "json_writer.h"

#include <cmath>
#include <cstdio>

#include "common/number_format.h"

namespace actlab::cli {

void JsonWriter::separate() {
    if (m_needComma) m_text += ',';
    m_needComma = true;
}

JsonWriter& JsonWriter::beginObject() {
    separate();
    m_text += '{';
    m_needComma = false;
    return *this;
}
JsonWriter& JsonWriter::endObject() {
    m_text += '}';
    m_needComma = true;
    return *this;
}
JsonWriter& JsonWriter::beginArray() {
    separate();
    m_text += '[';
    m_needComma = false;
    return *this;
}
JsonWriter& JsonWriter::endArray() {
    m_text += ']';
    m_needComma = true;
    return *this;
}
JsonWriter& JsonWriter::key(std::string_view name) {
    value(name);
    m_text += ':';
    m_needComma = false;
    return *this;
}
JsonWriter& JsonWriter::value(std::string_view text) {
    separate();
    m_text += '"';
    for (const char c : text) {
        switch (c) {
            case '"':
                m_text += "\\\"";
                break;
            case '\\':
                m_text += "\\\\";
                break;
            case '\n':
                m_text += "\\n";
                break;
            case '\t':
                m_text += "\\t";
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char buffer[8];
                    std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
                    m_text += buffer;
                } else {
                    m_text += c;
                }
        }
    }
    m_text += '"';
    return *this;
}
JsonWriter& JsonWriter::value(double number) {
    separate();
    m_text += std::isfinite(number) ? formatNumber(number) : "null";
    return *this;
}
JsonWriter& JsonWriter::value(long long number) {
    separate();
    m_text += std::to_string(number);
    return *this;
}
JsonWriter& JsonWriter::value(bool flag) {
    separate();
    m_text += flag ? "true" : "false";
    return *this;
}

}  // namespace actlab::cli
