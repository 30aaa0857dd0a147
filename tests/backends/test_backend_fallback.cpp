// With no Vulkan driver (VK_ICD_FILENAMES=/nonexistent.json) the Vulkan backend declines with a
// reason and createBackend falls back to the CPU for both `vulkan` and `auto`.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "backends/backend_factory.h"
#include "backends/vulkan/vulkan_backend.h"

namespace actlab {
namespace {

TEST(BackendFallback, VulkanDeclinesWithAReason) {
    for (bool allowCpuDevice : {false, true}) {
        VulkanBackendOptions options;
        options.allowCpuDevice = allowCpuDevice;
        std::string whyNot;
        EXPECT_EQ(createVulkanBackend(options, &whyNot), nullptr);
        EXPECT_FALSE(whyNot.empty());
        EXPECT_EQ(whyNot.find('\n'), std::string::npos) << whyNot;
        // Either vkCreateInstance fails (VK_ERROR_INCOMPATIBLE_DRIVER) or no device is found.
        EXPECT_TRUE(whyNot.find("vkCreateInstance") != std::string::npos ||
                    whyNot.find("no Vulkan device") != std::string::npos)
            << whyNot;
    }
    EXPECT_EQ(createVulkanBackend({}, nullptr), nullptr);  // a null whyNot is allowed
}

TEST(BackendFallback, VulkanChoiceFallsBackToCpu) {
    const BackendSelection selection = createBackend(BackendChoice::Vulkan);
    ASSERT_TRUE(selection.backend);
    EXPECT_EQ(selection.backend->name(), "cpu");
    EXPECT_TRUE(selection.fellBack);
    EXPECT_FALSE(selection.reason.empty());
}

TEST(BackendFallback, AutoChoiceUsesCpu) {
    const BackendSelection selection = createBackend(BackendChoice::Auto);
    ASSERT_TRUE(selection.backend);
    EXPECT_EQ(selection.backend->name(), "cpu");
    EXPECT_FALSE(selection.reason.empty());
}

}  // namespace
}  // namespace actlab

int main(int argc, char** argv) {
    // Also set by CTest; repeated here so that running the binary by hand tests the same thing.
    // VK_DRIVER_FILES would take precedence over VK_ICD_FILENAMES in loaders ≥ 1.3.207.
    setenv("VK_ICD_FILENAMES", "/nonexistent.json", 1);
    setenv("VK_DRIVER_FILES", "/nonexistent.json", 1);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
