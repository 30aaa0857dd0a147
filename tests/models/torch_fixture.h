// The cases of a fixture file written by one of scripts/make_*_fixtures.py: {"cases": [{"name",
// …}]}, read once. A missing or empty file gives the single case name "missing_fixture", whose
// lookup fails loudly, so that a test suite never passes on no cases.
#pragma once

#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace actlab::test {

template <typename Json>
class TorchFixture {
public:
    explicit TorchFixture(std::string path) : m_path(std::move(path)) {
        std::ifstream in(m_path);
        if (in) m_cases = Json::parse(in).at("cases");
    }
    const Json& cases() const { return m_cases; }
    const Json& find(const std::string& name) const {
        for (const Json& c : m_cases)
            if (c.at("name") == name) return c;
        throw std::runtime_error("no case " + name + " in " + m_path);
    }
    std::vector<std::string> names() const {
        std::vector<std::string> names;
        for (const Json& c : m_cases) names.push_back(c.at("name"));
        if (names.empty()) names.push_back("missing_fixture");  // fails in find(), loudly
        return names;
    }

private:
    std::string m_path;
    Json m_cases = Json::array();
};

}  // namespace actlab::test
