// CPU activation kernels. Float GELU/tanh-GELU/sigmoid-family/tanh/ReLU-family are written as
// Eigen array expressions (SIMD); every other case loops over the reference formulas in
// scalar_functions.h. Work is cut into chunks and shared among OpenMP threads.
#include "backends/cpu/cpu_activation_kernels.h"

#include <Eigen/Core>
#include <algorithm>
#include <cstddef>
#include <unsupported/Eigen/SpecialFunctions>

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

// σ′(z) = e/(1 + e)², e = e^−|z|: relative accuracy in both tails (no 1 − σ cancellation).
ArrayF sigmoidSlope(const ArrayF& z) {
    const ArrayF e = (-z.abs()).exp();
    return e / (1.0f + e).square();
}

// Swish family x·σ(βx) with s = σ(βx): f′ = s + βx·s(1−s), f″ = βq(2 + βx(1 − 2s)).
// σ(z) = 1/(1 + e^−z): e^−z may overflow to +inf, which gives the right limit 0.
void swishChunk(float beta, ConstMapF x, MapF y, MapF dy, float* d2y) {
    const ArrayF bx = beta * x;
    const ArrayF s = 1.0f / (1.0f + (-bx).exp());
    const ArrayF q = sigmoidSlope(bx);
    y = x * s;
    dy = s + bx * q;
    if (d2y) MapF(d2y, x.size()) = beta * q * (2.0f + bx * (1.0f - 2.0f * s));
}

// GELU x·Φ(x): f′ = Φ + xφ, f″ = φ(2 − x²).
void geluChunk(ConstMapF x, MapF y, MapF dy, float* d2y) {
    const ArrayF cdf = 0.5f * (1.0f + (x * float(scalar::kInvSqrt2)).erf());
    const ArrayF pdf = (-0.5f * x.square()).exp() * float(scalar::kInvSqrt2Pi);
    y = x * cdf;
    dy = cdf + x * pdf;
    if (d2y) MapF(d2y, x.size()) = pdf * (2.0f - x.square());
}

// tanh-GELU x·σ(2u), u = k(x + cx³); see scalar::geluTanh for the cancellation-free form.
void geluTanhChunk(ConstMapF x, MapF y, MapF dy, float* d2y) {
    const float k = float(scalar::kSqrt2OverPi), c = float(scalar::kGeluTanhCoefficient);
    const ArrayF x2 = x.square();
    const ArrayF u = k * x * (1.0f + c * x2);
    const ArrayF p = 1.0f / (1.0f + (-2.0f * u).exp());
    const ArrayF q = 1.0f / (1.0f + (2.0f * u).exp());
    const ArrayF pq = p * q;
    const ArrayF du = k * (1.0f + 3.0f * c * x2);
    // pq·u′ is 0 (not NaN) where pq underflows and u′ overflows.
    const ArrayF pqdu = (pq == 0.0f).select(ArrayF::Zero(x.size()), pq * du);
    y = x * p;
    dy = p + 2.0f * x * pqdu;
    if (d2y) {
        const ArrayF ddu = 6.0f * k * c * x;
        MapF(d2y, x.size()) =
            (pq == 0.0f)
                .select(ArrayF::Zero(x.size()),
                        4.0f * pq * (du + 0.5f * x * (ddu - 2.0f * (p - q) * du * du)));
    }
}

void tanhChunk(ConstMapF x, MapF y, MapF dy, float* d2y) {
    y = x.tanh();
    const ArrayF s = 4.0f * sigmoidSlope(2.0f * x);  // 1 − tanh², without cancellation
    dy = s;
    if (d2y) MapF(d2y, x.size()) = -2.0f * y * s;
}

void sigmoidChunk(ConstMapF x, MapF y, MapF dy, float* d2y) {
    y = 1.0f / (1.0f + (-x).exp());
    const ArrayF q = sigmoidSlope(ArrayF(x));
    dy = q;
    if (d2y) MapF(d2y, x.size()) = q * (1.0f - 2.0f * y);
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
            swishChunk(float(config.parameters[0]), x, y, dy, d2y);
            return true;
        case ActivationId::GeluSigmoid:
            swishChunk(float(scalar::kGeluSigmoidBeta), x, y, dy, d2y);
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
