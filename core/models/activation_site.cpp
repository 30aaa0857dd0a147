// The activation site: catalogue functions through the activation ops, PReLU through the PReLU
// ops, a mix through the mix ops; a gated mix is f(g) by the mix ops and the product with v as
// an elementwise multiply-add (activationBackward's dinp += dout ⊙ derivative).
#include "models/activation_site.h"

#include "layers/mix.h"

namespace actlab {

template <typename T>
ActivationSite<T>::ActivationSite(const ActivationConfig& activation, const std::string& prefix,
                                  int width, ActivationSiteOptions options)
    : m_activation(activation), m_width(width) {
    const int units = options.perUnit ? width : 1;
    if (activation.id == ActivationId::Prelu && options.learnPrelu) {
        m_learnable = true;
        m_parameter =
            makeParameter<T>(prefix + ".prelu_alpha", 1, units, false, options.hiddenLayer);
        std::fill(m_parameter.value.begin(), m_parameter.value.end(), T(activation.parameters[0]));
    } else if (activation.id == ActivationId::Mix) {
        m_learnable = true;
        m_parameter = makeParameter<T>(prefix + ".mix_weights", units, activation.mixtureSize,
                                       false, options.hiddenLayer);
    }
}

template <typename T>
std::vector<Parameter<T>*> ActivationSite<T>::parameters() {
    if (!m_learnable) return {};
    return {&m_parameter};
}

template <typename T>
std::vector<std::string> ActivationSite<T>::mixComponents() const {
    std::vector<std::string> names;
    for (ActivationId id : m_activation.components())
        if (m_activation.id == ActivationId::Mix) names.emplace_back(activationInfo(id).name);
    return names;
}

template <typename T>
std::vector<double> ActivationSite<T>::mixShares() const {
    if (m_activation.id != ActivationId::Mix) return {};
    const int K = m_activation.mixtureSize;
    const std::vector<T> shares = actlab::mixShares<T>(m_parameter.value, K);
    std::vector<double> mean(size_t(K), 0.0);
    const size_t units = shares.size() / size_t(K);
    for (size_t i = 0; i < shares.size(); ++i) mean[i % size_t(K)] += double(shares[i]);
    for (double& share : mean) share /= double(units);
    return mean;
}

template <typename T>
TensorView<T> ActivationSite<T>::rows(TensorView<T> view) const {
    return view.reshape(Shape{view.size() / m_width, m_width});
}

template <typename T>
ConstTensorView<T> ActivationSite<T>::rows(ConstTensorView<T> view) const {
    return view.reshape(Shape{view.size() / m_width, m_width});
}

// α: (1) or (width); mix weights: (K) or (width, K).
template <typename T>
ConstTensorView<T> ActivationSite<T>::parameterView() const {
    const Parameter<T>& p = m_parameter;
    const Shape shape = m_activation.id == ActivationId::Prelu ? Shape{p.cols}
                        : p.rows == 1                          ? Shape{p.cols}
                                                               : Shape{p.rows, p.cols};
    return ConstTensorView<T>(std::span<const T>(m_parameter.value), shape);
}

template <typename T>
TensorView<T> ActivationSite<T>::gradientView() {
    const Shape shape = parameterView().shape();
    return TensorView<T>(std::span<T>(m_parameter.grad), shape);
}

template <typename T>
void ActivationSite<T>::forward(TensorOpsTable<T>& ops, TensorView<T> out, TensorView<T> derivative,
                                ConstTensorView<T> z) const {
    if (!m_learnable) {
        ops.forOp(TensorOp::ActivationForward).activationForward(out, derivative, z, m_activation);
    } else if (m_activation.id == ActivationId::Prelu) {
        ops.forOp(TensorOp::PreluForward)
            .preluForward(rows(out), rows(derivative), rows(z), parameterView());
    } else {
        ops.forOp(TensorOp::MixForward)
            .mixForward(rows(out), rows(derivative), rows(z), parameterView(), m_activation);
    }
}

template <typename T>
void ActivationSite<T>::backward(TensorOpsTable<T>& ops, TensorView<T> dz, ConstTensorView<T> dout,
                                 ConstTensorView<T> z, ConstTensorView<T> derivative) {
    if (!m_learnable) {
        ops.forOp(TensorOp::ActivationBackward).activationBackward(dz, dout, derivative);
    } else if (m_activation.id == ActivationId::Prelu) {
        ops.forOp(TensorOp::PreluBackward)
            .preluBackward(rows(dz), gradientView(), rows(dout), rows(z), rows(derivative));
    } else {
        ops.forOp(TensorOp::MixBackward)
            .mixBackward(rows(dz), gradientView(), rows(dout), rows(z), rows(derivative),
                         parameterView(), m_activation);
    }
}

template <typename T>
void ActivationSite<T>::gatedForward(TensorOpsTable<T>& ops, TensorView<T> out,
                                     TensorView<T> dOutdGate, TensorView<T> dOutdValue,
                                     ConstTensorView<T> gate, ConstTensorView<T> value) {
    if (m_activation.id != ActivationId::Mix) {
        ops.forOp(TensorOp::GatedForward)
            .gatedForward(out, dOutdGate, dOutdValue, gate, value, m_activation);
        return;
    }
    forward(ops, dOutdValue, dOutdGate, gate);  // f(g), f′(g)
    ops.forOp(TensorOp::Fill).fill(out, T(0));
    ops.forOp(TensorOp::ActivationBackward).activationBackward(out, dOutdValue, value);
}

template <typename T>
void ActivationSite<T>::gatedBackward(TensorOpsTable<T>& ops, TensorView<T> dgate,
                                      TensorView<T> dvalue, ConstTensorView<T> dout,
                                      ConstTensorView<T> gate, ConstTensorView<T> value,
                                      ConstTensorView<T> dOutdGate, ConstTensorView<T> dOutdValue) {
    if (m_activation.id != ActivationId::Mix) {
        ops.forOp(TensorOp::GatedBackward)
            .gatedBackward(dgate, dvalue, dout, dOutdGate, dOutdValue);
        return;
    }
    // ∂L/∂v += dout ⊙ f(g); ∂L/∂f(g) = dout ⊙ v, then through the mix
    ops.forOp(TensorOp::ActivationBackward).activationBackward(dvalue, dout, dOutdValue);
    m_scratch.resize(size_t(dout.size()));
    const TensorView<T> dActivated(std::span<T>(m_scratch), dout.shape());
    ops.forOp(TensorOp::Fill).fill(dActivated, T(0));
    ops.forOp(TensorOp::ActivationBackward).activationBackward(dActivated, dout, value);
    backward(ops, dgate, dActivated, gate, dOutdGate);
}

template <typename T>
void ActivationSite<T>::function(TensorOpsTable<T>& ops, TensorView<T> out,
                                 TensorView<T> derivative, ConstTensorView<T> gate) const {
    if (m_activation.info().kind == ActivationKind::Scalar) {
        forward(ops, out, derivative, gate);
        return;
    }
    const ActivationConfig function = ActivationConfig::withDefaults(m_activation.info().gate);
    ops.forOp(TensorOp::ActivationForward).activationForward(out, derivative, gate, function);
}

template class ActivationSite<float>;
template class ActivationSite<double>;

}  // namespace actlab
