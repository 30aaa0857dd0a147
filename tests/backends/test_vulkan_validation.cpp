// Runs every op under VK_LAYER_KHRONOS_validation and expects no validation error: set-up,
// buffer growth, pipeline creation for every function, chunked dispatch and tear-down; and
// recorded training steps through the tensor ops.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "backend_test_support.h"
#include "backends/backend_factory.h"
#include "training/sequence_trainer.h"

namespace actlab::testing {
namespace {

TEST(VulkanValidation, EveryOpRunsWithoutValidationErrors) {
    std::atomic<int> errors{0};
    std::vector<std::string> messages;  // written by the driver thread during calls below
    {
        VulkanBackendOptions options;
        options.allowCpuDevice = true;
        options.validation = true;
        options.maxPointsPerDispatch = 1001;  // exercise the chunk loop (rounded to 1000)
        options.onValidationMessage = [&](bool isError, std::string_view message) {
            errors += isError ? 1 : 0;
            messages.emplace_back(std::string(isError ? "error: " : "warning: ") +
                                  std::string(message));
        };
        std::string whyNot;
        auto vulkan = createVulkanBackend(options, &whyNot);
        // scripts/bootstrap.sh installs vulkan-validationlayers: both are required here.
        ASSERT_TRUE(vulkan) << "Vulkan with the Khronos validation layer is required: " << whyNot;

        for (size_t n : {size_t(100), size_t(10'000)}) {
            const std::vector<float> x = linearGrid(n, -10.0f, 10.0f);
            std::vector<float> a(n), b(n), c(n);
            for (const NamedConfig& named : configsUnderTest(ActivationKind::Scalar)) {
                EXPECT_TRUE(
                    vulkan->evaluateScalar(named.config, ScalarActivationBatch<float>{x, a, b, c}));
                EXPECT_TRUE(vulkan->evaluateScalar(named.config,
                                                   ScalarActivationBatch<float>{x, a, b, {}}));
            }
            for (const NamedConfig& named : configsUnderTest(ActivationKind::Gated))
                EXPECT_TRUE(vulkan->evaluateGated(named.config,
                                                  GatedActivationBatch<float>{x, x, a, b, c}));
        }
    }  // the backend is destroyed here: leaks would be reported now
    EXPECT_EQ(errors.load(), 0);
    for (const std::string& message : messages) ADD_FAILURE() << message;
}

// Issue 26: recorded Transformer steps (resident tensors, uploads through the staging ring,
// device-local buffers as on a discrete GPU, an op that falls back to the CPU mid-step, a
// snapshot) with no validation error.
TEST(VulkanValidation, RecordedTransformerStepsRunWithoutValidationErrors) {
    std::atomic<int> errors{0};
    std::vector<std::string> messages;
    setenv("ACTLAB_VULKAN_STAGING", "1", 1);
    setenv("ACTLAB_VULKAN_DISABLE_OPS", "layernorm_backward", 1);
    {
        VulkanBackendOptions options;
        options.allowCpuDevice = true;
        options.validation = true;
        options.onValidationMessage = [&](bool isError, std::string_view message) {
            errors += isError ? 1 : 0;
            messages.emplace_back(std::string(isError ? "error: " : "warning: ") +
                                  std::string(message));
        };
        std::string whyNot;
        auto vulkan = createVulkanBackend(options, &whyNot);
        ASSERT_TRUE(vulkan) << "Vulkan with the Khronos validation layer is required: " << whyNot;
        SequenceTrainingConfig config;
        config.taskOptions.sequence = 6;
        config.taskOptions.vocabulary = 6;
        config.model.dModel = 16;
        config.model.heads = 2;
        config.batch = 8;
        config.testSequences = 8;
        auto trainer = SequenceTrainer::create(config, &whyNot);
        ASSERT_TRUE(trainer) << whyNot;
        auto ops = createTensorOpsTable(*vulkan);
        EXPECT_EQ(ops->backendFor(TensorOp::LayerNormBackward), "cpu");
        trainer->setTensorOps(ops);
        trainer->step(3);
        EXPECT_TRUE(std::isfinite(trainer->snapshot().testLoss));
        trainer->step(2);
        EXPECT_TRUE(std::isfinite(trainer->snapshot(SnapshotScope::Probes).testLoss));
    }
    unsetenv("ACTLAB_VULKAN_STAGING");
    unsetenv("ACTLAB_VULKAN_DISABLE_OPS");
    EXPECT_EQ(errors.load(), 0);
    for (const std::string& message : messages) ADD_FAILURE() << message;
}

}  // namespace
}  // namespace actlab::testing
