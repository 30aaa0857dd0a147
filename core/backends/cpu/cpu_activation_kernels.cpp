// CPU activation kernels. Float tanh-GELU/sigmoid-family/tanh/ReLU-family are Eigen array
// expressions (SIMD), GELU is written packet by packet; all in cancellation-free forms, within
// 2e-5 relative in the tails and at the zeros of f′ (f32_constants.h). Every other case loops
// over the reference formulas in scalar_functions.h. Chunks are shared among OpenMP threads.
#include "backends/cpu/cpu_activation_kernels.h"

#include <Eigen/Core>
#include <algorithm>
#include <cstddef>

#include "activations/f32_constants.h"
#include "activations/scalar_functions.h"

namespace actlab::cpu {
namespace {

constexpr std::ptrdiff_t kChunk = 4096;                 // elements per task: fits in L1/L2
constexpr std::ptrdiff_t kParallelThreshold = 1 << 15;  // below this, threads cost more

using ArrayF = Eigen::Array<float, Eigen::Dynamic, 1>;
using MapF = Eigen::Map<ArrayF>;
using ConstMapF = Eigen::Map<const ArrayF>;

// Calls body(begin, end) over [0, n) in chunks, in parallel when n is large.
template <typename Body>
void forEachChunk(std::ptrdiff_t n, Body&& body) {
    const std::ptrdiff_t chunks = (n + kChunk - 1) / kChunk;
    if (n < kParallelThreshold) {  // no OpenMP region at all: it costs more than small work
        for (std::ptrdiff_t c = 0; c < chunks; ++c) body(c * kChunk, std::min(n, (c + 1) * kChunk));
        return;
    }
#pragma omp parallel for schedule(static)
    for (std::ptrdiff_t c = 0; c < chunks; ++c) {
        body(c * kChunk, std::min(n, (c + 1) * kChunk));
    }
}

template <typename T>
void referenceScalar(const ActivationConfig& config, const ScalarActivationBatch<T>& batch,
                     std::ptrdiff_t begin, std::ptrdiff_t end) {
    const bool second = !batch.second.empty();
    for (std::ptrdiff_t i = begin; i < end; ++i) {
        const Derivatives<T> d = evaluateScalar<T>(config, batch.x[i]);
        batch.value[i] = d.value;
        batch.first[i] = d.first;
        if (second) batch.second[i] = d.second;
    }
}

using ArrayD = Eigen::Array<double, Eigen::Dynamic, 1>;
namespace simd = Eigen::internal;  // Eigen's packet primitives (pexp, pselect, ...)
using Packet = simd::packet_traits<float>::type;
constexpr int kLanes = simd::packet_traits<float>::size;

// key < 0 ? a : b, elementwise and vectorised (Eigen 3.4's select() has no packet path).
struct NegativeSelectOp {
    float operator()(float key, float a, float b) const { return key < 0.0f ? a : b; }
    template <typename P>
    P packetOp(const P& key, const P& a, const P& b) const {
        return simd::pselect(simd::pcmp_lt(key, simd::pzero(key)), a, b);
    }
};

}  // namespace
}  // namespace actlab::cpu

template <>
struct Eigen::internal::functor_traits<actlab::cpu::NegativeSelectOp> {
    enum { Cost = 2, PacketAccess = true };
};

