// The model interface of the Training lab: a network over (batch, features) rows with a
// forward/backward pair, its parameters and gradients, and views of its hidden units for the
// diagnostics. Implemented by Mlp and GluFfn for float (training) and double (gradient checks),
// both compositions of core/layers run through tensor ops (backends/tensor_ops.h).
#pragma once

#include <algorithm>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "activations/catalogue.h"
#include "backends/tensor_ops.h"
#include "models/parameter.h"

namespace actlab {

// The units whose activation ActLab watches: pre-activations z and f′(z) of one hidden layer
// for the rows of the last forward pass (for a GLU block: the gate pre-activations x·W_g).
template <typename T>
struct HiddenLayerView {
    std::string name;  // "hidden 1", "block 1 gate"
    int width = 0;
    ActivationConfig activation;
    std::span<const T> preActivation;   // (batch, width) z
    std::span<const T> postActivation;  // (batch, width) f(z)
    std::span<const T> derivative;  // (batch, width) f′(z) (∂y/∂x for gated units, at v = 1)
    // A learnable mix: its components and shares (ActivationSite::mixShares); else empty.
    std::vector<std::string> mixComponents;
    std::vector<double> mixShares;
};

template <typename T>
class Model {
public:
    virtual ~Model() = default;

    virtual std::string describe() const = 0;  // "mlp 2-32-32-1 gelu" etc.
    virtual int inputDimension() const = 0;
    virtual int outputDimension() const = 0;

    // input is (batch, inputDimension) row-major; returns (batch, outputDimension) logits.
    // The returned span and the hidden views stay valid until the next forward(). Both record
    // into the ops: the results are in host memory after tensorOps().finish() (or syncToHost of
    // what is read), so that a device runs a whole training step as one submission.
    virtual std::span<const T> forward(std::span<const T> input, int batch) = 0;
    // outputGradient is (batch, outputDimension) ∂L/∂output for the last forward(); adds
    // ∂L/∂parameter into every parameter's grad (call zeroGradients() first).
    virtual void backward(std::span<const T> outputGradient) = 0;
    // forward(), then finish(): the output and the hidden views in host memory.
    std::span<const T> forwardToHost(std::span<const T> input, int batch) {
        const std::span<const T> output = forward(input, batch);
        m_ops->finish();
        return output;
    }

    virtual std::vector<Parameter<T>*> parameters() = 0;
    virtual std::vector<HiddenLayerView<T>> hiddenLayers() const = 0;

    // The parameter list is fixed once a model is built, so it is gathered once here. Through
    // the ops: on a device the gradients stay there.
    void zeroGradients() {
        if (m_parameterCache.empty()) m_parameterCache = parameters();
        for (Parameter<T>* p : m_parameterCache)
            m_ops->forOp(TensorOp::Fill)
                .fill(TensorView<T>(std::span<T>(p->grad), Shape{Index(p->grad.size())}), T(0));
    }
    size_t parameterCount() {
        size_t n = 0;
        for (Parameter<T>* p : parameters()) n += p->size();
        return n;
    }

    // The ops every layer runs through (the CPU's unless set).
    void setTensorOps(std::shared_ptr<TensorOpsTable<T>> ops) { m_ops = std::move(ops); }
    TensorOpsTable<T>& tensorOps() const { return *m_ops; }

private:
    std::vector<Parameter<T>*> m_parameterCache;
    std::shared_ptr<TensorOpsTable<T>> m_ops = TensorOpsTable<T>::cpu();
};

}  // namespace actlab
