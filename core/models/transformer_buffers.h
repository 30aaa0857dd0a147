// Internal to core/models/transformer*.cpp: a block's parameter indices and the buffers that
// forward keeps for backward. Shapes: B batch, T sequence, C = d_model, F = d_ff, NH heads.
#pragma once

#include <array>
#include <vector>

#include "models/transformer.h"

namespace actlab {

// Parameter indices of one block (−1: absent).
template <typename T>
struct Transformer<T>::Block {
    int ln1Weight = -1, ln1Bias = -1;
    std::array<int, 4> projectionWeight{}, projectionBias{};  // q, k, v, o
    int ln2Weight = -1, ln2Bias = -1;
    std::array<int, 3> ffnWeight{-1, -1, -1};  // plain: fc1, fc2; gated: gate, value, out
    std::array<int, 2> ffnBias{-1, -1};        // plain: fc1, fc2
    int lastParameter = -1;                    // the block's last one
};

// Everything forward keeps for backward, per block, and the scratch of backward.
template <typename T>
struct Transformer<T>::Buffers {
    struct BlockBuffers {
        Tensor<T> input;                  // x (B, T, C)
        Tensor<T> ln1, ln1Mean, ln1Rstd;  // Pre: LN₁(x); Post: h = LN₁(x + o)
        std::array<Tensor<T>, 3> qkvPre, qkv, qkvDerivative;  // (B, T, C)
        Tensor<T> preatt, att;                                // (B, NH, T, T)
        Tensor<T> attended, projected;                        // (B, T, C): A(z), o(A(z))
        Tensor<T> residual1;                                  // Pre: h = x + o; Post: x + o
        Tensor<T> ln2, ln2Mean, ln2Rstd;  // Pre: LN₂(h); Post: LN₂(h + F(h)), the output
        Tensor<T> hidden, hiddenValue, activated;  // (B, T, F): fc1 or gate, value, act
        Tensor<T> derivative, derivativeValue;     // (B, T, F): f′ or ∂/∂gate, ∂/∂value
        Tensor<T> ffnOut;                          // (B, T, C)
        Tensor<T> residual2;                       // Post: h + F(h) (LN₂'s input)
        Tensor<T> output;                          // x′ (B, T, C) (Post: ln2 is the output)
    };
    Index batch = -1, sequence = -1;
    TokenTensor tokens;
    Tensor<T> embedded;  // x₀ (B, T, C)
    std::vector<BlockBuffers> blocks;
    Tensor<T> final, finalMean, finalRstd;  // the head's input rows (B, T, C) (ln_f for Pre)
    Tensor<T> pooled;                       // (B, C)
    Tensor<T> logits;                       // (B·T, O) or (B, O)
    // Backward scratch: gradients of the residual stream and of intermediate tensors.
    Tensor<T> dStream, dStreamNext;  // ∂L/∂(block output), ∂L/∂(block input)
    Tensor<T> dResidual, dNorm, dSum, dAttended, dPre, dFinal;  // (B, T, C)
    std::array<Tensor<T>, 3> dQkv;                              // (B, T, C) ∂L/∂q, k, v
    std::array<Tensor<T>, 3> dWide;                             // (B, T, F) FFN hidden gradients
    Tensor<T> dPooled;                                          // (B, C)
};

}  // namespace actlab
