// The activation catalogue table: names, parameters with defaults and ranges, formulas.
#include "activations/catalogue.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "common/number_format.h"

namespace actlab {
namespace {

constexpr ParameterSpec kLeakyAlpha[] = {{"alpha", 0.01, 0.0, 1.0, "slope for x < 0"}};
constexpr ParameterSpec kPreluAlpha[] = {{"alpha", 0.25, 0.0, 1.0, "slope for x < 0 (learnable)"}};
constexpr ParameterSpec kEluAlpha[] = {
    {"alpha", 1.0, 0.1, 3.0, "saturation value -alpha for x -> -inf"}};
constexpr ParameterSpec kSoftplus[] = {
    {"beta", 1.0, 0.1, 10.0, "sharpness"},
    {"threshold", 20.0, 1.0, 50.0, "beta*x above which softplus is linear"}};
constexpr ParameterSpec kSwishBeta[] = {
    {"beta", 1.0, 0.1, 10.0, "gate sharpness; 1 is SiLU, 1.702 approximates GELU"}};
constexpr std::span<const ParameterSpec> kNone{};

using K = ActivationKind;
using I = ActivationId;

// clang-format off
constexpr ActivationInfo kCatalogue[kActivationCount] = {
 // id              name            display name             kind      gate            params       formula                                                      learnable
 {I::Identity,    "identity",     "Identity",              K::Scalar, I::Identity,    kNone,       "f(x) = x",                                                   false},
 {I::Relu,        "relu",         "ReLU",                  K::Scalar, I::Relu,        kNone,       "f(x) = max(0, x)",                                           false},
 {I::LeakyRelu,   "leaky_relu",   "Leaky ReLU",            K::Scalar, I::LeakyRelu,   kLeakyAlpha, "f(x) = x if x > 0, else α·x",                                false},
 {I::Prelu,       "prelu",        "PReLU",                 K::Scalar, I::Prelu,       kPreluAlpha, "f(x) = x if x > 0, else α·x  (α learned)",                   true},
 {I::Elu,         "elu",          "ELU",                   K::Scalar, I::Elu,         kEluAlpha,   "f(x) = x if x > 0, else α·(eˣ − 1)",                         false},
 {I::Selu,        "selu",         "SELU",                  K::Scalar, I::Selu,        kNone,       "f(x) = λ·x if x > 0, else λ·α·(eˣ − 1);  λ ≈ 1.0507, α ≈ 1.6733", false},
 {I::Sigmoid,     "sigmoid",      "Sigmoid",               K::Scalar, I::Sigmoid,     kNone,       "σ(x) = 1 / (1 + e⁻ˣ)",                                       false},
 {I::Tanh,        "tanh",         "Tanh",                  K::Scalar, I::Tanh,        kNone,       "f(x) = (eˣ − e⁻ˣ) / (eˣ + e⁻ˣ)",                             false},
 {I::Softplus,    "softplus",     "Softplus",              K::Scalar, I::Softplus,    kSoftplus,   "f(x) = ln(1 + e^(βx)) / β;  x if βx > threshold",           false},
 {I::Softsign,    "softsign",     "Softsign",              K::Scalar, I::Softsign,    kNone,       "f(x) = x / (1 + |x|)",                                       false},
 {I::Gelu,        "gelu",         "GELU",                  K::Scalar, I::Gelu,        kNone,       "f(x) = x·Φ(x) = x·½·(1 + erf(x/√2))",                        false},
 {I::GeluTanh,    "gelu_tanh",    "GELU (tanh approx.)",   K::Scalar, I::GeluTanh,    kNone,       "f(x) = ½x·(1 + tanh(√(2/π)·(x + 0.044715x³)))",              false},
 {I::GeluSigmoid, "gelu_sigmoid", "GELU (sigmoid approx.)",K::Scalar, I::GeluSigmoid, kNone,       "f(x) = x·σ(1.702x)",                                         false},
 {I::Silu,        "silu",         "SiLU",                  K::Scalar, I::Silu,        kNone,       "f(x) = x·σ(x)",                                              false},
 {I::Swish,       "swish",        "Swish",                 K::Scalar, I::Swish,       kSwishBeta,  "f(x) = x·σ(βx)",                                             false},
 {I::Mish,        "mish",         "Mish",                  K::Scalar, I::Mish,        kNone,       "f(x) = x·tanh(softplus(x))",                                 false},
 {I::Hardswish,   "hardswish",    "Hardswish",             K::Scalar, I::Hardswish,   kNone,       "f(x) = x·relu6(x + 3) / 6",                                  false},
 {I::Hardsigmoid, "hardsigmoid",  "Hardsigmoid",           K::Scalar, I::Hardsigmoid, kNone,       "f(x) = relu6(x + 3) / 6",                                    false},
 {I::Relu6,       "relu6",        "ReLU6",                 K::Scalar, I::Relu6,       kNone,       "f(x) = min(max(0, x), 6)",                                   false},
 {I::Glu,         "glu",          "GLU",                   K::Gated,  I::Sigmoid,     kNone,       "y = σ(x)·v",                                                 false},
 {I::Reglu,       "reglu",        "ReGLU",                 K::Gated,  I::Relu,        kNone,       "y = max(0, x)·v",                                            false},
 {I::Geglu,       "geglu",        "GeGLU",                 K::Gated,  I::Gelu,        kNone,       "y = GELU(x)·v",                                              false},
 {I::Swiglu,      "swiglu",       "SwiGLU",                K::Gated,  I::Silu,        kNone,       "y = SiLU(x)·v = x·σ(x)·v",                                   false},
};
// clang-format on

// clang-format off
constexpr ActivationInfo kMixInfo =
 {I::Mix,         "mix",          "Mix (learned)",         K::Scalar, I::Mix,         kNone,       "f(x) = Σᵢ softmax(w)ᵢ·fᵢ(x)  (w learned, equal at the start)", true};
// clang-format on

constexpr ActivationId kDefaultMixture[] = {I::Relu, I::Gelu, I::Silu, I::Tanh};

constexpr bool catalogueIsInIdOrder() {
    for (int i = 0; i < kActivationCount; ++i)
        if (static_cast<int>(kCatalogue[i].id) != i) return false;
    return true;
}
static_assert(catalogueIsInIdOrder(), "kCatalogue rows must follow ActivationId order");

}  // namespace

std::span<const ActivationInfo> activationCatalogue() { return kCatalogue; }

const ActivationInfo& activationInfo(ActivationId id) {
    return id == I::Mix ? kMixInfo : kCatalogue[static_cast<int>(id)];
}

const ActivationInfo* findActivation(std::string_view name) {
    for (const ActivationInfo& info : kCatalogue)
        if (info.name == name) return &info;
    return nullptr;
}

std::optional<ActivationId> findActivationId(std::string_view name) {
    if (name == kMixInfo.name) return I::Mix;
    if (const ActivationInfo* info = findActivation(name)) return info->id;
    return std::nullopt;
}

ActivationConfig ActivationConfig::mix(std::span<const ActivationId> components) {
    ActivationConfig config;
    config.id = I::Mix;
    if (components.size() > size_t(kMaxMixture))
        throw std::invalid_argument("a mix has at most 8 components");
    std::copy(components.begin(), components.end(), config.mixture.begin());
    config.mixtureSize = int(components.size());
    return config;
}

bool ActivationConfig::operator==(const ActivationConfig& other) const {
    return id == other.id && parameters == other.parameters &&
           std::equal(components().begin(), components().end(), other.components().begin(),
                      other.components().end());
}

namespace {

// A component of a mix: a scalar catalogue function whose parameters are not learned.
const ActivationInfo* mixComponent(std::string_view name, std::string* error) {
    const ActivationInfo* info = findActivation(name);
    if (!info) {
        *error = "unknown function '" + std::string(name) + "' in the mix";
        return nullptr;
    }
    if (info->kind != K::Scalar || info->learnable) {
        *error = "'" + std::string(name) +
                 "' cannot be part of a mix (its components are scalar functions without "
                 "learned parameters)";
        return nullptr;
    }
    return info;
}

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    return text;
}

}  // namespace

