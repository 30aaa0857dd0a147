// Test support: where each catalogue function has a kink (f′ or f″ jumps) and the parameter
// settings the derivative and extreme-value suites sweep (defaults plus in-range values).
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "activations/catalogue.h"

namespace actlab::test {

// Kinks of the scalar function config evaluates (for a gated unit: of its gate act(x)).
// softsign is C¹ at 0 but its f″ jumps; elu with α = 1 likewise.
inline std::vector<double> kinksOf(const ActivationConfig& config) {
    switch (config.info().gate) {
        case ActivationId::Relu:
        case ActivationId::LeakyRelu:
        case ActivationId::Prelu:
        case ActivationId::Elu:
        case ActivationId::Selu:
        case ActivationId::Softsign:
            return {0.0};
        case ActivationId::Hardswish:
        case ActivationId::Hardsigmoid:
            return {-3.0, 3.0};
        case ActivationId::Relu6:
            return {0.0, 6.0};
        case ActivationId::Softplus:
            return {config.parameters[1] / config.parameters[0]};
        default:
            return {};
    }
}

// True when x lies within `distance` of a kink of config.
inline bool nearKink(const ActivationConfig& config, double x, double distance) {
    for (double kink : kinksOf(config))
        if (std::abs(x - kink) <= distance) return true;
    return false;
}

// Every catalogue entry (scalar and gated) with its defaults, plus non-default settings of the
// parameterised ones, spanning their ranges (ends included).
inline std::vector<ActivationConfig> sweepConfigs() {
    struct Setting {
        ActivationId id;
        std::vector<std::pair<std::string, double>> values;
    };
    const std::vector<Setting> extra = {
        {ActivationId::LeakyRelu, {{"alpha", 0.0}}},
        {ActivationId::LeakyRelu, {{"alpha", 0.2}}},
        {ActivationId::LeakyRelu, {{"alpha", 1.0}}},
        {ActivationId::Prelu, {{"alpha", 0.7}}},
        {ActivationId::Elu, {{"alpha", 0.1}}},
        {ActivationId::Elu, {{"alpha", 2.5}}},
        {ActivationId::Elu, {{"alpha", 3.0}}},
        {ActivationId::Softplus, {{"beta", 0.1}}},
        {ActivationId::Softplus, {{"beta", 0.5}, {"threshold", 5.0}}},
        {ActivationId::Softplus, {{"beta", 5.0}}},
        {ActivationId::Softplus, {{"beta", 10.0}, {"threshold", 50.0}}},
        {ActivationId::Softplus, {{"beta", 10.0}, {"threshold", 1.0}}},
        {ActivationId::Swish, {{"beta", 0.1}}},
        {ActivationId::Swish, {{"beta", 1.702}}},
        {ActivationId::Swish, {{"beta", 10.0}}},
    };
    std::vector<ActivationConfig> configs;
    for (const ActivationInfo& info : activationCatalogue())
        configs.push_back(ActivationConfig::withDefaults(info.id));
    for (const Setting& setting : extra) {
        ActivationConfig config = ActivationConfig::withDefaults(setting.id);
        for (const auto& [name, value] : setting.values) config.setParameter(name, value);
        configs.push_back(config);
    }
    return configs;
}

// "softplus(beta=0.5, threshold=5)" for failure messages.
inline std::string describe(const ActivationConfig& config) {
    std::string text(config.info().name);
    const auto specs = config.info().parameters;
    for (size_t i = 0; i < specs.size(); ++i) {
        text += (i == 0 ? "(" : ", ") + std::string(specs[i].name) + "=" +
                std::to_string(config.parameters[i]);
    }
    return specs.empty() ? text : text + ")";
}

}  // namespace actlab::test
