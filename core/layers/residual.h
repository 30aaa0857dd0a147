// The residual connection and mean pooling over positions as forward/backward pairs. The
// residual is applied at every position independently; pooling mixes the positions of one
// sequence into a single row (the head of pooled tasks reads it).
#pragma once

#include "tensor/tensor.h"

namespace actlab {

// Gradients accumulate (+=), as everywhere in core/layers (see linear.h).

// The extents of a mean-pooling call.
struct MeanPoolExtents {
    Index B, T, C;
};

// The entry checks of residualForward, meanPoolForward and meanPoolBackward (every backend's):
// TensorError, as they throw.
void checkResidualForward(const Shape& out, const Shape& a, const Shape& b);
MeanPoolExtents checkMeanPoolForward(const Shape& out, const Shape& inp);
MeanPoolExtents checkMeanPoolBackward(const Shape& dinp, const Shape& dout);

// out = a + b, all of one shape (any rank). out may be a or b (in place).
template <typename T>
void residualForward(TensorView<T> out, ConstTensorView<T> a, ConstTensorView<T> b);

// da += dout; db += dout (the gradient flows unchanged into both branches).
template <typename T>
void residualBackward(TensorView<T> da, TensorView<T> db, ConstTensorView<T> dout);

// out (B, C)[b] = (1/T) Σ_t inp (B, T, C)[b, t].
template <typename T>
void meanPoolForward(TensorView<T> out, ConstTensorView<T> inp);

// dinp (B, T, C)[b, t] += dout (B, C)[b] / T.
template <typename T>
void meanPoolBackward(TensorView<T> dinp, ConstTensorView<T> dout);

}  // namespace actlab
