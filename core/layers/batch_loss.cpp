// Losses and their gradients, averaged over the batch.
// BCE with logits: ℓ = max(z, 0) − z·y + log(1 + e^−|z|), ∂ℓ/∂z = σ(z) − y.
// Softmax CE: ℓ = logsumexp(z) − z_y, ∂ℓ/∂z = softmax(z) − onehot(y).  MSE: ℓ = (z − y)², ∂ = 2(z −
// y).
#include "layers/batch_loss.h"

#include <algorithm>
#include <cmath>

namespace actlab {

template <typename T>
LossValue computeLoss(LossKind kind, std::span<const T> output, int batch, int outputs,
                      std::span<const float> targets, std::span<T> outputGradient,
                      std::span<T> rowLosses) {
    LossValue result;
    const bool withGradient = !outputGradient.empty();
    const T scale = T(1) / T(batch);
    double total = 0;
    int correct = 0;
    for (int i = 0; i < batch; ++i) {
        const T* z = output.data() + size_t(i) * size_t(outputs);
        T* dz = withGradient ? outputGradient.data() + size_t(i) * size_t(outputs) : nullptr;
        const double y = targets[i];
        double row = 0;
        switch (kind) {
            case LossKind::BceWithLogits: {
                const double logit = z[0];
                row = std::max(logit, 0.0) - logit * y + std::log1p(std::exp(-std::abs(logit)));
                if ((logit > 0) == (y > 0.5)) ++correct;
                if (dz) {
                    const double s = logit >= 0 ? 1 / (1 + std::exp(-logit))
                                                : std::exp(logit) / (1 + std::exp(logit));
                    dz[0] = T((s - y)) * scale;
                }
                break;
            }
            case LossKind::SoftmaxCrossEntropy: {
                const int label = int(y);
                const T largest = *std::max_element(z, z + outputs);
                double sum = 0;
                for (int c = 0; c < outputs; ++c) sum += std::exp(double(z[c] - largest));
                row = std::log(sum) + double(largest) - double(z[label]);
                if (std::max_element(z, z + outputs) - z == label) ++correct;
                if (dz) {
                    for (int c = 0; c < outputs; ++c)
                        dz[c] =
                            T((std::exp(double(z[c] - largest)) / sum - (c == label ? 1.0 : 0.0))) *
                            scale;
                }
                break;
            }
            case LossKind::Mse: {
                const double diff = double(z[0]) - y;
                row = diff * diff;
                if (dz) dz[0] = T(2 * diff) * scale;
                break;
            }
        }
        total += row;
        if (!rowLosses.empty()) rowLosses[size_t(i)] = T(row);
    }
    result.loss = total / batch;
    result.accuracy = kind == LossKind::Mse ? 0.0 : double(correct) / batch;
    return result;
}

template LossValue computeLoss<float>(LossKind, std::span<const float>, int, int,
                                      std::span<const float>, std::span<float>, std::span<float>);
template LossValue computeLoss<double>(LossKind, std::span<const double>, int, int,
                                       std::span<const float>, std::span<double>,
                                       std::span<double>);

}  // namespace actlab
