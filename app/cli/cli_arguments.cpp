// Strict parsing of actlab-cli arguments; every message names the offending text.
#include "cli_arguments.h"

#include <cmath>
#include <cstdlib>

#include "common/number_format.h"

namespace actlab::cli {

Arguments::Arguments(const std::vector<std::string>& words, const std::set<std::string>& valued,
                     const std::set<std::string>& switches,
                     const std::set<std::string>& repeatable) {
    for (size_t i = 0; i < words.size(); ++i) {
        std::string word = words[i];
        if (word.rfind("--", 0) != 0 || word == "--") {
            if (word.size() > 1 && word[0] == '-' &&
                !std::isdigit(static_cast<unsigned char>(word[1])) && word[1] != '.')
                throw CliError("unknown option '" + word + "'");
            m_positional.push_back(word);
            continue;
        }
        std::optional<std::string> inlineValue;
        if (const size_t eq = word.find('='); eq != std::string::npos) {
            inlineValue = word.substr(eq + 1);
            word = word.substr(0, eq);
        }
        if (switches.count(word)) {
            if (inlineValue) throw CliError("option '" + word + "' takes no value");
            m_switches.insert(word);
            continue;
        }
        if (!valued.count(word)) throw CliError("unknown option '" + word + "'");
        std::string text;
        if (inlineValue) {
            text = *inlineValue;
        } else {
            if (i + 1 >= words.size()) throw CliError("option '" + word + "' needs a value");
            text = words[++i];
        }
        auto& slot = m_values[word];
        if (!slot.empty() && !repeatable.count(word))
            throw CliError("option '" + word + "' given more than once");
        slot.push_back(text);
    }
}

std::optional<std::string> Arguments::value(const std::string& option) const {
    const auto it = m_values.find(option);
    if (it == m_values.end() || it->second.empty()) return std::nullopt;
    return it->second.back();
}

std::vector<std::string> Arguments::values(const std::string& option) const {
    const auto it = m_values.find(option);
    return it == m_values.end() ? std::vector<std::string>{} : it->second;
}

bool Arguments::has(const std::string& option) const {
    return m_switches.count(option) || m_values.count(option);
}

double parseNumberOrThrow(const std::string& text, const std::string& what) {
    const ParsedNumber parsed = parseNumber(text);
    if (!parsed.value)
        throw CliError(what + " '" + text + "' " + std::string(parseErrorText(parsed.error)));
    return *parsed.value;
}

long long parseCountOrThrow(const std::string& text, const std::string& what) {
    const double value = parseNumberOrThrow(text, what);
    if (value != std::floor(value) || std::abs(value) > 9e15)
        throw CliError(what + " '" + text + "' is not a whole number");
    return static_cast<long long>(value);
}

std::vector<double> parseNumberList(const std::string& text, const std::string& what) {
    std::vector<double> numbers;
    size_t start = 0;
    while (true) {
        const size_t comma = text.find(',', start);
        const std::string item =
            text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (item.empty()) throw CliError(what + " has an empty item in '" + text + "'");
        numbers.push_back(parseNumberOrThrow(item, what + " item"));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return numbers;
}

ActivationConfig parseActivation(const std::string& name, const std::vector<std::string>& params) {
    std::string error;
    const std::optional<ActivationConfig> parsed = parseActivationSpec(name, &error);
    if (!parsed) throw CliError(error);
    ActivationConfig config = *parsed;
    for (const std::string& param : params) {
        const size_t eq = param.find('=');
        if (eq == std::string::npos || eq == 0)
            throw CliError("--param expects NAME=VALUE, got '" + param + "'");
        const std::string key = param.substr(0, eq);
        const double value = parseNumberOrThrow(param.substr(eq + 1), "parameter " + key);
        if (auto error = config.setParameter(key, value)) throw CliError(*error);
    }
    return config;
}

BackendChoice parseBackendOption(const Arguments& args, BackendChoice fallback) {
    if (auto text = args.value("--backend")) {
        if (auto choice = parseBackendChoice(*text)) return *choice;
        throw CliError("unknown backend '" + *text + "' (expected cpu, vulkan or auto)");
    }
    if (const char* env = std::getenv("ACTLAB_BACKEND"); env && *env) {
        if (auto choice = parseBackendChoice(env)) return *choice;
        throw CliError("ACTLAB_BACKEND='" + std::string(env) + "' is not cpu, vulkan or auto");
    }
    return fallback;
}

std::pair<double, double> parseWindow(const std::string& text, const std::string& what) {
    const size_t colon = text.find(':');
    if (colon == std::string::npos || text.find(':', colon + 1) != std::string::npos)
        throw CliError(what + " expects A:B, got '" + text + "'");
    const double low = parseNumberOrThrow(text.substr(0, colon), what + " start");
    const double high = parseNumberOrThrow(text.substr(colon + 1), what + " end");
    if (!(low < high)) throw CliError(what + " needs A < B, got '" + text + "'");
    return {low, high};
}

}  // namespace actlab::cli
