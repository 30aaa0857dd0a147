// Device choice and backend selection on a machine whose only Vulkan device is lavapipe
// (a CPU device): `vulkan` uses it, `auto` does not and says why.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "backends/backend_factory.h"
#include "backends/vulkan/vulkan_backend.h"
#include "backends/vulkan/vulkan_device_choice.h"

namespace actlab {
namespace {

using vulkan::chooseDevice;
using vulkan::DeviceCandidate;
using vulkan::DeviceKind;

TEST(DeviceChoice, PrefersDiscreteThenIntegratedAndRefusesCpuUnlessAllowed) {
    const std::vector<DeviceCandidate> devices = {
        {"llvmpipe", DeviceKind::Cpu, true},
        {"Intel UHD", DeviceKind::IntegratedGpu, true},
        {"Radeon", DeviceKind::DiscreteGpu, true},
    };
    EXPECT_EQ(chooseDevice(devices, false).index, 2);
    EXPECT_EQ(chooseDevice(devices, true).index, 2);
    EXPECT_EQ(chooseDevice(std::span(devices).first(2), false).index, 1);
    EXPECT_EQ(chooseDevice(std::span(devices).first(1), true).index, 0);
}

TEST(DeviceChoice, ExplainsEveryRefusal) {
    const std::vector<DeviceCandidate> devices = {
        {"llvmpipe (LLVM 15.0.6, 256 bits)", DeviceKind::Cpu, true},
        {"Odd GPU", DeviceKind::DiscreteGpu, false},
    };
    const auto choice = chooseDevice(devices, false);
    EXPECT_EQ(choice.index, -1);
    EXPECT_NE(choice.whyNot.find("llvmpipe (LLVM 15.0.6, 256 bits) [CPU device, used only when"),
              std::string::npos)
        << choice.whyNot;
    EXPECT_NE(choice.whyNot.find("Odd GPU [discrete GPU, no compute queue]"), std::string::npos)
        << choice.whyNot;
    EXPECT_EQ(chooseDevice({}, true).whyNot, "no Vulkan device found");
}

bool onlyLavapipe() {
#ifdef ACTLAB_LAVAPIPE_ICD
    return true;
#else
    return false;
#endif
}

TEST(BackendSelection, VulkanChoiceUsesAnyDeviceIncludingLavapipe) {
    const BackendSelection selection = createBackend(BackendChoice::Vulkan);
    ASSERT_TRUE(selection.backend);
    EXPECT_EQ(selection.backend->name(), "vulkan")
        << "Vulkan is required here: " << selection.reason;
    EXPECT_FALSE(selection.fellBack);
}

TEST(BackendSelection, AutoUsesOnlyARealGpuAndSaysWhy) {
    std::string whyNot;
    VulkanBackendOptions gpuOnly;  // allowCpuDevice = false, as auto asks
    const bool gpuAvailable = createVulkanBackend(gpuOnly, &whyNot) != nullptr;
    const BackendSelection selection = createBackend(BackendChoice::Auto);
    ASSERT_TRUE(selection.backend);
    EXPECT_FALSE(selection.reason.empty());
    if (onlyLavapipe()) {
        ASSERT_FALSE(gpuAvailable) << "lavapipe must not count as a GPU";
    }
    if (gpuAvailable) {
        EXPECT_EQ(selection.backend->name(), "vulkan");
        return;
    }
    EXPECT_EQ(selection.backend->name(), "cpu");
    EXPECT_FALSE(selection.fellBack);
    EXPECT_NE(selection.reason.find(whyNot), std::string::npos) << selection.reason;
    if (onlyLavapipe()) {
        EXPECT_NE(whyNot.find("llvmpipe"), std::string::npos) << whyNot;
        EXPECT_NE(whyNot.find("CPU device"), std::string::npos) << whyNot;
    }
}

}  // namespace
}  // namespace actlab

int main(int argc, char** argv) {
#ifdef ACTLAB_LAVAPIPE_ICD
    // Hide any real GPU so that the expectations are the CI machine's: lavapipe only.
    setenv("VK_ICD_FILENAMES", ACTLAB_LAVAPIPE_ICD, 1);
    setenv("VK_DRIVER_FILES", ACTLAB_LAVAPIPE_ICD, 1);
#endif
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
