// Residual connection and mean pooling over positions: plain loops, shape checks first.
#include "layers/residual.h"

namespace actlab {

void checkResidualForward(const Shape& out, const Shape& a, const Shape& b) {
    requireShape(b, a, "residualForward: b");
    requireShape(out, a, "residualForward: out");
}

MeanPoolExtents checkMeanPoolForward(const Shape& out, const Shape& inp) {
    requireRank(inp, 3, "meanPoolForward: inp");
    const Index B = inp.extent(0), steps = inp.extent(1), C = inp.extent(2);
    requireShape(out, Shape{B, C}, "meanPoolForward: out");
    return {B, steps, C};
}

MeanPoolExtents checkMeanPoolBackward(const Shape& dinp, const Shape& dout) {
    requireRank(dinp, 3, "meanPoolBackward: dinp");
    const Index B = dinp.extent(0), steps = dinp.extent(1), C = dinp.extent(2);
    requireShape(dout, Shape{B, C}, "meanPoolBackward: dout");
    return {B, steps, C};
}

template <typename T>
void residualForward(TensorView<T> out, ConstTensorView<T> a, ConstTensorView<T> b) {
    checkResidualForward(out.shape(), a.shape(), b.shape());

    // Element i is read before it is written, so out may be a or b.
    for (Index i = 0; i < a.size(); ++i) out.data()[i] = a.data()[i] + b.data()[i];
}

template <typename T>
void residualBackward(TensorView<T> da, TensorView<T> db, ConstTensorView<T> dout) {
    requireShape(da, dout.shape(), "residualBackward: da");
    requireShape(db, dout.shape(), "residualBackward: db");

    for (Index i = 0; i < dout.size(); ++i) {
        da.data()[i] += dout.data()[i];
        db.data()[i] += dout.data()[i];
    }
}

template <typename T>
void meanPoolForward(TensorView<T> out, ConstTensorView<T> inp) {
    const auto [B, steps, C] = checkMeanPoolForward(out.shape(), inp.shape());

    const T scale = steps > 0 ? T(1) / T(steps) : T(0);  // no positions: a zero row
    for (Index b = 0; b < B; ++b) {
        T* y = out.data() + b * C;
        for (Index c = 0; c < C; ++c) y[c] = 0;
        for (Index t = 0; t < steps; ++t) {
            const T* x = inp.data() + (b * steps + t) * C;
            for (Index c = 0; c < C; ++c) y[c] += x[c];
        }
        for (Index c = 0; c < C; ++c) y[c] *= scale;
    }
}

template <typename T>
void meanPoolBackward(TensorView<T> dinp, ConstTensorView<T> dout) {
    const auto [B, steps, C] = checkMeanPoolBackward(dinp.shape(), dout.shape());
    if (steps == 0) return;

    const T scale = T(1) / T(steps);
    for (Index b = 0; b < B; ++b) {
        const T* dy = dout.data() + b * C;
        for (Index t = 0; t < steps; ++t) {
            T* dx = dinp.data() + (b * steps + t) * C;
            for (Index c = 0; c < C; ++c) dx[c] += dy[c] * scale;
        }
    }
}

template void residualForward(TensorView<float>, ConstTensorView<float>, ConstTensorView<float>);
template void residualForward(TensorView<double>, ConstTensorView<double>, ConstTensorView<double>);
template void residualBackward(TensorView<float>, TensorView<float>, ConstTensorView<float>);
template void residualBackward(TensorView<double>, TensorView<double>, ConstTensorView<double>);
template void meanPoolForward(TensorView<float>, ConstTensorView<float>);
template void meanPoolForward(TensorView<double>, ConstTensorView<double>);
template void meanPoolBackward(TensorView<float>, ConstTensorView<float>);
template void meanPoolBackward(TensorView<double>, ConstTensorView<double>);

}  // namespace actlab
