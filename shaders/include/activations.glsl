// Every scalar activation with f, f′, f″ in float32, the forms of core/activations/ and
// cpu_activation_kernels.cpp (same kinks: PyTorch 1.13's f′ at 0), free of cancellation: f and f′
// are within 2e-5 relative wherever they are normal floats. Function ids follow ActivationId.
#ifndef ACTLAB_ACTIVATIONS_GLSL
#define ACTLAB_ACTIVATIONS_GLSL

#include "activation_roots.glsl"
#include "float_float.glsl"
#include "special_functions.glsl"

// ActivationId values (core/activations/catalogue.h); gated ids never reach evaluateActivation.
const int kIdentity = 0, kRelu = 1, kLeakyRelu = 2, kPrelu = 3, kElu = 4, kSelu = 5;
const int kSigmoid = 6, kTanh = 7, kSoftplus = 8, kSoftsign = 9, kGelu = 10, kGeluTanh = 11;
const int kGeluSigmoid = 12, kSilu = 13, kSwish = 14, kMish = 15, kHardswish = 16;
const int kHardsigmoid = 17, kRelu6 = 18;

const float kSeluScale = 1.0507009873554805;
const float kSeluAlpha = 1.6732632423543773;
// tanh-GELU's z = 2u = x·(A + B·x²), A = 2√(2/π), B = 2√(2/π)·0.044715, as float-float pairs.
const float kGeluTanhAHigh = 1.5957691669464111, kGeluTanhALow = -4.534068054340423e-08;
const float kGeluTanhBHigh = 0.07135481387376785, kGeluTanhBLow = 2.3988324659995897e-09;
// gelu_sigmoid's β = 1.702 = high + low (the f32 parameter β of swish is a float).
const float kGeluSigmoidBetaHigh = 1.7020000219345093;
const float kGeluSigmoidBetaLow = -2.1934509319976314e-08;

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
    const float e = expAccurate(x);
    return Derivatives(scale * alpha * expm1Safe(x), scale * alpha * e, scale * alpha * e);
}

Derivatives sigmoidFunction(float x) {
    const float e = expAccurate(-abs(x));
    const float s = (x >= 0.0 ? 1.0 : e) / (1.0 + e);
    const float q = sigmoidSlopeFromExp(e);
    return Derivatives(s, q, -q * tanhSafe(0.5 * x));  // σ′(1 − 2σ), no cancellation at 0
}

// tanh′ = 1 − t² = 4e/(1 + e)², e = e^−2|x|.
Derivatives tanhFunction(float x) {
    const float t = tanhSafe(x);
    const float s = 4.0 * sigmoidSlopeFromExp(expAccurate(-2.0 * abs(x)));
    return Derivatives(t, s, -2.0 * t * s);
}

// ln(1 + e^z)/β = (max(z, 0) + ln(1 + e))/β, z = βx = hi + lo exactly, e = e^−|z|; linear once
// z > threshold. f′ = σ(z), f″ = βσ′(z).
Derivatives softplus(float x, float beta, float threshold) {
    vec2 z = twoProduct(beta, clamp(x, -1e4, 1e4));  // e = 0 long before ±1e4
    if (z.x > threshold) return Derivatives(x, 1.0, 0.0);
    const float e = expSplit(-abs(z.x), z.x < 0.0 ? z.y : -z.y);
    const float s = (z.x >= 0.0 ? 1.0 : e) / (1.0 + e);
    return Derivatives((max(z.x, 0.0) + log1pNonNegative(e)) / beta, s,
                       beta * sigmoidSlopeFromExp(e));
}

Derivatives softsign(float x) {
    const float d = 1.0 + abs(x);
    return Derivatives(x / d, 1.0 / (d * d), -2.0 * sign(x) / (d * d * d));
}

// x·Φ(x), t = |x|, φ = φ(t), M = M(t): x < 0: f = x·φM, f′ = φ(M − t); x ≥ 0: f = x(1 − φM),
// f′ = 1 − φ(M − t); near the zero of f′ its Taylor series. f″ = φ(2 − x²).
Derivatives gelu(float x) {
    const float t = min(abs(x), 14.0);
    const float pdf = gaussianDensity(t);
    const float m = millsRatio(t);
    const float tail = pdf * m, slope = pdf * (m - t);
    float first = x < 0.0 ? slope : 1.0 - slope;
    if (nearGeluRoot(x)) first = geluSlopeNearRoot(x);
    return Derivatives(x * (x < 0.0 ? tail : 1.0 - tail), first, pdf * (2.0 - t * t));
}

