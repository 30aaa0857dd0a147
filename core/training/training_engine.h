// A training engine: one model's training steps (forward, loss gradient, backward,
// regularisation, optimizer update) and its host model on request, whatever runs the steps
// (training/model_training_engine.h: the model's tensor ops, a device's first, the CPU's last).
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "layers/batch_loss.h"
#include "models/model_factory.h"
#include "optimizers/optimizer.h"

namespace actlab {

struct TrainStepResult {
    double loss = 0;          // mean batch loss before the update
    double gradientNorm = 0;  // global gradient norm before clipping
    bool finite = true;       // false: loss or gradient not finite; no update was applied
};

class TrainingEngine {
public:
    virtual ~TrainingEngine() = default;

    virtual std::string_view backendName() const = 0;
    // One step on a batch: inputs (batch, inputDimension), targets (batch).
    virtual TrainStepResult trainStep(std::span<const float> inputs, std::span<const float> targets,
                                      int batch) = 0;
    virtual void setOptimizerConfig(const OptimizerConfig& config) = 0;
    virtual void setRegularisation(double l1, double l2) = 0;
    // The host model with the engine's current parameters (copied from the device if needed).
    virtual Model<float>& hostModel() = 0;
    // The optimizer's steps and moments (copied from the device if needed), and their
    // restoration from a saved run; the parameters travel through hostModel(), whose edits an
    // engine takes before its next step. setOptimizerState gives false with *error when the
    // device failed or the buffers do not fit the model.
    virtual OptimizerState<float> optimizerState() = 0;
    virtual bool setOptimizerState(const OptimizerState<float>& state, std::string* error) = 0;
    // Model outputs for rows of inputs (e.g. a decision-surface grid), computed on the engine's
    // backend; (rows, outputDimension), valid until the next call.
    virtual std::span<const float> evaluate(std::span<const float> inputs, int rows) = 0;
};

// The engine on the CPU's ops alone, the reference (training/model_training_engine.cpp);
// nullptr with *error for an invalid model config.
std::unique_ptr<TrainingEngine> createCpuTrainingEngine(const ModelConfig& model, LossKind loss,
                                                        const OptimizerConfig& optimizer,
                                                        std::string* error);

}  // namespace actlab
