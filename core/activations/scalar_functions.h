// Reference maths of every catalogue function: value, first and second derivative, for float
// (evaluated in double, see evaluateScalar) and double, in forms free of cancellation in the
// tails. Safe for any finite x (no NaN/Inf where the true value is finite). Kinks use PyTorch
// 1.13's convention for f′ (e.g. relu′(0) = 0, leaky_relu′(0) = α).
#pragma once

#include <array>
#include <cmath>
#include <type_traits>

#include "activations/catalogue.h"

namespace actlab {

template <typename T>
struct Derivatives {
    T value;   // f(x)
    T first;   // f′(x)
    T second;  // f″(x)
};

// Gated unit y = act(x)·v and its partials.
template <typename T>
struct GatedDerivatives {
    T value;     // y
    T dValueDx;  // ∂y/∂x = act′(x)·v
    T dValueDv;  // ∂y/∂v = act(x)
    T secondDx;  // ∂²y/∂x² = act″(x)·v
};

namespace scalar {

inline constexpr double kSeluScale = 1.0507009873554804934193349852946;  // PyTorch's λ
inline constexpr double kSeluAlpha = 1.6732632423543772848170429916717;  // PyTorch's α
inline constexpr double kGeluTanhCoefficient = 0.044715;
inline constexpr double kSqrt2OverPi = 0.79788456080286535587989211986876;
inline constexpr double kInvSqrt2Pi = 0.39894228040143267793994605993438;
inline constexpr double kInvSqrt2 = 0.70710678118654752440084436210485;
inline constexpr double kGeluSigmoidBeta = 1.702;

// σ(x) = 1/(1+e^−x), evaluated without overflow on either side.
template <typename T>
T sigmoid(T x) {
    if (x >= T(0)) return T(1) / (T(1) + std::exp(-x));
    const T z = std::exp(x);
    return z / (T(1) + z);
}

template <typename T>
Derivatives<T> identity(T x) {
    return {x, T(1), T(0)};
}

// Piecewise-linear family: slope `negative` for x ≤ 0 (f′(0) = negative, as PyTorch).
template <typename T>
Derivatives<T> leakyRelu(T x, T negative) {
    if (x > T(0)) return {x, T(1), T(0)};
    return {negative * x + T(0), negative, T(0)};  // + 0 turns relu's −0 into +0, as PyTorch
}

// ELU-family: x > 0 → scale·x; x ≤ 0 → scale·α·(eˣ − 1).
template <typename T>
Derivatives<T> elu(T x, T alpha, T scale) {
    if (x > T(0)) return {scale * x, scale, T(0)};
    const T e = std::exp(x);
    return {scale * alpha * std::expm1(x), scale * alpha * e, scale * alpha * e};
}

// σ′(x) = σ(1 − σ) = e/(1 + e)² with e = e^−|x|: keeps relative accuracy in both tails.
template <typename T>
T sigmoidSlope(T x) {
    const T e = std::exp(-std::abs(x));
    return e / ((T(1) + e) * (T(1) + e));
}

// σ″ = σ′·(1 − 2σ) = −σ′·tanh(x/2): 1 − 2σ would cancel near 0.
template <typename T>
Derivatives<T> sigmoidFunction(T x) {
    const T q = sigmoidSlope(x);
    return {sigmoid(x), q, -q * std::tanh(T(0.5) * x)};
}

// tanh′(x) = 1 − tanh² x = 4σ′(2x), accurate in the tails where 1 − t² cancels.
template <typename T>
Derivatives<T> tanhFunction(T x) {
    const T t = std::tanh(x);
    const T s = T(4) * sigmoidSlope(T(2) * x);
    return {t, s, T(-2) * t * s};
}

// softplus(x) = ln(1 + e^(βx))/β, linear once βx > threshold (PyTorch's definition).
template <typename T>
Derivatives<T> softplus(T x, T beta, T threshold) {
    const T bx = beta * x;
    if (bx > threshold) return {x, T(1), T(0)};
    return {std::log1p(std::exp(bx)) / beta, sigmoid(bx), beta * sigmoidSlope(bx)};
}

template <typename T>
Derivatives<T> softsign(T x) {
    const T d = T(1) + std::abs(x);
    const T sign = x > T(0) ? T(1) : (x < T(0) ? T(-1) : T(0));
    return {x / d, T(1) / (d * d), T(-2) * sign / (d * d * d)};
}

// GELU(x) = x·Φ(x); Φ from erfc to keep the left tail accurate. f′ = Φ + xφ, f″ = φ·(2 − x²).
template <typename T>
Derivatives<T> gelu(T x) {
    const T cdf = T(0.5) * std::erfc(-x * T(kInvSqrt2));
    const T pdf = std::exp(T(-0.5) * x * x) * T(kInvSqrt2Pi);
    if (pdf == T(0)) return {x * cdf, cdf, T(0)};
    return {x * cdf, cdf + x * pdf, pdf * (T(2) - x * x)};
}

// ½x(1 + tanh(u)), u = √(2/π)(x + 0.044715x³). With p = σ(2u) and q = σ(−2u) (so that
// 1 + tanh u = 2p and 1 − tanh² u = 4pq, free of cancellation in either tail):
// f = x·p, f′ = p + 2x·pq·u′, f″ = 4pq·(u′ + ½x(u″ − 2(p − q)·u′²)).
template <typename T>
Derivatives<T> geluTanh(T x) {
    const T k = T(kSqrt2OverPi), c = T(kGeluTanhCoefficient);
    const T u = k * (x + c * x * x * x);
    const T p = T(1) / (T(1) + std::exp(T(-2) * u));
    const T q = T(1) / (T(1) + std::exp(T(2) * u));
    const T pq = p * q;
    if (pq == T(0)) return {x * p, p, T(0)};
    const T du = k * (T(1) + T(3) * c * x * x);
    const T ddu = T(6) * k * c * x;
    return {x * p, p + T(2) * x * pq * du,
            T(4) * pq * (du + T(0.5) * x * (ddu - T(2) * (p - q) * du * du))};
}

// Swish x·σ(βx): f′ = s + βx·q, f″ = βq·(2 + βx(1 − 2s)), with s = σ(βx), q = s(1 − s).
template <typename T>
Derivatives<T> swish(T x, T beta) {
    const T s = sigmoid(beta * x);
    const T q = sigmoidSlope(beta * x);
    if (q == T(0)) return {x * s, s, T(0)};
    return {x * s, s + beta * x * q, beta * q * (T(2) + beta * x * (T(1) - T(2) * s))};
}

// Mish x·tanh(softplus(x)): with t = tanh(sp), σ = σ(x), g = (1 − t²)σ:
// f′ = t + x·g, f″ = 2g + x·((1 − t²)σ(1 − σ) − 2t·g·σ). sp = x + ln(1 + e^−x) for x > 20
// (dropping the e^−x would cost 2e^−x relative in 1 − t²).
template <typename T>
Derivatives<T> mish(T x) {
    const T sp = x > T(20) ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x));
    const T t = std::tanh(sp);
    const T sig = sigmoid(x);
    const T s = T(4) * sigmoidSlope(T(2) * sp);  // 1 − t², without cancellation
    const T g = s * sig;
    if (g == T(0)) return {x * t, t, T(0)};
    return {x * t, t + x * g, T(2) * g + x * (s * sigmoidSlope(x) - T(2) * t * g * sig)};
}

