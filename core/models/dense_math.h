// Internal (Eigen) building blocks of the models: row-major maps, products that pick a lazy
// kernel for small shapes, linear layers and elementwise activations with their backward.
// Included by core/models/*.cpp only: Eigen stays out of public headers.
#pragma once

#include <Eigen/Core>
#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "activations/catalogue.h"
#include "models/model.h"

namespace actlab::dense {

template <typename T>
using Matrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Storage for the models' activations and gradients. Eigen computes the elements before the
// destination's first SIMD-aligned address on its scalar path (std::exp, no FMA) and the rest on
// its packet path, which round differently; with a heap-dependent alignment the same seed gave
// different weights from run to run. Aligned buffers (and products formed in aligned scratch,
// see multiply()) make a CPU run reproducible bit for bit.
template <typename T>
using AlignedVector = std::vector<T, Eigen::aligned_allocator<T>>;
template <typename T>
using Map = Eigen::Map<Matrix<T>>;
template <typename T>
using ConstMap = Eigen::Map<const Matrix<T>>;

template <typename T>
ConstMap<T> view(std::span<const T> data, int rows, int cols) {
    return ConstMap<T>(data.data(), rows, cols);
}
template <typename T, typename Allocator>
Map<T> view(std::vector<T, Allocator>& data, int rows, int cols) {
    return Map<T>(data.data(), rows, cols);
}
template <typename T, typename Allocator>
ConstMap<T> view(const std::vector<T, Allocator>& data, int rows, int cols) {
    return ConstMap<T>(data.data(), rows, cols);
}
template <typename T>
Map<T> view(Parameter<T>& p) {
    return Map<T>(p.value.data(), p.rows, p.cols);
}
template <typename T>
Map<T> gradView(Parameter<T>& p) {
    return Map<T>(p.grad.data(), p.rows, p.cols);
}

// A zero-filled parameter (rows, cols) with its gradient; `hidden` is the hidden layer it feeds.
template <typename T>
Parameter<T> makeParameter(std::string name, int rows, int cols, bool isWeight, int hidden) {
    Parameter<T> p;
    p.name = std::move(name);
    p.rows = rows;
    p.cols = cols;
    p.isWeight = isWeight;
    p.hiddenLayer = hidden;
    p.value.assign(size_t(rows) * size_t(cols), T(0));
    p.grad.assign(p.value.size(), T(0));
    return p;
}

// Below this many multiply-adds the row-by-row kernels below beat Eigen's blocked GEMM.
inline constexpr long kSmallProductLimit = 48 * 48 * 48;

// out (m, n) = a (m, k)·b (k, n), or += with accumulate; all row-major. Each output element
// sums a[r][p]·b[p][j] over p in order, in a register (16 columns at a time, one vector): no
// store-to-load chain through memory, and the same rounding wherever the buffers live.
template <typename T>
void smallProduct(const T* a, int m, int k, const T* b, int n, T* out, bool accumulate) {
    constexpr int kBlock = 16;
    for (int r = 0; r < m; ++r) {
        const T* __restrict ar = a + size_t(r) * size_t(k);
        T* __restrict o = out + size_t(r) * size_t(n);
        int j0 = 0;
        for (; j0 + kBlock <= n; j0 += kBlock) {
            T acc[kBlock];
            for (int j = 0; j < kBlock; ++j) acc[j] = accumulate ? o[j0 + j] : T(0);
            for (int p = 0; p < k; ++p) {
                const T s = ar[p];
                const T* __restrict row = b + size_t(p) * size_t(n) + size_t(j0);
                for (int j = 0; j < kBlock; ++j) acc[j] += s * row[j];
            }
            for (int j = 0; j < kBlock; ++j) o[j0 + j] = acc[j];
        }
        for (int j = j0; j < n; ++j) {  // the remaining columns, one dot product each
            T acc = accumulate ? o[j] : T(0);
            for (int p = 0; p < k; ++p) acc += ar[p] * b[size_t(p) * size_t(n) + size_t(j)];
            o[j] = acc;
        }
    }
}

// out (k, n) += aᵀ·b for a (m, k), b (m, n): one rank-1 update per row of a and b.
template <typename T>
void smallTransposedProduct(const T* a, int m, int k, const T* b, int n, T* out) {
    for (int r = 0; r < m; ++r) {
        const T* __restrict row = b + size_t(r) * size_t(n);
        for (int i = 0; i < k; ++i) {
            const T s = a[size_t(r) * size_t(k) + size_t(i)];
            T* __restrict o = out + size_t(i) * size_t(n);
            for (int j = 0; j < n; ++j) o[j] += s * row[j];
        }
    }
}

// out = a·b (accumulate: out += a·b) for large shapes, through Eigen's GEMM. The product is
// formed in an aligned scratch matrix, so that its rounding does not depend on where `out`
// lives (see AlignedVector); the copy or addition into `out` is exact.
template <typename A, typename B, typename Out>
void multiply(const A& a, const B& b, Out&& out, bool accumulate = false) {
    using T = typename std::decay_t<Out>::Scalar;
    thread_local Matrix<T> product;
    product.resize(a.rows(), b.cols());
    product.noalias() = a * b;
    if (accumulate)
        out += product;
    else
        out = product;
}

inline bool isSmallProduct(long rows, long depth, long cols) {
    return rows * depth * cols < kSmallProductLimit;
}

// Linear layer y = x·W + b. x (batch, in), W (in, out), b (1, out) or null, y (batch, out).
template <typename T>
void linearForward(const ConstMap<T>& x, Parameter<T>& weight, Parameter<T>* bias, Map<T> y) {
    if (isSmallProduct(x.rows(), x.cols(), weight.cols))
        smallProduct(x.data(), int(x.rows()), int(x.cols()), weight.value.data(), weight.cols,
                     y.data(), false);
    else
        multiply(x, view(weight), y);
    if (bias) y.rowwise() += view(*bias).row(0);
}

// Backward of y = x·W + b: W.grad += xᵀ·dy, b.grad += Σ_rows dy, and dx = dy·Wᵀ if dx is given.
template <typename T>
void linearBackward(const ConstMap<T>& x, const ConstMap<T>& dy, Parameter<T>& weight,
                    Parameter<T>* bias, Map<T>* dx) {
    const bool small = isSmallProduct(x.rows(), x.cols(), dy.cols());
    if (small)
        smallTransposedProduct(x.data(), int(x.rows()), int(x.cols()), dy.data(), int(dy.cols()),
                               weight.grad.data());
    else
        multiply(x.transpose(), dy, gradView(weight), true);
    if (bias) {  // column sums in aligned scratch, as in multiply()
        thread_local Matrix<T> columnSums;
        columnSums = dy.colwise().sum();
        gradView(*bias).row(0) += columnSums.row(0);
    }
    if (!dx) return;
    if (small) {  // dx = dy·Wᵀ as rows of Wᵀ (a transposed copy, so that rows are contiguous)
        thread_local Matrix<T> transposed;
        transposed = view(weight).transpose();
        smallProduct(dy.data(), int(dy.rows()), int(dy.cols()), transposed.data(), weight.rows,
                     dx->data(), false);
    } else {
        multiply(dy, view(weight).transpose(), *dx);
    }
}

// y = f(z) and d = f′(z) elementwise for a scalar activation (vectorised CPU kernels).
template <typename T>
void activationForward(const ActivationConfig& config, std::span<const T> z, std::span<T> y,
                       std::span<T> d);

// Gated: y = act(g)·v elementwise, keeping act(g) and act′(g) for the backward (GLU family).
template <typename T>
void gatedForward(const ActivationConfig& config, std::span<const T> gate, std::span<const T> value,
                  std::span<T> y, std::span<T> gateDerivative, std::span<T> gateActivation);

// PReLU with learnable α: per layer (alpha.size() == 1) or per neuron (alpha.size() == width).
// z, y, d are (batch, width).
template <typename T>
void preluForward(std::span<const T> alpha, int width, std::span<const T> z, std::span<T> y,
                  std::span<T> d);
// α.grad += Σ_{z ≤ 0} dy·z (per layer or per column).
template <typename T>
void preluAlphaBackward(Parameter<T>& alpha, int width, std::span<const T> z,
                        std::span<const T> dy);

// Fills a weight (in, out) for the initialiser and a bias with a constant.
void initialiseWeight(std::vector<double>& w, int in, int out, int initialiser, std::uint64_t seed);

}  // namespace actlab::dense
