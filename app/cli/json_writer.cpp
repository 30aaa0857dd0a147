// JsonWriter: a stack of the open containers of an nlohmann::ordered_json document. Only the
// innermost container ever grows, so the pointers to the outer ones stay valid.
#include "json_writer.h"

#include <cmath>
#include <stdexcept>

namespace actlab::cli {

JsonWriter::Json& JsonWriter::add(Json item) {
    if (m_open.empty()) {
        if (m_started) throw std::logic_error("JsonWriter: a second top-level value");
        m_started = true;
        m_root = std::move(item);
        return m_root;
    }
    Json& open = *m_open.back();
    if (open.is_object()) {
        Json& slot = open[m_key];
        slot = std::move(item);
        return slot;
    }
    open.push_back(std::move(item));
    return open.back();
}

JsonWriter& JsonWriter::beginObject() {
    m_open.push_back(&add(Json::object()));
    return *this;
}
JsonWriter& JsonWriter::endObject() {
    m_open.pop_back();
    return *this;
}
JsonWriter& JsonWriter::beginArray() {
    m_open.push_back(&add(Json::array()));
    return *this;
}
JsonWriter& JsonWriter::endArray() {
    m_open.pop_back();
    return *this;
}
JsonWriter& JsonWriter::key(std::string_view name) {
    m_key = std::string(name);
    return *this;
}
JsonWriter& JsonWriter::value(std::string_view text) {
    add(std::string(text));
    return *this;
}
JsonWriter& JsonWriter::value(double number) {
    if (!std::isfinite(number)) {
        add(nullptr);
    } else if (number == std::floor(number) && std::abs(number) < 9007199254740992.0 &&
               !(number == 0 && std::signbit(number))) {
        add(static_cast<long long>(number));  // exact: |x| < 2^53
    } else {
        add(number);  // nlohmann's shortest digits that read back to the same double
    }
    return *this;
}
JsonWriter& JsonWriter::value(long long number) {
    add(number);
    return *this;
}
JsonWriter& JsonWriter::value(bool flag) {
    add(flag);
    return *this;
}

std::string JsonWriter::text() const {
    // Invalid UTF-8 (a file name, say) is replaced, never thrown on.
    return m_root.dump(-1, ' ', false, Json::error_handler_t::replace);
}

void writeMixWeights(JsonWriter& json, const std::vector<MixReading>& mixes) {
    if (mixes.empty()) return;
    json.key("mix_weights").beginObject();
    for (const MixReading& mix : mixes) {
        json.key(mix.site).beginObject();
        for (size_t i = 0; i < mix.components.size() && i < mix.shares.size(); ++i)
            json.key(mix.components[i]).value(mix.shares[i]);
        json.endObject();
    }
    json.endObject();
}

}  // namespace actlab::cli
