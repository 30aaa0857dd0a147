// Activation layer and gated unit: the CPU backend's scalar kernel computes f and f′ in one
// pass (Eigen-vectorised for float where it can); backward is an elementwise product.
#include "layers/activation.h"

#include <stdexcept>
#include <string>

#include "backends/cpu/cpu_activation_kernels.h"

namespace actlab {
namespace {

// Throws std::invalid_argument unless `activation` is of the kind `layer` takes.
void requireKind(const ActivationConfig& activation, ActivationKind expected, const char* layer) {
    const ActivationInfo& info = activation.info();
    if (info.kind == expected) return;
    const std::string name(info.name);
    if (expected == ActivationKind::Scalar)
        throw std::invalid_argument(std::string(layer) + ": " + name +
                                    " is a gated unit (two inputs); use gatedForward");
    throw std::invalid_argument(std::string(layer) + ": " + name +
                                " is not a gated unit; use activationForward");
}

// The gate's scalar function, with those of the gated entry's parameters that it has (none in
// today's catalogue: the gate takes its defaults).
ActivationConfig gateConfigOf(const ActivationConfig& activation) {
    const ActivationInfo& info = activation.info();
    ActivationConfig gate = ActivationConfig::withDefaults(info.gate);
    for (std::size_t i = 0; i < info.parameters.size(); ++i)
        for (const ParameterSpec& spec : gate.info().parameters)
            if (spec.name == info.parameters[i].name)
                (void)gate.setParameter(spec.name, activation.parameters[i]);
    return gate;
}

}  // namespace

void checkActivationForward(const Shape& out, const Shape& derivative, const Shape& inp,
                            const ActivationConfig& activation) {
    requireKind(activation, ActivationKind::Scalar, "activationForward");
    requireShape(out, inp, "activationForward: out");
    requireShape(derivative, inp, "activationForward: derivative");
}

void checkActivationBackward(const Shape& dinp, const Shape& dout, const Shape& derivative) {
    requireShape(dout, derivative, "activationBackward: dout");
    requireShape(dinp, derivative, "activationBackward: dinp");
}

void checkGatedForward(const Shape& out, const Shape& dOutdGate, const Shape& dOutdValue,
                       const Shape& gate, const Shape& value, const ActivationConfig& activation) {
    requireKind(activation, ActivationKind::Gated, "gatedForward");
    requireShape(value, gate, "gatedForward: value");
    requireShape(out, gate, "gatedForward: out");
    requireShape(dOutdGate, gate, "gatedForward: dOutdGate");
    requireShape(dOutdValue, gate, "gatedForward: dOutdValue");
}

void checkGatedBackward(const Shape& dgate, const Shape& dvalue, const Shape& dout,
                        const Shape& dOutdGate, const Shape& dOutdValue) {
    requireShape(dOutdValue, dOutdGate, "gatedBackward: dOutdValue");
    requireShape(dout, dOutdGate, "gatedBackward: dout");
    requireShape(dgate, dOutdGate, "gatedBackward: dgate");
    requireShape(dvalue, dOutdGate, "gatedBackward: dvalue");
}

template <typename T>
void activationForward(TensorView<T> out, TensorView<T> derivative, ConstTensorView<T> inp,
                       const ActivationConfig& activation) {
    checkActivationForward(out.shape(), derivative.shape(), inp.shape(), activation);

    cpu::evaluateScalarKernel(
        activation, ScalarActivationBatch<T>{inp.span(), out.span(), derivative.span(), {}});
}

template <typename T>
void activationBackward(TensorView<T> dinp, ConstTensorView<T> dout,
                        ConstTensorView<T> derivative) {
    checkActivationBackward(dinp.shape(), dout.shape(), derivative.shape());

    const T* dy = dout.data();
    const T* d = derivative.data();
    T* dx = dinp.data();
    for (Index i = 0; i < derivative.size(); ++i) dx[i] += dy[i] * d[i];
}

template <typename T>
void gatedForward(TensorView<T> out, TensorView<T> dOutdGate, TensorView<T> dOutdValue,
                  ConstTensorView<T> gate, ConstTensorView<T> value,
                  const ActivationConfig& activation) {
    checkGatedForward(out.shape(), dOutdGate.shape(), dOutdValue.shape(), gate.shape(),
                      value.shape(), activation);

    // act(g) into dOutdValue and act′(g) into dOutdGate, then both scaled: y = act(g)·v,
    // ∂y/∂g = act′(g)·v, ∂y/∂v = act(g).
    cpu::evaluateScalarKernel(
        gateConfigOf(activation),
        ScalarActivationBatch<T>{gate.span(), dOutdValue.span(), dOutdGate.span(), {}});
    const T* v = value.data();
    const T* act = dOutdValue.data();
    T* slope = dOutdGate.data();
    T* y = out.data();
    for (Index i = 0; i < gate.size(); ++i) {
        y[i] = act[i] * v[i];
        slope[i] *= v[i];
    }
}

template <typename T>
void gatedBackward(TensorView<T> dgate, TensorView<T> dvalue, ConstTensorView<T> dout,
                   ConstTensorView<T> dOutdGate, ConstTensorView<T> dOutdValue) {
    checkGatedBackward(dgate.shape(), dvalue.shape(), dout.shape(), dOutdGate.shape(),
                       dOutdValue.shape());

    const T* dy = dout.data();
    const T* dg = dOutdGate.data();
    const T* dv = dOutdValue.data();
    for (Index i = 0; i < dOutdGate.size(); ++i) {
        dgate.data()[i] += dy[i] * dg[i];
        dvalue.data()[i] += dy[i] * dv[i];
    }
}

template void activationForward(TensorView<float>, TensorView<float>, ConstTensorView<float>,
                                const ActivationConfig&);
template void activationForward(TensorView<double>, TensorView<double>, ConstTensorView<double>,
                                const ActivationConfig&);
template void activationBackward(TensorView<float>, ConstTensorView<float>, ConstTensorView<float>);
template void activationBackward(TensorView<double>, ConstTensorView<double>,
                                 ConstTensorView<double>);
template void gatedForward(TensorView<float>, TensorView<float>, TensorView<float>,
                           ConstTensorView<float>, ConstTensorView<float>, const ActivationConfig&);
template void gatedForward(TensorView<double>, TensorView<double>, TensorView<double>,
                           ConstTensorView<double>, ConstTensorView<double>,
                           const ActivationConfig&);
template void gatedBackward(TensorView<float>, TensorView<float>, ConstTensorView<float>,
                            ConstTensorView<float>, ConstTensorView<float>);
template void gatedBackward(TensorView<double>, TensorView<double>, ConstTensorView<double>,
                            ConstTensorView<double>, ConstTensorView<double>);

}  // namespace actlab
