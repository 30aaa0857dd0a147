// Elementwise parts of the models (activations, PReLU) and weight initialisation.
#include "models/dense_math.h"

#include <cmath>

#include "backends/cpu/cpu_activation_kernels.h"
#include "common/random.h"
#include "models/model_factory.h"

namespace actlab::dense {

template <typename T>
void activationForward(const ActivationConfig& config, std::span<const T> z, std::span<T> y,
                       std::span<T> d) {
    cpu::evaluateScalarKernel(config, ScalarActivationBatch<T>{z, y, d, {}});
}

template <typename T>
void gatedForward(const ActivationConfig& config, std::span<const T> gate, std::span<const T> value,
                  std::span<T> y, std::span<T> dydGate, std::span<T> act) {
    // act = act(g), dydGate = act′(g) first (scalar kernel on the gate), then scaled by v.
    ActivationConfig gateConfig = ActivationConfig::withDefaults(config.info().gate);
    cpu::evaluateScalarKernel(gateConfig, ScalarActivationBatch<T>{gate, act, dydGate, {}});
    for (size_t i = 0; i < gate.size(); ++i) y[i] = act[i] * value[i];
}

template <typename T>
void preluForward(std::span<const T> alpha, int width, std::span<const T> z, std::span<T> y,
                  std::span<T> d) {
    const bool perNeuron = alpha.size() > 1;
    for (size_t i = 0; i < z.size(); ++i) {
        const T a = perNeuron ? alpha[i % size_t(width)] : alpha[0];
        const bool positive = z[i] > T(0);
        y[i] = positive ? z[i] : a * z[i] + T(0);
        d[i] = positive ? T(1) : a;
    }
}

template <typename T>
void preluAlphaBackward(Parameter<T>& alpha, int width, std::span<const T> z,
                        std::span<const T> dy) {
    const bool perNeuron = alpha.size() > 1;
    for (size_t i = 0; i < z.size(); ++i) {
        if (z[i] > T(0)) continue;
        alpha.grad[perNeuron ? i % size_t(width) : 0] += dy[i] * z[i];
    }
}

void initialiseWeight(std::vector<double>& w, int in, int out, int initialiser,
                      std::uint64_t seed) {
    Random random(seed);
    w.resize(size_t(in) * size_t(out));
    const double fanIn = in, fanAverage = 0.5 * (in + out);
    for (double& value : w) {
        switch (Initialiser(initialiser)) {
            case Initialiser::HeNormal:
                value = random.normal(0.0, std::sqrt(2.0 / fanIn));
                break;
            case Initialiser::HeUniform: {
                const double limit = std::sqrt(6.0 / fanIn);
                value = random.uniform(-limit, limit);
                break;
            }
            case Initialiser::Xavier: {
                const double limit = std::sqrt(3.0 / fanAverage);  // Glorot uniform: √(6/(in+out))
                value = random.uniform(-limit, limit);
                break;
            }
            case Initialiser::Lecun:
                value = random.normal(0.0, std::sqrt(1.0 / fanIn));
                break;
        }
    }
}

#define ACTLAB_INSTANTIATE(T)                                                                      \
    template void activationForward<T>(const ActivationConfig&, std::span<const T>, std::span<T>,  \
                                       std::span<T>);                                              \
    template void gatedForward<T>(const ActivationConfig&, std::span<const T>, std::span<const T>, \
                                  std::span<T>, std::span<T>, std::span<T>);                       \
    template void preluForward<T>(std::span<const T>, int, std::span<const T>, std::span<T>,       \
                                  std::span<T>);                                                   \
    template void preluAlphaBackward<T>(Parameter<T>&, int, std::span<const T>, std::span<const T>);
ACTLAB_INSTANTIATE(float)
ACTLAB_INSTANTIATE(double)
#undef ACTLAB_INSTANTIATE

}  // namespace actlab::dense
