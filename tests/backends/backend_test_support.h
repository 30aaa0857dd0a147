// Shared helpers of the backend tests: input grids, tolerances, the configurations under test,
// and the Vulkan backend that every Vulkan test requires (no skip: CI installs lavapipe).
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "activations/catalogue.h"
#include "backends/backend.h"
#include "backends/vulkan/vulkan_backend.h"

namespace actlab::testing {

// |got − expected| ≤ absolute + relative·|expected|.
struct Tolerance {
    double absolute;
    double relative;
};
// float CPU vs float Vulkan, f and f′ (and y, ∂y/∂x, ∂y/∂v): each is within 2e-5 relative of
// the truth wherever it is a normal float (test_backend_tails_f32), so of each other within
// 4e-5; the 1e-30 only admits values below that range, where either side may flush to 0.
inline constexpr Tolerance kValueTolerance{1e-30, 4e-5};
// f″: its formulas subtract nearly equal terms (gelu_tanh, mish) and switch to 0 at slightly
// different x when a float factor underflows, so it gets 50× more room.
inline constexpr Tolerance kSecondTolerance{1e-4, 1e-4};

inline bool withinTolerance(double got, double expected, Tolerance tolerance) {
    return std::abs(got - expected) <= tolerance.absolute + tolerance.relative * std::abs(expected);
}

// ±1000, ±100, ±20, every kink (0, ±3, 6, thresholds), ±1e-3 and a dense sweep of [−10, 10].
inline std::vector<float> edgeGrid() {
    std::vector<float> x = {0.0f,   -0.0f,   1e-3f,  -1e-3f, 1e-6f,  -1e-6f, 1000.0f, -1000.0f,
                            100.0f, -100.0f, 20.0f,  -20.0f, 3.0f,   -3.0f,  6.0f,    -6.0f,
                            4.0f,   10.0f,   -10.0f, 50.0f,  -50.0f, 1e4f,   -1e4f,   0.5f};
    for (int i = -2000; i <= 2000; ++i) x.push_back(0.005f * static_cast<float>(i));
    return x;
}

// Evenly spaced points over [low, high].
inline std::vector<float> linearGrid(size_t n, float low, float high) {
    std::vector<float> x(n);
    for (size_t i = 0; i < n; ++i)
        x[i] = low + (high - low) * static_cast<float>(i) / static_cast<float>(n > 1 ? n - 1 : 1);
    return x;
}

// A Vulkan backend on any device (lavapipe included); ADD_FAILURE with the reason otherwise.
inline std::unique_ptr<Backend> requireVulkan(VulkanBackendOptions options = {}) {
    options.allowCpuDevice = true;
    std::string whyNot;
    std::unique_ptr<Backend> backend = createVulkanBackend(options, &whyNot);
    if (!backend)
        ADD_FAILURE() << "Vulkan is required for this test (CI installs lavapipe): " << whyNot;
    return backend;
}

// A named configuration: every catalogue entry with its defaults, plus non-default parameters.
struct NamedConfig {
    std::string name;
    ActivationConfig config;
};

inline std::vector<NamedConfig> configsUnderTest(ActivationKind kind) {
    std::vector<NamedConfig> configs;
    for (const ActivationInfo& info : activationCatalogue())
        if (info.kind == kind)
            configs.push_back({std::string(info.name), ActivationConfig::withDefaults(info.id)});
    if (kind == ActivationKind::Gated) return configs;
    const auto with = [&](ActivationId id, const char* label,
                          std::vector<std::pair<const char*, double>> parameters) {
        ActivationConfig config = ActivationConfig::withDefaults(id);
        for (const auto& [name, value] : parameters) EXPECT_FALSE(config.setParameter(name, value));
        configs.push_back({label, config});
    };
    with(ActivationId::LeakyRelu, "leaky_relu_alpha_0_3", {{"alpha", 0.3}});
    with(ActivationId::Prelu, "prelu_alpha_0_7", {{"alpha", 0.7}});
    with(ActivationId::Elu, "elu_alpha_2_5", {{"alpha", 2.5}});
    with(ActivationId::Softplus, "softplus_beta_5", {{"beta", 5.0}});
    with(ActivationId::Softplus, "softplus_beta_0_5_threshold_5",
         {{"beta", 0.5}, {"threshold", 5}});
    with(ActivationId::Swish, "swish_beta_1_702", {{"beta", 1.702}});
    with(ActivationId::Swish, "swish_beta_10", {{"beta", 10.0}});
    return configs;
}

}  // namespace actlab::testing