// x·p, p = σ(z), q = σ(−z), z = 2u = x·(A + B·x²) in float-float (z reaches ±70 where f nears
// 1e-30): f′ = p + x·pq·z′, z′ = A + 3B·x², f″ = 4pq·(u′ + ½x(u″ − 2(p − q)u′²)).
Derivatives geluTanh(float x) {
    const float xc = clamp(x, -12.0, 12.0);  // e^−|z| = 0 in float beyond
    const vec2 square = twoProduct(xc, xc);
    vec2 bx2 = twoProduct(kGeluTanhBHigh, square.x);
    bx2.y += kGeluTanhBHigh * square.y + kGeluTanhBLow * square.x;
    vec2 inner = twoSum(kGeluTanhAHigh, bx2.x);
    inner.y += kGeluTanhALow + bx2.y;
    vec2 z = twoProduct(xc, inner.x);
    z.y += xc * inner.y;
    const float e = expSplit(-abs(z.x), z.x < 0.0 ? z.y : -z.y);
    const float p = (z.x >= 0.0 ? 1.0 : e) / (1.0 + e);
    const float q = (z.x >= 0.0 ? e : 1.0) / (1.0 + e);
    const float pq = sigmoidSlopeFromExp(e);
    const float dz = kGeluTanhAHigh + 3.0 * kGeluTanhBHigh * xc * xc;
    float first = p + xc * pq * dz;
    if (nearGeluTanhRoot(x)) first = geluTanhSlopeNearRoot(x);
    const float du = 0.5 * dz, ddu = 3.0 * kGeluTanhBHigh * xc;
    return Derivatives(x * p, first, 4.0 * pq * (du + 0.5 * xc * (ddu - 2.0 * (p - q) * du * du)));
}

// x·σ(z), z = βx = hi + lo exactly (plus βlow·x for gelu_sigmoid's 1.702), e = e^−|z|:
// f′ = σ + z·σ′, near its zero z0 the Taylor series in z − z0, f″ = βσ′·(2 + z(1 − 2σ)).
Derivatives swish(float x, float betaHigh, float betaLow) {
    vec2 z = twoProduct(betaHigh, clamp(x, -1e4, 1e4));  // e = 0 long before ±1e4
    z.y += betaLow * clamp(x, -1e4, 1e4);
    const float e = expSplit(-abs(z.x), z.x < 0.0 ? z.y : -z.y);
    const float s = (z.x >= 0.0 ? 1.0 : e) / (1.0 + e);
    const float q = sigmoidSlopeFromExp(e);
    float first = s + z.x * q;
    if (nearSwishRoot(z)) first = swishSlopeNearRoot(z);
    return Derivatives(x * s, first, betaHigh * q * (2.0 + z.x * (1.0 - 2.0 * s)));
}

// x·tanh(softplus x) with E = eˣ, n = E(E + 2): t = n/(n + 2), g = (1 − t²)σ(x) =
// 4E(1 + E)/(n + 2)², all terms positive; f′ = t + x·g, f″ = 2g + x·4E(1 − 2tE)/(n + 2)².
Derivatives mish(float x) {
    if (x > 20.0) return Derivatives(x, 1.0, 0.0);  // t and f′ round to 1 beyond
    const float e = expAccurate(x);
    const float n = e * (e + 2.0);
    const float t = n / (n + 2.0);
    const float w = 4.0 * e / ((n + 2.0) * (n + 2.0));
    const float g = w * (1.0 + e);
    float first = t + x * g;
    if (nearMishRoot(x)) first = mishSlopeNearRoot(x);
    return Derivatives(x * t, first, 2.0 * g + x * w * (1.0 - 2.0 * t * e));
}

// f′ = (2x + 3)/6 on [−3, 3], exact to one rounding at its zero −1.5 (x/3 + ½ cancels there).
Derivatives hardswish(float x) {
    if (x < -3.0) return Derivatives(0.0, 0.0, 0.0);
    if (x <= 3.0) return Derivatives(x * (x + 3.0) / 6.0, (2.0 * x + 3.0) / 6.0, 1.0 / 3.0);
    return Derivatives(x, 1.0, 0.0);
}

// (x + 3)/6 on (−3, 3): x/6 + ½ would cancel near −3.
Derivatives hardsigmoid(float x) {
    if (x <= -3.0) return Derivatives(0.0, 0.0, 0.0);
    if (x >= 3.0) return Derivatives(1.0, 0.0, 0.0);
    return Derivatives((x + 3.0) / 6.0, 1.0 / 6.0, 0.0);
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
        case kGeluSigmoid: return swish(x, kGeluSigmoidBetaHigh, kGeluSigmoidBetaLow);
        case kSilu: return swish(x, 1.0, 0.0);
        case kSwish: return swish(x, p0, 0.0);
        case kMish: return mish(x);
        case kHardswish: return hardswish(x);
        case kHardsigmoid: return hardsigmoid(x);
        case kRelu6: return relu6(x);
        default: return Derivatives(x, 1.0, 0.0);  // identity
    }
}

#endif
