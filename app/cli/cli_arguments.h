// Argument scanning for actlab-cli: positional words, `--flag value` options (some repeatable),
// switches; every problem is a CliError carrying one line for stderr.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "activations/catalogue.h"
#include "backends/backend_factory.h"

namespace actlab::cli {

// A usage error: printed as one line, exit status 2.
class CliError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class Arguments {
public:
    // valued: options that take a value; switches: options without one. Throws CliError.
    Arguments(const std::vector<std::string>& words, const std::set<std::string>& valued,
              const std::set<std::string>& switches, const std::set<std::string>& repeatable);

    const std::vector<std::string>& positional() const { return m_positional; }
    std::optional<std::string> value(const std::string& option) const;  // last occurrence
    std::vector<std::string> values(const std::string& option) const;   // every occurrence
    bool has(const std::string& option) const;

private:
    std::vector<std::string> m_positional;
    std::map<std::string, std::vector<std::string>> m_values;
    std::set<std::string> m_switches;
};

double parseNumberOrThrow(const std::string& text, const std::string& what);
long long parseCountOrThrow(const std::string& text, const std::string& what);
std::vector<double> parseNumberList(const std::string& text, const std::string& what);

// The named catalogue entry with `--param K=V` applied; throws CliError.
ActivationConfig parseActivation(const std::string& name, const std::vector<std::string>& params);
// --backend, else ACTLAB_BACKEND, else `fallback`; throws CliError on an unknown name.
BackendChoice parseBackendOption(const Arguments& args, BackendChoice fallback);
// A window "A:B" with finite A < B.
std::pair<double, double> parseWindow(const std::string& text, const std::string& what);

}  // namespace actlab::cli