std::optional<ActivationConfig> parseActivationSpec(std::string_view text, std::string* error) {
    text = trimmed(text);
    const size_t open = text.find('(');
    if (text == kMixInfo.name) return ActivationConfig::withDefaults(I::Mix);
    if (open == std::string_view::npos) {
        const ActivationInfo* info = findActivation(text);
        if (!info) {
            *error = "unknown function '" + std::string(text) + "' (see 'actlab-cli list')";
            return std::nullopt;
        }
        return ActivationConfig::withDefaults(info->id);
    }
    if (trimmed(text.substr(0, open)) != "mix" || text.back() != ')') {
        *error = "'" + std::string(text) + "' is not a function name or mix(f1,f2,…)";
        return std::nullopt;
    }
    std::vector<ActivationId> components;
    std::string_view rest = text.substr(open + 1, text.size() - open - 2);
    while (true) {
        const size_t comma = rest.find(',');
        const std::string_view name = trimmed(rest.substr(0, comma));
        const ActivationInfo* info = mixComponent(name, error);
        if (!info) return std::nullopt;
        if (std::find(components.begin(), components.end(), info->id) != components.end()) {
            *error = "'" + std::string(name) + "' appears twice in the mix";
            return std::nullopt;
        }
        components.push_back(info->id);
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
    }
    if (components.size() < 2 || components.size() > size_t(kMaxMixture)) {
        *error = "a mix needs 2 to " + std::to_string(kMaxMixture) + " functions, got " +
                 std::to_string(components.size());
        return std::nullopt;
    }
    return ActivationConfig::mix(components);
}