// f′ = (2x + 3)/6 on [−3, 3]: exact to one rounding at its zero x = −1.5 (x/3 + ½ cancels).
template <typename T>
Derivatives<T> hardswish(T x) {
    if (x < T(-3)) return {T(0), T(0), T(0)};
    if (x <= T(3)) return {x * (x + T(3)) / T(6), (T(2) * x + T(3)) / T(6), T(1) / T(3)};
    return {x, T(1), T(0)};
}

template <typename T>
Derivatives<T> hardsigmoid(T x) {
    if (x <= T(-3)) return {T(0), T(0), T(0)};
    if (x >= T(3)) return {T(1), T(0), T(0)};
    return {(x + T(3)) / T(6), T(1) / T(6), T(0)};  // x/6 + ½ cancels near x = −3
}

template <typename T>
Derivatives<T> relu6(T x) {
    if (x <= T(0)) return {T(0), T(0), T(0)};
    if (x >= T(6)) return {T(6), T(0), T(0)};
    return {x, T(1), T(0)};
}

}  // namespace scalar

namespace detail {

// f, f′, f″ in T of the function config names, its parameters rounded to P first.
template <typename T, typename P = T>
Derivatives<T> evaluateFormulas(const ActivationConfig& config, T x) {
    const T p0 = static_cast<T>(static_cast<P>(config.parameters[0]));
    const T p1 = static_cast<T>(static_cast<P>(config.parameters[1]));
    switch (config.info().gate) {
        case ActivationId::Identity:
            return scalar::identity(x);
        case ActivationId::Relu:
            return scalar::leakyRelu(x, T(0));
        case ActivationId::LeakyRelu:
        case ActivationId::Prelu:
            return scalar::leakyRelu(x, p0);
        case ActivationId::Elu:
            return scalar::elu(x, p0, T(1));
        case ActivationId::Selu:
            return scalar::elu(x, T(scalar::kSeluAlpha), T(scalar::kSeluScale));
        case ActivationId::Sigmoid:
            return scalar::sigmoidFunction(x);
        case ActivationId::Tanh:
            return scalar::tanhFunction(x);
        case ActivationId::Softplus:
            return scalar::softplus(x, p0, p1);
        case ActivationId::Softsign:
            return scalar::softsign(x);
        case ActivationId::Gelu:
            return scalar::gelu(x);
        case ActivationId::GeluTanh:
            return scalar::geluTanh(x);
        case ActivationId::GeluSigmoid:
            return scalar::swish(x, T(scalar::kGeluSigmoidBeta));
        case ActivationId::Silu:
            return scalar::swish(x, T(1));
        case ActivationId::Swish:
            return scalar::swish(x, p0);
        case ActivationId::Mish:
            return scalar::mish(x);
        case ActivationId::Hardswish:
            return scalar::hardswish(x);
        case ActivationId::Hardsigmoid:
            return scalar::hardsigmoid(x);
        case ActivationId::Relu6:
            return scalar::relu6(x);
        default:
            break;  // gated ids never appear as a gate
    }
    return scalar::identity(x);
}

}  // namespace detail

