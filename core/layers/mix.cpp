// The learnable mixture of activations: each component through the CPU backend's scalar kernel
// over the whole input, then combined with the softmax shares; the weight gradient sums in row
// order in double, so that a run is reproducible bit for bit.
#include "layers/mix.h"

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "backends/cpu/cpu_activation_kernels.h"

namespace actlab {
namespace {

void requireMix(const ActivationConfig& mix, const char* what) {
    if (mix.id != ActivationId::Mix || mix.mixtureSize < 1)
        throw std::invalid_argument(std::string(what) + ": " + activationSpec(mix) +
                                    " is not a mix");
}

void requireWeights(const Shape& weights, Index channels, int components, const char* what) {
    const bool perLayer = weights == Shape{components};
    const bool perUnit = weights == Shape{channels, components};
    if (!perLayer && !perUnit)
        throw TensorError(std::string(what) + ": shape " + weights.toString() + ", expected (" +
                          std::to_string(components) + ") or (" + std::to_string(channels) + ", " +
                          std::to_string(components) + ")");
}

// Every component's f and f′ over inp: values[k·n + i], slopes[k·n + i] for n = inp's size.
template <typename T>
void evaluateComponents(const ActivationConfig& mix, std::span<const T> inp, std::vector<T>& values,
                        std::vector<T>* slopes) {
    const size_t n = inp.size();
    values.resize(n * size_t(mix.mixtureSize));
    std::vector<T> scratch;
    if (slopes)
        slopes->resize(values.size());
    else
        scratch.resize(n);
    for (int k = 0; k < mix.mixtureSize; ++k) {
        const std::span<T> value(values.data() + size_t(k) * n, n);
        const std::span<T> first =
            slopes ? std::span<T>(slopes->data() + size_t(k) * n, n) : std::span<T>(scratch);
        cpu::evaluateScalarKernel(mix.component(k),
                                  ScalarActivationBatch<T>{inp, value, first, {}});
    }
}

}  // namespace

void checkMixForward(const Shape& out, const Shape& derivative, const Shape& inp,
                     const Shape& weights, const ActivationConfig& mix) {
    requireMix(mix, "mixForward");
    requireRank(inp, 2, "mixForward: inp");
    requireShape(out, inp, "mixForward: out");
    requireShape(derivative, inp, "mixForward: derivative");
    requireWeights(weights, inp.extent(1), mix.mixtureSize, "mixForward: weights");
}

void checkMixBackward(const Shape& dinp, const Shape& dweights, const Shape& dout, const Shape& inp,
                      const Shape& derivative, const Shape& weights, const ActivationConfig& mix) {
    requireMix(mix, "mixBackward");
    requireRank(inp, 2, "mixBackward: inp");
    requireShape(dinp, inp, "mixBackward: dinp");
    requireShape(dout, inp, "mixBackward: dout");
    requireShape(derivative, inp, "mixBackward: derivative");
    requireWeights(weights, inp.extent(1), mix.mixtureSize, "mixBackward: weights");
    requireShape(dweights, weights, "mixBackward: dweights");
}

template <typename T>
std::vector<T> mixShares(std::span<const T> weights, int components) {
    std::vector<T> shares(weights.size());
    for (size_t row = 0; row + size_t(components) <= weights.size(); row += size_t(components)) {
        T largest = weights[row];
        for (int k = 1; k < components; ++k) largest = std::max(largest, weights[row + size_t(k)]);
        double sum = 0;
        for (int k = 0; k < components; ++k) sum += std::exp(double(weights[row + k] - largest));
        for (int k = 0; k < components; ++k)
            shares[row + size_t(k)] = T(std::exp(double(weights[row + k] - largest)) / sum);
    }
    return shares;
}

template <typename T>
void mixForward(TensorView<T> out, TensorView<T> derivative, ConstTensorView<T> inp,
                ConstTensorView<T> weights, const ActivationConfig& mix) {
    checkMixForward(out.shape(), derivative.shape(), inp.shape(), weights.shape(), mix);
    const Index N = inp.extent(0), C = inp.extent(1);
    const int K = mix.mixtureSize;
    const bool perUnit = weights.shape().rank() == 2;
    const std::vector<T> s = mixShares(weights.span(), K);
    std::vector<T> values, slopes;
    evaluateComponents(mix, inp.span(), values, &slopes);
    const size_t n = size_t(N * C);
    for (Index r = 0; r < N; ++r)
        for (Index c = 0; c < C; ++c) {
            const size_t i = size_t(r * C + c);
            const T* share = s.data() + (perUnit ? size_t(c) * size_t(K) : 0);
            T y = T(0), d = T(0);
            for (int k = 0; k < K; ++k) {
                y += share[k] * values[size_t(k) * n + i];
                d += share[k] * slopes[size_t(k) * n + i];
            }
            out.data()[i] = y;
            derivative.data()[i] = d;
        }
}

template <typename T>
void mixBackward(TensorView<T> dinp, TensorView<T> dweights, ConstTensorView<T> dout,
                 ConstTensorView<T> inp, ConstTensorView<T> derivative, ConstTensorView<T> weights,
                 const ActivationConfig& mix) {
    checkMixBackward(dinp.shape(), dweights.shape(), dout.shape(), inp.shape(), derivative.shape(),
                     weights.shape(), mix);
    const Index N = inp.extent(0), C = inp.extent(1);
    const int K = mix.mixtureSize;
    const bool perUnit = weights.shape().rank() == 2;
    const std::vector<T> s = mixShares(weights.span(), K);
    std::vector<T> values;
    evaluateComponents<T>(mix, inp.span(), values, nullptr);
    const size_t n = size_t(N * C);
    std::vector<double> dw(weights.span().size(), 0.0);
    for (Index r = 0; r < N; ++r)
        for (Index c = 0; c < C; ++c) {
            const size_t i = size_t(r * C + c);
            const T g = dout.data()[i];
            dinp.data()[i] += g * derivative.data()[i];
            const size_t row = perUnit ? size_t(c) * size_t(K) : 0;
            double y = 0;
            for (int k = 0; k < K; ++k) y += double(s[row + size_t(k)]) * values[size_t(k) * n + i];
            for (int k = 0; k < K; ++k)
                dw[row + size_t(k)] += double(g) * double(s[row + size_t(k)]) *
                                       (double(values[size_t(k) * n + i]) - y);
        }
    for (size_t j = 0; j < dw.size(); ++j) dweights.data()[j] += T(dw[j]);
}

template std::vector<float> mixShares(std::span<const float>, int);
template std::vector<double> mixShares(std::span<const double>, int);
template void mixForward(TensorView<float>, TensorView<float>, ConstTensorView<float>,
                         ConstTensorView<float>, const ActivationConfig&);
template void mixForward(TensorView<double>, TensorView<double>, ConstTensorView<double>,
                         ConstTensorView<double>, const ActivationConfig&);
template void mixBackward(TensorView<float>, TensorView<float>, ConstTensorView<float>,
                          ConstTensorView<float>, ConstTensorView<float>, ConstTensorView<float>,
                          const ActivationConfig&);
template void mixBackward(TensorView<double>, TensorView<double>, ConstTensorView<double>,
                          ConstTensorView<double>, ConstTensorView<double>, ConstTensorView<double>,
                          const ActivationConfig&);

}  // namespace actlab
