// Row-wise stable softmax: subtract the row maximum, exponentiate, normalise.
#include "layers/softmax.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace actlab {

template <typename T>
void softmaxForward(TensorView<T> out, ConstTensorView<T> inp) {
    requireRank(inp, 2, "softmaxForward: inp");
    const Index N = inp.extent(0), C = inp.extent(1);
    requireShape(out, Shape{N, C}, "softmaxForward: out");

    for (Index n = 0; n < N; ++n) {
        const T* x = inp.data() + n * C;
        T* p = out.data() + n * C;
        T maximum = -std::numeric_limits<T>::infinity();
        for (Index c = 0; c < C; ++c) maximum = std::max(maximum, x[c]);
        T sum = 0;
        for (Index c = 0; c < C; ++c) {
            p[c] = std::exp(x[c] - maximum);
            sum += p[c];
        }
        for (Index c = 0; c < C; ++c) p[c] /= sum;
    }
}

template <typename T>
void softmaxBackward(TensorView<T> dinp, ConstTensorView<T> dout, ConstTensorView<T> out) {
    requireRank(out, 2, "softmaxBackward: out");
    const Index N = out.extent(0), C = out.extent(1);
    requireShape(dout, Shape{N, C}, "softmaxBackward: dout");
    requireShape(dinp, Shape{N, C}, "softmaxBackward: dinp");

    for (Index n = 0; n < N; ++n) {
        const T* p = out.data() + n * C;
        const T* dy = dout.data() + n * C;
        T* dx = dinp.data() + n * C;
        T weighted = 0;  // Σ_c dout ⊙ p
        for (Index c = 0; c < C; ++c) weighted += dy[c] * p[c];
        for (Index c = 0; c < C; ++c) dx[c] += p[c] * (dy[c] - weighted);
    }
}

template void softmaxForward(TensorView<float>, ConstTensorView<float>);
template void softmaxForward(TensorView<double>, ConstTensorView<double>);
template void softmaxBackward(TensorView<float>, ConstTensorView<float>, ConstTensorView<float>);
template void softmaxBackward(TensorView<double>, ConstTensorView<double>, ConstTensorView<double>);

}  // namespace actlab
