// Linear layer: plain loops over rows for small products, Eigen's blocked GEMM for large ones
// (a Transformer's (B·T, C) rows), formed in aligned scratch so that the rounding does not
// depend on where the caller's buffers live.
#include "layers/linear.h"

#include <Eigen/Core>

namespace actlab {
namespace {

template <typename T>
using RowMatrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <typename T>
using Map = Eigen::Map<RowMatrix<T>>;
template <typename T>
using ConstMap = Eigen::Map<const RowMatrix<T>>;

// Below this many multiply-adds the loops beat the blocked GEMM (its packing costs more).
constexpr Index kSmallProductLimit = 32 * 32 * 32;

bool isLarge(Index rows, Index depth, Index cols) {
    return rows * depth * cols >= kSmallProductLimit;
}

// out += a·b through an aligned scratch product (exact addition into out).
template <typename A, typename B, typename Out>
void addProduct(const A& a, const B& b, Out&& out) {
    using T = typename std::decay_t<Out>::Scalar;
    thread_local RowMatrix<T> product;
    product.resize(a.rows(), b.cols());
    product.noalias() = a * b;
    out += product;
}

}  // namespace

LinearExtents checkLinearForward(const Shape& out, const Shape& inp, const Shape& weight,
                                 const Shape& bias) {
    requireRank(weight, 2, "linearForward: weight");
    requireRank(inp, 2, "linearForward: inp");
    const Index OC = weight.extent(0), C = weight.extent(1), N = inp.extent(0);
    requireShape(inp, Shape{N, C}, "linearForward: inp");
    requireShape(out, Shape{N, OC}, "linearForward: out");
    const bool hasBias = bias.elementCount() != 0;
    if (hasBias) requireShape(bias, Shape{OC}, "linearForward: bias");
    return {N, C, OC, hasBias};
}

LinearExtents checkLinearBackward(const Shape& dinp, const Shape& dweight, const Shape& dbias,
                                  const Shape& dout, const Shape& inp, const Shape& weight) {
    requireRank(weight, 2, "linearBackward: weight");
    requireRank(inp, 2, "linearBackward: inp");
    const Index OC = weight.extent(0), C = weight.extent(1), N = inp.extent(0);
    requireShape(inp, Shape{N, C}, "linearBackward: inp");
    requireShape(dinp, Shape{N, C}, "linearBackward: dinp");
    requireShape(dout, Shape{N, OC}, "linearBackward: dout");
    requireShape(dweight, Shape{OC, C}, "linearBackward: dweight");
    const bool hasBias = dbias.elementCount() != 0;
    if (hasBias) requireShape(dbias, Shape{OC}, "linearBackward: dbias");
    return {N, C, OC, hasBias};
}

template <typename T>
void linearForward(TensorView<T> out, ConstTensorView<T> inp, ConstTensorView<T> weight,
                   ConstTensorView<T> bias) {
    const auto [N, C, OC, hasBias] =
        checkLinearForward(out.shape(), inp.shape(), weight.shape(), bias.shape());

    if (isLarge(N, C, OC)) {
        Map<T> y(out.data(), N, OC);
        if (hasBias)
            y.rowwise() = ConstMap<T>(bias.data(), 1, OC).row(0);
        else
            y.setZero();
        addProduct(ConstMap<T>(inp.data(), N, C), ConstMap<T>(weight.data(), OC, C).transpose(), y);
        return;
    }
    for (Index n = 0; n < N; ++n) {
        const T* x = inp.data() + n * C;
        T* y = out.data() + n * OC;
        for (Index o = 0; o < OC; ++o) {
            const T* w = weight.data() + o * C;
            T value = hasBias ? bias.data()[o] : T(0);
            for (Index i = 0; i < C; ++i) value += x[i] * w[i];
            y[o] = value;
        }
    }
}

template <typename T>
void linearBackward(TensorView<T> dinp, TensorView<T> dweight, TensorView<T> dbias,
                    ConstTensorView<T> dout, ConstTensorView<T> inp, ConstTensorView<T> weight) {
    const auto [N, C, OC, hasBias] = checkLinearBackward(
        dinp.shape(), dweight.shape(), dbias.shape(), dout.shape(), inp.shape(), weight.shape());

    if (isLarge(N, C, OC)) {
        const ConstMap<T> x(inp.data(), N, C), dy(dout.data(), N, OC), w(weight.data(), OC, C);
        Map<T> dx(dinp.data(), N, C), dw(dweight.data(), OC, C);
        addProduct(dy, w, dx);
        addProduct(dy.transpose(), x, dw);
        if (hasBias) {
            thread_local RowMatrix<T> columnSums;
            columnSums = dy.colwise().sum();
            Map<T>(dbias.data(), 1, OC) += columnSums;
        }
        return;
    }
    for (Index n = 0; n < N; ++n) {
        const T* x = inp.data() + n * C;
        const T* dy = dout.data() + n * OC;
        T* dx = dinp.data() + n * C;
        for (Index o = 0; o < OC; ++o) {
            const T* w = weight.data() + o * C;
            T* dw = dweight.data() + o * C;
            const T d = dy[o];
            for (Index i = 0; i < C; ++i) {
                dx[i] += w[i] * d;
                dw[i] += x[i] * d;
            }
            if (hasBias) dbias.data()[o] += d;
        }
    }
}

template void linearForward(TensorView<float>, ConstTensorView<float>, ConstTensorView<float>,
                            ConstTensorView<float>);
template void linearForward(TensorView<double>, ConstTensorView<double>, ConstTensorView<double>,
                            ConstTensorView<double>);
template void linearBackward(TensorView<float>, TensorView<float>, TensorView<float>,
                             ConstTensorView<float>, ConstTensorView<float>,
                             ConstTensorView<float>);
template void linearBackward(TensorView<double>, TensorView<double>, TensorView<double>,
                             ConstTensorView<double>, ConstTensorView<double>,
                             ConstTensorView<double>);

}  // namespace actlab
