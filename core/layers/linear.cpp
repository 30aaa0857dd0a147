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
constexpr Index kSmallProductLimit = 48 * 48 * 48;

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

// out (m, n) += a (m, k)·b (k, n) for small shapes; b and out row-major, a read as
// a[r·aRow + p·aColumn] (a transposed operand needs no copy). Each output element sums over p in
// order in a register, 16 columns (one or two SIMD vectors) at a time: no store-to-load chain
// through memory, and the same rounding wherever the buffers live.
template <typename T>
void addSmallProduct(const T* a, int aRow, int aColumn, int m, int k, const T* b, int n, T* out) {
    constexpr int kBlock = 16;
    for (int r = 0; r < m; ++r) {
        const T* __restrict ar = a + size_t(r) * size_t(aRow);
        T* __restrict o = out + size_t(r) * size_t(n);
        int j0 = 0;
        for (; j0 + kBlock <= n; j0 += kBlock) {
            T acc[kBlock];
            for (int j = 0; j < kBlock; ++j) acc[j] = o[j0 + j];
            const T* __restrict s = ar;
            const T* __restrict row = b + j0;
            for (int p = 0; p < k; ++p, s += aColumn, row += n)
                for (int j = 0; j < kBlock; ++j) acc[j] += *s * row[j];
            for (int j = 0; j < kBlock; ++j) o[j0 + j] = acc[j];
        }
        for (int j = j0; j < n; ++j) {  // the remaining columns, one dot product each
            T acc = o[j];
            for (int p = 0; p < k; ++p)
                acc += ar[size_t(p) * size_t(aColumn)] * b[size_t(p) * size_t(n) + size_t(j)];
            o[j] = acc;
        }
    }
}

// Σ_rows x (rows, n) added into sums (n), 16 columns at a time in registers.
template <typename T>
void addColumnSums(const T* x, int rows, int n, T* sums) {
    constexpr int kBlock = 16;
    int j0 = 0;
    for (; j0 + kBlock <= n; j0 += kBlock) {
        T acc[kBlock];
        for (int j = 0; j < kBlock; ++j) acc[j] = sums[j0 + j];
        const T* __restrict row = x + j0;
        for (int r = 0; r < rows; ++r, row += n)
            for (int j = 0; j < kBlock; ++j) acc[j] += row[j];
        for (int j = 0; j < kBlock; ++j) sums[j0 + j] = acc[j];
    }
    for (int j = j0; j < n; ++j) {
        T acc = sums[j];
        for (int r = 0; r < rows; ++r) acc += x[size_t(r) * size_t(n) + size_t(j)];
        sums[j] = acc;
    }
}

// (cols, rows) = transpose of a (rows, cols), into thread-local aligned scratch.
template <typename T>
const T* transposed(const T* a, int rows, int cols) {
    thread_local AlignedVector<T> t;
    t.resize(size_t(rows) * size_t(cols));
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            t[size_t(c) * size_t(rows) + size_t(r)] = a[size_t(r) * size_t(cols) + size_t(c)];
    return t.data();
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
    const bool hasInputGradient = dinp.elementCount() != 0;
    if (hasInputGradient) requireShape(dinp, Shape{N, C}, "linearBackward: dinp");
    requireShape(dout, Shape{N, OC}, "linearBackward: dout");
    requireShape(dweight, Shape{OC, C}, "linearBackward: dweight");
    const bool hasBias = dbias.elementCount() != 0;
    if (hasBias) requireShape(dbias, Shape{OC}, "linearBackward: dbias");
    return {N, C, OC, hasBias, hasInputGradient};
}

template <typename T>
void linearForward(TensorView<T> out, ConstTensorView<T> inp, ConstTensorView<T> weight,
                   ConstTensorView<T> bias) {
    const auto [N, C, OC, hasBias, unused] =
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
    // out = bias (or 0), then += inp · weightᵀ with weightᵀ (C, OC) copied once per call.
    T* __restrict y = out.data();
    for (Index n = 0; n < N; ++n)
        for (Index o = 0; o < OC; ++o) y[n * OC + o] = hasBias ? bias.data()[o] : T(0);
    addSmallProduct(inp.data(), int(C), 1, int(N), int(C),
                    transposed(weight.data(), int(OC), int(C)), int(OC), y);
}

template <typename T>
void linearBackward(TensorView<T> dinp, TensorView<T> dweight, TensorView<T> dbias,
                    ConstTensorView<T> dout, ConstTensorView<T> inp, ConstTensorView<T> weight) {
    const auto [N, C, OC, hasBias, hasInputGradient] = checkLinearBackward(
        dinp.shape(), dweight.shape(), dbias.shape(), dout.shape(), inp.shape(), weight.shape());

    if (isLarge(N, C, OC)) {
        const ConstMap<T> x(inp.data(), N, C), dy(dout.data(), N, OC), w(weight.data(), OC, C);
        Map<T> dx(dinp.data(), N, C), dw(dweight.data(), OC, C);
        if (hasInputGradient) addProduct(dy, w, dx);
        addProduct(dy.transpose(), x, dw);
        if (hasBias) {
            thread_local RowMatrix<T> columnSums;
            columnSums = dy.colwise().sum();
            Map<T>(dbias.data(), 1, OC) += columnSums;
        }
        return;
    }
    // dinp (N, C) += dout (N, OC) · weight (OC, C), in registers along rows of C.
    if (hasInputGradient)
        addSmallProduct(dout.data(), int(OC), 1, int(N), int(OC), weight.data(), int(C),
                        dinp.data());
    // dweight (OC, C) += doutᵀ · inp, in registers along the longer axis: rows of C, or (for a
    // first layer's C = 2 inputs, too short for a vector) rows of OC of dweightᵀ in scratch.
    if (C >= OC) {
        addSmallProduct(dout.data(), 1, int(OC), int(OC), int(N), inp.data(), int(C),
                        dweight.data());
    } else {
        thread_local AlignedVector<T> sums;
        sums.assign(size_t(C * OC), T(0));
        addSmallProduct(inp.data(), 1, int(C), int(C), int(N), dout.data(), int(OC), sums.data());
        T* __restrict dw = dweight.data();
        for (Index o = 0; o < OC; ++o)
            for (Index i = 0; i < C; ++i) dw[o * C + i] += sums[size_t(i * OC + o)];
    }
    if (hasBias) addColumnSums(dout.data(), int(N), int(OC), dbias.data());
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
