// Model configuration checks, the 8/3 rule, parameter counts, and construction.
#include "models/model_factory.h"

#include <cmath>

#include "models/glu_ffn.h"
#include "models/mlp.h"

namespace actlab {

std::optional<Initialiser> parseInitialiser(std::string_view name) {
    if (name == "he" || name == "he_normal") return Initialiser::HeNormal;
    if (name == "he_uniform") return Initialiser::HeUniform;
    if (name == "xavier") return Initialiser::Xavier;
    if (name == "lecun") return Initialiser::Lecun;
    return std::nullopt;
}

std::string_view initialiserName(Initialiser init) {
    switch (init) {
        case Initialiser::HeNormal:
            return "he";
        case Initialiser::HeUniform:
            return "he_uniform";
        case Initialiser::Xavier:
            return "xavier";
        case Initialiser::Lecun:
            return "lecun";
    }
    return "he";
}

int gluFeedForwardWidth(const ModelConfig& config) {
    return config.dFf > 0 ? config.dFf : int(std::lround(8.0 * config.dModel / 3.0));
}

GluParameterCounts gluParameterCounts(const ModelConfig& config) {
    const long long d = config.dModel, f = gluFeedForwardWidth(config);
    const long long b = config.biases ? 1 : 0;
    return {3 * d * f + b * (2 * f + d), 2 * d * f + b * (f + d), 8 * d * d + b * (4 * d + d)};
}

std::optional<std::string> validateModelConfig(const ModelConfig& config) {
    if (config.inputDimension < 1 || config.outputDimension < 1)
        return "the model needs inputs and outputs";
    const bool mlp = config.kind == ModelKind::Mlp;
    const size_t layers = mlp ? config.hidden.size() : size_t(config.blocks);
    if (mlp) {
        if (config.hidden.empty() || config.hidden.size() > size_t(kMaxHiddenLayers))
            return "an MLP has 1 to 8 hidden layers, got " + std::to_string(config.hidden.size());
        for (int width : config.hidden)
            if (width < 1 || width > kMaxWidth)
                return "hidden layers have 1 to 512 units, got " + std::to_string(width);
    } else {
        if (config.blocks < 1 || config.blocks > kMaxHiddenLayers)
            return "a GLU-FFN has 1 to 8 blocks, got " + std::to_string(config.blocks);
        if (config.dModel < 1 || config.dModel > kMaxWidth)
            return "d_model must be in [1, 512], got " + std::to_string(config.dModel);
        const int f = gluFeedForwardWidth(config);
        if (f < 1 || f > 4 * kMaxWidth)
            return "d_ff must be in [1, 2048], got " + std::to_string(f);
    }
    if (config.activations.size() != 1 && config.activations.size() != layers)
        return "give one activation for all layers or one per layer (" + std::to_string(layers) +
               ")";
    for (const ActivationConfig& a : config.activations) {
        // a mix is a plain site's function, or a gated unit's gate: mix(g)·v
        const bool gated = a.info().kind == ActivationKind::Gated;
        if (!mlp && a.id == ActivationId::Mix) continue;
        if (mlp && gated)
            return std::string("'").append(a.info().name) +
                   "' is a gated unit: use it with --model glu";
        if (!mlp && !gated)
            return "a GLU-FFN needs a gated unit (glu, reglu, geglu, swiglu, or a mix as the "
                   "gate), got '" +
                   std::string(a.info().name) + "'";
    }
    if (!std::isfinite(config.biasInit) || std::abs(config.biasInit) > 100)
        return "the bias init must be in [-100, 100]";
    return std::nullopt;
}

template <typename T>
std::unique_ptr<Model<T>> createModel(const ModelConfig& config, std::string* error) {
    if (auto problem = validateModelConfig(config)) {
        if (error) *error = *problem;
        return nullptr;
    }
    if (config.kind == ModelKind::Mlp) return createMlp<T>(config);
    return createGluFfn<T>(config);
}

template std::unique_ptr<Model<float>> createModel<float>(const ModelConfig&, std::string*);
template std::unique_ptr<Model<double>> createModel<double>(const ModelConfig&, std::string*);

}  // namespace actlab
