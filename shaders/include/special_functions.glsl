// Special functions GLSL lacks or computes unsafely (expm1, log1p, tanh, σ, Φ), in float32,
// finite for every finite argument. Mirrors the std:: calls in core/activations/scalar_functions.h.
#ifndef ACTLAB_SPECIAL_FUNCTIONS_GLSL
#define ACTLAB_SPECIAL_FUNCTIONS_GLSL

const float kInvSqrt2 = 0.70710678118654752;
const float kInvSqrt2Pi = 0.39894228040143268;

// eˣ − 1 without cancellation near 0: Taylor series to x⁸/8! for |x| < 0.5 (error < 1e-8
// relative), exp(x) − 1 elsewhere (no cancellation once |eˣ − 1| > 0.39).
float expm1Safe(float x) {
    if (abs(x) < 0.5) {
        return x * (1.0 + x / 2.0 * (1.0 + x / 3.0 * (1.0 + x / 4.0 * (1.0 + x / 5.0 *
               (1.0 + x / 6.0 * (1.0 + x / 7.0 * (1.0 + x / 8.0)))))));
    }
    return exp(x) - 1.0;
}

// ln(1 + u) for u ≥ 0. For u ≤ 1: 2·atanh(w), w = u/(2 + u) ≤ 1/3, series to w¹⁵ (relative
// error < 3e-8, no cancellation); above, 1 + u ≥ 2 and log() is accurate.
float log1pNonNegative(float u) {
    if (u > 1.0) return log(1.0 + u);
    const float w = u / (2.0 + u);
    const float w2 = w * w;
    return 2.0 * w * (1.0 + w2 * (1.0 / 3.0 + w2 * (1.0 / 5.0 + w2 * (1.0 / 7.0 + w2 *
           (1.0 / 9.0 + w2 * (1.0 / 11.0 + w2 * (1.0 / 13.0 + w2 / 15.0)))))));
}

// σ(x) = 1/(1 + e⁻ˣ), the exponent always ≤ 0 so nothing overflows.
float sigmoidSafe(float x) {
    if (x >= 0.0) return 1.0 / (1.0 + exp(-x));
    const float z = exp(x);
    return z / (1.0 + z);
}

// tanh(x) = sign(x)·e/(e + 2), e = expm1(2|x|): accurate near 0, and |x| is clamped to 10
// (tanh(10) rounds to 1 in float) so e never overflows. Built-in tanh may return NaN for
// large |x| on some drivers.
float tanhSafe(float x) {
    const float e = expm1Safe(2.0 * min(abs(x), 10.0));
    const float t = e / (e + 2.0);
    return x < 0.0 ? -t : t;
}

// erfc(z) for z ≥ 0, Abramowitz & Stegun 7.1.26: (a₁t + … + a₅t⁵)·e^(−z²), t = 1/(1 + pz),
// absolute error ≤ 1.5e-7.
float erfcNonNegative(float z) {
    const float t = 1.0 / (1.0 + 0.3275911 * z);
    const float poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 +
                       t * (-1.453152027 + t * 1.061405429))));
    return poly * exp(-z * z);
}

// Φ(x) = ½·erfc(−x/√2), from erfc(|x|/√2) on both sides so the left tail has no cancellation.
float normalCdf(float x) {
    const float tail = 0.5 * erfcNonNegative(abs(x) * kInvSqrt2);
    return x < 0.0 ? tail : 1.0 - tail;
}

#endif
