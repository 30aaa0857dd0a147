// PReLU, the activation with a learnable negative slope α (He et al. 2015, PyTorch's nn.PReLU):
// one α for the whole layer, or one per channel (the last axis), as a forward/backward pair.
#pragma once

#include "tensor/tensor.h"

namespace actlab {

// Gradients accumulate (+=), as everywhere in core/layers (see linear.h).
// Shapes: inp, out, derivative (N, C) with any N (reshape (B, T, C) to (B·T, C)); alpha (1) for
// one α or (C) for one per channel.

// The entry checks of preluForward / preluBackward (every backend's): TensorError, as they throw.
void checkPreluForward(const Shape& out, const Shape& derivative, const Shape& inp,
                       const Shape& alpha);
void checkPreluBackward(const Shape& dinp, const Shape& dalpha, const Shape& dout, const Shape& inp,
                        const Shape& derivative);

// out = inp > 0 ? inp : α·inp; derivative = ∂out/∂inp = inp > 0 ? 1 : α (what backward needs).
template <typename T>
void preluForward(TensorView<T> out, TensorView<T> derivative, ConstTensorView<T> inp,
                  ConstTensorView<T> alpha);

// dinp += dout ⊙ derivative; dalpha += Σ over inp ≤ 0 of dout·inp (summed over rows, and over
// channels too for a single α).
template <typename T>
void preluBackward(TensorView<T> dinp, TensorView<T> dalpha, ConstTensorView<T> dout,
                   ConstTensorView<T> inp, ConstTensorView<T> derivative);

}  // namespace actlab
