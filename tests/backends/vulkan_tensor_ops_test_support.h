// The shared part of the Vulkan tensor-op suites (test_vulkan_tensor_ops*.cpp): tolerances,
// the error check against the CPU, random inputs and the fixture that holds the Vulkan ops
// (lavapipe in CI: required, never skipped). Each suite prints its worst error per op.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string>

#include "backend_test_support.h"
#include "backends/tensor_ops.h"
#include "common/random.h"

namespace actlab {

// Tolerances, relative to |expected| + rms(expected tensor). float rounds at 2⁻²⁴ ≈ 6e-8; the
// CPU (Eigen's blocked GEMM, vectorised loops, FMA contraction) and the shaders add the same
// terms in different orders, so a sum of k terms may differ by ~√k (at worst k) roundings of
// the terms' scale: ≤ 1.5e-5 for k = 256, the widest sum here; lavapipe stays below 1.3e-6.
// A wrong index, a missing += or a lost term is off by ≥ 1/256 ≈ 4e-3: 200× these.
constexpr double kSumTolerance = 2e-5;
// exp, log and the activations' special functions: within 2e-5 of the truth on each side
// (kValueTolerance, test_backend_tails_f32), so 4e-5 apart, plus the sums above.
constexpr double kFunctionTolerance = 1e-4;
// Elementwise ops are one or two roundings apart at most (an FMA on one side).
constexpr double kElementwiseTolerance = 1e-6;

// The worst error seen per op (in units of |expected| + rms), printed after the suite.
inline std::map<std::string, double>& worstErrors() {
    static std::map<std::string, double> worst;
    return worst;
}

inline double finiteRms(ConstTensorView<float> values) {
    double sum = 0;
    for (float v : values.span())
        if (std::isfinite(v)) sum += double(v) * double(v);
    return values.empty() ? 0.0 : std::sqrt(sum / double(values.size()));
}

// Every element within relative·(|e| + rms(e)) of expected; infinities (masked scores) equal.
inline void expectNear(ConstTensorView<float> got, ConstTensorView<float> expected, double relative,
                       const std::string& op, const std::string& tensor) {
    ASSERT_EQ(got.shape(), expected.shape()) << op << " " << tensor;
    const double scale = finiteRms(expected);
    double worst = 0;
    Index worstAt = -1, infinityMismatches = 0;
    for (Index i = 0; i < got.size(); ++i) {
        const double g = got.data()[i], e = expected.data()[i];
        if (std::isinf(e)) {
            infinityMismatches += g != e;
            continue;
        }
        const double error = std::abs(g - e) / (std::abs(e) + scale + 1e-30);
        if (!(error <= worst)) worst = error, worstAt = i;  // NaN counts as worst
    }
    EXPECT_EQ(infinityMismatches, 0) << op << " " << tensor << ": masked entries differ";
    double& recorded = worstErrors()[op];
    recorded = std::max(recorded, std::isnan(worst) ? 1e30 : worst);
    EXPECT_LE(worst, relative) << op << " " << tensor << ": element " << worstAt << " is "
                               << (worstAt >= 0 ? got.data()[worstAt] : 0.0f) << ", expected "
                               << (worstAt >= 0 ? expected.data()[worstAt] : 0.0f);
}

inline Tensor<float> randomTensor(Shape shape, std::uint64_t seed, double sd = 1.0) {
    Random random(seed);
    Tensor<float> t(shape);
    for (float& x : t.span()) x = float(random.normal(0, sd));
    return t;
}

inline TokenTensor randomTokens(Shape shape, int V, std::uint64_t seed) {
    Random random(seed);
    TokenTensor t(shape);
    for (Token& id : t.span()) id = Token(random.below(V));
    return t;
}

class VulkanTensorOpsTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        VulkanBackendOptions options;
        options.allowCpuDevice = true;      // lavapipe
        options.immediateTensorOps = true;  // each op's results in host memory on return
        s_backend = createVulkanBackend(options, &s_whyNot);
        if (s_backend) s_ops = s_backend->tensorOps();
        if (s_backend && !s_ops) s_whyNot = "the Vulkan backend offers no tensor ops";
    }
    static void TearDownTestSuite() {
        std::printf("worst error per op (units of |expected| + rms):\n");
        for (const auto& [op, error] : worstErrors())
            std::printf("  %-24s %.2e\n", op.c_str(), error);
        s_ops.reset();
        s_backend.reset();
    }
    void SetUp() override {
        ASSERT_TRUE(s_ops) << "Vulkan is required for this test (CI installs lavapipe): "
                           << s_whyNot;
    }
    static TensorOps<float>& gpu() { return *s_ops; }
    static TensorOps<float>& cpu() { return *cpuTensorOps<float>(); }

    static inline std::unique_ptr<Backend> s_backend;
    static inline std::shared_ptr<TensorOps<float>> s_ops;
    static inline std::string s_whyNot;
};

}  // namespace actlab
