// The Transformer trained on Vulkan through the tensor ops (lavapipe in CI) against the same run
// on the CPU: same seed, same batches, 200 steps; the final losses agree within 1% (the issue's
// criterion), for the Pre-LN default and for the other axes (Post-LN, causal, ReLU on Q/K/V,
// gated and attention-only blocks, a pooled task).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "backend_test_support.h"
#include "backends/backend_factory.h"
#include "training/sequence_trainer.h"

namespace actlab {
namespace {

struct VulkanCase {
    const char* label;
    void (*adjust)(SequenceTrainingConfig&);
};
void PrintTo(const VulkanCase& c, std::ostream* os) { *os << c.label; }

SequenceTrainingConfig baseConfig() {
    SequenceTrainingConfig config;  // transformer-tiny on reverse, Adam 1e-3, batch 32
    config.taskOptions.sequence = 8;
    config.taskOptions.vocabulary = 8;
    config.model.dModel = 32;
    config.testSequences = 64;
    config.seed = 3;
    return config;
}

std::unique_ptr<SequenceTrainer> trainer(const SequenceTrainingConfig& config) {
    std::string error;
    std::unique_ptr<SequenceTrainer> t = SequenceTrainer::create(config, &error);
    EXPECT_TRUE(t) << error;
    return t;
}

class VulkanTransformer : public ::testing::TestWithParam<VulkanCase> {};

// Issue 26: a recorded step is one submission, and between snapshots only the loss and the
// norms come back (the parameters, moments and activations stay on the device).
TEST(VulkanTransformerTraffic, AStepIsOneSubmissionAndAFewBytesToTheHost) {
    std::unique_ptr<Backend> vulkan = testing::requireVulkan();
    ASSERT_TRUE(vulkan);
    std::unique_ptr<SequenceTrainer> gpu = trainer(baseConfig());
    ASSERT_TRUE(gpu);
    std::shared_ptr<TensorOpsTable<float>> ops = createTensorOpsTable(*vulkan);
    gpu->setTensorOps(ops);
    gpu->setRecordsHistory(false);  // the history's evaluations are snapshots of their own
    gpu->step(2);                   // the first step uploads everything
    const DeviceTraffic before = ops->traffic();
    constexpr int kSteps = 10;
    for (int i = 0; i < kSteps; ++i) gpu->step(1);  // each the last of its call: norms too
    const DeviceTraffic after = ops->traffic();
    EXPECT_EQ(after.submissions - before.submissions, unsigned(kSteps));
    EXPECT_LE(after.bytesToHost - before.bytesToHost, kSteps * 4096ull);
    // Per step: the batch's tokens and targets, and the embedding's index lists.
    EXPECT_LE(after.bytesToDevice - before.bytesToDevice, kSteps * 4096ull);
    std::printf("per step: %.1f submissions, %.0f bytes to host, %.0f bytes to device\n",
                double(after.submissions - before.submissions) / kSteps,
                double(after.bytesToHost - before.bytesToHost) / kSteps,
                double(after.bytesToDevice - before.bytesToDevice) / kSteps);
    // A snapshot brings the parameters home: they match a CPU run of the same steps.
    std::unique_ptr<SequenceTrainer> cpu = trainer(baseConfig());
    cpu->step(2 + kSteps);
    const SequenceSnapshot a = cpu->snapshot(), b = gpu->snapshot();
    EXPECT_NEAR(b.testLoss, a.testLoss, 0.01 * a.testLoss);
    EXPECT_NEAR(gpu->lastTrainLoss(), cpu->lastTrainLoss(), 0.01 * cpu->lastTrainLoss());
}

// Trains `config` 200 steps on the CPU and through `ops`: the final losses agree within 1%.
void expectCpuParity(const SequenceTrainingConfig& config,
                     std::shared_ptr<TensorOpsTable<float>> ops) {
    std::unique_ptr<SequenceTrainer> cpu = trainer(config), gpu = trainer(config);
    ASSERT_TRUE(cpu && gpu);
    gpu->setTensorOps(ops);
    std::vector<float> initial;
    for (const Parameter<float>* p : cpu->model().parameters())
        initial.insert(initial.end(), p->value.begin(), p->value.end());
    cpu->step(200);
    gpu->step(200);
    ASSERT_FALSE(cpu->diverged());
    ASSERT_FALSE(gpu->diverged());
    const SequenceSnapshot a = cpu->snapshot(), b = gpu->snapshot();
    EXPECT_EQ(b.step, 200);
    EXPECT_NEAR(b.testLoss, a.testLoss, 0.01 * a.testLoss) << "CPU " << a.testLoss;
    EXPECT_NEAR(gpu->lastTrainLoss(), cpu->lastTrainLoss(), 0.01 * cpu->lastTrainLoss());
    // Both runs moved the same way: the distance between their weights is small next to the
    // distance each travelled (a wrong gradient on the device would send it elsewhere).
    double apart = 0, travelled = 0;
    size_t i = 0;
    const auto pa = cpu->model().parameters(), pb = gpu->model().parameters();
    for (size_t k = 0; k < pa.size(); ++k)
        for (size_t j = 0; j < pa[k]->value.size(); ++j, ++i) {
            apart += std::pow(double(pa[k]->value[j]) - pb[k]->value[j], 2);
            travelled += std::pow(double(pa[k]->value[j]) - initial[i], 2);
        }
    EXPECT_LT(std::sqrt(apart), 0.02 * std::sqrt(travelled))
        << "apart " << std::sqrt(apart) << ", travelled " << std::sqrt(travelled);
    // Per-token tasks learn in 200 steps (negation does not: it needs ~1000): a run that learned
    // nothing on both would agree trivially.
    if (config.task != "negation") {
        EXPECT_LT(a.testLoss, 0.8 * std::log(double(cpu->task().classes())));
    }
}

TEST_P(VulkanTransformer, TwoHundredStepsEndWithinOnePercentOfTheCpu) {
    std::unique_ptr<Backend> vulkan = testing::requireVulkan();
    ASSERT_TRUE(vulkan);
    SequenceTrainingConfig config = baseConfig();
    GetParam().adjust(config);
    std::shared_ptr<TensorOpsTable<float>> ops = createTensorOpsTable(*vulkan);
    // The ops that carry the work run on the device; only what it lacks falls to the CPU.
    for (TensorOp op :
         {TensorOp::LinearForward, TensorOp::LinearBackward, TensorOp::AttentionForward,
          TensorOp::AttentionBackward, TensorOp::LayerNormForward, TensorOp::LayerNormBackward})
        EXPECT_EQ(ops->backendFor(op), "vulkan") << tensorOpName(op);
    expectCpuParity(config, ops);
}

// Issue 26: with device-local buffers (a discrete GPU's layout, forced on lavapipe by
// ACTLAB_VULKAN_STAGING=1) every transfer is a recorded copy; the run still matches the CPU.
TEST(VulkanTransformerStaging, DeviceLocalBuffersGiveTheCpusRun) {
    setenv("ACTLAB_VULKAN_STAGING", "1", 1);
    std::unique_ptr<Backend> vulkan = testing::requireVulkan();
    unsetenv("ACTLAB_VULKAN_STAGING");
    ASSERT_TRUE(vulkan);
    SequenceTrainingConfig config = baseConfig();
    config.model.norm = NormPlacement::Post;
    config.model.causal = true;
    expectCpuParity(config, createTensorOpsTable(*vulkan));
}

// Issue 26: compare mode's two runs train at once, in two threads, on the backend's one set of
// ops (one residency map, one pending command buffer): each still matches its CPU run.
TEST(VulkanTransformerShared, TwoRunsInTwoThreadsOnTheSameOpsEachMatchTheCpu) {
    std::unique_ptr<Backend> vulkan = testing::requireVulkan();
    ASSERT_TRUE(vulkan);
    SequenceTrainingConfig configs[2] = {baseConfig(), baseConfig()};
    configs[1].model.norm = NormPlacement::Post;
    configs[1].seed = 5;
    std::unique_ptr<SequenceTrainer> gpu[2], cpu[2];
    for (int i = 0; i < 2; ++i) {
        gpu[i] = trainer(configs[i]);
        cpu[i] = trainer(configs[i]);
        ASSERT_TRUE(gpu[i] && cpu[i]);
        gpu[i]->setTensorOps(createTensorOpsTable(*vulkan));
    }
    std::thread other([&] {
        for (int s = 0; s < 60; ++s) gpu[1]->step(1);
    });
    for (int s = 0; s < 60; ++s) gpu[0]->step(1);
    other.join();
    for (int i = 0; i < 2; ++i) {
        cpu[i]->step(60);
        const SequenceSnapshot a = cpu[i]->snapshot(), b = gpu[i]->snapshot();
        EXPECT_NEAR(b.testLoss, a.testLoss, 0.01 * a.testLoss) << "run " << i;
    }
}

// Issue 26: the ops ACTLAB_VULKAN_DISABLE_OPS names run on the CPU, in the middle of the
// device's step (their inputs brought home, their outputs uploaded), and the run still matches.
TEST(VulkanTransformerFallback, OpsTheDeviceLacksRunOnTheCpuAndTheRunMatches) {
    setenv("ACTLAB_VULKAN_DISABLE_OPS", "linear_backward,attention_forward,optimizer_update", 1);
    std::unique_ptr<Backend> vulkan = testing::requireVulkan();
    ASSERT_TRUE(vulkan);
    std::shared_ptr<TensorOpsTable<float>> ops = createTensorOpsTable(*vulkan);  // reads it
    unsetenv("ACTLAB_VULKAN_DISABLE_OPS");
    for (TensorOp op :
         {TensorOp::LinearBackward, TensorOp::AttentionForward, TensorOp::OptimizerUpdate})
        EXPECT_EQ(ops->backendFor(op), "cpu") << tensorOpName(op);
    EXPECT_EQ(ops->backendFor(TensorOp::LinearForward), "vulkan");
    expectCpuParity(baseConfig(), ops);
    EXPECT_EQ(ops->describe(),
              "vulkan (cpu: linear_backward, attention_forward, optimizer_update)");
}

INSTANTIATE_TEST_SUITE_P(
    Axes, VulkanTransformer,
    ::testing::Values(VulkanCase{"pre_ln_plain_gelu", [](SequenceTrainingConfig&) {}},
                      VulkanCase{"post_ln_relu_qkv",
                                 [](SequenceTrainingConfig& c) {
                                     c.model.norm = NormPlacement::Post;
                                     c.model.qkvActivation =
                                         ActivationConfig::withDefaults(ActivationId::Relu);
                                 }},
                      VulkanCase{"causal_gated_swiglu",
                                 [](SequenceTrainingConfig& c) {
                                     c.model.causal = true;
                                     c.model.ffn = FeedForwardKind::Gated;
                                     c.model.ffnActivation =
                                         ActivationConfig::withDefaults(ActivationId::Swiglu);
                                 }},
                      VulkanCase{"attention_only_pooled_negation",
                                 [](SequenceTrainingConfig& c) {
                                     c.task = "negation";
                                     c.taskOptions = {};
                                     c.model.ffn = FeedForwardKind::None;
                                 }}),
    [](const auto& info) { return std::string(info.param.label); });

}  // namespace
}  // namespace actlab
