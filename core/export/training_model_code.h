// Internal to core/export: the Python text of the Training lab's models (MLP, GLU-FFN).
#pragma once

#include <string>

#include "models/model_factory.h"

namespace actlab::pytorch_export {

// The activations as `actlab-cli train` names them: "relu" or "relu,gelu,tanh".
std::string activationNames(const ModelConfig& model);
// initial_weight(n_in, n_out, seed) and class Mlp, or classes GluBlock and GluFfn (with the
// helpers their activations need). Each class has weights(): the matrices that L1/L2 and weight
// decay act on. `model` is the model as built (input and output dimensions from the data).
std::string trainingModelCode(const ModelConfig& model);

}  // namespace actlab::pytorch_export
