// A multilayer perceptron: input → [Linear → activation] × L → Linear, any catalogue
// activation per hidden layer, PReLU's α learnable per layer or per neuron.
#pragma once

#include <memory>

#include "models/model_factory.h"

namespace actlab {

template <typename T>
std::unique_ptr<Model<T>> createMlp(const ModelConfig& config);

}  // namespace actlab
