// Training on the Vulkan backend (lavapipe in CI) against the CPU reference engine: one step's
// parameters, evaluate(), 200-step runs through the Trainer (final loss within 1%, the issue's
// requirement), every optimizer, divergence, and speed figures.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <vector>

#include "backends/backend_factory.h"
#include "backends/vulkan/vulkan_backend.h"
#include "common/random.h"
#include "training/model_training_engine.h"
#include "training/trainer.h"

namespace actlab {
namespace {

// Vulkan is required (CI installs lavapipe): a fallback is a failure with its reason.
std::unique_ptr<Backend> requireVulkanBackend() {
    BackendSelection selection = createBackend(BackendChoice::Vulkan);
    if (selection.fellBack || selection.backend->name() != "vulkan") {
        ADD_FAILURE() << "Vulkan is required for this test: " << selection.reason;
        return nullptr;
    }
    return std::move(selection.backend);
}

// The engine the Trainer makes on this backend: the model and optimizer through the backend's
// tensor ops, the CPU's for the rest.
std::unique_ptr<TrainingEngine> vulkanEngine(Backend& backend, const ModelConfig& model,
                                             LossKind loss, const OptimizerConfig& optimizer,
                                             std::string* error) {
    return createModelTrainingEngine(model, loss, optimizer, createTensorOpsTable(backend), error);
}

ModelConfig mlp(int in, int out, std::vector<int> hidden, ActivationId act) {
    ModelConfig m;
    m.inputDimension = in;
    m.outputDimension = out;
    m.hidden = std::move(hidden);
    m.activations = {ActivationConfig::withDefaults(act)};
    m.seed = 7;
    return m;
}

ModelConfig glu(int in, int out, int dModel, int blocks, ActivationId act, bool biases = true) {
    ModelConfig m = mlp(in, out, {}, act);
    m.kind = ModelKind::GluFfn;
    m.dModel = dModel;
    m.blocks = blocks;
    m.biases = biases;
    m.biasInit = 0.1;
    m.init = Initialiser::Xavier;  // He init makes this GLU's outputs reach ~3000 on 2-d data
    return m;
}

struct Batch {
    std::vector<float> inputs, targets;
};

// Gaussian inputs; targets fit the loss (class indices or values).
Batch randomBatch(const ModelConfig& m, LossKind loss, int rows, std::uint64_t seed) {
    Random random(seed);
    Batch b;
    for (int i = 0; i < rows * m.inputDimension; ++i)
        b.inputs.push_back(float(random.normal(0, 1)));
    for (int i = 0; i < rows; ++i) {
        if (loss == LossKind::Mse)
            b.targets.push_back(float(random.normal(0, 1)));
        else
            b.targets.push_back(
                float(random.below(loss == LossKind::BceWithLogits ? 2 : m.outputDimension)));
    }
    return b;
}

// Root mean square of `values`: the scale of a tensor, for tolerances.
template <typename Range>
double rms(const Range& values) {
    double sum = 0;
    for (double v : values) sum += v * v;
    return values.size() ? std::sqrt(sum / double(values.size())) : 0.0;
}

// |a − b| ≤ absolute + relative·(|b| + rms of b's tensor) for every parameter element (float
// products summed in another order differ by more than ulps where terms cancel).
void expectSameParameters(Model<float>& gpu, Model<float>& cpu, double absolute, double relative) {
    const auto g = gpu.parameters(), c = cpu.parameters();
    ASSERT_EQ(g.size(), c.size());
    int bad = 0;
    for (size_t k = 0; k < g.size(); ++k)
        for (size_t i = 0; i < c[k]->size(); ++i) {
            const double a = g[k]->value[i], b = c[k]->value[i];
            if (std::abs(a - b) <= absolute + relative * (std::abs(b) + rms(c[k]->value))) continue;
            if (++bad <= 3)
                ADD_FAILURE() << c[k]->name << "[" << i << "]: vulkan " << a << ", cpu " << b;
        }
    EXPECT_EQ(bad, 0);
}

ModelConfig preluPerNeuron(ModelConfig m) {
    m.preluPerNeuron = true;
    return m;
}

ModelConfig heInit(ModelConfig m) {
    m.init = Initialiser::HeNormal;
    return m;
}

struct EngineCase {
    const char* name;
    ModelConfig model;
    LossKind loss;
};
void PrintTo(const EngineCase& c, std::ostream* os) { *os << c.name; }

std::vector<EngineCase> engineCases() {
    using A = ActivationId;
    return {
        {"mlp_relu_bce", mlp(2, 1, {16, 16}, A::Relu), LossKind::BceWithLogits},
        {"mlp_gelu_softmax", mlp(2, 3, {32, 24}, A::Gelu), LossKind::SoftmaxCrossEntropy},
        {"mlp_tanh_mse", mlp(1, 1, {20, 20, 20}, A::Tanh), LossKind::Mse},
        {"mlp_prelu_per_layer_bce", mlp(2, 1, {16, 16}, A::Prelu), LossKind::BceWithLogits},
        {"mlp_prelu_per_neuron_mse", preluPerNeuron(mlp(1, 1, {24, 12}, A::Prelu)), LossKind::Mse},
        {"mlp_wide_gelu_softmax", mlp(64, 10, {256, 256}, A::Gelu), LossKind::SoftmaxCrossEntropy},
        {"glu_swiglu_softmax", glu(2, 3, 16, 2, A::Swiglu), LossKind::SoftmaxCrossEntropy},
        {"glu_geglu_bce", glu(2, 1, 12, 2, A::Geglu), LossKind::BceWithLogits},
        {"glu_swiglu_no_projection_no_bias", glu(8, 1, 8, 1, A::Swiglu, false), LossKind::Mse},
        {"glu_swiglu_he_init", heInit(glu(2, 3, 16, 2, A::Swiglu)), LossKind::SoftmaxCrossEntropy},
    };
}

class VulkanTrainingEngine : public ::testing::TestWithParam<EngineCase> {};

TEST_P(VulkanTrainingEngine, OneStepMatchesTheCpuEngine) {
    auto vulkan = requireVulkanBackend();
    ASSERT_TRUE(vulkan);
    const EngineCase& c = GetParam();
    OptimizerConfig sgd;
    sgd.kind = OptimizerKind::Sgd;
    sgd.learningRate = 0.1;
    std::string error;
    auto gpu = vulkanEngine(*vulkan, c.model, c.loss, sgd, &error);
    ASSERT_TRUE(gpu) << error;
    auto cpu = createCpuTrainingEngine(c.model, c.loss, sgd, &error);
    ASSERT_TRUE(cpu) << error;
    EXPECT_EQ(gpu->backendName(), "vulkan");
    const Batch b = randomBatch(c.model, c.loss, 48, 3);
    const TrainStepResult g = gpu->trainStep(b.inputs, b.targets, 48);
    const TrainStepResult r = cpu->trainStep(b.inputs, b.targets, 48);
    ASSERT_TRUE(g.finite);
    EXPECT_NEAR(g.loss, r.loss, 1e-5 * std::abs(r.loss) + 1e-7);
    EXPECT_NEAR(g.gradientNorm, r.gradientNorm, 1e-4 * r.gradientNorm + 1e-7);
    expectSameParameters(gpu->hostModel(), cpu->hostModel(), 1e-6, 1e-4);
}

TEST_P(VulkanTrainingEngine, EvaluateMatchesTheHostForward) {
    auto vulkan = requireVulkanBackend();
    ASSERT_TRUE(vulkan);
    const EngineCase& c = GetParam();
    std::string error;
    auto gpu = vulkanEngine(*vulkan, c.model, c.loss, OptimizerConfig{}, &error);
    ASSERT_TRUE(gpu) << error;
    const Batch train = randomBatch(c.model, c.loss, 32, 5);
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(gpu->trainStep(train.inputs, train.targets, 32).finite);
    for (int rows : {1, 241, 4096, 9000}) {  // a point, a curve, a 64² surface, 3 chunks
        const Batch grid = randomBatch(c.model, c.loss, rows, 11);
        const std::vector<float> got = [&] {
            const std::span<const float> out = gpu->evaluate(grid.inputs, rows);
            return std::vector<float>(out.begin(), out.end());
        }();
        const std::span<const float> expected = gpu->hostModel().forwardToHost(grid.inputs, rows);
        ASSERT_EQ(got.size(), expected.size());
        const double scale = rms(expected);  // outputs sum terms that cancel: tolerance by scale
        int bad = 0;
        for (size_t i = 0; i < got.size(); ++i)
            if (std::abs(got[i] - expected[i]) > 1e-6 + 1e-4 * (std::abs(expected[i]) + scale) &&
                ++bad <= 3)
                ADD_FAILURE() << "rows " << rows << " [" << i << "]: " << got[i] << " vs "
                              << expected[i];
        EXPECT_EQ(bad, 0);
    }
}

INSTANTIATE_TEST_SUITE_P(Models, VulkanTrainingEngine, ::testing::ValuesIn(engineCases()),
                         [](const auto& info) { return std::string(info.param.name); });

// Five steps of each optimizer (with weight decay, clipping, a schedule, L1/L2, a rate changed
// after three steps) vs the CPU.
struct OptimizerCase {
    const char* name;
    OptimizerConfig config;
    double l1 = 0, l2 = 0;
};
void PrintTo(const OptimizerCase& c, std::ostream* os) { *os << c.name; }

std::vector<OptimizerCase> optimizerCases() {
    std::vector<OptimizerCase> cases;
    const auto make = [](OptimizerKind kind, double lr) {
        OptimizerConfig c;
        c.kind = kind;
        c.learningRate = lr;
        return c;
    };
    cases.push_back({"sgd", make(OptimizerKind::Sgd, 0.1)});
    cases.push_back({"momentum_decay", make(OptimizerKind::Momentum, 0.05)});
    cases.back().config.weightDecay = 0.01;
    cases.push_back({"adam", make(OptimizerKind::Adam, 0.01)});
    cases.push_back({"adamw_decay_warmup_cosine", make(OptimizerKind::AdamW, 0.01)});
    cases.back().config.weightDecay = 0.1;
    cases.back().config.schedule = LearningRateSchedule::WarmupCosine;
    cases.back().config.warmupSteps = 2;
    cases.back().config.totalSteps = 5;
    cases.push_back({"sgd_clipped_l1_l2", make(OptimizerKind::Sgd, 0.5), 1e-3, 1e-2});
    cases.back().config.clipNorm = 0.05;
    return cases;
}

class VulkanTrainingOptimizer : public ::testing::TestWithParam<OptimizerCase> {};

TEST_P(VulkanTrainingOptimizer, FiveStepsMatchTheCpuEngine) {
    auto vulkan = requireVulkanBackend();
    ASSERT_TRUE(vulkan);
    const OptimizerCase& c = GetParam();
    const ModelConfig model = mlp(2, 3, {16, 16}, ActivationId::Tanh);
    const LossKind loss = LossKind::SoftmaxCrossEntropy;
    std::string error;
    auto gpu = vulkanEngine(*vulkan, model, loss, c.config, &error);
    ASSERT_TRUE(gpu) << error;
    auto cpu = createCpuTrainingEngine(model, loss, c.config, &error);
    gpu->setRegularisation(c.l1, c.l2);
    cpu->setRegularisation(c.l1, c.l2);
    for (int step = 0; step < 5; ++step) {
        if (step == 3) {  // a new rate mid-run keeps the moments and the step count
            OptimizerConfig slower = c.config;
            slower.learningRate *= 0.5;
            gpu->setOptimizerConfig(slower);
            cpu->setOptimizerConfig(slower);
        }
        const Batch b = randomBatch(model, loss, 32, 100 + step);
        const TrainStepResult g = gpu->trainStep(b.inputs, b.targets, 32);
        const TrainStepResult r = cpu->trainStep(b.inputs, b.targets, 32);
        ASSERT_TRUE(g.finite);
        EXPECT_NEAR(g.loss, r.loss, 1e-4 * std::abs(r.loss)) << "step " << step;
        EXPECT_NEAR(g.gradientNorm, r.gradientNorm, 1e-3 * r.gradientNorm) << "step " << step;
    }
    expectSameParameters(gpu->hostModel(), cpu->hostModel(), 1e-5, 1e-3);
}

INSTANTIATE_TEST_SUITE_P(Kinds, VulkanTrainingOptimizer, ::testing::ValuesIn(optimizerCases()),
                         [](const auto& info) { return std::string(info.param.name); });

// The requirement: same seed, 200 steps, final (snapshot) train loss within 1%.
struct RunCase {
    const char* name;
    const char* task;
    ModelConfig model;
    OptimizerKind optimizer;
    double learningRate;
    double l1 = 0, l2 = 0;  // issue 26: the penalty runs on the device
};
void PrintTo(const RunCase& c, std::ostream* os) { *os << c.name; }

TrainingConfig runConfig(const RunCase& c) {
    TrainingConfig config;
    config.task = c.task;
    config.model = c.model;
    config.optimizer.kind = c.optimizer;
    config.optimizer.learningRate = c.learningRate;
    config.l1 = c.l1;
    config.l2 = c.l2;
    config.batch = 32;
    config.surfaceResolution = 16;
    config.neuronResolution = 4;
    return config;
}

class VulkanTrainingRun : public ::testing::TestWithParam<RunCase> {};

TEST_P(VulkanTrainingRun, TwoHundredStepsEndWithinOnePercentOfTheCpu) {
    auto vulkan = requireVulkanBackend();
    ASSERT_TRUE(vulkan);
    const TrainingConfig config = runConfig(GetParam());
    std::string error;
    auto gpu = Trainer::create(config, &error, vulkan.get());
    ASSERT_TRUE(gpu) << error;
    ASSERT_EQ(gpu->backendName(), "vulkan") << gpu->engineNote();
    auto cpu = Trainer::create(config, &error);
    ASSERT_TRUE(cpu) << error;
    gpu->step(200);
    cpu->step(200);
    ASSERT_FALSE(gpu->diverged());
    const TrainingSnapshot g = gpu->snapshot(true), r = cpu->snapshot(true);
    std::printf("[ loss     ] %-22s vulkan %.6f, cpu %.6f (%.4f%%)\n", GetParam().name, g.trainLoss,
                r.trainLoss, 100 * std::abs(g.trainLoss - r.trainLoss) / r.trainLoss);
    EXPECT_GT(r.trainLoss, 0.01) << "pick a run whose loss is not ~0";
    EXPECT_LT(std::abs(g.trainLoss - r.trainLoss), 0.01 * r.trainLoss)
        << "vulkan " << g.trainLoss << ", cpu " << r.trainLoss;
    EXPECT_LT(std::abs(g.testLoss - r.testLoss), 0.01 * r.testLoss);
    // The surfaces come from evaluate() on the GPU: the same pictures of the same shapes.
    EXPECT_EQ(g.probes.surface.resolution, r.probes.surface.resolution);
    EXPECT_EQ(g.probes.surface.confidence.size(), r.probes.surface.confidence.size());
    EXPECT_EQ(g.probes.fittedCurve.x.size(), r.probes.fittedCurve.x.size());
    ASSERT_EQ(g.probes.neuronMaps.size(), r.probes.neuronMaps.size());
    for (size_t i = 0; i < g.probes.neuronMaps.size(); ++i) {
        EXPECT_EQ(g.probes.neuronMaps[i].units, r.probes.neuronMaps[i].units);
        EXPECT_EQ(g.probes.neuronMaps[i].resolution, r.probes.neuronMaps[i].resolution);
    }
}

std::vector<RunCase> runCases() {
    using A = ActivationId;
    using O = OptimizerKind;
    return {
        {"circle_relu_sgd", "circle", mlp(2, 1, {16, 16}, A::Relu), O::Sgd, 0.05},
        {"circle_prelu_sgd", "circle", mlp(2, 1, {16, 16}, A::Prelu), O::Sgd, 0.05},
        {"spiral3_gelu_momentum", "spiral3", mlp(2, 3, {32, 32}, A::Gelu), O::Momentum, 0.02},
        {"sine_tanh_adam", "sine", mlp(1, 1, {32, 32}, A::Tanh), O::Adam, 0.001},
        {"spiral3_swiglu_adamw", "spiral3", glu(2, 3, 16, 2, A::Swiglu), O::AdamW, 0.003},
        {"spiral3_swiglu_sgd", "spiral3", glu(2, 3, 16, 2, A::Swiglu), O::Sgd, 0.01},
        {"circle_geglu_sgd", "circle", glu(2, 1, 16, 2, A::Geglu), O::Sgd, 0.01},
        {"spiral3_relu_adam_l1_l2", "spiral3", mlp(2, 3, {32, 32}, A::Relu), O::Adam, 0.003, 1e-3,
         1e-2},
        {"sine_tanh_adam_l1_l2", "sine", mlp(1, 1, {32, 32}, A::Tanh), O::Adam, 0.001, 1e-3, 1e-2},
    };
}

INSTANTIATE_TEST_SUITE_P(Runs, VulkanTrainingRun, ::testing::ValuesIn(runCases()),
                         [](const auto& info) { return std::string(info.param.name); });

// Issue 26: a Training-lab step on Vulkan is one recorded submission (forward, loss, backward,
// L1/L2 and the update) and brings home only the loss and the gradient norm; the batch goes to
// the device. The MLP, the GLU-FFN and a run with L1/L2.
TEST(VulkanTraining, AStepIsOneSubmissionAndAFewBytesToTheHost) {
    for (const RunCase& run : {runCases()[0], runCases()[4], runCases()[7]}) {
        SCOPED_TRACE(run.name);
        auto vulkan = requireVulkanBackend();
        ASSERT_TRUE(vulkan);
        std::string error;
        auto gpu = Trainer::create(runConfig(run), &error, vulkan.get());
        ASSERT_TRUE(gpu) << error;
        gpu->setRecordsHistory(false);  // the history's measurements are snapshots of their own
        gpu->step(2);
        const TensorOpsTable<float>& ops = gpu->model().tensorOps();  // brings everything home
        gpu->step(1);  // which the next step uploads again
        const DeviceTraffic before = ops.traffic();
        constexpr int kSteps = 10;
        gpu->step(kSteps);
        const DeviceTraffic after = ops.traffic();
        EXPECT_EQ(after.submissions - before.submissions, unsigned(kSteps));
        EXPECT_LE(after.bytesToHost - before.bytesToHost, kSteps * 4096ull);
        EXPECT_LE(after.bytesToDevice - before.bytesToDevice, kSteps * 4096ull);
        std::printf("%s per step: %.1f submissions, %.0f bytes to host, %.0f bytes to device\n",
                    run.name, double(after.submissions - before.submissions) / kSteps,
                    double(after.bytesToHost - before.bytesToHost) / kSteps,
                    double(after.bytesToDevice - before.bytesToDevice) / kSteps);
        ASSERT_FALSE(gpu->diverged());
    }
}

// Issue 26: with the loss named in ACTLAB_VULKAN_DISABLE_OPS the CPU computes it mid-step (the
// output brought home, the gradient marked host-newer) and the runs still match the CPU's.
TEST(VulkanTraining, ALossOnTheCpuMidStepStillMatches) {
    for (const RunCase& run : {runCases()[7], runCases()[8]}) {
        SCOPED_TRACE(run.name);
        const TrainingConfig config = runConfig(run);
        setenv("ACTLAB_VULKAN_DISABLE_OPS", "loss", 1);
        auto vulkan = requireVulkanBackend();
        ASSERT_TRUE(vulkan);
        std::string error;
        auto gpu = Trainer::create(config, &error, vulkan.get());
        unsetenv("ACTLAB_VULKAN_DISABLE_OPS");
        ASSERT_TRUE(gpu) << error;
        auto cpu = Trainer::create(config, &error);
        ASSERT_TRUE(cpu) << error;
        gpu->step(200);
        cpu->step(200);
        const TrainingSnapshot g = gpu->snapshot(true), r = cpu->snapshot(true);
        EXPECT_LT(std::abs(g.trainLoss - r.trainLoss), 0.01 * r.trainLoss);
        EXPECT_LT(std::abs(g.testLoss - r.testLoss), 0.01 * r.testLoss);
    }
}

TEST(VulkanTraining, ANonFiniteLossReportsNotFiniteAndKeepsTheParameters) {
    auto vulkan = requireVulkanBackend();
    ASSERT_TRUE(vulkan);
    const ModelConfig model = mlp(1, 1, {8}, ActivationId::Relu);
    std::string error;
    auto gpu = vulkanEngine(*vulkan, model, LossKind::Mse, OptimizerConfig{}, &error);
    ASSERT_TRUE(gpu) << error;
    const std::vector<float> before = gpu->hostModel().parameters()[0]->value;
    const std::vector<float> inputs(4, 3e38f), targets(4, 0.0f);  // outputs overflow to ±inf/NaN
    const TrainStepResult result = gpu->trainStep(inputs, targets, 4);
    EXPECT_FALSE(result.finite);
    EXPECT_EQ(gpu->hostModel().parameters()[0]->value, before);
}

TEST(VulkanTraining, AnExplodingRunStopsThroughTheTrainer) {
    auto vulkan = requireVulkanBackend();
    ASSERT_TRUE(vulkan);
    TrainingConfig config = runConfig(
        {"", "sine", mlp(1, 1, {64, 64, 64}, ActivationId::Relu), OptimizerKind::Sgd, 10.0});
    std::string error;
    auto t = Trainer::create(config, &error, vulkan.get());
    ASSERT_TRUE(t) << error;
    ASSERT_EQ(t->backendName(), "vulkan");
    t->step(200);
    EXPECT_TRUE(t->diverged());
    EXPECT_LT(t->steps(), 200);
}

TEST(VulkanTraining, EnginesOutliveTheirBackendAndHostEditsReachTheDevice) {
    auto vulkan = requireVulkanBackend();
    ASSERT_TRUE(vulkan);
    const ModelConfig model = mlp(2, 1, {8}, ActivationId::Relu);
    std::string error;
    auto gpu = vulkanEngine(*vulkan, model, LossKind::BceWithLogits, OptimizerConfig{}, &error);
    ASSERT_TRUE(gpu) << error;
    vulkan.reset();
    for (Parameter<float>* p : gpu->hostModel().parameters())
        if (p->name == "output.bias") p->value[0] = 5.0f;
    const std::vector<float> point = {0.0f, 0.0f};
    const std::span<const float> out = gpu->evaluate(point, 1);
    ASSERT_EQ(out.size(), 1u);
    const float expected = gpu->hostModel().forward(point, 1)[0];
    EXPECT_NEAR(out[0], expected, 1e-5);
}

// Training steps (batch sizes changing), evaluate() and tear-down under the Khronos validation
// layer with synchronisation validation: a missing barrier between dispatches is an error.
TEST(VulkanTraining, RunsWithoutValidationErrors) {
    std::atomic<int> errors{0};
    std::vector<std::string> messages;
    {
        VulkanBackendOptions options;
        options.allowCpuDevice = true;
        options.validation = true;
        options.onValidationMessage = [&](bool isError, std::string_view message) {
            errors += isError ? 1 : 0;
            if (messages.size() < 5) messages.emplace_back(message);
        };
        std::string whyNot;
        auto vulkan = createVulkanBackend(options, &whyNot);
        ASSERT_TRUE(vulkan) << "Vulkan with the Khronos validation layer is required: " << whyNot;
        for (const EngineCase& c : {engineCases()[1], engineCases()[4]}) {
            OptimizerConfig adam;
            adam.clipNorm = 1.0;
            auto engine = vulkanEngine(*vulkan, c.model, c.loss, adam, &whyNot);
            ASSERT_TRUE(engine) << whyNot;
            engine->setRegularisation(1e-4, 1e-3);
            for (int batch : {16, 16, 33}) {
                const Batch b = randomBatch(c.model, c.loss, batch, 9);
                EXPECT_TRUE(engine->trainStep(b.inputs, b.targets, batch).finite);
            }
            const Batch grid = randomBatch(c.model, c.loss, 100, 2);
            EXPECT_EQ(engine->evaluate(grid.inputs, 100).size(),
                      size_t(100 * c.model.outputDimension));
        }
    }
    EXPECT_EQ(errors.load(), 0);
    for (const std::string& message : messages) ADD_FAILURE() << message;
}

// Steps per second on this machine's Vulkan device vs the CPU engine (reported, not asserted).
double stepsPerSecond(TrainingEngine& engine, const Batch& b, int batch) {
    for (int i = 0; i < 5; ++i) engine.trainStep(b.inputs, b.targets, batch);  // warm-up (JIT)
    const auto start = std::chrono::steady_clock::now();
    int steps = 0;
    double elapsed = 0;
    while (elapsed < 0.5) {
        engine.trainStep(b.inputs, b.targets, batch);
        ++steps;
        elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    return steps / elapsed;
}

TEST(VulkanTraining, ReportsStepsPerSecond) {
    auto vulkan = requireVulkanBackend();
    ASSERT_TRUE(vulkan);
    struct Workload {
        const char* name;
        ModelConfig model;
        LossKind loss;
        OptimizerKind optimizer;
        int batch;
    };
    const Workload workloads[] = {
        {"mlp-small", mlp(2, 1, {16, 16}, ActivationId::Tanh), LossKind::BceWithLogits,
         OptimizerKind::Sgd, 32},
        {"ffn-medium", mlp(64, 10, {256, 256}, ActivationId::Gelu), LossKind::SoftmaxCrossEntropy,
         OptimizerKind::Adam, 128},
        {"swiglu-ffn", glu(64, 10, 64, 1, ActivationId::Swiglu, false),
         LossKind::SoftmaxCrossEntropy, OptimizerKind::Adam, 128},
    };
    for (const Workload& w : workloads) {
        OptimizerConfig o;
        o.kind = w.optimizer;
        o.learningRate = 1e-3;
        std::string error;
        auto gpu = vulkanEngine(*vulkan, w.model, w.loss, o, &error);
        ASSERT_TRUE(gpu) << error;
        auto cpu = createCpuTrainingEngine(w.model, w.loss, o, &error);
        const Batch b = randomBatch(w.model, w.loss, w.batch, 1);
        const double c = stepsPerSecond(*cpu, b, w.batch), g = stepsPerSecond(*gpu, b, w.batch);
        std::printf("[ speed    ] %-10s %s: %.0f steps/s, cpu: %.0f steps/s\n", w.name,
                    vulkan->deviceName().c_str(), g, c);
        RecordProperty(std::string(w.name) + "_vulkan_steps_per_second", int(g));
        RecordProperty(std::string(w.name) + "_cpu_steps_per_second", int(c));
    }
}

}  // namespace
}  // namespace actlab
