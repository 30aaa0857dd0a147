// The Vulkan backend: checks batch shapes, runs the activation kernels, and optionally checks
// every op against the reference (ACTLAB_VULKAN_CHECK=1). Creation ends with a self-check.
#include "backends/vulkan/vulkan_backend.h"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <vector>

#include "backends/vulkan/vulkan_activation_kernels.h"
#include "backends/vulkan/vulkan_context.h"
#include "backends/vulkan/vulkan_reference_check.h"
#include "backends/vulkan/vulkan_tensor_ops.h"

namespace actlab {
namespace {

using vulkan::ActivationDispatch;
using vulkan::ActivationShader;

bool environmentFlag(const char* name) {
    const char* value = std::getenv(name);
    return value && *value && std::string_view(value) != "0";
}

bool shapesMatch(const ScalarActivationBatch<float>& b) {
    const size_t n = b.x.size();
    return b.value.size() == n && b.first.size() == n && (b.second.empty() || b.second.size() == n);
}

bool shapesMatch(const GatedActivationBatch<float>& b) {
    const size_t n = b.x.size();
    return b.v.size() == n && b.value.size() == n && b.dValueDx.size() == n &&
           b.dValueDv.size() == n;
}

class VulkanBackend final : public Backend {
public:
    VulkanBackend(std::shared_ptr<vulkan::SharedVulkanContext> shared,
                  std::unique_ptr<vulkan::VulkanActivationKernels> kernels, bool checkEveryOp)
        : m_shared(std::move(shared)),
          m_kernels(std::move(kernels)),
          m_checkEveryOp(checkEveryOp) {}

    std::string_view name() const override { return "vulkan"; }
    void setImmediateTensorOps(bool on) { m_immediateTensorOps = on; }
    std::string deviceName() const override { return m_shared->context->deviceName(); }

    bool supports(BackendOp op, Precision precision) const override {
        return precision == Precision::F32 &&
               (op == BackendOp::ActivationScalar || op == BackendOp::ActivationGated);
    }

    // One shared instance, created on first use; nullptr (reported once) if that fails.
    std::shared_ptr<TensorOps<float>> tensorOps() override {
        std::lock_guard lock(m_tensorOpsMutex);
        if (m_tensorOps || m_tensorOpsFailed) return m_tensorOps;
        std::string reason;
        try {
            m_tensorOps = vulkan::createVulkanTensorOps(m_shared, m_immediateTensorOps, &reason);
        } catch (const std::exception& e) {
            reason = e.what();
        }
        if (!m_tensorOps) {
            m_tensorOpsFailed = true;
            std::fprintf(stderr, "actlab: vulkan: no tensor ops: %s\n", reason.c_str());
        }
        return m_tensorOps;
    }

    bool evaluateScalar(const ActivationConfig& config,
                        const ScalarActivationBatch<float>& batch) override {
        if (!shapesMatch(batch) || config.info().kind != ActivationKind::Scalar) return false;
        ActivationDispatch dispatch = dispatchFor(config, ActivationShader::Scalar, batch.x);
        dispatch.output0 = batch.value;
        dispatch.output1 = batch.first;
        dispatch.output2 = batch.second;
        if (!run(dispatch)) return false;
        if (m_checkEveryOp) report(vulkan::findScalarMismatch(config, batch));
        return true;
    }

    bool evaluateGated(const ActivationConfig& config,
                       const GatedActivationBatch<float>& batch) override {
        if (!shapesMatch(batch) || config.info().kind != ActivationKind::Gated) return false;
        ActivationDispatch dispatch = dispatchFor(config, ActivationShader::Gated, batch.x);
        dispatch.v = batch.v;
        dispatch.output0 = batch.value;
        dispatch.output1 = batch.dValueDx;
        dispatch.output2 = batch.dValueDv;
        if (!run(dispatch)) return false;
        if (m_checkEveryOp) report(vulkan::findGatedMismatch(config, batch));
        return true;
    }

    // float32 only: the CPU does double precision.
    bool evaluateScalar(const ActivationConfig&, const ScalarActivationBatch<double>&) override {
        return false;
    }
    bool evaluateGated(const ActivationConfig&, const GatedActivationBatch<double>&) override {
        return false;
    }

