// Token + position embedding: shape and token-id checks first, then plain loops.
#include "layers/embedding.h"

#include <string>

namespace actlab {
namespace {

// The checks shared by forward and backward: tokens (B, T), tables (V, C) and (maxT, C),
// T ≤ maxT, every id in [0, V), then dataName (B, T, C). `layer` names the caller in the message.
EmbeddingExtents checkEmbedding(const char* layer, ConstTokenView tokens, const Shape& tokenTable,
                                const Shape& positionTable, const Shape& data,
                                const char* tokenName, const char* positionName,
                                const char* dataName) {
    const std::string name(layer);
    requireRank(tokens, 2, name + ": tokens");
    requireRank(tokenTable, 2, name + ": " + tokenName);
    const Index V = tokenTable.extent(0), C = tokenTable.extent(1), T = tokens.extent(1);
    requireRank(positionTable, 2, name + ": " + positionName);
    requireShape(positionTable, Shape{positionTable.extent(0), C}, name + ": " + positionName);
    if (T > positionTable.extent(0))
        throw TensorError(name + ": tokens " + tokens.shape().toString() +
                          " has T = " + std::to_string(T) + ", more than the " +
                          std::to_string(positionTable.extent(0)) + " positions of " +
                          positionName + " " + positionTable.toString());
    for (Index b = 0; b < tokens.extent(0); ++b)
        for (Index t = 0; t < T; ++t) {
            const Token id = tokens(b, t);
            if (id < 0 || id >= V)
                throw TensorError(name + ": token id " + std::to_string(id) + " at (" +
                                  std::to_string(b) + ", " + std::to_string(t) +
                                  ") is out of range for a vocabulary of V = " + std::to_string(V));
        }
    const Index B = tokens.extent(0);
    requireShape(data, Shape{B, T, C}, name + ": " + dataName);
    return {B, T, C, V};
}

}  // namespace

EmbeddingExtents checkEmbeddingForward(const Shape& out, ConstTokenView tokens,
                                       const Shape& tokenTable, const Shape& positionTable) {
    return checkEmbedding("embeddingForward", tokens, tokenTable, positionTable, out, "tokenTable",
                          "positionTable", "out");
}

EmbeddingExtents checkEmbeddingBackward(const Shape& dTokenTable, const Shape& dPositionTable,
                                        const Shape& dout, ConstTokenView tokens) {
    return checkEmbedding("embeddingBackward", tokens, dTokenTable, dPositionTable, dout,
                          "dTokenTable", "dPositionTable", "dout");
}

template <typename T>
void embeddingForward(TensorView<T> out, ConstTokenView tokens, ConstTensorView<T> tokenTable,
                      ConstTensorView<T> positionTable) {
    const auto [B, steps, C, V] =
        checkEmbeddingForward(out.shape(), tokens, tokenTable.shape(), positionTable.shape());

    for (Index b = 0; b < B; ++b)
        for (Index t = 0; t < steps; ++t) {
            T* y = out.data() + (b * steps + t) * C;
            const T* token = tokenTable.data() + Index(tokens(b, t)) * C;
            const T* position = positionTable.data() + t * C;
            for (Index c = 0; c < C; ++c) y[c] = token[c] + position[c];
        }
}

template <typename T>
void embeddingBackward(TensorView<T> dTokenTable, TensorView<T> dPositionTable,
                       ConstTensorView<T> dout, ConstTokenView tokens) {
    const auto [B, steps, C, V] =
        checkEmbeddingBackward(dTokenTable.shape(), dPositionTable.shape(), dout.shape(), tokens);

    for (Index b = 0; b < B; ++b)
        for (Index t = 0; t < steps; ++t) {
            const T* dy = dout.data() + (b * steps + t) * C;
            T* dToken = dTokenTable.data() + Index(tokens(b, t)) * C;
            T* dPosition = dPositionTable.data() + t * C;
            for (Index c = 0; c < C; ++c) {
                dToken[c] += dy[c];
                dPosition[c] += dy[c];
            }
        }
}

template void embeddingForward(TensorView<float>, ConstTokenView, ConstTensorView<float>,
                               ConstTensorView<float>);
template void embeddingForward(TensorView<double>, ConstTokenView, ConstTensorView<double>,
                               ConstTensorView<double>);
template void embeddingBackward(TensorView<float>, TensorView<float>, ConstTensorView<float>,
                                ConstTokenView);
template void embeddingBackward(TensorView<double>, TensorView<double>, ConstTensorView<double>,
                                ConstTokenView);

}  // namespace actlab
