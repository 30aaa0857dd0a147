// Every catalogue function, scalar and gated, on the CPU and on Vulkan over an edge grid: no
// NaN/Inf where the double reference is finite, and the two backends agree within tolerance.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <vector>

#include "activations/scalar_functions.h"
#include "backend_test_support.h"
#include "backends/cpu/cpu_backend.h"

namespace actlab::testing {
namespace {

// Checks one output array: finite where the reference is, and close to the CPU's.
void expectConsistent(const char* output, const std::vector<float>& x,
                      const std::vector<float>& cpu, const std::vector<float>& gpu,
                      const std::vector<double>& reference, Tolerance tolerance) {
    int reported = 0;
    for (size_t i = 0; i < x.size() && reported < 5; ++i) {
        const bool finite = std::isfinite(reference[i]);
        const bool ok = (!finite || (std::isfinite(cpu[i]) && std::isfinite(gpu[i]))) &&
                        withinTolerance(gpu[i], cpu[i], tolerance);
        if (ok) continue;
        ++reported;
        ADD_FAILURE() << output << " at x=" << x[i] << ": vulkan " << gpu[i] << ", cpu " << cpu[i]
                      << ", double reference " << reference[i];
    }
}

class ScalarConsistency : public ::testing::TestWithParam<NamedConfig> {};

TEST_P(ScalarConsistency, VulkanMatchesCpuAndStaysFinite) {
    const ActivationConfig& config = GetParam().config;
    auto vulkan = requireVulkan();
    ASSERT_TRUE(vulkan);
    auto cpu = createCpuBackend();
    const std::vector<float> x = edgeGrid();
    const size_t n = x.size();
    std::vector<float> cpuValue(n), cpuFirst(n), cpuSecond(n), gpuValue(n), gpuFirst(n),
        gpuSecond(n);
    ASSERT_TRUE(cpu->evaluateScalar(
        config, ScalarActivationBatch<float>{x, cpuValue, cpuFirst, cpuSecond}));
    ASSERT_TRUE(vulkan->evaluateScalar(
        config, ScalarActivationBatch<float>{x, gpuValue, gpuFirst, gpuSecond}));
    std::vector<double> value(n), first(n), second(n);
    for (size_t i = 0; i < n; ++i) {
        const Derivatives<double> d = evaluateScalar(config, static_cast<double>(x[i]));
        value[i] = d.value;
        first[i] = d.first;
        second[i] = d.second;
    }
    expectConsistent("f", x, cpuValue, gpuValue, value, kValueTolerance);
    expectConsistent("f'", x, cpuFirst, gpuFirst, first, kValueTolerance);
    expectConsistent("f''", x, cpuSecond, gpuSecond, second, kSecondTolerance);
}

class GatedConsistency : public ::testing::TestWithParam<NamedConfig> {};

TEST_P(GatedConsistency, VulkanMatchesCpuAndStaysFinite) {
    const ActivationConfig& config = GetParam().config;
    auto vulkan = requireVulkan();
    ASSERT_TRUE(vulkan);
    auto cpu = createCpuBackend();
    const std::vector<float> x = edgeGrid();
    const size_t n = x.size();
    constexpr float kValues[] = {1.0f, -2.5f, 0.5f, 100.0f, -1e-3f, 0.0f, 7.0f};
    std::vector<float> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = kValues[i % std::size(kValues)];
    std::vector<float> cpuY(n), cpuDx(n), cpuDv(n), gpuY(n), gpuDx(n), gpuDv(n);
    ASSERT_TRUE(cpu->evaluateGated(config, GatedActivationBatch<float>{x, v, cpuY, cpuDx, cpuDv}));
    ASSERT_TRUE(
        vulkan->evaluateGated(config, GatedActivationBatch<float>{x, v, gpuY, gpuDx, gpuDv}));
    std::vector<double> y(n), dx(n), dv(n);
    for (size_t i = 0; i < n; ++i) {
        const GatedDerivatives<double> d = evaluateGated(config, double(x[i]), double(v[i]));
        y[i] = d.value;
        dx[i] = d.dValueDx;
        dv[i] = d.dValueDv;
    }
    // y and ∂y/∂x carry v (up to 100) as a factor: the floor for tiny values scales with it.
    const Tolerance scaled{kValueTolerance.absolute * 100.0, kValueTolerance.relative};
    expectConsistent("y", x, cpuY, gpuY, y, scaled);
    expectConsistent("dy/dx", x, cpuDx, gpuDx, dx, scaled);
    expectConsistent("dy/dv", x, cpuDv, gpuDv, dv, kValueTolerance);
}

std::string configName(const ::testing::TestParamInfo<NamedConfig>& info) {
    return info.param.name;
}

INSTANTIATE_TEST_SUITE_P(Catalogue, ScalarConsistency,
                         ::testing::ValuesIn(configsUnderTest(ActivationKind::Scalar)), configName);
INSTANTIATE_TEST_SUITE_P(Catalogue, GatedConsistency,
                         ::testing::ValuesIn(configsUnderTest(ActivationKind::Gated)), configName);

}  // namespace
}  // namespace actlab::testing
