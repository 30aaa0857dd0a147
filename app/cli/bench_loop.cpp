// The timing loop of `actlab-cli bench` and the training loops its workloads share: each step on
// the chosen backend's tensor ops, one JSON object of figures with the device traffic per step.
#include "bench_loop.h"

#include <chrono>
#include <cmath>

#include "backends/backend_factory.h"
#include "cli_arguments.h"
#include "training/model_training_engine.h"

namespace actlab::cli {
namespace {

using Clock = std::chrono::steady_clock;

// The ops a training workload runs through: the backend's own first, the CPU's for the rest.
// On the CPU backend the model keeps its default table (null here): the figures as before.
std::shared_ptr<TensorOpsTable<float>> workloadOps(Backend& backend) {
    if (!backend.tensorOps()) return nullptr;
    return createTensorOpsTable(backend);
}

// The figures of a training workload: steps timed, seconds, steps per second, the last loss,
// where its ops ran ("vulkan", "vulkan (cpu: mix_forward)", "cpu") and the device traffic per
// timed step (queue submissions, bytes each way).
void writeTrainingFigures(JsonWriter& json, const BenchResult& r, double finalLoss,
                          const TensorOpsTable<float>& ops) {
    const double steps = double(r.iterations);
    json.key("steps")
        .value(r.iterations)
        .key("seconds")
        .value(r.seconds)
        .key("steps_per_second")
        .value(steps / r.seconds)
        .key("final_loss")
        .value(finalLoss)
        .key("ops")
        .value(ops.describe())
        .key("submits_per_step")
        .value(double(r.traffic.submissions) / steps)
        .key("bytes_to_host_per_step")
        .value(double(r.traffic.bytesToHost) / steps)
        .key("bytes_to_device_per_step")
        .value(double(r.traffic.bytesToDevice) / steps);
}

}  // namespace

BenchResult timeLoop(double seconds, const std::function<bool()>& step,
                     const TensorOpsTable<float>* ops) {
    const auto warm = Clock::now();
    for (int i = 0; i < 5; ++i) {
        if (!step()) throw CliError("the benchmark step failed on this backend");
        if (std::chrono::duration<double>(Clock::now() - warm).count() >= seconds) break;
    }
    const DeviceTraffic before = ops ? ops->traffic() : DeviceTraffic{};
    BenchResult result;
    const auto start = Clock::now();
    do {
        if (!step()) throw CliError("the benchmark step failed on this backend");
        ++result.iterations;
        result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    } while (result.seconds < seconds);
    if (ops) {
        const DeviceTraffic after = ops->traffic();
        result.traffic = {after.submissions - before.submissions,
                          after.bytesToHost - before.bytesToHost,
                          after.bytesToDevice - before.bytesToDevice};
    }
    return result;
}

// A training workload as PyTorch's yardstick runs it: consecutive batches of `batch` rows
// cycling through the data, one step of the Trainer's engine (training/model_training_engine.h:
// forward + loss + backward + optimizer update) per iteration, on the backend's ops.
void trainingLoop(std::unique_ptr<Model<float>> model, LossKind loss, const LabelledPoints& data,
                  int batch, const OptimizerConfig& optimizerConfig, Backend& backend,
                  double seconds, JsonWriter& json) {
    std::shared_ptr<TensorOpsTable<float>> ops = workloadOps(backend);
    if (!ops) ops = TensorOpsTable<float>::cpu();
    auto engine = createModelTrainingEngine(std::move(model), loss, optimizerConfig, ops);
    const std::vector<float> inputs(data.inputs.begin(), data.inputs.end());
    const std::vector<float> targets(data.targets.begin(), data.targets.end());
    const int rows = int(data.size()), d = data.rawDimension;
    int cursor = 0;
    double lastLoss = 0;
    const BenchResult r = timeLoop(
        seconds,
        [&] {
            const std::span<const float> x(inputs.data() + size_t(cursor) * size_t(d),
                                           size_t(batch) * size_t(d));
            const std::span<const float> y(targets.data() + cursor, size_t(batch));
            cursor = (cursor + batch) % rows;
            const TrainStepResult step = engine->trainStep(x, y, batch);
            lastLoss = step.loss;
            return step.finite;
        },
        ops.get());
    writeTrainingFigures(json, r, lastLoss, *ops);
}

void trainingLoop(const ModelConfig& modelConfig, LossKind loss, const LabelledPoints& data,
                  int batch, const OptimizerConfig& optimizerConfig, Backend& backend,
                  double seconds, JsonWriter& json) {
    std::string error;
    std::unique_ptr<Model<float>> model = createModel<float>(modelConfig, &error);
    if (!model) throw CliError(error);
    trainingLoop(std::move(model), loss, data, batch, optimizerConfig, backend, seconds, json);
}

// A sequence workload: the trainer's steps on the backend's ops, without the history's
// measurements (the steps alone, as PyTorch's twins time them).
void sequenceLoop(SequenceTrainer& trainer, Backend& backend, double seconds, JsonWriter& json) {
    if (std::shared_ptr<TensorOpsTable<float>> ops = workloadOps(backend))
        trainer.setTensorOps(std::move(ops));
    trainer.setRecordsHistory(false);
    TensorOpsTable<float>& ops = trainer.model().tensorOps();
    const BenchResult r = timeLoop(
        seconds,
        [&] {
            trainer.step(1);
            return !trainer.diverged();
        },
        &ops);
    writeTrainingFigures(json, r, trainer.lastTrainLoss(), ops);
}

}  // namespace actlab::cli
