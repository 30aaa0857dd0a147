// Runs every op under VK_LAYER_KHRONOS_validation and expects no validation error: set-up,
// buffer growth, pipeline creation for every function, chunked dispatch and tear-down.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <vector>

#include "backend_test_support.h"

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

}  // namespace
}  // namespace actlab::testing
