// A minimal JSON writer for the CLI's one-line outputs: objects, arrays, escaped strings and
// round-trip numbers, built up in order.
#pragma once

#include <string>
#include <string_view>

namespace actlab::cli {

class JsonWriter {
public:
    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();
    JsonWriter& key(std::string_view name);
    JsonWriter& value(std::string_view text);
    JsonWriter& value(const char* text) { return value(std::string_view(text)); }
    JsonWriter& value(double number);  // non-finite numbers are written as null
    JsonWriter& value(long long number);
    JsonWriter& value(bool flag);
    const std::string& text() const { return m_text; }

private:
    void separate();
    std::string m_text;
    bool m_needComma = false;
};

}  // namespace actlab::cli