// f, f′, f″ of a scalar catalogue function at x. For a gated id, evaluates its gate act(x).
// float: the f32 path takes its parameters as float (as the Vulkan push constants do), evaluates
// the double formulas at them and rounds once, so it is within one float rounding of the truth
// wherever the result is a normal float, the tails and the zeros of f′ included.
// For Mix: the mixture at equal weights (its function before training), the mean of its
// components.
template <typename T>
Derivatives<T> evaluateScalar(const ActivationConfig& config, T x) {
    if (config.id == ActivationId::Mix) {
        Derivatives<T> sum{T(0), T(0), T(0)};
        for (int i = 0; i < config.mixtureSize; ++i) {
            const Derivatives<T> d = evaluateScalar(config.component(i), x);
            sum = {sum.value + d.value, sum.first + d.first, sum.second + d.second};
        }
        const T n = T(config.mixtureSize);
        return {sum.value / n, sum.first / n, sum.second / n};
    }
    if constexpr (std::is_same_v<T, float>) {
        const Derivatives<double> d =
            detail::evaluateFormulas<double, float>(config, static_cast<double>(x));
        return {static_cast<float>(d.value), static_cast<float>(d.first),
                static_cast<float>(d.second)};
    } else {
        return detail::evaluateFormulas<T>(config, x);
    }
}

// y = act(x)·v and its partials for a gated unit (config.id is glu/reglu/geglu/swiglu).
template <typename T>
GatedDerivatives<T> evaluateGated(const ActivationConfig& config, T x, T v) {
    const Derivatives<T> a = evaluateScalar(config, x);
    return {a.value * v, a.first * v, a.value, a.second * v};
}

}  // namespace actlab
