// An activation layer (any scalar catalogue function) and a gated unit (GLU, ReGLU, GeGLU,
// SwiGLU) as forward/backward pairs over tensors of any shape; both are applied element by
// element, at every position independently, with the CPU backend's kernels.
#pragma once

#include "activations/catalogue.h"
#include "tensor/tensor.h"

namespace actlab {

// Gradients accumulate (+=), as everywhere in core/layers (see linear.h).
// Shapes: every argument has the shape of inp (any rank); N is its element count.

// The entry checks of the four functions below (every backend's): std::invalid_argument for
// an entry of the wrong kind, TensorError for a shape, with the messages they throw.
void checkActivationForward(const Shape& out, const Shape& derivative, const Shape& inp,
                            const ActivationConfig& activation);
void checkActivationBackward(const Shape& dinp, const Shape& dout, const Shape& derivative);
void checkGatedForward(const Shape& out, const Shape& dOutdGate, const Shape& dOutdValue,
                       const Shape& gate, const Shape& value, const ActivationConfig& activation);
void checkGatedBackward(const Shape& dgate, const Shape& dvalue, const Shape& dout,
                        const Shape& dOutdGate, const Shape& dOutdValue);

// out = f(inp) and derivative = f′(inp), for a scalar catalogue entry (its parameters fixed:
// PReLU's alpha is a constant here). derivative is what backward needs. Throws
// std::invalid_argument for a gated entry.
template <typename T>
void activationForward(TensorView<T> out, TensorView<T> derivative, ConstTensorView<T> inp,
                       const ActivationConfig& activation);

// dinp += dout ⊙ derivative.
template <typename T>
void activationBackward(TensorView<T> dinp, ConstTensorView<T> dout, ConstTensorView<T> derivative);

// Gated unit: out = act(gate) ⊙ value, with act the gate function of a gated catalogue entry
// (glu: sigmoid, reglu: relu, geglu: gelu, swiglu: silu). dOutdGate = act′(gate) ⊙ value and
// dOutdValue = act(gate) are kept for backward. Throws std::invalid_argument for a scalar entry.
template <typename T>
void gatedForward(TensorView<T> out, TensorView<T> dOutdGate, TensorView<T> dOutdValue,
                  ConstTensorView<T> gate, ConstTensorView<T> value,
                  const ActivationConfig& activation);

// dgate += dout ⊙ dOutdGate; dvalue += dout ⊙ dOutdValue.
template <typename T>
void gatedBackward(TensorView<T> dgate, TensorView<T> dvalue, ConstTensorView<T> dout,
                   ConstTensorView<T> dOutdGate, ConstTensorView<T> dOutdValue);

}  // namespace actlab
