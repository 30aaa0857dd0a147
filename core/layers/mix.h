// The learnable mixture of activations f(z) = Σᵢ sᵢ·fᵢ(z), s = softmax(w) (the seeds' "dynamic
// activation"), as a forward/backward pair: one weight vector w for the whole layer, or one per
// unit (the last axis). Its components are the scalar catalogue functions of a Mix config.
#pragma once

#include <span>
#include <vector>

#include "activations/catalogue.h"
#include "tensor/tensor.h"

namespace actlab {

// Gradients accumulate (+=), as everywhere in core/layers (see linear.h).
// Shapes: inp, out, derivative (N, C) with any N (reshape (B, T, C) to (B·T, C)); weights (K) for
// one mixture per layer or (C, K) for one per unit, K = mix.mixtureSize.

// The entry checks of mixForward / mixBackward (every backend's): TensorError for a shape,
// std::invalid_argument for a config that is not a mix, as they throw.
void checkMixForward(const Shape& out, const Shape& derivative, const Shape& inp,
                     const Shape& weights, const ActivationConfig& mix);
void checkMixBackward(const Shape& dinp, const Shape& dweights, const Shape& dout, const Shape& inp,
                      const Shape& derivative, const Shape& weights, const ActivationConfig& mix);

// s = softmax(w) per mixture; out = Σᵢ sᵢ·fᵢ(inp); derivative = ∂out/∂inp = Σᵢ sᵢ·fᵢ′(inp).
template <typename T>
void mixForward(TensorView<T> out, TensorView<T> derivative, ConstTensorView<T> inp,
                ConstTensorView<T> weights, const ActivationConfig& mix);

// dinp += dout ⊙ derivative; dwⱼ += Σ dout·sⱼ·(fⱼ(inp) − out) over the rows (and over the units
// too for one mixture per layer): the softmax's Jacobian ∂sᵢ/∂wⱼ = sᵢ(δᵢⱼ − sⱼ) applied to
// ∂out/∂sᵢ = fᵢ(inp). The components are evaluated again (nothing of size N·K is kept).
template <typename T>
void mixBackward(TensorView<T> dinp, TensorView<T> dweights, ConstTensorView<T> dout,
                 ConstTensorView<T> inp, ConstTensorView<T> derivative, ConstTensorView<T> weights,
                 const ActivationConfig& mix);

// softmax(w) of each mixture: (K) or (C, K) as weights; the shares a chart shows.
template <typename T>
std::vector<T> mixShares(std::span<const T> weights, int components);

}  // namespace actlab