std::string activationSpec(const ActivationConfig& config) {
    if (config.id != I::Mix) return std::string(config.info().name);
    std::string text = "mix(";
    for (int i = 0; i < config.mixtureSize; ++i)
        text.append(i ? "," : "").append(activationInfo(config.mixture[size_t(i)]).name);
    return text + ")";
}

std::string activationDisplayName(const ActivationConfig& config) {
    if (config.id != I::Mix) return std::string(config.info().displayName);
    std::string text = "Mix (";
    for (int i = 0; i < config.mixtureSize; ++i)
        text.append(i ? ", " : "").append(activationInfo(config.mixture[size_t(i)]).displayName);
    return text + ")";
}

ActivationConfig ActivationConfig::withDefaults(ActivationId id) {
    if (id == I::Mix) return mix(kDefaultMixture);
    ActivationConfig config;
    config.id = id;
    const auto specs = activationInfo(id).parameters;
    for (size_t i = 0; i < specs.size(); ++i) config.parameters[i] = specs[i].defaultValue;
    return config;
}

const ActivationInfo& ActivationConfig::info() const { return activationInfo(id); }

std::optional<std::string> ActivationConfig::setParameter(std::string_view name, double value) {
    const auto specs = info().parameters;
    for (size_t i = 0; i < specs.size(); ++i) {
        if (specs[i].name != name) continue;
        if (!std::isfinite(value) || value < specs[i].minimum || value > specs[i].maximum) {
            return "parameter '" + std::string(name) + "' of " + std::string(info().name) +
                   " must be in [" + formatNumber(specs[i].minimum) + ", " +
                   formatNumber(specs[i].maximum) + "], got " + formatNumber(value);
        }
        parameters[i] = value;
        return std::nullopt;
    }
    std::string known;
    for (const auto& spec : specs) known += (known.empty() ? "" : ", ") + std::string(spec.name);
    return "unknown parameter '" + std::string(name) + "' for " + std::string(info().name) +
           (known.empty() ? " (it has no parameters)" : " (known: " + known + ")");
}

double ActivationConfig::parameter(std::string_view name) const {
    const auto specs = info().parameters;
    for (size_t i = 0; i < specs.size(); ++i)
        if (specs[i].name == name) return parameters[i];
    throw std::invalid_argument("no such parameter");
}

}  // namespace actlab
