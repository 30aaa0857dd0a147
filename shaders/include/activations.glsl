// Every scalar activation with f, f′, f″ in float32, mirroring core/activations/scalar_functions.h
// formula for formula (same kinks: PyTorch 1.13's f′ at 0). Function ids follow ActivationId.
#ifndef ACTLAB_ACTIVATIONS_GLSL
#define ACTLAB_ACTIVATIONS_GLSL

#include "special_functions.glsl"

// ActivationId values (core/activations/catalogue.h); gated ids never reach evaluateActivation.
const int kIdentity = 0, kRelu = 1, kLeakyRelu = 2, kPrelu = 3, kElu = 4, kSelu = 5;
const int kSigmoid = 6, kTanh = 7, kSoftplus = 8, kSoftsign = 9, kGelu = 10, kGeluTanh = 11;
const int kGeluSigmoid = 12, kSilu = 13, kSwish = 14, kMish = 15, kHardswish = 16;
const int kHardsigmoid = 17, kRelu6 = 18;

const float kSeluScale = 1.0507009873554805;
const float kSeluAlpha = 1.6732632423543773;
const float kSqrt2OverPi = 0.79788456080286536;
const float kGeluTanhCoefficient = 0.044715;
const float kGeluSigmoidBeta = 1.702;

struct Derivatives {
    float value;   // f(x)
    float first;   // f′(x)
    float second;  // f″(x)
};

// Slope `negative` for x ≤ 0, f′(0) = negative.
Derivatives leakyRelu(float x, float negative) {
    if (x > 0.0) return Derivatives(x, 1.0, 0.0);
    return Derivatives(negative * x, negative, 0.0);
}

// x > 0 → scale·x; x ≤ 0 → scale·α·(eˣ − 1).
Derivatives elu(float x, float alpha, float scale) {
    if (x > 0.0) return Derivatives(scale * x, scale, 0.0);
    const float e = exp(x);
    return Derivatives(scale * alpha * expm1Safe(x), scale * alpha * e, scale * alpha * e);
}

Derivatives sigmoidFunction(float x) {
    const float s = sigmoidSafe(x);
    const float q = s * (1.0 - s);
    return Derivatives(s, q, q * (1.0 - 2.0 * s));
}

Derivatives tanhFunction(float x) {
    const float t = tanhSafe(x);
    const float s = 1.0 - t * t;
    return Derivatives(t, s, -2.0 * t * s);
}

// ln(1 + e^(βx))/β, linear once βx > threshold (e^(βx) ≤ e^50 never overflows).
Derivatives softplus(float x, float beta, float threshold) {
    const float bx = beta * x;
    if (bx > threshold) return Derivatives(x, 1.0, 0.0);
    const float s = sigmoidSafe(bx);
    return Derivatives(log1pNonNegative(exp(bx)) / beta, s, beta * s * (1.0 - s));
}

Derivatives softsign(float x) {
    const float d = 1.0 + abs(x);
    return Derivatives(x / d, 1.0 / (d * d), -2.0 * sign(x) / (d * d * d));
}

// x·Φ(x); f′ = Φ + xφ, f″ = φ·(2 − x²).
Derivatives gelu(float x) {
    const float cdf = normalCdf(x);
    const float pdf = exp(-0.5 * x * x) * kInvSqrt2Pi;
    if (pdf == 0.0) return Derivatives(x * cdf, cdf, 0.0);
    return Derivatives(x * cdf, cdf + x * pdf, pdf * (2.0 - x * x));
}

// ½x(1 + tanh u), u = √(2/π)(x + 0.044715x³); f″ = s·(u′ + ½x(u″ − 2t·u′²)), s = 1 − t².
Derivatives geluTanh(float x) {
    const float k = kSqrt2OverPi, c = kGeluTanhCoefficient;
    const float t = tanhSafe(k * (x + c * x * x * x));
    const float s = 1.0 - t * t;
    const float value = 0.5 * x * (1.0 + t);
    if (s == 0.0) return Derivatives(value, 0.5 * (1.0 + t), 0.0);
    const float du = k * (1.0 + 3.0 * c * x * x);
    const float ddu = 6.0 * k * c * x;
    return Derivatives(value, 0.5 * (1.0 + t) + 0.5 * x * s * du,
                       s * (du + 0.5 * x * (ddu - 2.0 * t * du * du)));
}

// x·σ(βx): f′ = s + βx·q, f″ = βq·(2 + βx(1 − 2s)), s = σ(βx), q = s(1 − s).
Derivatives swish(float x, float beta) {
    const float s = sigmoidSafe(beta * x);
    const float q = s * (1.0 - s);
    if (q == 0.0) return Derivatives(x * s, s, 0.0);
    return Derivatives(x * s, s + beta * x * q, beta * q * (2.0 + beta * x * (1.0 - 2.0 * s)));
}

// x·tanh(softplus x); t = tanh(sp), σ = σ(x), g = (1 − t²)σ:
// f′ = t + x·g, f″ = 2g + x·((1 − t²)σ(1 − σ) − 2t·g·σ).
Derivatives mish(float x) {
    const float sp = x > 20.0 ? x : log1pNonNegative(exp(x));
    const float t = tanhSafe(sp);
    const float sig = sigmoidSafe(x);
    const float s = 1.0 - t * t;
    const float g = s * sig;
    if (g == 0.0) return Derivatives(x * t, t, 0.0);
    return Derivatives(x * t, t + x * g, 2.0 * g + x * (s * sig * (1.0 - sig) - 2.0 * t * g * sig));
}

Derivatives hardswish(float x) {
    if (x < -3.0) return Derivatives(0.0, 0.0, 0.0);
    if (x <= 3.0) return Derivatives(x * (x + 3.0) / 6.0, x / 3.0 + 0.5, 1.0 / 3.0);
    return Derivatives(x, 1.0, 0.0);
}

Derivatives hardsigmoid(float x) {
    if (x <= -3.0) return Derivatives(0.0, 0.0, 0.0);
    if (x >= 3.0) return Derivatives(1.0, 0.0, 0.0);
    return Derivatives(x / 6.0 + 0.5, 1.0 / 6.0, 0.0);
}

Derivatives relu6(float x) {
    if (x <= 0.0) return Derivatives(0.0, 0.0, 0.0);
    if (x >= 6.0) return Derivatives(6.0, 0.0, 0.0);
    return Derivatives(x, 1.0, 0.0);
}

// f, f′, f″ of scalar function `id` at x; p0, p1 are its parameters in catalogue order.
Derivatives evaluateActivation(int id, float x, float p0, float p1) {
    switch (id) {
        case kRelu: return leakyRelu(x, 0.0);
        case kLeakyRelu:
        case kPrelu: return leakyRelu(x, p0);
        case kElu: return elu(x, p0, 1.0);
        case kSelu: return elu(x, kSeluAlpha, kSeluScale);
        case kSigmoid: return sigmoidFunction(x);
        case kTanh: return tanhFunction(x);
        case kSoftplus: return softplus(x, p0, p1);
        case kSoftsign: return softsign(x);
        case kGelu: return gelu(x);
        case kGeluTanh: return geluTanh(x);
        case kGeluSigmoid: return swish(x, kGeluSigmoidBeta);
        case kSilu: return swish(x, 1.0);
        case kSwish: return swish(x, p0);
        case kMish: return mish(x);
        case kHardswish: return hardswish(x);
        case kHardsigmoid: return hardsigmoid(x);
        case kRelu6: return relu6(x);
        default: return Derivatives(x, 1.0, 0.0);  // identity
    }
}

#endif
