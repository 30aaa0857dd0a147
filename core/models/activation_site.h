// The activation of one site of a model (an MLP hidden layer, a GLU gate, the Transformer's
// Q/K/V and FFN): a catalogue function, PReLU with its learnable α, or a learnable mix with its
// weights. It is the one place where a model applies an activation, so a function with
// parameters of its own works in every model without code of the model's own.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "activations/catalogue.h"
#include "backends/tensor_ops.h"
#include "models/parameter.h"

namespace actlab {

struct ActivationSiteOptions {
    bool perUnit = false;    // one α or one mixture per unit instead of one per site
    bool learnPrelu = true;  // false: PReLU's α stays at its configured value
    int hiddenLayer = -1;    // the hidden layer (or block) its parameters belong to
};

// Shapes: z, out, derivative and the gated arguments have any rank with `width` as the last
// axis (rows are everything before it). Parameters: α (1) or (width); mix weights (1, K) or
// (width, K), zero at the start (equal shares). Gradients accumulate (+=).
template <typename T>
class ActivationSite {
public:
    ActivationSite() = default;
    // `prefix` names the parameters: "layer1" → "layer1.prelu_alpha", "layer1.mix_weights".
    ActivationSite(const ActivationConfig& activation, const std::string& prefix, int width,
                   ActivationSiteOptions options);

    const ActivationConfig& activation() const { return m_activation; }
    bool learnable() const { return m_learnable; }
    std::vector<Parameter<T>*> parameters();  // none, α or the mix weights
    // A mix's components' names and shares softmax(w) (the mean over units for one mixture per
    // unit); empty for any other activation.
    std::vector<std::string> mixComponents() const;
    std::vector<double> mixShares() const;
    long long parameterCount() const { return m_learnable ? (long long)m_parameter.size() : 0; }

    // out = f(z); derivative = f′(z), what backward needs.
    void forward(TensorOpsTable<T>& ops, TensorView<T> out, TensorView<T> derivative,
                 ConstTensorView<T> z) const;
    // dz += dout ⊙ f′(z), and the parameters' gradients.
    void backward(TensorOpsTable<T>& ops, TensorView<T> dz, ConstTensorView<T> dout,
                  ConstTensorView<T> z, ConstTensorView<T> derivative);

    // Gated: out = f(gate) ⊙ value with f a gated catalogue unit's gate or this site's mix.
    // dOutdValue = f(gate); dOutdGate = f′(gate)·value for a catalogue unit, f′(gate) for a mix
    // (its backward needs the slope alone); only gatedBackward reads them.
    void gatedForward(TensorOpsTable<T>& ops, TensorView<T> out, TensorView<T> dOutdGate,
                      TensorView<T> dOutdValue, ConstTensorView<T> gate, ConstTensorView<T> value);
    void gatedBackward(TensorOpsTable<T>& ops, TensorView<T> dgate, TensorView<T> dvalue,
                       ConstTensorView<T> dout, ConstTensorView<T> gate, ConstTensorView<T> value,
                       ConstTensorView<T> dOutdGate, ConstTensorView<T> dOutdValue);

    // f(z) and f′(z) of the site's function alone (a gated unit's: its gate function), for the
    // diagnostics.
    void function(TensorOpsTable<T>& ops, TensorView<T> out, TensorView<T> derivative,
                  ConstTensorView<T> gate) const;

private:
    TensorView<T> rows(TensorView<T> view) const;  // (…, width) as (rows, width)
    ConstTensorView<T> rows(ConstTensorView<T> view) const;
    ConstTensorView<T> parameterView() const;
    TensorView<T> gradientView();

    ActivationConfig m_activation;
    int m_width = 0;
    bool m_learnable = false;  // α or mix weights are parameters
    Parameter<T> m_parameter;
    std::vector<T> m_scratch;  // gated mix: ∂L/∂f(gate)
};

// The CPU's ops, one table per thread: for evaluating a site's function on the host (the
// diagnostics).
template <typename T>
TensorOpsTable<T>& hostTensorOps() {
    thread_local std::shared_ptr<TensorOpsTable<T>> table = TensorOpsTable<T>::cpu();
    return *table;
}

}  // namespace actlab
