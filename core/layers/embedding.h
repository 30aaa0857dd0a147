// Token and learned-position embedding as a forward/backward pair, after llm.c's
// encoder_forward / encoder_backward: a table look-up at every (b, t) position independently.
#pragma once

#include "tensor/tensor.h"

namespace actlab {

// Gradients accumulate (+=), as everywhere in core/layers (see linear.h).
// Shapes: B batch, T sequence length (T ≤ maxT), C width, V vocabulary size. A token id
// outside [0, V) throws TensorError naming the id and V, before anything is written.

// The extents of an embedding call.
struct EmbeddingExtents {
    Index B, T, C, V;
};

// The entry checks of embeddingForward / embeddingBackward (every backend's), token ids
// included: TensorError, as they throw.
EmbeddingExtents checkEmbeddingForward(const Shape& out, ConstTokenView tokens,
                                       const Shape& tokenTable, const Shape& positionTable);
EmbeddingExtents checkEmbeddingBackward(const Shape& dTokenTable, const Shape& dPositionTable,
                                        const Shape& dout, ConstTokenView tokens);

// out (B, T, C)[b, t] = tokenTable (V, C)[tokens (B, T)[b, t]] + positionTable (maxT, C)[t].
template <typename T>
void embeddingForward(TensorView<T> out, ConstTokenView tokens, ConstTensorView<T> tokenTable,
                      ConstTensorView<T> positionTable);

// dTokenTable (V, C)[tokens[b, t]] += dout (B, T, C)[b, t]; dPositionTable (maxT, C)[t] +=
// dout[b, t]. Needs only the tokens.
template <typename T>
void embeddingBackward(TensorView<T> dTokenTable, TensorView<T> dPositionTable,
                       ConstTensorView<T> dout, ConstTokenView tokens);

}  // namespace actlab
