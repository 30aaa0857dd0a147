// Losses in their stable forms: cross-entropy by log-sum-exp with the row maximum, BCE with
// logits as max(z, 0) − z·y + log1p(e^−|z|); losses are accumulated in double.
#include "layers/losses.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace actlab {
namespace {

// Throws TensorError for a target outside [0, V) that is not kIgnoreTarget; returns the count
// of targets that are not ignored.
Index checkTargets(const char* layer, ConstTokenView targets, Index V) {
    Index count = 0;
    for (Index n = 0; n < targets.size(); ++n) {
        const Token y = targets.data()[n];
        if (y == kIgnoreTarget) continue;
        if (y < 0 || y >= V)
            throw TensorError(std::string(layer) + ": target " + std::to_string(y) + " at row " +
                              std::to_string(n) + " is outside [0, " + std::to_string(V) + ")");
        ++count;
    }
    return count;
}

// σ(z) without overflow: e^z is only taken for z < 0.
double sigmoid(double z) {
    if (z >= 0) return 1.0 / (1.0 + std::exp(-z));
    const double e = std::exp(z);
    return e / (1.0 + e);
}

}  // namespace

CrossEntropyExtents checkCrossEntropyForward(const Shape& probs, const Shape& losses,
                                             const Shape& logits, ConstTokenView targets) {
    requireRank(logits, 2, "crossEntropyForward: logits");
    const Index N = logits.extent(0), V = logits.extent(1);
    requireShape(probs, Shape{N, V}, "crossEntropyForward: probs");
    requireShape(losses, Shape{N}, "crossEntropyForward: losses");
    requireShape(targets, Shape{N}, "crossEntropyForward: targets");
    const Index count = checkTargets("crossEntropyForward", targets, V);
    return {N, V, count};
}

CrossEntropyExtents checkCrossEntropyBackward(const Shape& dlogits, const Shape& probs,
                                              ConstTokenView targets) {
    requireRank(probs, 2, "crossEntropyBackward: probs");
    const Index N = probs.extent(0), V = probs.extent(1);
    requireShape(dlogits, Shape{N, V}, "crossEntropyBackward: dlogits");
    requireShape(targets, Shape{N}, "crossEntropyBackward: targets");
    const Index count = checkTargets("crossEntropyBackward", targets, V);
    return {N, V, count};
}

template <typename T>
double crossEntropyForward(TensorView<T> probs, TensorView<T> losses, ConstTensorView<T> logits,
                           ConstTokenView targets) {
    const auto [N, V, count] =
        checkCrossEntropyForward(probs.shape(), losses.shape(), logits.shape(), targets);

    double total = 0;
    for (Index n = 0; n < N; ++n) {
        const T* z = logits.data() + n * V;
        T* p = probs.data() + n * V;
        double maximum = -std::numeric_limits<double>::infinity();
        for (Index v = 0; v < V; ++v) maximum = std::max(maximum, double(z[v]));
        double sum = 0;  // Σ_v e^(z_v − max) ≥ 1
        for (Index v = 0; v < V; ++v) sum += std::exp(double(z[v]) - maximum);
        for (Index v = 0; v < V; ++v) p[v] = T(std::exp(double(z[v]) - maximum) / sum);
        const Token y = targets.data()[n];
        if (y == kIgnoreTarget) {
            losses.data()[n] = 0;
            continue;
        }
        // −log p_y = log Σ_v e^(z_v − max) − (z_y − max).
        const double loss = std::log(sum) - (double(z[y]) - maximum);
        losses.data()[n] = T(loss);
        total += loss;
    }
    return count > 0 ? total / double(count) : 0.0;
}

template <typename T>
void crossEntropyBackward(TensorView<T> dlogits, ConstTensorView<T> probs, ConstTokenView targets,
                          T scale) {
    const auto [N, V, count] = checkCrossEntropyBackward(dlogits.shape(), probs.shape(), targets);
    if (count == 0) return;

    const T factor = scale / T(count);
    for (Index n = 0; n < N; ++n) {
        const Token y = targets.data()[n];
        if (y == kIgnoreTarget) continue;
        const T* p = probs.data() + n * V;
        T* dz = dlogits.data() + n * V;
        for (Index v = 0; v < V; ++v) dz[v] += factor * (p[v] - (v == y ? T(1) : T(0)));
    }
}

