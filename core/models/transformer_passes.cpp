// The Transformer's forward and backward passes, layer by layer (shapes: B batch, T sequence,
// C = d_model, F = d_ff, O outputs). Pre-LN block: h = x + o(A(LN₁(x))), x′ = h + F(LN₂(h)),
// then ln_f; Post-LN block: h = LN₁(x + o(A(x))), x′ = LN₂(h + F(h)). Attention-only blocks
// (ffn none) stop at h. The backward pass visits the same layers in reverse; every layer's
// backward adds into its gradients, so each intermediate gradient is zeroed before it is used.
#include <algorithm>

#include "layers/activation.h"
#include "layers/attention.h"
#include "layers/embedding.h"
#include "layers/layernorm.h"
#include "layers/linear.h"
#include "layers/residual.h"
#include "models/transformer_buffers.h"

namespace actlab {
namespace {

// (B, T, C) as (B·T, C): the layers applied at every position take rows.
template <typename E>
TensorView<E> rows(TensorView<E> tensor) {
    const Shape& s = tensor.shape();
    return tensor.reshape(Shape{s.extent(0) * s.extent(1), s.extent(2)});
}
template <typename T>
TensorView<T> rows(Tensor<T>& tensor) {
    return rows(tensor.view());
}
template <typename T>
ConstTensorView<T> rows(const Tensor<T>& tensor) {
    return rows(tensor.view());
}

}  // namespace

template <typename T>
TensorView<T> Transformer<T>::value(int index, Shape shape) {
    return TensorView<T>(std::span<T>(parameter(index).value), shape);
}

template <typename T>
TensorView<T> Transformer<T>::gradient(int index, Shape shape) {
    return TensorView<T>(std::span<T>(parameter(index).grad), shape);
}

template <typename T>
void Transformer<T>::copy(TensorView<T> to, ConstTensorView<T> from) {
    m_ops->forOp(TensorOp::Copy).copy(to, from);
}

template <typename T>
void Transformer<T>::zero(TensorView<T> to) {
    m_ops->forOp(TensorOp::Fill).fill(to, T(0));
}

template <typename T>
ConstTensorView<T> Transformer<T>::forward(ConstTokenView tokens) {
    requireRank(tokens, 2, "Transformer::forward: tokens");
    const Index B = tokens.extent(0), Tn = tokens.extent(1), C = m_config.dModel;
    if (Tn < 1 || Tn > m_config.sequence)
        throw TensorError("Transformer::forward: a sequence of " + std::to_string(Tn) +
                          " tokens, the model takes 1.." + std::to_string(m_config.sequence));
    allocate(B, Tn);
    Buffers& m = *m_buffers;
    std::copy(tokens.data(), tokens.data() + tokens.size(), m.tokens.data());
    m_ops->hostWrote(hostRange(m.tokens.span()));
    m_ops->forOp(TensorOp::EmbeddingForward)
        .embeddingForward(m.embedded, m.tokens, value(0, Shape{m_config.vocabulary, C}),
                          value(1, Shape{m_config.sequence, C}));
    ConstTensorView<T> x = m.embedded;
    for (int layer = 0; layer < m_config.layers; ++layer) {
        blockForward(layer, x);
        x = m.blocks[size_t(layer)].output;
    }
    if (m_config.norm == NormPlacement::Pre)
        m_ops->forOp(TensorOp::LayerNormForward)
            .layernormForward(rows(m.final), m.finalMean, m.finalRstd, rows(x),
                              value(m_finalWeight, Shape{C}), value(m_finalBias, Shape{C}));
    else
        copy(m.final, x);
    const Shape head{m_config.outputs, C}, headBias{m_config.outputs};
    if (m_config.pooled) {
        m_ops->forOp(TensorOp::MeanPoolForward).meanPoolForward(m.pooled, m.final);
        m_ops->forOp(TensorOp::LinearForward)
            .linearForward(m.logits, m.pooled, value(m_headWeight, head),
                           value(m_headBias, headBias));
    } else {
        m_ops->forOp(TensorOp::LinearForward)
            .linearForward(m.logits, rows(m.final), value(m_headWeight, head),
                           value(m_headBias, headBias));
    }
    return m.logits;  // in host memory after tensorOps().finish() (a device records it)
}

template <typename T>
void Transformer<T>::blockForward(int layer, ConstTensorView<T> x) {
    typename Buffers::BlockBuffers& b = m_buffers->blocks[size_t(layer)];
    const Block& p = m_blocks[size_t(layer)];
    const Shape C{m_config.dModel};
    const bool ffn = m_config.ffn != FeedForwardKind::None;
    copy(b.input, x);
    if (m_config.norm == NormPlacement::Pre) {
        m_ops->forOp(TensorOp::LayerNormForward)
            .layernormForward(rows(b.ln1), b.ln1Mean, b.ln1Rstd, rows(b.input),
                              value(p.ln1Weight, C), value(p.ln1Bias, C));
        attentionBranchForward(layer, b.ln1);
        m_ops->forOp(TensorOp::Add).add(b.residual1, b.input, b.projected);  // h
        if (!ffn) {
            copy(b.output, b.residual1);
            return;
        }
        m_ops->forOp(TensorOp::LayerNormForward)
            .layernormForward(rows(b.ln2), b.ln2Mean, b.ln2Rstd, rows(b.residual1),
                              value(p.ln2Weight, C), value(p.ln2Bias, C));
        feedForwardForward(layer, b.ln2);
        m_ops->forOp(TensorOp::Add).add(b.output, b.residual1, b.ffnOut);
        return;
    }
    attentionBranchForward(layer, b.input);
    m_ops->forOp(TensorOp::Add).add(b.residual1, b.input, b.projected);
    m_ops->forOp(TensorOp::LayerNormForward)
        .layernormForward(rows(b.ln1), b.ln1Mean, b.ln1Rstd, rows(b.residual1),
                          value(p.ln1Weight, C), value(p.ln1Bias, C));  // h
    if (!ffn) {
        copy(b.output, b.ln1);
        return;
    }
    feedForwardForward(layer, b.ln1);
    m_ops->forOp(TensorOp::Add).add(b.residual2, b.ln1, b.ffnOut);
    m_ops->forOp(TensorOp::LayerNormForward)
        .layernormForward(rows(b.ln2), b.ln2Mean, b.ln2Rstd, rows(b.residual2),
                          value(p.ln2Weight, C), value(p.ln2Bias, C));
    copy(b.output, b.ln2);
}

template <typename T>
void Transformer<T>::attentionBranchForward(int layer, ConstTensorView<T> z) {
    typename Buffers::BlockBuffers& b = m_buffers->blocks[size_t(layer)];
    const Block& p = m_blocks[size_t(layer)];
    const Index C = m_config.dModel;
    const bool identity = m_config.qkvActivation.id == ActivationId::Identity;
    for (int j = 0; j < 3; ++j) {
        m_ops->forOp(TensorOp::LinearForward)
            .linearForward(rows(b.qkvPre[j]), rows(z), value(p.projectionWeight[j], Shape{C, C}),
                           value(p.projectionBias[j], Shape{C}));
        if (identity)
            copy(b.qkv[j], b.qkvPre[j]);
        else
            m_sites[size_t(layer)][size_t(j)].forward(*m_ops, b.qkv[j], b.qkvDerivative[j],
                                                      b.qkvPre[j]);
    }
    m_ops->forOp(TensorOp::AttentionForward)
        .attentionForward(b.attended, b.preatt, b.att, b.qkv[0], b.qkv[1], b.qkv[2], m_config.heads,
                          m_config.causal);
    m_ops->forOp(TensorOp::LinearForward)
        .linearForward(rows(b.projected), rows(b.attended),
                       value(p.projectionWeight[3], Shape{C, C}),
                       value(p.projectionBias[3], Shape{C}));
}

template <typename T>
void Transformer<T>::feedForwardForward(int layer, ConstTensorView<T> z) {
    typename Buffers::BlockBuffers& b = m_buffers->blocks[size_t(layer)];
    const Block& p = m_blocks[size_t(layer)];
    const Index C = m_config.dModel, F = m_dFf;
    if (m_config.ffn == FeedForwardKind::Plain) {
        m_ops->forOp(TensorOp::LinearForward)
            .linearForward(rows(b.hidden), rows(z), value(p.ffnWeight[0], Shape{F, C}),
                           value(p.ffnBias[0], Shape{F}));
        m_sites[size_t(layer)][3].forward(*m_ops, b.activated, b.derivative, b.hidden);
        m_ops->forOp(TensorOp::LinearForward)
            .linearForward(rows(b.ffnOut), rows(b.activated), value(p.ffnWeight[1], Shape{C, F}),
                           value(p.ffnBias[1], Shape{C}));
        return;
    }
    m_ops->forOp(TensorOp::LinearForward)
        .linearForward(rows(b.hidden), rows(z), value(p.ffnWeight[0], Shape{F, C}), {});
    m_ops->forOp(TensorOp::LinearForward)
        .linearForward(rows(b.hiddenValue), rows(z), value(p.ffnWeight[1], Shape{F, C}), {});
    m_sites[size_t(layer)][3].gatedForward(*m_ops, b.activated, b.derivative, b.derivativeValue,
                                           b.hidden, b.hiddenValue);
    m_ops->forOp(TensorOp::LinearForward)
        .linearForward(rows(b.ffnOut), rows(b.activated), value(p.ffnWeight[2], Shape{C, F}), {});
}

template <typename T>
void Transformer<T>::backward(ConstTensorView<T> dlogits) {
    Buffers& m = *m_buffers;
    requireShape(dlogits, m.logits.shape(), "Transformer::backward: dlogits");
    const Index C = m_config.dModel;
    const Shape head{m_config.outputs, C}, headBias{m_config.outputs};
    zero(m.dFinal);
    if (m_config.pooled) {
        zero(m.dPooled);
        m_ops->forOp(TensorOp::LinearBackward)
            .linearBackward(m.dPooled, gradient(m_headWeight, head), gradient(m_headBias, headBias),
                            dlogits, m.pooled, value(m_headWeight, head));
        m_ops->forOp(TensorOp::MeanPoolBackward).meanPoolBackward(m.dFinal, m.dPooled);
    } else {
        m_ops->forOp(TensorOp::LinearBackward)
            .linearBackward(rows(m.dFinal), gradient(m_headWeight, head),
                            gradient(m_headBias, headBias), dlogits, rows(m.final),
                            value(m_headWeight, head));
    }
    if (m_config.norm == NormPlacement::Pre) {
        zero(m.dStream);
        m_ops->forOp(TensorOp::LayerNormBackward)
            .layernormBackward(rows(m.dStream), gradient(m_finalWeight, Shape{C}),
                               gradient(m_finalBias, Shape{C}), rows(m.dFinal),
                               rows(m.blocks.back().output), value(m_finalWeight, Shape{C}),
                               m.finalMean, m.finalRstd);
    } else {
        copy(m.dStream, m.dFinal);
    }
    for (int layer = m_config.layers - 1; layer >= 0; --layer) blockBackward(layer);
    m_ops->forOp(TensorOp::EmbeddingBackward)
        .embeddingBackward(gradient(0, Shape{m_config.vocabulary, C}),
                           gradient(1, Shape{m_config.sequence, C}), m.dStream, m.tokens);
}

template <typename T>
void Transformer<T>::blockBackward(int layer) {
    Buffers& m = *m_buffers;
    typename Buffers::BlockBuffers& b = m.blocks[size_t(layer)];
    const Block& p = m_blocks[size_t(layer)];
    const Shape C{m_config.dModel};
    const bool ffn = m_config.ffn != FeedForwardKind::None;
    TensorView<T> dOut = m.dStream, dX = m.dStreamNext, dH = m.dResidual;
    if (m_config.norm == NormPlacement::Pre) {
        copy(dH, dOut);  // h feeds the output directly
        if (ffn) {       // and through F(LN₂(h))
            zero(m.dNorm);
            feedForwardBackward(layer, dOut, b.ln2, m.dNorm);
            m_ops->forOp(TensorOp::LayerNormBackward)
                .layernormBackward(rows(dH), gradient(p.ln2Weight, C), gradient(p.ln2Bias, C),
                                   rows(m.dNorm), rows(b.residual1), value(p.ln2Weight, C),
                                   b.ln2Mean, b.ln2Rstd);
        }
        copy(dX, dH);  // h = x + o(A(LN₁(x)))
        zero(m.dNorm);
        attentionBranchBackward(layer, dH, b.ln1, m.dNorm);
        m_ops->forOp(TensorOp::LayerNormBackward)
            .layernormBackward(rows(dX), gradient(p.ln1Weight, C), gradient(p.ln1Bias, C),
                               rows(m.dNorm), rows(b.input), value(p.ln1Weight, C), b.ln1Mean,
                               b.ln1Rstd);
    } else {
        if (ffn) {  // x′ = LN₂(h + F(h))
            zero(m.dSum);
            m_ops->forOp(TensorOp::LayerNormBackward)
                .layernormBackward(rows(m.dSum), gradient(p.ln2Weight, C), gradient(p.ln2Bias, C),
                                   rows(dOut), rows(b.residual2), value(p.ln2Weight, C), b.ln2Mean,
                                   b.ln2Rstd);
            copy(dH, m.dSum);
            feedForwardBackward(layer, m.dSum, b.ln1, dH);
        } else {
            copy(dH, dOut);
        }
        zero(m.dSum);  // h = LN₁(x + o(A(x)))
        m_ops->forOp(TensorOp::LayerNormBackward)
            .layernormBackward(rows(m.dSum), gradient(p.ln1Weight, C), gradient(p.ln1Bias, C),
                               rows(dH), rows(b.residual1), value(p.ln1Weight, C), b.ln1Mean,
                               b.ln1Rstd);
        copy(dX, m.dSum);
        attentionBranchBackward(layer, m.dSum, b.input, dX);
    }
    std::swap(m.dStream, m.dStreamNext);
}

template <typename T>
void Transformer<T>::attentionBranchBackward(int layer, ConstTensorView<T> dprojected,
                                             ConstTensorView<T> z, TensorView<T> dz) {
    Buffers& m = *m_buffers;
    typename Buffers::BlockBuffers& b = m.blocks[size_t(layer)];
    const Block& p = m_blocks[size_t(layer)];
    const Index C = m_config.dModel;
    const bool identity = m_config.qkvActivation.id == ActivationId::Identity;
    zero(m.dAttended);
    m_ops->forOp(TensorOp::LinearBackward)
        .linearBackward(rows(m.dAttended), gradient(p.projectionWeight[3], Shape{C, C}),
                        gradient(p.projectionBias[3], Shape{C}), rows(dprojected), rows(b.attended),
                        value(p.projectionWeight[3], Shape{C, C}));
    for (Tensor<T>& d : m.dQkv) zero(d);
    m_ops->forOp(TensorOp::AttentionBackward)
        .attentionBackward(m.dQkv[0], m.dQkv[1], m.dQkv[2], m.dAttended, b.qkv[0], b.qkv[1],
                           b.qkv[2], b.att, m_config.heads);
    for (int j = 0; j < 3; ++j) {
        ConstTensorView<T> dPre = m.dQkv[size_t(j)];
        if (!identity) {
            zero(m.dPre);
            m_sites[size_t(layer)][size_t(j)].backward(
                *m_ops, m.dPre, m.dQkv[size_t(j)], b.qkvPre[size_t(j)], b.qkvDerivative[size_t(j)]);
            dPre = m.dPre;
        }
        m_ops->forOp(TensorOp::LinearBackward)
            .linearBackward(rows(dz), gradient(p.projectionWeight[j], Shape{C, C}),
                            gradient(p.projectionBias[j], Shape{C}), rows(dPre), rows(z),
                            value(p.projectionWeight[j], Shape{C, C}));
    }
}

template <typename T>
void Transformer<T>::feedForwardBackward(int layer, ConstTensorView<T> dout, ConstTensorView<T> z,
                                         TensorView<T> dz) {
    Buffers& m = *m_buffers;
    typename Buffers::BlockBuffers& b = m.blocks[size_t(layer)];
    const Block& p = m_blocks[size_t(layer)];
    const Index C = m_config.dModel, F = m_dFf;
    const bool plain = m_config.ffn == FeedForwardKind::Plain;
    for (size_t j = 0; j < (plain ? 2u : 3u); ++j) zero(m.dWide[j]);  // plain uses two
    TensorView<T> dActivated = m.dWide[0];
    if (plain) {
        m_ops->forOp(TensorOp::LinearBackward)
            .linearBackward(rows(dActivated), gradient(p.ffnWeight[1], Shape{C, F}),
                            gradient(p.ffnBias[1], Shape{C}), rows(dout), rows(b.activated),
                            value(p.ffnWeight[1], Shape{C, F}));
        m_sites[size_t(layer)][3].backward(*m_ops, m.dWide[1], dActivated, b.hidden, b.derivative);
        m_ops->forOp(TensorOp::LinearBackward)
            .linearBackward(rows(dz), gradient(p.ffnWeight[0], Shape{F, C}),
                            gradient(p.ffnBias[0], Shape{F}), rows(m.dWide[1]), rows(z),
                            value(p.ffnWeight[0], Shape{F, C}));
        return;
    }
    m_ops->forOp(TensorOp::LinearBackward)
        .linearBackward(rows(dActivated), gradient(p.ffnWeight[2], Shape{C, F}), {}, rows(dout),
                        rows(b.activated), value(p.ffnWeight[2], Shape{C, F}));
    m_sites[size_t(layer)][3].gatedBackward(*m_ops, m.dWide[1], m.dWide[2], dActivated, b.hidden,
                                            b.hiddenValue, b.derivative, b.derivativeValue);
    m_ops->forOp(TensorOp::LinearBackward)
        .linearBackward(rows(dz), gradient(p.ffnWeight[0], Shape{F, C}), {}, rows(m.dWide[1]),
                        rows(z), value(p.ffnWeight[0], Shape{F, C}));
    m_ops->forOp(TensorOp::LinearBackward)
        .linearBackward(rows(dz), gradient(p.ffnWeight[1], Shape{F, C}), {}, rows(m.dWide[2]),
                        rows(z), value(p.ffnWeight[1], Shape{F, C}));
}

template <typename T>
TransformerBlockProbe<T> Transformer<T>::probe(int layer) const {
    if (layer < 0 || layer >= m_config.layers || m_buffers->batch < 0)
        throw TensorError("Transformer::probe: no layer " + std::to_string(layer) +
                          " after a forward pass");
    const typename Buffers::BlockBuffers& b = m_buffers->blocks[size_t(layer)];
    TransformerBlockProbe<T> probe;
    probe.attention = b.att;
    for (int j = 0; j < 3; ++j) probe.qkvPreActivation[j] = b.qkvPre[size_t(j)];
    if (m_config.ffn != FeedForwardKind::None) probe.ffnPreActivation = b.hidden;
    probe.attentionLogits = b.preatt;
    const bool pre = m_config.norm == NormPlacement::Pre;
    probe.normInput[0] = pre ? b.input : b.residual1;
    probe.normInput[1] = pre ? b.residual1 : b.residual2;
    return probe;
}

#define ACTLAB_INSTANTIATE(T)                                            \
    template TensorView<T> Transformer<T>::value(int, Shape);            \
    template TensorView<T> Transformer<T>::gradient(int, Shape);         \
    template ConstTensorView<T> Transformer<T>::forward(ConstTokenView); \
    template void Transformer<T>::backward(ConstTensorView<T>);          \
    template TransformerBlockProbe<T> Transformer<T>::probe(int) const;
ACTLAB_INSTANTIATE(float)
ACTLAB_INSTANTIATE(double)
#undef ACTLAB_INSTANTIATE

}  // namespace actlab
