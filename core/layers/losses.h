// The losses as forward/backward pairs: cross-entropy over classes (per token, or per pooled
// sequence: the caller flattens either to (N, V)), binary cross-entropy with logits, and mean
// squared error. Each forward returns the mean loss over the counted rows.
#pragma once

#include "tensor/tensor.h"

namespace actlab {

// Gradients accumulate (+=), as everywhere in core/layers (see linear.h).

// A target that is not counted (PyTorch's ignore_index): it adds nothing to the loss, to the
// count or to the gradient.
inline constexpr Token kIgnoreTarget = -100;

// The extents of a cross-entropy call: N rows, V classes, count the targets not ignored.
struct CrossEntropyExtents {
    Index N, V, count;
};

// The entry checks of crossEntropyForward / crossEntropyBackward (every backend's), targets
// included: TensorError, as they throw.
CrossEntropyExtents checkCrossEntropyForward(const Shape& probs, const Shape& losses,
                                             const Shape& logits, ConstTokenView targets);
CrossEntropyExtents checkCrossEntropyBackward(const Shape& dlogits, const Shape& probs,
                                              ConstTokenView targets);

// probs (N, V) = softmax(logits (N, V)) per row (stable); losses (N)[n] = −log probs[n, y_n]
// for targets (N) y_n in [0, V), 0 for kIgnoreTarget. Returns Σ losses / count, count being
// the number of targets that are not ignored (0 when there are none). A target outside
// [0, V) that is not kIgnoreTarget throws TensorError naming it, before anything is written.
template <typename T>
double crossEntropyForward(TensorView<T> probs, TensorView<T> losses, ConstTensorView<T> logits,
                           ConstTokenView targets);

// dlogits (N, V)[n] += scale · (probs[n] − onehot(y_n)) / count for counted rows (count as in
// forward; nothing when count is 0). scale = 1 gives the gradient of the mean loss.
template <typename T>
void crossEntropyBackward(TensorView<T> dlogits, ConstTensorView<T> probs, ConstTokenView targets,
                          T scale = T(1));

// Binary cross-entropy with logits, targets in [0, 1], all of shape (N): losses[n] =
// max(z, 0) − z·y + log(1 + e^−|z|) (stable for large |z|). Returns the mean over N.
template <typename T>
double bceWithLogitsForward(TensorView<T> losses, ConstTensorView<T> logits,
                            ConstTensorView<T> targets);

// dlogits (N) += scale · (σ(z) − y) / N.
template <typename T>
void bceWithLogitsBackward(TensorView<T> dlogits, ConstTensorView<T> logits,
                           ConstTensorView<T> targets, T scale = T(1));

// Mean squared error over all elements (any shape, predictions and targets alike):
// Σ (p − y)² / N.
template <typename T>
double mseForward(ConstTensorView<T> predictions, ConstTensorView<T> targets);

// dpredictions += scale · 2 (p − y) / N.
template <typename T>
void mseBackward(TensorView<T> dpredictions, ConstTensorView<T> predictions,
                 ConstTensorView<T> targets, T scale = T(1));

}  // namespace actlab
