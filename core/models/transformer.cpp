// The Transformer's configuration checks, parameters (names, PyTorch layouts, seeded
// initialisation) and buffers; the forward and backward passes are in transformer_passes.cpp.
#include "models/transformer.h"

#include <array>
#include <cmath>

#include "common/random.h"
#include "models/transformer_buffers.h"
#include "models/weight_init.h"

namespace actlab {

std::string_view feedForwardName(FeedForwardKind kind) {
    switch (kind) {
        case FeedForwardKind::Plain:
            return "plain";
        case FeedForwardKind::Gated:
            return "gated";
        case FeedForwardKind::None:
            return "none";
    }
    return "plain";
}

std::optional<FeedForwardKind> parseFeedForward(std::string_view name) {
    for (FeedForwardKind kind :
         {FeedForwardKind::Plain, FeedForwardKind::Gated, FeedForwardKind::None})
        if (feedForwardName(kind) == name) return kind;
    return std::nullopt;
}

std::string_view normPlacementName(NormPlacement norm) {
    return norm == NormPlacement::Pre ? "pre" : "post";
}

std::optional<NormPlacement> parseNormPlacement(std::string_view name) {
    if (name == "pre") return NormPlacement::Pre;
    if (name == "post") return NormPlacement::Post;
    return std::nullopt;
}

int transformerFeedForwardWidth(const TransformerConfig& config) {
    if (config.dFf > 0) return config.dFf;
    if (config.ffn == FeedForwardKind::Gated) return int(std::lround(8.0 * config.dModel / 3.0));
    return 4 * config.dModel;
}

long long transformerParameterCount(const TransformerConfig& c) {
    const long long C = c.dModel, F = transformerFeedForwardWidth(c);
    long long ffn = 0;
    if (c.ffn == FeedForwardKind::Plain) ffn = 2 * C + (F * C + F) + (C * F + C);  // ln2, fc1, fc2
    if (c.ffn == FeedForwardKind::Gated) ffn = 2 * C + 3 * F * C;                  // ln2, no biases
    // a mix's weights: K per site, or per unit
    const auto mixWeights = [&](const ActivationConfig& a, long long units) {
        return a.id == ActivationId::Mix ? (c.mixPerUnit ? units : 1) * a.mixtureSize : 0LL;
    };
    if (c.ffn != FeedForwardKind::None) ffn += mixWeights(c.ffnActivation, F);
    const long long block =
        2 * C + 4 * (C * C + C) + ffn + 3 * mixWeights(c.qkvActivation, C);  // ln1, q, k, v, o
    return (c.vocabulary + c.sequence) * C + c.layers * block +
           (c.norm == NormPlacement::Pre ? 2 * C : 0) + c.outputs * C + c.outputs;
}

std::optional<std::string> validateTransformerConfig(const TransformerConfig& c) {
    auto range = [](const char* flag, int value, int low, int high) -> std::optional<std::string> {
        if (value >= low && value <= high) return std::nullopt;
        return std::string(flag) + " must be " + std::to_string(low) + ".." + std::to_string(high) +
               ", got " + std::to_string(value);
    };
    if (auto e = range("--layers", c.layers, 1, kMaxTransformerLayers)) return e;
    if (auto e = range("--heads", c.heads, 1, kMaxTransformerHeads)) return e;
    if (auto e = range("--d-model", c.dModel, 1, kMaxTransformerWidth)) return e;
    if (c.dModel % c.heads != 0)
        return "--heads " + std::to_string(c.heads) + " does not divide --d-model " +
               std::to_string(c.dModel);
    if (auto e = range("--seq", c.sequence, 1, kMaxTransformerSequence)) return e;
    if (auto e = range("--vocab", c.vocabulary, 2, kMaxTransformerTextVocabulary)) return e;
    if (auto e = range("outputs", c.outputs, 1, kMaxTransformerTextVocabulary + 1)) return e;
    if (c.dFf != 0)
        if (auto e = range("--d-ff", c.dFf, 1, kMaxTransformerFeedForward)) return e;
    if (c.qkvActivation.info().kind != ActivationKind::Scalar)
        return "--qkv-activation must be a scalar function, not the gated unit " +
               std::string(c.qkvActivation.info().name);
    if (c.ffn == FeedForwardKind::Plain && c.ffnActivation.info().kind != ActivationKind::Scalar)
        return "--ffn-activation " + std::string(c.ffnActivation.info().name) +
               " is a gated unit: use --ffn gated";
    if (c.ffn == FeedForwardKind::Gated && c.ffnActivation.info().kind != ActivationKind::Gated &&
        c.ffnActivation.id != ActivationId::Mix)
        return "--ffn gated needs glu, reglu, geglu, swiglu or a mix, got " +
               std::string(c.ffnActivation.info().name);
    return std::nullopt;
}

template <typename T>
Transformer<T>::Transformer(const TransformerConfig& config)
    : m_config(config),
      m_dFf(transformerFeedForwardWidth(config)),
      m_buffers(new Buffers),
      m_ops(TensorOpsTable<T>::cpu()) {}

template <typename T>
Transformer<T>::~Transformer() = default;

template <typename T>
std::unique_ptr<Transformer<T>> Transformer<T>::create(const TransformerConfig& config,
                                                       std::string* error) {
    if (auto message = validateTransformerConfig(config)) {
        if (error) *error = *message;
        return nullptr;
    }
    std::unique_ptr<Transformer> model(new Transformer(config));
    Random random(config.seed);
    const int C = config.dModel, F = model->m_dFf;
    auto add = [&](std::string name, int rowsCount, int columns, bool weight, int layer,
                   double fill, bool normal) {
        Parameter<T> p = makeParameter<T>(std::move(name), rowsCount, columns, weight, layer);
        if (weight && config.init) {  // (out, in) = (rowsCount, columns): fan-in is columns
            std::vector<double> values;
            initialiseWeight(values, columns, rowsCount, *config.init, random.next());
            std::copy(values.begin(), values.end(), p.value.begin());
        } else {
            for (T& v : p.value) v = normal ? T(random.normal(0.0, 0.02)) : T(fill);
        }
        model->m_parameters.push_back(std::move(p));
        return int(model->m_parameters.size()) - 1;
    };
    add("tok_emb.weight", config.vocabulary, C, false, -1, 0, true);
    add("pos_emb.weight", config.sequence, C, false, -1, 0, true);
    std::vector<Block>& blocks = model->m_blocks;
    for (int i = 0; i < config.layers; ++i) {
        const std::string prefix = "blocks." + std::to_string(i) + ".";
        Block b;
        b.ln1Weight = add(prefix + "ln1.weight", 1, C, false, i, 1, false);
        b.ln1Bias = add(prefix + "ln1.bias", 1, C, false, i, 0, false);
        const char* names[4] = {"q", "k", "v", "o"};
        for (int j = 0; j < 4; ++j) {
            b.projectionWeight[j] =
                add(prefix + "attn." + names[j] + ".weight", C, C, true, i, 0, true);
            b.projectionBias[j] =
                add(prefix + "attn." + names[j] + ".bias", 1, C, false, i, 0, false);
        }
        if (config.ffn != FeedForwardKind::None) {
            b.ln2Weight = add(prefix + "ln2.weight", 1, C, false, i, 1, false);
            b.ln2Bias = add(prefix + "ln2.bias", 1, C, false, i, 0, false);
        }
        if (config.ffn == FeedForwardKind::Plain) {
            b.ffnWeight[0] = add(prefix + "ffn.fc1.weight", F, C, true, i, 0, true);
            b.ffnBias[0] = add(prefix + "ffn.fc1.bias", 1, F, false, i, 0, false);
            b.ffnWeight[1] = add(prefix + "ffn.fc2.weight", C, F, true, i, 0, true);
            b.ffnBias[1] = add(prefix + "ffn.fc2.bias", 1, C, false, i, 0, false);
        } else if (config.ffn == FeedForwardKind::Gated) {
            b.ffnWeight[0] = add(prefix + "ffn.gate.weight", F, C, true, i, 0, true);
            b.ffnWeight[1] = add(prefix + "ffn.value.weight", F, C, true, i, 0, true);
            b.ffnWeight[2] = add(prefix + "ffn.out.weight", C, F, true, i, 0, true);
        }
        b.lastParameter = int(model->m_parameters.size()) - 1;
        blocks.push_back(b);
        const ActivationSiteOptions options{config.mixPerUnit, false, i};
        model->m_sites.push_back(
            {ActivationSite<T>(config.qkvActivation, prefix + "attn.q_act", C, options),
             ActivationSite<T>(config.qkvActivation, prefix + "attn.k_act", C, options),
             ActivationSite<T>(config.qkvActivation, prefix + "attn.v_act", C, options),
             ActivationSite<T>(config.ffn == FeedForwardKind::None
                                   ? ActivationConfig::withDefaults(ActivationId::Identity)
                                   : config.ffnActivation,
                               prefix + "ffn.act", F, options)});
    }
    if (config.norm == NormPlacement::Pre) {
        model->m_finalWeight = add("ln_f.weight", 1, C, false, -1, 1, false);
        model->m_finalBias = add("ln_f.bias", 1, C, false, -1, 0, false);
    }
    model->m_headWeight = add("head.weight", config.outputs, C, true, -1, 0, true);
    model->m_headBias = add("head.bias", 1, config.outputs, false, -1, 0, false);
    return model;
}

template <typename T>
std::vector<Parameter<T>*> Transformer<T>::parameters() {
    std::vector<Parameter<T>*> list;
    // PyTorch's module order: a block's q, k, v activations after its attention projections,
    // its FFN activation after the FFN's weights.
    const auto append = [&](ActivationSite<T>& site) {
        for (Parameter<T>* p : site.parameters()) list.push_back(p);
    };
    for (size_t i = 0; i < m_parameters.size(); ++i) {
        list.push_back(&m_parameters[i]);
        for (size_t l = 0; l < m_blocks.size(); ++l) {
            if (int(i) == m_blocks[l].projectionBias[3])
                for (int j = 0; j < 3; ++j) append(m_sites[l][size_t(j)]);
            if (int(i) == m_blocks[l].lastParameter) append(m_sites[l][3]);
        }
    }
    return list;
}

template <typename T>
const ActivationSite<T>& Transformer<T>::activationSite(int layer, int site) const {
    return m_sites.at(size_t(layer)).at(size_t(site));
}

template <typename T>
Parameter<T>* Transformer<T>::findParameter(std::string_view name) {
    for (Parameter<T>* p : parameters())
        if (p->name == name) return p;
    return nullptr;
}

template <typename T>
Shape Transformer<T>::parameterShape(const Parameter<T>& p) {
    const bool vector = p.rows == 1 && (p.name.ends_with(".bias") || p.name.find("ln") == 0 ||
                                        p.name.find(".ln") != std::string::npos ||
                                        p.name.ends_with(".mix_weights"));
    return vector ? Shape{p.cols} : Shape{p.rows, p.cols};
}

template <typename T>
void Transformer<T>::zeroGradients() {
    // Through the ops: on a device the gradients stay there.
    for (Parameter<T>* p : parameters())
        m_ops->forOp(TensorOp::Fill)
            .fill(TensorView<T>(std::span<T>(p->grad), Shape{Index(p->grad.size())}), T(0));
}

template <typename T>
long long Transformer<T>::parameterCount() const {
    long long n = 0;
    for (const Parameter<T>& p : m_parameters) n += (long long)p.size();
    for (const auto& sites : m_sites)
        for (const ActivationSite<T>& site : sites) n += site.parameterCount();
    return n;
}

template <typename T>
void Transformer<T>::allocate(Index B, Index Tn) {
    Buffers& m = *m_buffers;
    if (m.batch == B && m.sequence == Tn) return;
    if (m.batch >= 0) m_ops->forget();  // the buffers the ops have seen are freed
    m.batch = B;
    m.sequence = Tn;
    const Index C = m_config.dModel, F = m_dFf, NH = m_config.heads;
    const Shape stream{B, Tn, C}, wide{B, Tn, F}, perRow{B * Tn}, maps{B, NH, Tn, Tn};
    const bool ffn = m_config.ffn != FeedForwardKind::None;
    m.tokens = TokenTensor(Shape{B, Tn});
    m.embedded = Tensor<T>(stream);
    m.blocks.assign(size_t(m_config.layers), {});
    for (auto& b : m.blocks) {
        b.input = Tensor<T>(stream);
        b.ln1 = Tensor<T>(stream);
        b.ln1Mean = Tensor<T>(perRow);
        b.ln1Rstd = Tensor<T>(perRow);
        for (int j = 0; j < 3; ++j) {
            b.qkvPre[j] = Tensor<T>(stream);
            b.qkv[j] = Tensor<T>(stream);
            b.qkvDerivative[j] = Tensor<T>(stream);
        }
        b.preatt = Tensor<T>(maps);
        b.att = Tensor<T>(maps);
        b.attended = Tensor<T>(stream);
        b.projected = Tensor<T>(stream);
        b.residual1 = Tensor<T>(stream);
        if (ffn) {
            b.ln2 = Tensor<T>(stream);
            b.ln2Mean = Tensor<T>(perRow);
            b.ln2Rstd = Tensor<T>(perRow);
            b.hidden = Tensor<T>(wide);
            b.activated = Tensor<T>(wide);
            b.derivative = Tensor<T>(wide);
            if (m_config.ffn == FeedForwardKind::Gated) {
                b.hiddenValue = Tensor<T>(wide);
                b.derivativeValue = Tensor<T>(wide);
            }
            b.ffnOut = Tensor<T>(stream);
            if (m_config.norm == NormPlacement::Post) b.residual2 = Tensor<T>(stream);
        }
        b.output = Tensor<T>(stream);
    }
    m.final = Tensor<T>(stream);
    m.finalMean = Tensor<T>(perRow);
    m.finalRstd = Tensor<T>(perRow);
    m.pooled = Tensor<T>(Shape{B, C});
    m.logits =
        Tensor<T>(m_config.pooled ? Shape{B, m_config.outputs} : Shape{B * Tn, m_config.outputs});
    for (Tensor<T>* d : {&m.dStream, &m.dStreamNext, &m.dResidual, &m.dNorm, &m.dSum, &m.dAttended,
                         &m.dPre, &m.dFinal})
        *d = Tensor<T>(stream);
    for (auto& d : m.dQkv) d = Tensor<T>(stream);
    if (ffn)
        for (auto& d : m.dWide) d = Tensor<T>(wide);
    m.dPooled = Tensor<T>(Shape{B, C});
}

template class Transformer<float>;
template class Transformer<double>;

}  // namespace actlab
