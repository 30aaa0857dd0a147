// The losses of a batch of the Training lab's models with their gradients: BCE with logits,
// softmax cross-entropy, MSE (the TensorOp::Loss of every backend).
#pragma once

#include <span>

namespace actlab {

enum class LossKind { BceWithLogits, SoftmaxCrossEntropy, Mse };

struct LossValue {
    double loss = 0;      // mean over the batch
    double accuracy = 0;  // share classified right (0 for MSE)
};

// output is (batch, outputs) logits/predictions; targets (batch) class indices or values.
// Writes ∂(mean loss)/∂output into outputGradient (same shape) unless it is empty, and each
// row's loss into rowLosses (batch) unless it is empty.
template <typename T>
LossValue computeLoss(LossKind kind, std::span<const T> output, int batch, int outputs,
                      std::span<const float> targets, std::span<T> outputGradient,
                      std::span<T> rowLosses = {});

}  // namespace actlab
