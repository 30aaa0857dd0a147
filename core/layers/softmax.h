// Row-wise softmax over the last axis as a forward/backward pair; the attention probabilities
// and the loss build on it. Each row is independent; the row maximum is subtracted first.
#pragma once

#include "tensor/tensor.h"

namespace actlab {

// Gradients accumulate (+=), as everywhere in core/layers (see linear.h).
// Shapes: N is any leading flattening (reshape (B, NH, T, T) to (B·NH·T, T)), C the row length.

// out (N, C)[n, c] = exp(inp[n, c] − max_c inp[n]) / Σ_c' exp(inp[n, c'] − max_c inp[n]).
// Stable for large inputs; −∞ entries (a mask) give 0 as long as one entry per row is finite.
template <typename T>
void softmaxForward(TensorView<T> out, ConstTensorView<T> inp);

// dinp (N, C) += p ⊙ (dout − Σ_c dout ⊙ p) per row, with p = out (N, C), the forward's result.
template <typename T>
void softmaxBackward(TensorView<T> dinp, ConstTensorView<T> dout, ConstTensorView<T> out);

}  // namespace actlab
