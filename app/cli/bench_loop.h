// The timing loop of `actlab-cli bench` and the training loops its workloads share: a model or a
// SequenceTrainer stepped on the backend's tensor ops (the CPU backend keeps the models' default
// CPU table), its figures and device traffic per timed step written to the JSON line.
#pragma once

#include <functional>

#include "backends/backend.h"
#include "datasets/dataset.h"
#include "json_writer.h"
#include "layers/batch_loss.h"
#include "models/model_factory.h"
#include "optimizers/optimizer.h"
#include "training/sequence_trainer.h"

namespace actlab::cli {

struct BenchResult {
    long long iterations = 0;
    double seconds = 0;
    long long elementsPerIteration = 0;
    DeviceTraffic traffic;  // over the timed iterations (zero on the CPU)
};

// Runs `step` until `seconds` have passed, after a warm-up of 5 steps (fewer where they take
// longer than `seconds`: the large workloads); false from step aborts. `ops`, when given, is
// read before and after the timed steps: the traffic between them.
BenchResult timeLoop(double seconds, const std::function<bool()>& step,
                     const TensorOpsTable<float>* ops = nullptr);

// A training workload as PyTorch's yardstick runs it: consecutive batches of `batch` rows
// cycling through the data, one step of the Trainer's engine (forward + loss + backward +
// optimizer update) per iteration, on the backend's ops; writes steps, seconds,
// steps_per_second, final_loss, ops (where they ran: "vulkan", "vulkan (cpu: mix_forward)",
// "cpu"), submits_per_step, bytes_to_host_per_step and bytes_to_device_per_step.
void trainingLoop(std::unique_ptr<Model<float>> model, LossKind loss, const LabelledPoints& data,
                  int batch, const OptimizerConfig& optimizerConfig, Backend& backend,
                  double seconds, JsonWriter& json);
// The same for a model of the Training lab's configurations (createModel).
void trainingLoop(const ModelConfig& modelConfig, LossKind loss, const LabelledPoints& data,
                  int batch, const OptimizerConfig& optimizerConfig, Backend& backend,
                  double seconds, JsonWriter& json);
// A sequence workload: the trainer's steps on the backend's ops, without the history's
// measurements (the steps alone, as PyTorch's twins time them); the same figures.
void sequenceLoop(SequenceTrainer& trainer, Backend& backend, double seconds, JsonWriter& json);

}  // namespace actlab::cli