namespace actlab::cpu {
namespace {

template <typename K, typename A, typename B>
auto whereNegative(const Eigen::ArrayBase<K>& key, const Eigen::ArrayBase<A>& a,
                   const Eigen::ArrayBase<B>& b) {
    return Eigen::CwiseTernaryOp<NegativeSelectOp, const K, const A, const B>(
        key.derived(), a.derived(), b.derived());
}

ArrayF constant(std::ptrdiff_t n, float value) { return ArrayF::Constant(n, value); }

// e^−|z| for z = high + low (|low| ≤ a few ulps of high): e^−|high|·(1 ∓ low), and exactly 0
// once it is below every normal float (Eigen's exp stops at e^−88.7 instead).
ArrayF expMinusAbs(const ArrayF& high, const ArrayF& low) {
    const ArrayF e = (-high.abs()).exp() * (1.0f + whereNegative(high, low, -low));
    return whereNegative(high.abs() - 87.0f, e, constant(e.size(), 0.0f));
}

// z = β·x split as high + low (β·x in double, rounded twice): without `low`, the rounding of
// β·x alone costs |βx|·2^−24 relative in e^(βx), 4e-6 where the result nears 1e-30.
void splitProduct(double beta, ConstMapF x, ArrayF& high, ArrayF& low) {
    if (beta == 1.0) {
        high = x;
        low.setZero(x.size());
        return;
    }
    const ArrayD z = x.cast<double>() * beta;
    high = z.cast<float>();
    low = (z - high.cast<double>()).cast<float>();
}

// f′(x0 + d) = d·Σ c_k d^k near a zero of f′ (see f32::RootExpansion).
ArrayF nearRoot(const f32::RootExpansion& root, const ArrayF& d) {
    const float* c = root.c;
    return d * (c[0] + d * (c[1] + d * (c[2] + d * (c[3] + d * (c[4] + d * (c[5] + d * c[6]))))));
}

// Within the Taylor window of `root` (|d| < 0.125) the series, elsewhere `direct`.
ArrayF slopeNearRoot(const f32::RootExpansion& root, const ArrayF& d, const ArrayF& direct) {
    return whereNegative(d.abs() - f32::kRootWindow, nearRoot(root, d), direct);
}

// Swish family x·σ(z), z = βx = high + low, e = e^−|z|: σ(z) = (z ≥ 0 ? 1 : e)/(1 + e),
// σ′(z) = e/(1 + e)², f′ = σ + z·σ′ (no cancellation in either tail; near its zero z0 the
// Taylor series in z − z0), f″ = βσ′(2 + z(1 − 2σ)). f32 paths take β as float; gelu_sigmoid's
// 1.702 is a constant, kept in double.
void swishChunk(double beta, ConstMapF x, MapF y, MapF dy, float* d2y) {
    ArrayF z, zLow;
    splitProduct(beta, x, z, zLow);
    const ArrayF e = expMinusAbs(z, zLow);
    const ArrayF s = whereNegative(z, e, constant(e.size(), 1.0f)) / (1.0f + e);
    const ArrayF q = e / (1.0f + e).square();
    const ArrayF zc = z.max(-100.0f).min(100.0f);  // q = 0 beyond: no 0·∞
    const f32::RootExpansion& root = f32::kSwishRoot;
    y = x * s;
    dy = slopeNearRoot(root, (z - root.high) + (zLow - root.low), s + zc * q);
    if (d2y) MapF(d2y, x.size()) = float(beta) * q * (2.0f + zc * (1.0f - 2.0f * s));
}

// Σ k_i t^i by Horner, packet-wise.
Packet polynomial(const Packet& t, const float* k, int n) {
    Packet sum = simd::pset1<Packet>(k[n - 1]);
    for (int i = n - 2; i >= 0; --i) sum = simd::pmadd(sum, t, simd::pset1<Packet>(k[i]));
    return sum;
}

// GELU x·Φ(x) on one packet, t = |x|. φ(t) = e^(−t²/2)/√(2π) with t² split so that the large
// part of the exponent is exact: t = h + l, h = t rounded to a multiple of 1/256 (h² has at most
// 24 bits), t²/2 = h²/2 + b, b = l(t + h)/2, |b| < 0.03, e^−b to fourth order (rounding t² would
// cost 4e-6 relative at t = 11.7). M(t) = Φ(−t)/φ(t) ≈ P/Q (f32::kMillsP, kMillsQ): Φ(−t) = φM
// and, at x = −t, Φ + xφ = φ(M − t), both free of the 1 + erf cancellation: x < 0: f = x·φM,
// f′ = φ(M − t); x ≥ 0: f = x(1 − φM), f′ = 1 − φ(M − t); near the zero of f′ at −0.7518 its
// Taylor series. f″ = φ(2 − x²). Written packet by packet: as array expressions the same maths
// ran 2.5× slower. (pselect instead of pmin, and the 1.5·2²³ rounding instead of pfloor: GCC 12
// warns on the undefined-value intrinsics behind those two.)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"  // GCC 12, falsely, on _mm512_undefined_ps()
EIGEN_ALWAYS_INLINE void geluPacket(const Packet& x, Packet& y, Packet& dy, Packet& d2y) {
    using simd::padd, simd::pmul, simd::psub, simd::pselect, simd::pcmp_lt, simd::pset1;
    static constexpr float kSmall[5] = {1.0f, -1.0f, 0.5f, -1.0f / 6.0f, 1.0f / 24.0f};  // e^−b
    const Packet one = pset1<Packet>(1.0f), zero = simd::pzero(x), top = pset1<Packet>(14.0f);
    const Packet ax = simd::pabs(x);
    const Packet t = pselect(pcmp_lt(ax, top), ax, top);
    const Packet round = pset1<Packet>(12582912.0f);  // 1.5·2²³: t·256 + it rounds to an integer
    const Packet h =
        pmul(psub(padd(pmul(t, pset1<Packet>(256.0f)), round), round), pset1<Packet>(1.0f / 256));
    const Packet b = pmul(pmul(pset1<Packet>(0.5f), psub(t, h)), padd(t, h));
    const Packet e = simd::pexp(pmul(pset1<Packet>(-0.5f), pmul(h, h)));
    const Packet pdf = pselect(
        pcmp_lt(t, pset1<Packet>(13.2f)),  // 0 below every normal float
        pmul(pmul(e, polynomial(b, kSmall, 5)), pset1<Packet>(float(scalar::kInvSqrt2Pi))), zero);
    const Packet m = simd::pdiv(polynomial(t, f32::kMillsP, 5), polynomial(t, f32::kMillsQ, 6));
    const Packet tail = pmul(pdf, m), slope = pmul(pdf, psub(m, t));
    const Packet negative = pcmp_lt(x, zero);
    const f32::RootExpansion& root = f32::kGeluRoot;
    const Packet d = psub(psub(x, pset1<Packet>(root.high)), pset1<Packet>(root.low));
    y = pmul(x, pselect(negative, tail, psub(one, tail)));
    dy = pselect(pcmp_lt(simd::pabs(d), pset1<Packet>(f32::kRootWindow)),
                 pmul(d, polynomial(d, root.c, 7)), pselect(negative, slope, psub(one, slope)));
    d2y = pmul(pdf, psub(pset1<Packet>(2.0f), pmul(t, t)));
}

void geluChunk(ConstMapF x, MapF y, MapF dy, float* d2y) {
    const std::ptrdiff_t n = x.size();
    Packet value, first, second;
    for (std::ptrdiff_t i = 0; i < n; i += kLanes) {
        const std::ptrdiff_t count = std::min<std::ptrdiff_t>(kLanes, n - i);
        if (count == kLanes) {
            geluPacket(simd::ploadu<Packet>(x.data() + i), value, first, second);
            simd::pstoreu(y.data() + i, value);
            simd::pstoreu(dy.data() + i, first);
            if (d2y) simd::pstoreu(d2y + i, second);
            continue;
        }
        alignas(64) float in[kLanes] = {}, out[3][kLanes];  // the last, partial packet
        std::copy_n(x.data() + i, count, in);
        geluPacket(simd::pload<Packet>(in), value, first, second);
        simd::pstore(out[0], value);
        simd::pstore(out[1], first);
        simd::pstore(out[2], second);
        std::copy_n(out[0], count, y.data() + i);
        std::copy_n(out[1], count, dy.data() + i);
        if (d2y) std::copy_n(out[2], count, d2y + i);
    }
}

#pragma GCC diagnostic pop

// tanh-GELU x·p with p = σ(z), q = σ(−z), z = 2u = x·(A + B·x²) (u = √(2/π)(x + 0.044715x³)):
// f′ = p + x·pq·z′, z′ = A + 3B·x², f″ = 4pq·(u′ + ½x(u″ − 2(p − q)u′²)), all free of 1 + tanh
// and 1 − tanh². z reaches ±70 where f nears 1e-30, so it is formed in double and split.
void geluTanhChunk(ConstMapF x, MapF y, MapF dy, float* d2y) {
    const ArrayF xc = x.max(-12.0f).min(12.0f);  // e^−|z| = 0 in float beyond
    const ArrayD xd = xc.cast<double>();
    const ArrayD zd = xd * (f32::kGeluTanhA + f32::kGeluTanhB * xd.square());
    const ArrayF z = zd.cast<float>();
    const ArrayF zLow = (zd - z.cast<double>()).cast<float>();
    const ArrayF e = expMinusAbs(z, zLow);
    const ArrayF p = whereNegative(z, e, constant(e.size(), 1.0f)) / (1.0f + e);
    const ArrayF q = whereNegative(z, constant(e.size(), 1.0f), e) / (1.0f + e);
    const ArrayF pq = e / (1.0f + e).square();
    const float a = float(f32::kGeluTanhA), b = float(f32::kGeluTanhB);
    const ArrayF dz = a + 3.0f * b * xc.square();
    const f32::RootExpansion& root = f32::kGeluTanhRoot;
    y = x * p;
    dy = slopeNearRoot(root, (x - root.high) - root.low, p + xc * pq * dz);
    if (d2y) {
        const ArrayF du = 0.5f * dz, ddu = 3.0f * b * xc;
        MapF(d2y, x.size()) = 4.0f * pq * (du + 0.5f * xc * (ddu - 2.0f * (p - q) * du.square()));
    }
}

// tanh′ = 4e/(1 + e)², e = e^−2|x|: no 1 − tanh² cancellation.
void tanhChunk(ConstMapF x, MapF y, MapF dy, float* d2y) {
    y = x.tanh();
    const ArrayF e = expMinusAbs(2.0f * x, ArrayF::Zero(x.size()));
    const ArrayF s = 4.0f * e / (1.0f + e).square();
    dy = s;
    if (d2y) MapF(d2y, x.size()) = -2.0f * y * s;
}

// σ = (x ≥ 0 ? 1 : e)/(1 + e), σ′ = e/(1 + e)², e = e^−|x|: relative accuracy in both tails.
void sigmoidChunk(ConstMapF x, MapF y, MapF dy, float* d2y) {
    const ArrayF e = expMinusAbs(x, ArrayF::Zero(x.size()));
    y = whereNegative(x, e, constant(e.size(), 1.0f)) / (1.0f + e);
    const ArrayF q = e / (1.0f + e).square();
    dy = q;
    if (d2y) MapF(d2y, x.size()) = -q * (0.5f * x).tanh();  // σ′(1 − 2σ), no cancellation at 0
}

// ReLU family: slope 1 for x > 0, `negative` for x ≤ 0 (PyTorch's f′(0)).
void leakyChunk(float negative, ConstMapF x, MapF y, MapF dy, float* d2y) {
    y = (x > 0.0f).select(x, negative * x + 0.0f);  // + 0: no −0 from relu
    dy = (x > 0.0f).select(ArrayF::Ones(x.size()), ArrayF::Constant(x.size(), negative));
    if (d2y) MapF(d2y, x.size()).setZero();
}

// Runs the vectorised float kernel for [begin, end); false when there is none for this id.
bool vectorisedScalar(const ActivationConfig& config, const ScalarActivationBatch<float>& batch,
                      std::ptrdiff_t begin, std::ptrdiff_t end) {
    const std::ptrdiff_t n = end - begin;
    ConstMapF x(batch.x.data() + begin, n);
    MapF y(batch.value.data() + begin, n);
    MapF dy(batch.first.data() + begin, n);
    float* d2y = batch.second.empty() ? nullptr : batch.second.data() + begin;
    switch (config.info().gate) {
        case ActivationId::Gelu:
            geluChunk(x, y, dy, d2y);
            return true;
        case ActivationId::GeluTanh:
            geluTanhChunk(x, y, dy, d2y);
            return true;
        case ActivationId::Silu:
            swishChunk(1.0f, x, y, dy, d2y);
            return true;
        case ActivationId::Swish:
            swishChunk(double(float(config.parameters[0])), x, y, dy, d2y);
            return true;
        case ActivationId::GeluSigmoid:
            swishChunk(scalar::kGeluSigmoidBeta, x, y, dy, d2y);
            return true;
        case ActivationId::Tanh:
            tanhChunk(x, y, dy, d2y);
            return true;
        case ActivationId::Sigmoid:
            sigmoidChunk(x, y, dy, d2y);
            return true;
        case ActivationId::Relu:
            leakyChunk(0.0f, x, y, dy, d2y);
            return true;
        case ActivationId::LeakyRelu:
        case ActivationId::Prelu:
            leakyChunk(float(config.parameters[0]), x, y, dy, d2y);
            return true;
        default:
            return false;
    }
}

template <typename T>
void gatedChunk(const ActivationConfig& config, const GatedActivationBatch<T>& batch,
                std::ptrdiff_t begin, std::ptrdiff_t end) {
    for (std::ptrdiff_t i = begin; i < end; ++i) {
        const Derivatives<T> a = evaluateScalar<T>(config, batch.x[i]);
        const T v = batch.v[i];
        batch.value[i] = a.value * v;
        batch.dValueDx[i] = a.first * v;
        batch.dValueDv[i] = a.value;
    }
}

}  // namespace

void evaluateScalarKernel(const ActivationConfig& config,
                          const ScalarActivationBatch<float>& batch) {
    forEachChunk(std::ptrdiff_t(batch.x.size()), [&](std::ptrdiff_t begin, std::ptrdiff_t end) {
        if (!vectorisedScalar(config, batch, begin, end))
            referenceScalar(config, batch, begin, end);
    });
}

void evaluateScalarKernel(const ActivationConfig& config,
                          const ScalarActivationBatch<double>& batch) {
    forEachChunk(std::ptrdiff_t(batch.x.size()), [&](std::ptrdiff_t begin, std::ptrdiff_t end) {
        referenceScalar(config, batch, begin, end);
    });
}

void evaluateGatedKernel(const ActivationConfig& config, const GatedActivationBatch<float>& batch) {
    forEachChunk(std::ptrdiff_t(batch.x.size()), [&](std::ptrdiff_t begin, std::ptrdiff_t end) {
        gatedChunk(config, batch, begin, end);
    });
}

void evaluateGatedKernel(const ActivationConfig& config,
                         const GatedActivationBatch<double>& batch) {
    forEachChunk(std::ptrdiff_t(batch.x.size()), [&](std::ptrdiff_t begin, std::ptrdiff_t end) {
        gatedChunk(config, batch, begin, end);
    });
}

}  // namespace actlab::cpu
