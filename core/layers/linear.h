// Linear (fully connected) layer as a forward/backward pair, after llm.c's matmul_forward /
// matmul_backward. It is applied at every row (every (b, t) position) independently.
#pragma once

#include "tensor/tensor.h"

namespace actlab {

// Gradient convention of core/layers: every xxxBackward ADDS (+=) into all of its gradient
// outputs, dinp included, as llm.c does, so that branches (a residual, a shared table) sum by
// themselves; zero the gradients once before a backward pass.
//
// Shapes: N is any leading flattening (reshape (B, T, C) to (B·T, C)), C the input width,
// OC the output width. Call with views, or name T: linearForward<double>(out, inp, ...).

// The extents of a linear call; hasBias is false for an empty bias (or dbias), and
// hasInputGradient false for an empty dinp (backward only).
struct LinearExtents {
    Index N, C, OC;
    bool hasBias;
    bool hasInputGradient = true;
};

// The entry checks of linearForward / linearBackward (every backend's): TensorError, as they throw.
LinearExtents checkLinearForward(const Shape& out, const Shape& inp, const Shape& weight,
                                 const Shape& bias);
LinearExtents checkLinearBackward(const Shape& dinp, const Shape& dweight, const Shape& dbias,
                                  const Shape& dout, const Shape& inp, const Shape& weight);

// out (N, OC) = inp (N, C) · weight (OC, C)ᵀ + bias (OC); an empty bias means no bias.
template <typename T>
void linearForward(TensorView<T> out, ConstTensorView<T> inp, ConstTensorView<T> weight,
                   ConstTensorView<T> bias);

// dinp (N, C) += dout (N, OC) · weight (OC, C); dweight (OC, C) += doutᵀ · inp (N, C);
// dbias (OC) += Σ_n dout[n] (skipped when dbias is empty; dinp likewise, for a first layer
// whose input needs no gradient). Needs only inp and weight.
template <typename T>
void linearBackward(TensorView<T> dinp, TensorView<T> dweight, TensorView<T> dbias,
                    ConstTensorView<T> dout, ConstTensorView<T> inp, ConstTensorView<T> weight);

}  // namespace actlab
