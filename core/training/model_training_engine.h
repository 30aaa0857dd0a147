// The training engine of the Training lab's models (MLP, GLU-FFN): the model, its tensor ops and
// the optimizer stepped together (forward, loss gradient, backward, L1/L2, update) on whichever
// backend the ops table puts first, the CPU last. The CPU table is the reference.
#pragma once

#include <memory>
#include <string>

#include "backends/tensor_ops.h"
#include "training/training_engine.h"

namespace actlab {

// An engine for `model` whose layers and optimizer run through `ops` (the CPU's when null);
// nullptr with *error for an invalid model config.
std::unique_ptr<TrainingEngine> createModelTrainingEngine(
    const ModelConfig& model, LossKind loss, const OptimizerConfig& optimizer,
    std::shared_ptr<TensorOpsTable<float>> ops, std::string* error);
// The same for a model built already (one larger than the Training lab allows: the benchmarks).
std::unique_ptr<TrainingEngine> createModelTrainingEngine(
    std::unique_ptr<Model<float>> model, LossKind loss, const OptimizerConfig& optimizer,
    std::shared_ptr<TensorOpsTable<float>> ops);

}  // namespace actlab
