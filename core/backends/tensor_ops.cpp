// The tensor-op table: one choice per op, made once, CPU last.
#include "backends/tensor_ops.h"

#include <stdexcept>

#include "backends/host_fallback_ops.h"
#include "layers/mix.h"

namespace actlab {

std::string_view tensorOpName(TensorOp op) {
    switch (op) {
        case TensorOp::LinearForward:
            return "linear_forward";
        case TensorOp::LinearBackward:
            return "linear_backward";
        case TensorOp::ActivationForward:
            return "activation_forward";
        case TensorOp::ActivationBackward:
            return "activation_backward";
        case TensorOp::GatedForward:
            return "gated_forward";
        case TensorOp::GatedBackward:
            return "gated_backward";
        case TensorOp::PreluForward:
            return "prelu_forward";
        case TensorOp::PreluBackward:
            return "prelu_backward";
        case TensorOp::MixForward:
            return "mix_forward";
        case TensorOp::MixBackward:
            return "mix_backward";
        case TensorOp::LayerNormForward:
            return "layernorm_forward";
        case TensorOp::LayerNormBackward:
            return "layernorm_backward";
        case TensorOp::AttentionForward:
            return "attention_forward";
        case TensorOp::AttentionBackward:
            return "attention_backward";
        case TensorOp::EmbeddingForward:
            return "embedding_forward";
        case TensorOp::EmbeddingBackward:
            return "embedding_backward";
        case TensorOp::Add:
            return "add";
        case TensorOp::MeanPoolForward:
            return "mean_pool_forward";
        case TensorOp::MeanPoolBackward:
            return "mean_pool_backward";
        case TensorOp::CrossEntropyForward:
            return "cross_entropy_forward";
        case TensorOp::CrossEntropyBackward:
            return "cross_entropy_backward";
        case TensorOp::Copy:
            return "copy";
        case TensorOp::Fill:
            return "fill";
        case TensorOp::SumOfSquares:
            return "sum_of_squares";
        case TensorOp::OptimizerUpdate:
            return "optimizer_update";
        case TensorOp::Loss:
            return "loss";
        case TensorOp::Regularisation:
            return "regularisation";
        case TensorOp::Count:
            break;
    }
    return "unknown";
}

template <typename T>
void TensorOps<T>::mixForward(TensorView<T> out, TensorView<T> derivative, ConstTensorView<T> inp,
                              ConstTensorView<T> weights, const ActivationConfig& mix) {
    actlab::mixForward<T>(out, derivative, inp, weights, mix);
}

template <typename T>
void TensorOps<T>::mixBackward(TensorView<T> dinp, TensorView<T> dweights, ConstTensorView<T> dout,
                               ConstTensorView<T> inp, ConstTensorView<T> derivative,
                               ConstTensorView<T> weights, const ActivationConfig& mix) {
    actlab::mixBackward<T>(dinp, dweights, dout, inp, derivative, weights, mix);
}

LossExtents checkLossShapes(const Shape& gradient, const Shape& rowLosses, const Shape& meanLoss,
                            const Shape& output, const Shape& targets) {
    requireRank(output, 2, "loss: output");
    const Index batch = output.extent(0), outputs = output.extent(1);
    if (batch <= 0 || outputs <= 0) throw TensorError("loss: an empty output");
    requireShape(gradient, output, "loss: gradient");
    requireShape(rowLosses, Shape{batch}, "loss: rowLosses");
    requireShape(targets, Shape{batch}, "loss: targets");
    requireShape(meanLoss, Shape{1}, "loss: meanLoss");
    return {int(batch), int(outputs)};
}

template <typename T>
TensorOpsTable<T>::TensorOpsTable(std::vector<std::shared_ptr<TensorOps<T>>> preference)
    : m_backends(std::move(preference)) {
    for (size_t i = 0; i < m_backends.size(); ++i) {
        if (!m_backends[i]) throw std::invalid_argument("TensorOpsTable: a null backend");
        if (m_backends[i]->backendName() == "cpu" && i + 1 != m_backends.size())
            throw std::invalid_argument("TensorOpsTable: the CPU must come last");
    }
    if (m_backends.empty() || m_backends.back()->backendName() != "cpu")
        m_backends.push_back(cpuTensorOps<T>());
    for (int op = 0; op < kTensorOpCount; ++op) {
        int chosen = int(m_backends.size()) - 1;
        for (int i = 0; i < chosen; ++i)
            if (m_backends[size_t(i)]->supports(TensorOp(op))) {
                chosen = i;
                break;
            }
        if (!m_backends[size_t(chosen)]->supports(TensorOp(op)))
            throw std::logic_error("TensorOpsTable: the CPU lacks " +
                                   std::string(tensorOpName(TensorOp(op))));
        m_choice[size_t(op)] = chosen;
    }
    if (m_backends.size() > 1)  // the CPU beside devices: with explicit transfers
        m_hostFallback = hostFallbackOps<T>(m_backends.back(),
                                            std::vector(m_backends.begin(), m_backends.end() - 1));
}

template <typename T>
std::shared_ptr<TensorOpsTable<T>> TensorOpsTable<T>::cpu() {
    return std::make_shared<TensorOpsTable<T>>();  // its own: a table remembers its last op
}

template <typename T>
TensorOps<T>& TensorOpsTable<T>::forOp(TensorOp op) {
    const size_t chosen = size_t(m_choice[size_t(op)]);
    m_called[size_t(op)] = true;
    if (m_hostFallback && chosen + 1 == m_backends.size()) return *m_hostFallback;
    return *m_backends[chosen];
}

template <typename T>
std::string_view TensorOpsTable<T>::backendFor(TensorOp op) const {
    return m_backends[size_t(m_choice[size_t(op)])]->backendName();
}

template <typename T>
std::string TensorOpsTable<T>::describe() const {
    std::string text(m_backends.front()->backendName());
    if (m_backends.size() == 1) return text;
    std::string fallbacks;
    for (int op = 0; op < kTensorOpCount; ++op)
        if (m_choice[size_t(op)] != 0 && m_called[size_t(op)])
            fallbacks += (fallbacks.empty() ? "" : ", ") + std::string(tensorOpName(TensorOp(op)));
    return fallbacks.empty() ? text : text + " (cpu: " + fallbacks + ")";
}

template <typename T>
DeviceTraffic TensorOpsTable<T>::traffic() const {
    DeviceTraffic sum;
    for (const auto& backend : m_backends) {
        const DeviceTraffic part = backend->traffic();
        sum.submissions += part.submissions;
        sum.bytesToHost += part.bytesToHost;
        sum.bytesToDevice += part.bytesToDevice;
    }
    return sum;
}

template <typename T>
void TensorOpsTable<T>::finish() {
    for (const auto& backend : m_backends) backend->finish();
}

template <typename T>
void TensorOpsTable<T>::syncToHost(std::span<const HostRange> ranges) {
    for (const auto& backend : m_backends) backend->syncToHost(ranges);
}

template <typename T>
void TensorOpsTable<T>::hostWrote(HostRange range) {
    for (const auto& backend : m_backends) backend->hostWrote(range);
}

template <typename T>
void TensorOpsTable<T>::forget() {
    for (const auto& backend : m_backends) backend->forget();
}

template class TensorOps<float>;
template class TensorOps<double>;
template class TensorOpsTable<float>;
template class TensorOpsTable<double>;

}  // namespace actlab
