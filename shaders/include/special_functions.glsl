// Special functions in float32 with relative accuracy wherever the result is a normal float
// (exp, expm1, log1p, tanh, σ, σ′, φ and the Mills ratio), finite for every finite argument.
// GLSL's exp is avoided: drivers may compute exp2(x·log2 e), whose rounded argument alone costs
// |x|·2^−24 relative. Constants as core/activations/f32_constants.h.
#ifndef ACTLAB_SPECIAL_FUNCTIONS_GLSL
#define ACTLAB_SPECIAL_FUNCTIONS_GLSL

const float kInvSqrt2 = 0.70710678118654752;
const float kInvSqrt2Pi = 0.39894228040143268;

// eˣ (Cephes expf): x = n·ln 2 + r, |r| ≤ ½ln 2, ln 2 = C1 + C2 with n·C1 exact, e^r by its
// degree-7 minimax polynomial, times 2ⁿ. Relative error ≤ 2e-7; 0 below e^−87.3 (≈ FLT_MIN),
// x clamped to 88 (callers never go higher).
float expAccurate(float x) {
    if (x < -87.33) return 0.0;
    const float n = floor(min(x, 88.0) * 1.44269504088896341 + 0.5);
    precise float r = (min(x, 88.0) - n * 0.693359375) - n * -2.12194440e-4;
    const float p = ((((1.9875691500e-4 * r + 1.3981999507e-3) * r + 8.3334519073e-3) * r +
                      4.1665795894e-2) * r + 1.6666665459e-1) * r + 5.0000001201e-1;
    return ldexp(p * r * r + r + 1.0, int(n));
}

// e^(hi + lo) for |lo| ≤ a few ulps of hi: e^hi·(1 + lo).
float expSplit(float hi, float lo) { return expAccurate(hi) * (1.0 + lo); }

// eˣ − 1 without cancellation near 0: Taylor series to x⁸/8! for |x| < 0.5 (error < 1e-8
// relative), eˣ − 1 elsewhere (no cancellation once |eˣ − 1| > 0.39).
float expm1Safe(float x) {
    if (abs(x) < 0.5) {
        return x * (1.0 + x / 2.0 * (1.0 + x / 3.0 * (1.0 + x / 4.0 * (1.0 + x / 5.0 *
               (1.0 + x / 6.0 * (1.0 + x / 7.0 * (1.0 + x / 8.0)))))));
    }
    return expAccurate(x) - 1.0;
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

// σ(x) = 1/(1 + e⁻ˣ) = (x ≥ 0 ? 1 : e)/(1 + e), e = e^−|x| ≤ 1: nothing overflows.
float sigmoidSafe(float x) {
    const float e = expAccurate(-abs(x));
    return (x >= 0.0 ? 1.0 : e) / (1.0 + e);
}

// σ′ = σ(1 − σ) = e/(1 + e)² from e = e^−|z|: relative accuracy in both tails.
float sigmoidSlopeFromExp(float e) { return e / ((1.0 + e) * (1.0 + e)); }

// tanh(x) = sign(x)·e/(e + 2), e = expm1(2|x|): accurate near 0, and |x| is clamped to 10
// (tanh(10) rounds to 1 in float) so e never overflows. Built-in tanh may return NaN for
// large |x| on some drivers.
float tanhSafe(float x) {
    const float e = expm1Safe(2.0 * min(abs(x), 10.0));
    const float t = e / (e + 2.0);
    return x < 0.0 ? -t : t;
}

// φ(t) = e^(−t²/2)/√(2π) for 0 ≤ t ≤ 14: t = h + l with h = ⌊256t⌋/256, so h² (≤ 24 bits) and
// the large part h²/2 of the exponent are exact; e^−b, b = l(t + h)/2 < 0.03, to fourth order.
// 0 beyond t = 13.2 (below every normal float).
float gaussianDensity(float t) {
    if (t > 13.2) return 0.0;
    const float h = floor(t * 256.0) * (1.0 / 256.0);
    const float b = 0.5 * (t - h) * (t + h);
    const float small = 1.0 - b * (1.0 - b * (0.5 - b * (1.0 / 6.0 - b * (1.0 / 24.0))));
    return expAccurate(-0.5 * (h * h)) * small * kInvSqrt2Pi;
}

// Mills ratio M(t) = Φ(−t)/φ(t) ≈ P(t)/Q(t) for 0 ≤ t ≤ 14 (positive coefficients, 3.4e-7
// relative in float; fitted by scripts/make_f32_tail_fixtures.py): Φ(−t) = φ(t)·M(t) keeps
// full relative accuracy in the left tail, where 1 + erf cancels.
float millsRatio(float t) {
    const float num = 1.2533141374588013 + t * (1.1012734174728394 + t * (0.46132922172546387 +
                      t * (0.10255695134401321 + t * 0.010428182780742645)));
    const float den = 1.0 + t * (1.6765741109848022 + t * (1.2057946920394897 +
                      t * (0.47161155939102173 + t * (0.10256320983171463 +
                      t * 0.010428066365420818))));
    return num / den;
}

#endif
