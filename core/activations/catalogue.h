// The activation catalogue: every function ActLab knows, its parameters, ranges and formula.
// An explicit table (catalogue.cpp); the maths lives in scalar_functions.h.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace actlab {

enum class ActivationKind { Scalar, Gated };

// Stable identifiers; the order is the catalogue's order (and the shaders' function index).
enum class ActivationId : int {
    Identity,
    Relu,
    LeakyRelu,
    Prelu,
    Elu,
    Selu,
    Sigmoid,
    Tanh,
    Softplus,
    Softsign,
    Gelu,
    GeluTanh,
    GeluSigmoid,
    Silu,
    Swish,
    Mish,
    Hardswish,
    Hardsigmoid,
    Relu6,
    Glu,
    Reglu,
    Geglu,
    Swiglu,
};
inline constexpr int kActivationCount = 23;
inline constexpr int kMaxParameters = 2;  // softplus: beta, threshold

struct ParameterSpec {
    std::string_view name;  // as typed in `--param NAME=V`
    double defaultValue;
    double minimum;  // inclusive valid range
    double maximum;
    std::string_view meaning;  // one line for tooltips and `list`
};

struct ActivationInfo {
    ActivationId id;
    std::string_view name;         // CLI name, e.g. "gelu_tanh"
    std::string_view displayName;  // e.g. "GELU (tanh approx.)"
    ActivationKind kind;
    ActivationId gate;  // gated units: the scalar act() applied to x; scalars: id
    std::span<const ParameterSpec> parameters;
    std::string_view formula;  // plain-text formula, Unicode
    bool learnable;            // a parameter that training may learn (PReLU's alpha)
};

// A catalogue entry with concrete parameter values (in the order of info.parameters).
struct ActivationConfig {
    ActivationId id = ActivationId::Relu;
    std::array<double, kMaxParameters> parameters{};

    static ActivationConfig withDefaults(ActivationId id);
    const ActivationInfo& info() const;
    // Sets parameter NAME; returns an error message if unknown or out of range.
    std::optional<std::string> setParameter(std::string_view name, double value);
    // Value of parameter NAME (must exist).
    double parameter(std::string_view name) const;
};

std::span<const ActivationInfo> activationCatalogue();
const ActivationInfo& activationInfo(ActivationId id);
const ActivationInfo* findActivation(std::string_view name);  // nullptr when unknown

}  // namespace actlab
