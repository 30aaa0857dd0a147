// Linear layer: plain loops over rows, the reference every backend is checked against.
#include "layers/linear.h"

namespace actlab {

template <typename T>
void linearForward(TensorView<T> out, ConstTensorView<T> inp, ConstTensorView<T> weight,
                   ConstTensorView<T> bias) {
    requireRank(weight, 2, "linearForward: weight");
    requireRank(inp, 2, "linearForward: inp");
    const Index OC = weight.extent(0), C = weight.extent(1), N = inp.extent(0);
    requireShape(inp, Shape{N, C}, "linearForward: inp");
    requireShape(out, Shape{N, OC}, "linearForward: out");
    const bool hasBias = !bias.empty();
    if (hasBias) requireShape(bias, Shape{OC}, "linearForward: bias");

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
    requireRank(weight, 2, "linearBackward: weight");
    requireRank(inp, 2, "linearBackward: inp");
    const Index OC = weight.extent(0), C = weight.extent(1), N = inp.extent(0);
    requireShape(inp, Shape{N, C}, "linearBackward: inp");
    requireShape(dinp, Shape{N, C}, "linearBackward: dinp");
    requireShape(dout, Shape{N, OC}, "linearBackward: dout");
    requireShape(dweight, Shape{OC, C}, "linearBackward: dweight");
    const bool hasBias = !dbias.empty();
    if (hasBias) requireShape(dbias, Shape{OC}, "linearBackward: dbias");

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
