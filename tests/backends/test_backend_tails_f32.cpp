// Every backend's f32 activations (the CPU's Eigen kernels, Vulkan's shaders on any device,
// lavapipe included) against mpmath at float32 inputs out to ±80 (tails_f32.csv): f and f′ of
// every scalar setting, and the gates of the gated units, within 2e-5 relative, no floor.
// Issue 6: sigmoid′(17), tanh′(12), gelu_tanh(−6) and gelu(−6) came out as 0.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "backend_test_support.h"
#include "backends/cpu/cpu_backend.h"
#include "f32_tail_reference.h"

namespace actlab::testing {
namespace {

using test::F32TailRow;

// The backend under test; Vulkan must exist (a missing device is a failure, not a skip).
std::unique_ptr<Backend> backendNamed(const std::string& name) {
    if (name == "vulkan") return requireVulkan();
    return createCpuBackend();
}

class F32BackendTails : public ::testing::TestWithParam<std::string> {};

TEST_P(F32BackendTails, ScalarValuesAndSlopesAreWithin2e5RelativeOfMpmath) {
    auto backend = backendNamed(GetParam());
    ASSERT_TRUE(backend);
    ASSERT_TRUE(backend->supports(BackendOp::ActivationScalar, Precision::F32));
    test::F32TailCheck check(GetParam() + " f32 scalar");
    for (const auto& [setting, rows] : test::f32TailRowsBySetting()) {
        const size_t n = rows.size();
        std::vector<float> x(n), value(n), first(n);
        for (size_t i = 0; i < n; ++i) x[i] = rows[i].x;
        ASSERT_TRUE(backend->evaluateScalar(rows[0].config,
                                            ScalarActivationBatch<float>{x, value, first, {}}))
            << setting;
        for (size_t i = 0; i < n; ++i) {
            check.check(rows[i], "f", value[i], rows[i].value);
            check.check(rows[i], "f′", first[i], rows[i].first);
        }
    }
    check.finish();
}

// y = act(x)·v: ∂y/∂v = act(x), and y, ∂y/∂x = act′(x)·v against the gate's rows (v = 1 and
// v = −0.5 scale exactly, so the reference is the gate's, scaled).
TEST_P(F32BackendTails, GatedUnitGatesAndSlopesAreWithin2e5RelativeOfMpmath) {
    auto backend = backendNamed(GetParam());
    ASSERT_TRUE(backend);
    test::F32TailCheck check(GetParam() + " f32 gated");
    const auto settings = test::f32TailRowsBySetting();
    for (const ActivationInfo& info : activationCatalogue()) {
        if (info.kind != ActivationKind::Gated) continue;
        const std::vector<F32TailRow>& rows =
            settings.at(std::string(activationInfo(info.gate).name) + "()");
        const size_t n = rows.size();
        for (float scale : {1.0f, -0.5f}) {
            std::vector<float> x(n), v(n, scale), y(n), dx(n), dv(n);
            for (size_t i = 0; i < n; ++i) x[i] = rows[i].x;
            ASSERT_TRUE(backend->evaluateGated(ActivationConfig::withDefaults(info.id),
                                               GatedActivationBatch<float>{x, v, y, dx, dv}))
                << info.name;
            for (size_t i = 0; i < n; ++i) {
                check.check(rows[i], "y", y[i], rows[i].value, scale);
                check.check(rows[i], "∂y/∂x", dx[i], rows[i].first, scale);
                check.check(rows[i], "∂y/∂v", dv[i], rows[i].value);
            }
        }
    }
    check.finish();
}

INSTANTIATE_TEST_SUITE_P(Backends, F32BackendTails, ::testing::Values("cpu", "vulkan"),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                             return info.param;
                         });

}  // namespace
}  // namespace actlab::testing
