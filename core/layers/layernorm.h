// Layer normalisation as a forward/backward pair, after llm.c's layernorm_forward /
// layernorm_backward: each row (each (b, t) position) is normalised independently over C.
#pragma once

#include "tensor/tensor.h"

namespace actlab {

// Gradients accumulate (+=), as everywhere in core/layers (see linear.h).
// Shapes: N is any leading flattening (reshape (B, T, C) to (B·T, C)), C the width.

// The extents of a layernorm call.
struct LayernormExtents {
    Index N, C;
};

// The entry checks of layernormForward / layernormBackward (every backend's): TensorError, as
// they throw.
LayernormExtents checkLayernormForward(const Shape& out, const Shape& mean, const Shape& rstd,
                                       const Shape& inp, const Shape& weight, const Shape& bias);
LayernormExtents checkLayernormBackward(const Shape& dinp, const Shape& dweight, const Shape& dbias,
                                        const Shape& dout, const Shape& inp, const Shape& weight,
                                        const Shape& mean, const Shape& rstd);

// mean (N) = Σ_c x / C, rstd (N) = 1 / √(Σ_c (x − mean)² / C + eps) (biased variance),
// out (N, C) = (inp (N, C) − mean) · rstd · weight (C) + bias (C). mean and rstd are what
// backward needs.
template <typename T>
void layernormForward(TensorView<T> out, TensorView<T> mean, TensorView<T> rstd,
                      ConstTensorView<T> inp, ConstTensorView<T> weight, ConstTensorView<T> bias,
                      T eps = T(1e-5));

// With norm = (x − mean) · rstd and g = weight ⊙ dout (per row):
// dbias (C) += Σ_n dout, dweight (C) += Σ_n norm ⊙ dout,
// dinp (N, C) += rstd · (g − mean_c(g) − norm · mean_c(g ⊙ norm))  (dnorm_mean, dnorm_norm_mean).
template <typename T>
void layernormBackward(TensorView<T> dinp, TensorView<T> dweight, TensorView<T> dbias,
                       ConstTensorView<T> dout, ConstTensorView<T> inp, ConstTensorView<T> weight,
                       ConstTensorView<T> mean, ConstTensorView<T> rstd);

}  // namespace actlab
