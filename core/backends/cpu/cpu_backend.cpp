// The CPU backend: checks batch shapes and hands the work to the kernels.
#include "backends/cpu/cpu_backend.h"

#include <omp.h>

#include <string>

#include "backends/cpu/cpu_activation_kernels.h"

namespace actlab {
namespace {

template <typename T>
bool shapesMatch(const ScalarActivationBatch<T>& b) {
    const size_t n = b.x.size();
    return b.value.size() == n && b.first.size() == n && (b.second.empty() || b.second.size() == n);
}

template <typename T>
bool shapesMatch(const GatedActivationBatch<T>& b) {
    const size_t n = b.x.size();
    return b.v.size() == n && b.value.size() == n && b.dValueDx.size() == n &&
           b.dValueDv.size() == n;
}

class CpuBackend final : public Backend {
public:
    std::string_view name() const override { return "cpu"; }

    std::string deviceName() const override {
        const int threads = omp_get_max_threads();
        return "CPU (" + std::to_string(threads) + (threads == 1 ? " thread)" : " threads)");
    }

    bool supports(BackendOp op, Precision precision) const override {
        (void)op, (void)precision;
        return true;
    }

    bool evaluateScalar(const ActivationConfig& config,
                        const ScalarActivationBatch<float>& batch) override {
        return run(config, batch);
    }
    bool evaluateScalar(const ActivationConfig& config,
                        const ScalarActivationBatch<double>& batch) override {
        return run(config, batch);
    }
    bool evaluateGated(const ActivationConfig& config,
                       const GatedActivationBatch<float>& batch) override {
        return runGated(config, batch);
    }
    bool evaluateGated(const ActivationConfig& config,
                       const GatedActivationBatch<double>& batch) override {
        return runGated(config, batch);
    }

private:
    template <typename T>
    static bool run(const ActivationConfig& config, const ScalarActivationBatch<T>& batch) {
        if (!shapesMatch(batch) || config.info().kind != ActivationKind::Scalar) return false;
        cpu::evaluateScalarKernel(config, batch);
        return true;
    }
    template <typename T>
    static bool runGated(const ActivationConfig& config, const GatedActivationBatch<T>& batch) {
        if (!shapesMatch(batch) || config.info().kind != ActivationKind::Gated) return false;
        cpu::evaluateGatedKernel(config, batch);
        return true;
    }
};

}  // namespace

std::unique_ptr<Backend> createCpuBackend() { return std::make_unique<CpuBackend>(); }

}  // namespace actlab
