// A reader for the flat JSON that actlab-cli train/compare print: one object, or an array of
// objects, whose values are strings, numbers, booleans or null (no nesting).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace actlab::test {

// key → value text (strings without their quotes; numbers, true/false/null as written).
using FlatObject = std::map<std::string, std::string>;

// Parses the objects in `text` ("{...}" or "[{...},{...}]"); nullopt if it is not such JSON.
inline std::optional<std::vector<FlatObject>> parseFlatJson(const std::string& text) {
    std::vector<FlatObject> objects;
    size_t i = 0;
    const auto skip = [&] {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\n')) ++i;
    };
    const auto readString = [&](std::string& out) {
        if (i >= text.size() || text[i] != '"') return false;
        for (++i; i < text.size() && text[i] != '"'; ++i) {
            if (text[i] == '\\') ++i;
            if (i < text.size()) out += text[i];
        }
        return i++ < text.size();
    };
    skip();
    const bool array = i < text.size() && text[i] == '[';
    if (array) ++i;
    while (true) {
        skip();
        if (array && i < text.size() && text[i] == ']' && objects.empty()) break;
        if (i >= text.size() || text[i++] != '{') return std::nullopt;
        FlatObject object;
        while (true) {
            std::string key, value;
            if (!readString(key) || i >= text.size() || text[i++] != ':') return std::nullopt;
            if (i < text.size() && text[i] == '"') {
                if (!readString(value)) return std::nullopt;
            } else {
                while (i < text.size() && text[i] != ',' && text[i] != '}') value += text[i++];
                if (value.empty()) return std::nullopt;
            }
            if (!object.emplace(key, value).second) return std::nullopt;  // duplicate key
            if (i >= text.size()) return std::nullopt;
            if (text[i] == '}') break;
            if (text[i++] != ',') return std::nullopt;
        }
        ++i;
        objects.push_back(std::move(object));
        if (!array) break;
        if (i < text.size() && text[i] == ',') {
            ++i;
            continue;
        }
        if (i >= text.size() || text[i++] != ']') return std::nullopt;
        break;
    }
    skip();
    if (i != text.size()) return std::nullopt;
    return objects;
}

}  // namespace actlab::test
