// The compute-backend interface: one small set of operations that every backend implements or
// declines (supports() says no, the caller falls back to the CPU, which is always complete).
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "activations/catalogue.h"
#include "backends/tensor_ops.h"

namespace actlab {

enum class Precision { F64, F32 };

// Operations a backend may offer. Grows with the labs: matrix products, softmax, LayerNorm...
enum class BackendOp {
    ActivationScalar,  // y, f′, f″ of a scalar function, elementwise
    ActivationGated,   // y = act(x)·v with ∂y/∂x and ∂y/∂v, elementwise
};

// Elementwise scalar activation over n points; `second` may be empty (not computed).
template <typename T>
struct ScalarActivationBatch {
    std::span<const T> x;  // (n)
    std::span<T> value;    // (n) f(x)
    std::span<T> first;    // (n) f′(x)
    std::span<T> second;   // (n) f″(x), or empty
};

// Elementwise gated unit y = act(x)·v over n points.
template <typename T>
struct GatedActivationBatch {
    std::span<const T> x;   // (n) gate pre-activation
    std::span<const T> v;   // (n) value
    std::span<T> value;     // (n) y
    std::span<T> dValueDx;  // (n) ∂y/∂x
    std::span<T> dValueDv;  // (n) ∂y/∂v
};

class Backend {
public:
    virtual ~Backend() = default;

    // Short identifier: "cpu" or "vulkan".
    virtual std::string_view name() const = 0;
    // Human-readable device, e.g. "AMD Ryzen (2 threads)" or "llvmpipe (LLVM 15.0.6, 256 bits)".
    virtual std::string deviceName() const = 0;
    // Whether `op` at `precision` runs here; callers must not call what is not supported.
    virtual bool supports(BackendOp op, Precision precision) const = 0;

    // Scalar activation; returns false (and leaves outputs untouched) if unsupported or failed.
    virtual bool evaluateScalar(const ActivationConfig& config,
                                const ScalarActivationBatch<float>& batch) = 0;
    virtual bool evaluateScalar(const ActivationConfig& config,
                                const ScalarActivationBatch<double>& batch) = 0;

    // Gated unit; returns false if unsupported or failed. config.id must be a gated id.
    virtual bool evaluateGated(const ActivationConfig& config,
                               const GatedActivationBatch<float>& batch) = 0;
    virtual bool evaluateGated(const ActivationConfig& config,
                               const GatedActivationBatch<double>& batch) = 0;

    // The tensor ops this backend offers for layer-built models (float), or nullptr when it
    // offers none (the CPU's come from cpuTensorOps; TensorOpsTable puts them last).
    virtual std::shared_ptr<TensorOps<float>> tensorOps() { return nullptr; }
};

}  // namespace actlab
