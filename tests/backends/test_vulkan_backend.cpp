// The Vulkan backend as an object: identity and capabilities, argument checks, large and
// repeated batches against the CPU, chunked dispatch, check mode, and concurrent callers.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "backend_test_support.h"
#include "backends/cpu/cpu_backend.h"
#include "backends/vulkan/vulkan_reference_check.h"

namespace actlab::testing {
namespace {

// Runs `config` (scalar) on both backends over x and expects agreement point by point.
void expectScalarMatchesCpu(Backend& vulkan, const ActivationConfig& config,
                            const std::vector<float>& x) {
    const size_t n = x.size();
    std::vector<float> gpuValue(n), gpuFirst(n), cpuValue(n), cpuFirst(n);
    ASSERT_TRUE(
        vulkan.evaluateScalar(config, ScalarActivationBatch<float>{x, gpuValue, gpuFirst, {}}));
    ASSERT_TRUE(createCpuBackend()->evaluateScalar(
        config, ScalarActivationBatch<float>{x, cpuValue, cpuFirst, {}}));
    size_t bad = 0;
    for (size_t i = 0; i < n; ++i) {
        if (withinTolerance(gpuValue[i], cpuValue[i], kValueTolerance) &&
            withinTolerance(gpuFirst[i], cpuFirst[i], kValueTolerance))
            continue;
        if (++bad <= 3)
            ADD_FAILURE() << config.info().name << " n=" << n << " i=" << i << " x=" << x[i]
                          << ": vulkan (" << gpuValue[i] << ", " << gpuFirst[i] << "), cpu ("
                          << cpuValue[i] << ", " << cpuFirst[i] << ")";
    }
    EXPECT_EQ(bad, 0u) << "points differing from the CPU out of " << n;
}

TEST(VulkanBackend, IdentifiesItselfAndSupportsFloat32Only) {
    auto vulkan = requireVulkan();
    ASSERT_TRUE(vulkan);
    EXPECT_EQ(vulkan->name(), "vulkan");
    EXPECT_FALSE(vulkan->deviceName().empty());
    for (BackendOp op : {BackendOp::ActivationScalar, BackendOp::ActivationGated}) {
        EXPECT_TRUE(vulkan->supports(op, Precision::F32));
        EXPECT_FALSE(vulkan->supports(op, Precision::F64));
    }
    std::vector<double> x = {1.0}, value(1), first(1), v = {1.0}, dv(1);
    EXPECT_FALSE(vulkan->evaluateScalar(ActivationConfig::withDefaults(ActivationId::Gelu),
                                        ScalarActivationBatch<double>{x, value, first, {}}));
    EXPECT_FALSE(vulkan->evaluateGated(ActivationConfig::withDefaults(ActivationId::Glu),
                                       GatedActivationBatch<double>{x, v, value, first, dv}));
}

TEST(VulkanBackend, RejectsMismatchedSpansAndWrongKindsWithoutTouchingOutputs) {
    auto vulkan = requireVulkan();
    ASSERT_TRUE(vulkan);
    const auto gelu = ActivationConfig::withDefaults(ActivationId::Gelu);
    const auto glu = ActivationConfig::withDefaults(ActivationId::Glu);
    std::vector<float> x(8, 1.0f), v(8, 1.0f), short7(7, -5.0f), out(8, -5.0f), out2(8, -5.0f),
        out3(8, -5.0f);
    EXPECT_FALSE(vulkan->evaluateScalar(gelu, ScalarActivationBatch<float>{x, short7, out, {}}));
    EXPECT_FALSE(vulkan->evaluateScalar(gelu, ScalarActivationBatch<float>{x, out, out2, short7}));
    EXPECT_FALSE(
        vulkan->evaluateGated(glu, GatedActivationBatch<float>{x, short7, out, out2, out3}));
    EXPECT_FALSE(vulkan->evaluateScalar(glu, ScalarActivationBatch<float>{x, out, out2, {}}));
    EXPECT_FALSE(vulkan->evaluateGated(gelu, GatedActivationBatch<float>{x, v, out, out2, out3}));
    for (float value : out) EXPECT_EQ(value, -5.0f);
    for (float value : short7) EXPECT_EQ(value, -5.0f);
    // An empty batch is a valid no-op.
    EXPECT_TRUE(vulkan->evaluateScalar(gelu, ScalarActivationBatch<float>{}));
}

TEST(VulkanBackend, LargeBatchMatchesCpu) {
    auto vulkan = requireVulkan();
    ASSERT_TRUE(vulkan);
    expectScalarMatchesCpu(*vulkan, ActivationConfig::withDefaults(ActivationId::Gelu),
                           linearGrid(3'000'001, -60.0f, 60.0f));
}

TEST(VulkanBackend, BatchesLargerThanOneDispatchAreSplit) {
    VulkanBackendOptions options;
    options.maxPointsPerDispatch = 1 << 20;  // 3,000,001 points: three full dispatches and one
    auto vulkan = requireVulkan(options);
    ASSERT_TRUE(vulkan);
    expectScalarMatchesCpu(*vulkan, ActivationConfig::withDefaults(ActivationId::Mish),
                           linearGrid(3'000'001, -1000.0f, 1000.0f));
}

TEST(VulkanBackend, RepeatedCallsWithVaryingSizesMatchCpu) {
    auto vulkan = requireVulkan();
    ASSERT_TRUE(vulkan);
    const auto silu = ActivationConfig::withDefaults(ActivationId::Silu);
    const auto tanh = ActivationConfig::withDefaults(ActivationId::Tanh);
    for (size_t n : {size_t(1), size_t(255), size_t(256), size_t(257), size_t(5000),
                     size_t(1) << 20, size_t(17), size_t(1'500'001), size_t(3)}) {
        expectScalarMatchesCpu(*vulkan, silu, linearGrid(n, -30.0f, 30.0f));
        expectScalarMatchesCpu(*vulkan, tanh, linearGrid(n, -9.0f, 9.0f));
    }
}

TEST(VulkanBackend, GatedLargeBatchMatchesCpu) {
    auto vulkan = requireVulkan();
    ASSERT_TRUE(vulkan);
    const auto geglu = ActivationConfig::withDefaults(ActivationId::Geglu);
    const std::vector<float> x = linearGrid(1'000'003, -20.0f, 20.0f);
    const std::vector<float> v = linearGrid(x.size(), 3.0f, -3.0f);
    const size_t n = x.size();
    std::vector<float> y(n), dx(n), dv(n), cy(n), cdx(n), cdv(n);
    ASSERT_TRUE(vulkan->evaluateGated(geglu, GatedActivationBatch<float>{x, v, y, dx, dv}));
    ASSERT_TRUE(
        createCpuBackend()->evaluateGated(geglu, GatedActivationBatch<float>{x, v, cy, cdx, cdv}));
    size_t bad = 0;
    for (size_t i = 0; i < n; ++i)
        bad += !(withinTolerance(y[i], cy[i], kValueTolerance) &&
                 withinTolerance(dx[i], cdx[i], kValueTolerance) &&
                 withinTolerance(dv[i], cdv[i], kValueTolerance));
    EXPECT_EQ(bad, 0u);
}

TEST(VulkanBackend, CheckModeIsSilentWhenResultsAgree) {
    VulkanBackendOptions options;
    options.checkEveryOp = true;
    auto vulkan = requireVulkan(options);
    ASSERT_TRUE(vulkan);
    const std::vector<float> x = edgeGrid();
    std::vector<float> value(x.size()), first(x.size()), second(x.size());
    ::testing::internal::CaptureStderr();
    for (const NamedConfig& named : configsUnderTest(ActivationKind::Scalar))
        EXPECT_TRUE(vulkan->evaluateScalar(named.config,
                                           ScalarActivationBatch<float>{x, value, first, second}));
    EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
}

TEST(VulkanReferenceCheck, ReportsTheWorstMismatchInOneLine) {
    const auto sigmoid = ActivationConfig::withDefaults(ActivationId::Sigmoid);
    std::vector<float> x = {-1.0f, 0.0f, 2.0f}, value = {0.26894142f, 0.5f, 0.9f},
                       first = {0.19661193f, 0.25f, 0.10499359f};
    const auto mismatch =
        vulkan::findScalarMismatch(sigmoid, ScalarActivationBatch<float>{x, value, first, {}});
    ASSERT_TRUE(mismatch);
    EXPECT_NE(mismatch->find("sigmoid: 1 of 3"), std::string::npos) << *mismatch;
    EXPECT_NE(mismatch->find("x=2"), std::string::npos) << *mismatch;
    EXPECT_EQ(mismatch->find('\n'), std::string::npos);
    value[2] = 0.88079708f;
    EXPECT_FALSE(
        vulkan::findScalarMismatch(sigmoid, ScalarActivationBatch<float>{x, value, first, {}}));
}

TEST(VulkanBackend, ConcurrentCallersAreSerialised) {
    std::shared_ptr<Backend> vulkan = requireVulkan();
    ASSERT_TRUE(vulkan);
    const auto gelu = ActivationConfig::withDefaults(ActivationId::Gelu);
    const auto relu = ActivationConfig::withDefaults(ActivationId::Relu);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&, t] {
            const auto& config = t % 2 ? gelu : relu;
            for (int round = 0; round < 5; ++round)
                expectScalarMatchesCpu(*vulkan, config, linearGrid(10'000 + 997 * t, -8.0f, 8.0f));
        });
    }
    for (std::thread& thread : threads) thread.join();
}

}  // namespace
}  // namespace actlab::testing
