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
    // Not a catalogue row: the learnable mixture Σᵢ softmax(w)ᵢ·fᵢ(x) over chosen catalogue
    // functions (the seeds' "dynamic activation"), its weights a parameter of the layer using it.
    Mix,
};
inline constexpr int kActivationCount = 23;  // catalogue rows (Mix is not one)
inline constexpr int kMaxParameters = 2;     // softplus: beta, threshold
inline constexpr int kMaxMixture = 8;        // components of a mix

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
    // Mix: its components, scalar catalogue functions at their default parameters, in order.
    std::array<ActivationId, kMaxMixture> mixture{};
    int mixtureSize = 0;

    // For Mix: the default mixture, mix(relu,gelu,silu,tanh).
    static ActivationConfig withDefaults(ActivationId id);
    static ActivationConfig mix(std::span<const ActivationId> components);
    std::span<const ActivationId> components() const {
        return {mixture.data(), size_t(mixtureSize)};
    }
    // The configuration of component i of a mix, at its default parameters.
    ActivationConfig component(int i) const { return withDefaults(mixture[size_t(i)]); }
    bool operator==(const ActivationConfig& other) const;
    const ActivationInfo& info() const;
    // Sets parameter NAME; returns an error message if unknown or out of range.
    std::optional<std::string> setParameter(std::string_view name, double value);
    // Value of parameter NAME (must exist).
    double parameter(std::string_view name) const;
};

std::span<const ActivationInfo> activationCatalogue();
const ActivationInfo& activationInfo(ActivationId id);  // Mix too
// A catalogue row; nullptr when unknown (and for "mix", which is not a row).
const ActivationInfo* findActivation(std::string_view name);
// A catalogue row's id, or Mix for "mix" (the default mixture the app's boxes offer).
std::optional<ActivationId> findActivationId(std::string_view name);

// An activation as written on a command line or in a file: a name ("gelu"), "mix" (the default
// mixture) or a mixture "mix(relu,gelu,silu)" of 2 to kMaxMixture distinct scalar catalogue
// functions (no prelu, no mix). Parameters are not part of it. nullopt with *error set (one line)
// when malformed.
std::optional<ActivationConfig> parseActivationSpec(std::string_view text, std::string* error);
// The inverse: "gelu", "mix(relu,gelu,silu)".
std::string activationSpec(const ActivationConfig& config);
// "GELU", "Mix (ReLU, GELU, SiLU)".
std::string activationDisplayName(const ActivationConfig& config);

}  // namespace actlab
