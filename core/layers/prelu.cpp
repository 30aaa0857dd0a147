// PReLU: two plain loops over (N, C); the α gradient sums in row order, per channel, so that a
// run is reproducible bit for bit.
#include "layers/prelu.h"

#include <string>

namespace actlab {
namespace {

void requireAlpha(const Shape& alpha, Index channels, const char* what) {
    requireRank(alpha, 1, what);
    if (alpha.extent(0) != 1 && alpha.extent(0) != channels)
        throw TensorError(std::string(what) + ": shape " + alpha.toString() +
                          ", expected (1) or (" + std::to_string(channels) + ")");
}

}  // namespace

void checkPreluForward(const Shape& out, const Shape& derivative, const Shape& inp,
                       const Shape& alpha) {
    requireRank(inp, 2, "preluForward: inp");
    requireShape(out, inp, "preluForward: out");
    requireShape(derivative, inp, "preluForward: derivative");
    requireAlpha(alpha, inp.extent(1), "preluForward: alpha");
}

void checkPreluBackward(const Shape& dinp, const Shape& dalpha, const Shape& dout, const Shape& inp,
                        const Shape& derivative) {
    requireRank(inp, 2, "preluBackward: inp");
    requireShape(dinp, inp, "preluBackward: dinp");
    requireShape(dout, inp, "preluBackward: dout");
    requireShape(derivative, inp, "preluBackward: derivative");
    requireAlpha(dalpha, inp.extent(1), "preluBackward: dalpha");
}

template <typename T>
void preluForward(TensorView<T> out, TensorView<T> derivative, ConstTensorView<T> inp,
                  ConstTensorView<T> alpha) {
    checkPreluForward(out.shape(), derivative.shape(), inp.shape(), alpha.shape());
    const Index N = inp.extent(0), C = inp.extent(1);
    const bool perChannel = alpha.size() > 1;
    for (Index n = 0; n < N; ++n) {
        const T* __restrict x = inp.data() + n * C;
        T* __restrict y = out.data() + n * C;
        T* __restrict d = derivative.data() + n * C;
        for (Index c = 0; c < C; ++c) {
            const T a = alpha.data()[perChannel ? c : 0];
            const bool positive = x[c] > T(0);
            y[c] = positive ? x[c] : a * x[c];
            d[c] = positive ? T(1) : a;
        }
    }
}

template <typename T>
void preluBackward(TensorView<T> dinp, TensorView<T> dalpha, ConstTensorView<T> dout,
                   ConstTensorView<T> inp, ConstTensorView<T> derivative) {
    checkPreluBackward(dinp.shape(), dalpha.shape(), dout.shape(), inp.shape(), derivative.shape());
    const Index N = inp.extent(0), C = inp.extent(1);
    const bool perChannel = dalpha.size() > 1;
    for (Index n = 0; n < N; ++n) {
        const T* __restrict x = inp.data() + n * C;
        const T* __restrict dy = dout.data() + n * C;
        const T* __restrict d = derivative.data() + n * C;
        T* __restrict dx = dinp.data() + n * C;
        for (Index c = 0; c < C; ++c) dx[c] += dy[c] * d[c];
        for (Index c = 0; c < C; ++c)
            if (!(x[c] > T(0))) dalpha.data()[perChannel ? c : 0] += dy[c] * x[c];
    }
}

template void preluForward(TensorView<float>, TensorView<float>, ConstTensorView<float>,
                           ConstTensorView<float>);
template void preluForward(TensorView<double>, TensorView<double>, ConstTensorView<double>,
                           ConstTensorView<double>);
template void preluBackward(TensorView<float>, TensorView<float>, ConstTensorView<float>,
                            ConstTensorView<float>, ConstTensorView<float>);
template void preluBackward(TensorView<double>, TensorView<double>, ConstTensorView<double>,
                            ConstTensorView<double>, ConstTensorView<double>);

}  // namespace actlab
