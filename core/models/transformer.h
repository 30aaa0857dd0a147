// The tiny Transformer of the Attention lab, a composition of core/layers: token + learned
// position embedding, Pre-LN or Post-LN blocks of multi-head self-attention (with an optional
// activation on Q, K and V) and a plain, gated or no feed-forward network, and a linear head on
// every position or on the mean over positions. Parameter names and layouts are PyTorch's.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "activations/catalogue.h"
#include "backends/tensor_ops.h"
#include "models/activation_site.h"
#include "models/model.h"
#include "models/model_factory.h"
#include "tensor/tensor.h"

namespace actlab {

enum class FeedForwardKind { Plain, Gated, None };
enum class NormPlacement { Pre, Post };

std::string_view feedForwardName(FeedForwardKind kind);  // plain | gated | none
std::optional<FeedForwardKind> parseFeedForward(std::string_view name);
std::string_view normPlacementName(NormPlacement norm);  // pre | post
std::optional<NormPlacement> parseNormPlacement(std::string_view name);

// Limits of the Attention lab (beyond them a configuration is refused with a one-line error).
inline constexpr int kMaxTransformerLayers = 12;
inline constexpr int kMaxTransformerHeads = 8;
inline constexpr int kMaxTransformerWidth = 256;  // d_model
inline constexpr int kMaxTransformerSequence = 64;
inline constexpr int kMaxTransformerVocabulary = 128;  // the synthetic tasks'
// The model's own limit, which only the text task uses beyond 128: a page of Chinese has
// several hundred distinct characters.
inline constexpr int kMaxTransformerTextVocabulary = 512;
inline constexpr int kMaxTransformerFeedForward = 1024;

struct TransformerConfig {
    int vocabulary = 16;  // input tokens V
    int sequence = 16;    // longest sequence T (the position table's rows)
    int dModel = 64;
    int heads = 4;
    int layers = 2;
    int dFf = 0;  // 0: 4·d_model (plain) or the 8/3 rule round(8·d_model/3) (gated)
    FeedForwardKind ffn = FeedForwardKind::Plain;
    // plain: any scalar catalogue function or a mix; gated: glu, reglu, geglu, swiglu, or a mix
    // as the gate's function. Q/K/V: a scalar function or a mix (PReLU's α is not learned here).
    ActivationConfig ffnActivation = ActivationConfig::withDefaults(ActivationId::Gelu);
    ActivationConfig qkvActivation = ActivationConfig::withDefaults(ActivationId::Identity);
    bool mixPerUnit = false;  // a mix: one mixture per unit instead of one per site
    NormPlacement norm = NormPlacement::Pre;
    bool causal = false;
    int outputs = 16;     // classes of the head
    bool pooled = false;  // head on the mean over positions (one prediction per sequence)
    // Linear weights: normal(0, 0.02) as GPT-2 and minGPT (nullopt), or a fan-based initialiser.
    std::optional<Initialiser> init;
    std::uint64_t seed = 1;
};

// d_ff after the default rule is applied.
int transformerFeedForwardWidth(const TransformerConfig& config);
// The number of parameters a (valid) configuration has, without building the model.
long long transformerParameterCount(const TransformerConfig& config);
// A one-line error ("--heads 3 does not divide --d-model 64") or nothing.
std::optional<std::string> validateTransformerConfig(const TransformerConfig& config);

// Activations of one block from the last forward pass, for the diagnostics (views into the
// model's buffers: valid until the next forward).
template <typename T>
struct TransformerBlockProbe {
    ConstTensorView<T> attention;            // (B, NH, T, T) softmax weights [b, head, query, key]
    ConstTensorView<T> qkvPreActivation[3];  // (B, T, C) W·z + b for q, k, v
    ConstTensorView<T> ffnPreActivation;     // (B, T, d_ff) fc1 or gate; empty for none
    // (B, NH, T, T) q·k/√hs before the softmax; with a causal mask only keys ≤ query are set.
    ConstTensorView<T> attentionLogits;
    // The residual stream entering LN₁ and LN₂ (B, T, C): Pre-LN x and x + o; Post-LN x + o and
    // h + F(h).
    ConstTensorView<T> normInput[2];
};

template <typename T>
class Transformer {
public:
    // Builds and initialises (seeded: embeddings normal(0, 0.02), Linear weights as config.init
    // says, zero biases, LayerNorm weight 1 and bias 0); nullptr with *error when invalid.
    static std::unique_ptr<Transformer> create(const TransformerConfig& config, std::string* error);
    ~Transformer();
    Transformer(const Transformer&) = delete;
    Transformer& operator=(const Transformer&) = delete;

