// SequenceTrainer's distributions (core/diagnostics/distributions.h): every block's sites on
// the probe batch, the first `probes` held-out sequences (those whose attention maps are shown).
#include <algorithm>
#include <cmath>

#include "layers/activation.h"
#include "training/sequence_trainer.h"

namespace actlab {
namespace {

SiteSample siteSample(std::string name, int layer, SiteKind kind, double gradientNorm) {
    SiteSample sample;
    sample.name = std::move(name);
    sample.layer = layer;
    sample.kind = kind;
    sample.gradientNorm = gradientNorm;
    return sample;
}

// A site's sample of its pre-activations `pre` (…, units) through its activation: a unit is dead
// where f′ is 0 on every row, a value saturated where |f′| is small; a mix's shares.
SiteSample activatedSample(SiteSample sample, ConstTensorView<float> pre,
                           const ActivationSite<float>& activation) {
    const Index units = pre.extent(pre.rank() - 1), rows = pre.size() / units;
    const ConstTensorView<float> flat = pre.reshape(Shape{rows, units});
    Tensor<float> value(flat.shape()), derivative(flat.shape());
    activation.function(hostTensorOps<float>(), value, derivative, flat);
    std::vector<char> alive(size_t(units), 0);
    size_t saturated = 0;
    for (Index i = 0; i < flat.size(); ++i) {
        const float slope = derivative.data()[i];
        alive[size_t(i % units)] |= slope != 0.0f;
        saturated += std::abs(slope) < kSaturatedSlope;
    }
    sample.z.assign(flat.data(), flat.data() + flat.size());
    sample.deadShare =
        double(std::count(alive.begin(), alive.end(), 0)) / double(std::max<Index>(1, units));
    sample.saturatedShare = double(saturated) / double(flat.size());
    sample.reluFamily = isReluFamily(activation.activation().id);
    sample.mixComponents = activation.mixComponents();
    sample.mixShares = activation.mixShares();
    return sample;
}

}  // namespace

std::vector<MixReading> SequenceTrainer::mixReadings() const {
    m_model->tensorOps().finish();  // the mixtures' weights in host memory
    std::vector<MixReading> readings;
    const TransformerConfig& mc = m_config.model;
    for (int l = 0; l < mc.layers; ++l)
        for (int j = 0; j < 4; ++j) {
            const ActivationSite<float>& site = m_model->activationSite(l, j);
            if (site.activation().id != ActivationId::Mix) continue;
            const char* part = j < 3                              ? (j == 0   ? "q"
                                                                     : j == 1 ? "k"
                                                                              : "v")
                               : mc.ffn == FeedForwardKind::Gated ? "ffn gate"
                                                                  : "ffn hidden";
            readings.push_back({"block " + std::to_string(l + 1) + " " + part, site.mixComponents(),
                                site.mixShares()});
        }
    return readings;
}

std::vector<SiteSample> SequenceTrainer::distributionSamples() {
    const TransformerConfig& mc = m_config.model;
    m_model->forward(m_test.tokens.slice(0, m_config.batch));
    m_model->tensorOps().finish();
    // The probe sequences' rows of a (batch, …) tensor: the first `probes` of the batch.
    const auto probeRows = [&](ConstTensorView<float> t) { return t.slice(0, m_config.probes); };
    std::vector<SiteSample> samples;
    const auto activated = [&](SiteSample sample, ConstTensorView<float> pre,
                               const ActivationSite<float>& activation) {
        samples.push_back(activatedSample(std::move(sample), pre, activation));
    };
    // ‖∂L/∂θ‖ of the last step over the parameters of block l named by these suffixes.
    const auto gradientNorm = [&](int l, std::initializer_list<const char*> names) {
        const std::string prefix = "blocks." + std::to_string(l) + ".";
        double sum = 0;
        for (const Parameter<float>* p : m_parameters)
            for (const char* name : names)
                if (p->name == prefix + name)
                    for (float g : p->grad) sum += double(g) * double(g);
        return std::sqrt(sum);
    };
    const Index T = m_task->sequence();
    const bool gated = mc.ffn == FeedForwardKind::Gated;
    for (int l = 0; l < mc.layers; ++l) {
        const TransformerBlockProbe<float> probe = m_model->probe(l);
        const std::string block = "block " + std::to_string(l + 1) + " ";
        if (mc.qkvActivation.id != ActivationId::Identity)
            for (int j = 0; j < 3; ++j) {
                const std::string weight = std::string("attn.") + "qkv"[j] + ".weight",
                                  bias = std::string("attn.") + "qkv"[j] + ".bias";
                activated(siteSample(block + "qkv"[j], l, SiteKind::Qkv,
                                     gradientNorm(l, {weight.c_str(), bias.c_str()})),
                          probeRows(probe.qkvPreActivation[j]), m_model->activationSite(l, j));
            }
        if (mc.ffn != FeedForwardKind::None)
            activated(
                siteSample(block + (gated ? "ffn gate" : "ffn hidden"), l, SiteKind::FfnHidden,
                           gated ? gradientNorm(l, {"ffn.gate.weight"})
                                 : gradientNorm(l, {"ffn.fc1.weight", "ffn.fc1.bias"})),
                probeRows(probe.ffnPreActivation), m_model->activationSite(l, 3));
        SiteSample logits = siteSample(
            block + "attention logits", l, SiteKind::AttentionLogits,
            gradientNorm(l, {"attn.q.weight", "attn.q.bias", "attn.k.weight", "attn.k.bias"}));
        const ConstTensorView<float> attention = probeRows(probe.attentionLogits);
        const float* pre = attention.data();  // (P, NH, T, T) [.., query, key]
        for (Index map = 0; map < attention.size() / (T * T); ++map)
            for (Index q = 0; q < T; ++q)
                for (Index k = 0; k < (mc.causal ? q + 1 : T); ++k)
                    logits.z.push_back(pre[(map * T + q) * T + k]);
        samples.push_back(std::move(logits));
        // The residual stream into each LayerNorm of the block (no LN2 without an FFN), with the
        // gradient norm of that LayerNorm's weight and bias.
        for (int n = 0; n < (mc.ffn == FeedForwardKind::None ? 1 : 2); ++n) {
            const ConstTensorView<float> stream = probeRows(probe.normInput[n]);
            const std::string ln = "ln" + std::to_string(n + 1);
            const std::string weight = ln + ".weight", bias = ln + ".bias";
            SiteSample residual =
                siteSample(block + "residual into LN" + std::to_string(n + 1), l,
                           SiteKind::Residual, gradientNorm(l, {weight.c_str(), bias.c_str()}));
            residual.z.assign(stream.data(), stream.data() + stream.size());
            samples.push_back(std::move(residual));
        }
    }
    return samples;
}

}  // namespace actlab
