// The CLI's one-line JSON outputs, built in order with nlohmann-json as core writes its JSON:
// objects, arrays, strings, integers, booleans and numbers that read back to the same double
// (a non-finite one is written as null; a whole number as an integer, "1", not "1.0").
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "diagnostics/distributions.h"

namespace actlab::cli {

class JsonWriter {
public:
    JsonWriter() = default;
    JsonWriter(const JsonWriter&) = delete;  // it points into its own document
    JsonWriter& operator=(const JsonWriter&) = delete;

    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();
    JsonWriter& key(std::string_view name);  // the next value's key in the open object
    JsonWriter& value(std::string_view text);
    JsonWriter& value(const char* text) { return value(std::string_view(text)); }
    JsonWriter& value(double number);
    JsonWriter& value(long long number);
    JsonWriter& value(bool flag);
    std::string text() const;  // compact, keys in the order written

private:
    using Json = nlohmann::ordered_json;
    Json& add(Json item);  // into the open object (under the pending key) or array

    Json m_root;
    std::vector<Json*> m_open;  // the containers being written, innermost last
    std::string m_key;
    bool m_started = false;
};

// "mix_weights": {site: {component: share, …}, …} when a run has a learnable mix; nothing else.
void writeMixWeights(JsonWriter& json, const std::vector<MixReading>& mixes);

}  // namespace actlab::cli