template <typename T>
double bceWithLogitsForward(TensorView<T> losses, ConstTensorView<T> logits,
                            ConstTensorView<T> targets) {
    requireRank(logits, 1, "bceWithLogitsForward: logits");
    requireShape(targets, logits.shape(), "bceWithLogitsForward: targets");
    requireShape(losses, logits.shape(), "bceWithLogitsForward: losses");
    const Index N = logits.size();

    double total = 0;
    for (Index n = 0; n < N; ++n) {
        const double z = logits.data()[n], y = targets.data()[n];
        const double loss = std::max(z, 0.0) - z * y + std::log1p(std::exp(-std::abs(z)));
        losses.data()[n] = T(loss);
        total += loss;
    }
    return N > 0 ? total / double(N) : 0.0;
}

template <typename T>
void bceWithLogitsBackward(TensorView<T> dlogits, ConstTensorView<T> logits,
                           ConstTensorView<T> targets, T scale) {
    requireRank(logits, 1, "bceWithLogitsBackward: logits");
    requireShape(targets, logits.shape(), "bceWithLogitsBackward: targets");
    requireShape(dlogits, logits.shape(), "bceWithLogitsBackward: dlogits");
    const Index N = logits.size();
    if (N == 0) return;

    const T factor = scale / T(N);
    for (Index n = 0; n < N; ++n) {
        const T residual = T(sigmoid(double(logits.data()[n]))) - targets.data()[n];
        dlogits.data()[n] += factor * residual;
    }
}

template <typename T>
double mseForward(ConstTensorView<T> predictions, ConstTensorView<T> targets) {
    requireShape(targets, predictions.shape(), "mseForward: targets");
    const Index N = predictions.size();

    double total = 0;
    for (Index i = 0; i < N; ++i) {
        const double difference = double(predictions.data()[i]) - double(targets.data()[i]);
        total += difference * difference;
    }
    return N > 0 ? total / double(N) : 0.0;
}

template <typename T>
void mseBackward(TensorView<T> dpredictions, ConstTensorView<T> predictions,
                 ConstTensorView<T> targets, T scale) {
    requireShape(targets, predictions.shape(), "mseBackward: targets");
    requireShape(dpredictions, predictions.shape(), "mseBackward: dpredictions");
    const Index N = predictions.size();
    if (N == 0) return;

    const T factor = T(2) * scale / T(N);
    for (Index i = 0; i < N; ++i)
        dpredictions.data()[i] += factor * (predictions.data()[i] - targets.data()[i]);
}

template double crossEntropyForward(TensorView<float>, TensorView<float>, ConstTensorView<float>,
                                    ConstTokenView);
template double crossEntropyForward(TensorView<double>, TensorView<double>, ConstTensorView<double>,
                                    ConstTokenView);
template void crossEntropyBackward(TensorView<float>, ConstTensorView<float>, ConstTokenView,
                                   float);
template void crossEntropyBackward(TensorView<double>, ConstTensorView<double>, ConstTokenView,
                                   double);
template double bceWithLogitsForward(TensorView<float>, ConstTensorView<float>,
                                     ConstTensorView<float>);
template double bceWithLogitsForward(TensorView<double>, ConstTensorView<double>,
                                     ConstTensorView<double>);
template void bceWithLogitsBackward(TensorView<float>, ConstTensorView<float>,
                                    ConstTensorView<float>, float);
template void bceWithLogitsBackward(TensorView<double>, ConstTensorView<double>,
                                    ConstTensorView<double>, double);
template double mseForward(ConstTensorView<float>, ConstTensorView<float>);
template double mseForward(ConstTensorView<double>, ConstTensorView<double>);
template void mseBackward(TensorView<float>, ConstTensorView<float>, ConstTensorView<float>, float);
template void mseBackward(TensorView<double>, ConstTensorView<double>, ConstTensorView<double>,
                          double);

}  // namespace actlab
