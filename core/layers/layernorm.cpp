// Layer normalisation: llm.c's two-pass mean and variance per row, plain loops. Rows are
// independent: from kParallelElements on they are shared among OpenMP threads, and the sums
// across rows (dweight, dbias) stay in one thread in row order, so the bits do not depend on
// the number of threads.
#include "layers/layernorm.h"

#include <cmath>

namespace actlab {
namespace {

// N · C from which a parallel region pays for itself (transformer-tiny's 512 × 64 rows do).
constexpr Index kParallelElements = 1 << 14;

}  // namespace

LayernormExtents checkLayernormForward(const Shape& out, const Shape& mean, const Shape& rstd,
                                       const Shape& inp, const Shape& weight, const Shape& bias) {
    requireRank(inp, 2, "layernormForward: inp");
    const Index N = inp.extent(0), C = inp.extent(1);
    requireShape(weight, Shape{C}, "layernormForward: weight");
    requireShape(bias, Shape{C}, "layernormForward: bias");
    requireShape(out, Shape{N, C}, "layernormForward: out");
    requireShape(mean, Shape{N}, "layernormForward: mean");
    requireShape(rstd, Shape{N}, "layernormForward: rstd");
    return {N, C};
}

LayernormExtents checkLayernormBackward(const Shape& dinp, const Shape& dweight, const Shape& dbias,
                                        const Shape& dout, const Shape& inp, const Shape& weight,
                                        const Shape& mean, const Shape& rstd) {
    requireRank(inp, 2, "layernormBackward: inp");
    const Index N = inp.extent(0), C = inp.extent(1);
    requireShape(dinp, Shape{N, C}, "layernormBackward: dinp");
    requireShape(dout, Shape{N, C}, "layernormBackward: dout");
    requireShape(weight, Shape{C}, "layernormBackward: weight");
    requireShape(dweight, Shape{C}, "layernormBackward: dweight");
    requireShape(dbias, Shape{C}, "layernormBackward: dbias");
    requireShape(mean, Shape{N}, "layernormBackward: mean");
    requireShape(rstd, Shape{N}, "layernormBackward: rstd");
    return {N, C};
}

template <typename T>
void layernormForward(TensorView<T> out, TensorView<T> mean, TensorView<T> rstd,
                      ConstTensorView<T> inp, ConstTensorView<T> weight, ConstTensorView<T> bias,
                      T eps) {
    // Named, not bound: clang 14 cannot use a structured binding in an OpenMP region.
    const LayernormExtents extents = checkLayernormForward(
        out.shape(), mean.shape(), rstd.shape(), inp.shape(), weight.shape(), bias.shape());
    const Index N = extents.N, C = extents.C;

#pragma omp parallel for schedule(static) if (N * C >= kParallelElements)
    for (Index n = 0; n < N; ++n) {
        const T* x = inp.data() + n * C;
        T m = 0;
        for (Index c = 0; c < C; ++c) m += x[c];
        m /= T(C);
        T variance = 0;
        for (Index c = 0; c < C; ++c) variance += (x[c] - m) * (x[c] - m);
        variance /= T(C);
        const T s = T(1) / std::sqrt(variance + eps);
        T* y = out.data() + n * C;
        for (Index c = 0; c < C; ++c) y[c] = (x[c] - m) * s * weight.data()[c] + bias.data()[c];
        mean.data()[n] = m;
        rstd.data()[n] = s;
    }
}

template <typename T>
void layernormBackward(TensorView<T> dinp, TensorView<T> dweight, TensorView<T> dbias,
                       ConstTensorView<T> dout, ConstTensorView<T> inp, ConstTensorView<T> weight,
                       ConstTensorView<T> mean, ConstTensorView<T> rstd) {
    const LayernormExtents extents =
        checkLayernormBackward(dinp.shape(), dweight.shape(), dbias.shape(), dout.shape(),
                               inp.shape(), weight.shape(), mean.shape(), rstd.shape());
    const Index N = extents.N, C = extents.C;

    const T* w = weight.data();
#pragma omp parallel for schedule(static) if (N * C >= kParallelElements)
    for (Index n = 0; n < N; ++n) {
        const T* x = inp.data() + n * C;
        const T* dy = dout.data() + n * C;
        T* dx = dinp.data() + n * C;
        const T m = mean.data()[n], s = rstd.data()[n];
        // The two row means that the gradient through mean and rstd needs.
        T dnormMean = 0, dnormNormMean = 0;
        for (Index c = 0; c < C; ++c) {
            const T norm = (x[c] - m) * s;
            const T dnorm = w[c] * dy[c];
            dnormMean += dnorm;
            dnormNormMean += dnorm * norm;
        }
        dnormMean /= T(C);
        dnormNormMean /= T(C);
        for (Index c = 0; c < C; ++c) {
            const T norm = (x[c] - m) * s;
            const T dnorm = w[c] * dy[c];
            dx[c] += (dnorm - dnormMean - norm * dnormNormMean) * s;
        }
    }
    // The sums over rows, in row order.
    T* __restrict db = dbias.data();
    T* __restrict dw = dweight.data();
    for (Index n = 0; n < N; ++n) {
        const T* x = inp.data() + n * C;
        const T* dy = dout.data() + n * C;
        const T m = mean.data()[n], s = rstd.data()[n];
        for (Index c = 0; c < C; ++c) {
            db[c] += dy[c];
            dw[c] += (x[c] - m) * s * dy[c];
        }
    }
}

template void layernormForward(TensorView<float>, TensorView<float>, TensorView<float>,
                               ConstTensorView<float>, ConstTensorView<float>,
                               ConstTensorView<float>, float);
template void layernormForward(TensorView<double>, TensorView<double>, TensorView<double>,
                               ConstTensorView<double>, ConstTensorView<double>,
                               ConstTensorView<double>, double);
template void layernormBackward(TensorView<float>, TensorView<float>, TensorView<float>,
                                ConstTensorView<float>, ConstTensorView<float>,
                                ConstTensorView<float>, ConstTensorView<float>,
                                ConstTensorView<float>);
template void layernormBackward(TensorView<double>, TensorView<double>, TensorView<double>,
                                ConstTensorView<double>, ConstTensorView<double>,
                                ConstTensorView<double>, ConstTensorView<double>,
                                ConstTensorView<double>);

}  // namespace actlab