    const TransformerConfig& config() const { return m_config; }
    int feedForwardWidth() const { return m_dFf; }

    // tokens (B, T) with T ≤ config().sequence, ids in [0, vocabulary) → logits (B·T, outputs)
    // per position, or (B, outputs) pooled; valid until the next forward. On a device the ops
    // only record: the logits (and the probes' tensors) are in host memory after
    // tensorOps().finish().
    ConstTensorView<T> forward(ConstTokenView tokens);
    // dlogits has the shape forward returned; adds ∂L/∂parameter into every parameter's grad
    // (call zeroGradients() first; the gradients are in host memory after tensorOps().finish()).
    void backward(ConstTensorView<T> dlogits);

    // In PyTorch's names and layouts: "blocks.0.attn.q.weight" is (out, in) = (C, C).
    std::vector<Parameter<T>*> parameters();
    Parameter<T>* findParameter(std::string_view name);  // nullptr when there is none
    // The shape of a parameter in PyTorch's layout ((out, in) weights, (n) vectors).
    static Shape parameterShape(const Parameter<T>& parameter);
    void zeroGradients();
    long long parameterCount() const;

    TransformerBlockProbe<T> probe(int layer) const;  // 0 ≤ layer < layers
    // The activation of block `layer`'s q, k, v (site 0, 1, 2) or FFN (site 3).
    const ActivationSite<T>& activationSite(int layer, int site) const;

    // The ops every layer runs through (the CPU's unless set); results are in host memory when
    // forward and backward return.
    void setTensorOps(std::shared_ptr<TensorOpsTable<T>> ops) { m_ops = std::move(ops); }
    TensorOpsTable<T>& tensorOps() { return *m_ops; }

private:
    struct Block;  // a block's parameter indices (transformer_buffers.h)
    explicit Transformer(const TransformerConfig& config);
    void allocate(Index batch, Index sequence);

    Parameter<T>& parameter(int index) { return m_parameters[size_t(index)]; }
    TensorView<T> value(int index, Shape shape);
    TensorView<T> gradient(int index, Shape shape);
    void copy(TensorView<T> to, ConstTensorView<T> from);  // through the ops
    void zero(TensorView<T> to);
    void blockForward(int layer, ConstTensorView<T> x);
    void blockBackward(int layer);  // m_buffers->dStream: ∂L/∂output in, ∂L/∂input out
    void attentionBranchForward(int layer, ConstTensorView<T> z);  // z → projected
    // dz += ∂L/∂z from dprojected = ∂L/∂o(A(z)).
    void attentionBranchBackward(int layer, ConstTensorView<T> dprojected, ConstTensorView<T> z,
                                 TensorView<T> dz);
    void feedForwardForward(int layer, ConstTensorView<T> z);  // z → ffnOut
    void feedForwardBackward(int layer, ConstTensorView<T> dout, ConstTensorView<T> z,
                             TensorView<T> dz);

    TransformerConfig m_config;
    int m_dFf = 0;
    std::vector<Parameter<T>> m_parameters;
    std::vector<Block> m_blocks;
    std::vector<std::array<ActivationSite<T>, 4>> m_sites;  // per block: q, k, v, FFN
    int m_finalWeight = -1, m_finalBias = -1;               // ln_f (Pre-LN only)
    int m_headWeight = -1, m_headBias = -1;
    struct Buffers;  // defined in transformer_buffers.h
    std::unique_ptr<Buffers> m_buffers;
    std::shared_ptr<TensorOpsTable<T>> m_ops;
};

}  // namespace actlab
