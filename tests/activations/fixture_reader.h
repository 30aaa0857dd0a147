// Reads the PyTorch fixtures written by scripts/make_activation_fixtures.py: CSV files under
// ACTLAB_FIXTURE_DIR, '#' lines are comments, an empty field means "PyTorch gave no value".
#pragma once

#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "activations/catalogue.h"

namespace actlab::test {

// One row of scalar_functions.csv or tails.csv: name,params,x,y,dy,d2y.
struct ScalarFixtureRow {
    int line = 0;
    std::string name;
    std::string params;  // "k=v;k=v" as written, for messages
    ActivationConfig config;
    double x = 0;
    std::optional<double> value, first, second;
};

// One row of gated_units.csv: name,x,v,y,dydx,dydv,d2ydx2.
struct GatedFixtureRow {
    int line = 0;
    std::string name;
    ActivationConfig config;
    double x = 0, v = 0;
    std::optional<double> value, dValueDx, dValueDv, secondDx;
};

inline std::string fixturePath(const std::string& file) {
    return std::string(ACTLAB_FIXTURE_DIR) + "/" + file;
}

inline std::vector<std::string> splitFields(const std::string& text, char separator) {
    std::vector<std::string> fields;
    std::string field;
    std::istringstream stream(text);
    while (std::getline(stream, field, separator)) fields.push_back(field);
    if (!text.empty() && text.back() == separator) fields.emplace_back();
    return fields;
}

// strtod reads back exactly the double that Python's repr() printed.
inline double parseNumber(const std::string& text) {
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0') throw std::runtime_error("not a number: '" + text + "'");
    return value;
}

inline std::optional<double> parseOptional(const std::string& text) {
    if (text.empty()) return std::nullopt;
    return parseNumber(text);
}

// The catalogue entry NAME with its defaults, then "k=v;k=v" applied; throws on any error.
inline ActivationConfig configFor(const std::string& name, const std::string& params) {
    const ActivationInfo* info = findActivation(name);
    if (info == nullptr) throw std::runtime_error("fixture names unknown activation " + name);
    ActivationConfig config = ActivationConfig::withDefaults(info->id);
    for (const std::string& pair : splitFields(params, ';')) {
        if (pair.empty()) continue;
        const size_t equals = pair.find('=');
        if (equals == std::string::npos) throw std::runtime_error("bad parameter " + pair);
        if (auto error =
                config.setParameter(pair.substr(0, equals), parseNumber(pair.substr(equals + 1))))
            throw std::runtime_error(*error);
    }
    return config;
}

// Data lines of FILE split into fields, with their line numbers; checks the column header.
inline std::vector<std::pair<int, std::vector<std::string>>> readCsv(const std::string& file,
                                                                     const std::string& header) {
    std::ifstream in(fixturePath(file));
    if (!in) throw std::runtime_error("cannot open " + fixturePath(file));
    std::vector<std::pair<int, std::vector<std::string>>> rows;
    std::string text;
    int line = 0;
    bool sawHeader = false;
    while (std::getline(in, text)) {
        ++line;
        if (text.empty() || text[0] == '#') continue;
        if (!sawHeader) {
            if (text != header) throw std::runtime_error(file + ": unexpected header " + text);
            sawHeader = true;
            continue;
        }
        rows.emplace_back(line, splitFields(text, ','));
    }
    return rows;
}

inline std::vector<ScalarFixtureRow> readScalarFixture(
    const std::string& file = "scalar_functions.csv") {
    std::vector<ScalarFixtureRow> rows;
    for (auto& [line, f] : readCsv(file, "name,params,x,y,dy,d2y")) {
        if (f.size() != 6)
            throw std::runtime_error("bad field count on line " + std::to_string(line));
        rows.push_back({line, f[0], f[1], configFor(f[0], f[1]), parseNumber(f[2]),
                        parseOptional(f[3]), parseOptional(f[4]), parseOptional(f[5])});
    }
    return rows;
}

inline std::vector<GatedFixtureRow> readGatedFixture() {
    std::vector<GatedFixtureRow> rows;
    for (auto& [line, f] : readCsv("gated_units.csv", "name,x,v,y,dydx,dydv,d2ydx2")) {
        if (f.size() != 7)
            throw std::runtime_error("bad field count on line " + std::to_string(line));
        rows.push_back({line, f[0], configFor(f[0], ""), parseNumber(f[1]), parseNumber(f[2]),
                        parseOptional(f[3]), parseOptional(f[4]), parseOptional(f[5]),
                        parseOptional(f[6])});
    }
    return rows;
}

}  // namespace actlab::test
