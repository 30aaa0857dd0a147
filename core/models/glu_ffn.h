// A GLU feed-forward network: an input projection to d_model (when needed), residual blocks
// y = x + W_o(act(x·W_g) ⊙ x·W_v) with a gated unit (GLU/ReGLU/GeGLU/SwiGLU), a linear head.
#pragma once

#include <memory>

#include "models/model_factory.h"

namespace actlab {

template <typename T>
std::unique_ptr<Model<T>> createGluFfn(const ModelConfig& config);

}  // namespace actlab