    const std::string& lastError() const { return m_lastError; }

private:
    static ActivationDispatch dispatchFor(const ActivationConfig& config, ActivationShader shader,
                                          std::span<const float> x) {
        ActivationDispatch dispatch;
        dispatch.shader = shader;
        dispatch.functionId = static_cast<int>(config.info().gate);
        dispatch.p0 = static_cast<float>(config.parameters[0]);
        dispatch.p1 = static_cast<float>(config.parameters[1]);
        dispatch.x = x;
        return dispatch;
    }

    // One op at a time; failures are reported once per distinct reason.
    bool run(const ActivationDispatch& dispatch) {
        std::lock_guard lock(m_shared->mutex);
        std::string error;
        bool done = false;
        try {
            done = m_kernels->run(dispatch, &error);
        } catch (const std::exception& e) {
            error = e.what();
        }
        if (!done && error != m_lastError)
            std::fprintf(stderr, "actlab: vulkan: %s\n", error.c_str());
        if (!done) m_lastError = error;
        return done;
    }

    static void report(const std::optional<std::string>& mismatch) {
        if (mismatch) std::fprintf(stderr, "actlab: vulkan check: %s\n", mismatch->c_str());
    }

    // Destroyed last; training engines share it and may outlive the backend.
    std::shared_ptr<vulkan::SharedVulkanContext> m_shared;
    std::unique_ptr<vulkan::VulkanActivationKernels> m_kernels;
    std::mutex m_tensorOpsMutex;
    std::shared_ptr<TensorOps<float>> m_tensorOps;  // shares m_shared; may outlive the backend
    bool m_tensorOpsFailed = false;
    bool m_checkEveryOp = false;
    bool m_immediateTensorOps = false;
    std::string m_lastError;
};

// A small GELU and sigmoid batch, compared with scalar_functions.h in double.
std::optional<std::string> selfCheck(VulkanBackend& backend) {
    std::vector<float> x;
    for (int i = -40; i <= 40; ++i) x.push_back(0.25f * static_cast<float>(i));
    for (float extreme : {1e-3f, 100.0f, 1000.0f}) {
        x.push_back(extreme);
        x.push_back(-extreme);
    }
    const size_t n = x.size();
    std::vector<float> value(n), first(n), second(n);
    for (ActivationId id : {ActivationId::Gelu, ActivationId::Sigmoid}) {
        const ActivationConfig config = ActivationConfig::withDefaults(id);
        const ScalarActivationBatch<float> batch{x, value, first, second};
        if (!backend.evaluateScalar(config, batch))
            return std::string(config.info().name) + " failed: " + backend.lastError();
        if (auto mismatch = vulkan::findScalarMismatch(config, batch)) return mismatch;
    }
    return std::nullopt;
}

std::unique_ptr<Backend> createChecked(const VulkanBackendOptions& options, std::string* whyNot) {
    vulkan::ContextOptions contextOptions;
    contextOptions.allowCpuDevice = options.allowCpuDevice;
    contextOptions.validation = options.validation || environmentFlag("ACTLAB_VULKAN_VALIDATION");
    contextOptions.onValidationMessage = options.onValidationMessage;
    auto context = vulkan::VulkanContext::create(contextOptions, whyNot);
    if (!context) return nullptr;
    auto kernels =
        vulkan::VulkanActivationKernels::create(*context, options.maxPointsPerDispatch, whyNot);
    if (!kernels) return nullptr;
    const bool checkEveryOp = options.checkEveryOp || environmentFlag("ACTLAB_VULKAN_CHECK");
    auto shared = std::make_shared<vulkan::SharedVulkanContext>();
    shared->context = std::move(context);
    auto backend =
        std::make_unique<VulkanBackend>(std::move(shared), std::move(kernels), checkEveryOp);
    backend->setImmediateTensorOps(options.immediateTensorOps);
    if (options.selfCheck) {
        if (auto problem = selfCheck(*backend)) {
            if (whyNot) *whyNot = "self-check failed on " + backend->deviceName() + ": " + *problem;
            return nullptr;
        }
    }
    return backend;
}

}  // namespace

std::unique_ptr<Backend> createVulkanBackend(const VulkanBackendOptions& options,
                                             std::string* whyNot) {
    std::string reason;
    try {
        if (auto backend = createChecked(options, &reason)) return backend;
    } catch (const std::exception& e) {
        reason = std::string("the Vulkan backend failed while starting: ") + e.what();
    } catch (...) {
        reason = "the Vulkan backend failed while starting";
    }
    if (reason.empty()) reason = "the Vulkan backend failed for an unknown reason";
    if (whyNot) *whyNot = reason;
    return nullptr;
}

}  // namespace actlab
