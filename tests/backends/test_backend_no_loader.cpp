// Without a Vulkan loader library (ACTLAB_VULKAN_LOADER names a file that does not exist) the
// program still runs: the Vulkan backend declines with a reason and the CPU takes over.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "backends/backend_factory.h"
#include "backends/vulkan/vulkan_backend.h"

namespace actlab {
namespace {

TEST(BackendNoLoader, VulkanDeclinesAndTheCpuTakesOver) {
    VulkanBackendOptions options;
    options.allowCpuDevice = true;
    std::string whyNot;
    EXPECT_EQ(createVulkanBackend(options, &whyNot), nullptr);
    EXPECT_NE(whyNot.find("no Vulkan loader"), std::string::npos) << whyNot;
    EXPECT_EQ(whyNot.find('\n'), std::string::npos) << whyNot;

    const BackendSelection selection = createBackend(BackendChoice::Vulkan);
    ASSERT_TRUE(selection.backend);
    EXPECT_EQ(selection.backend->name(), "cpu");
    EXPECT_TRUE(selection.fellBack);
    EXPECT_NE(selection.reason.find("no Vulkan loader"), std::string::npos) << selection.reason;
}

}  // namespace
}  // namespace actlab

int main(int argc, char** argv) {
    setenv("ACTLAB_VULKAN_LOADER", "/nonexistent/libvulkan.so.1", 1);  // before any Vulkan call
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
