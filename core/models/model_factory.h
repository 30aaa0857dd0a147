// Model configuration and construction: MLPs (up to 8 hidden layers of up to 512 units) and
// GLU-FFNs (residual gated blocks), with their initialisers.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "activations/catalogue.h"
#include "models/model.h"

namespace actlab {

enum class ModelKind { Mlp, GluFfn };
enum class Initialiser { HeNormal, HeUniform, Xavier, Lecun };

inline constexpr int kMaxHiddenLayers = 8;
inline constexpr int kMaxWidth = 512;

std::optional<Initialiser> parseInitialiser(std::string_view name);  // he|he_uniform|xavier|lecun
std::string_view initialiserName(Initialiser init);

struct ModelConfig {
    ModelKind kind = ModelKind::Mlp;
    int inputDimension = 2;
    int outputDimension = 1;
    // MLP: hidden widths. Activations: one per hidden layer, or one for all.
    std::vector<int> hidden{32, 32, 32};
    std::vector<ActivationConfig> activations{ActivationConfig::withDefaults(ActivationId::Relu)};
    bool preluPerNeuron = false;  // PReLU: one learnable α per neuron instead of per layer
    bool mixPerUnit = false;      // mix: one mixture per unit instead of per layer
    // GLU-FFN: an input projection to dModel (when inputDimension ≠ dModel), `blocks` residual
    // blocks y = x + W_o(act(x·W_g) ⊙ x·W_v) with a gated activation, then a linear head.
    int dModel = 16;
    int blocks = 2;
    int dFf = 0;  // 0: the 8/3 rule, round(8·dModel/3)
    bool biases = true;
    Initialiser init = Initialiser::HeNormal;
    double biasInit = 0.0;
    std::uint64_t seed = 1;
};

// The 8/3 rule: d_ff = round(8·d_model/3), which keeps a gated FFN at 8·d_model² weights.
int gluFeedForwardWidth(const ModelConfig& config);

struct GluParameterCounts {
    long long block;           // one gated block: 3·d_model·d_ff weights (+ biases)
    long long plainSameWidth;  // a plain FFN with the same d_ff: 2·d_model·d_ff (+ biases)
    long long plainFourTimes;  // the standard FFN, d_ff = 4·d_model: 8·d_model² (+ biases)
};
GluParameterCounts gluParameterCounts(const ModelConfig& config);

// Checks the configuration; returns a one-line error or nothing.
std::optional<std::string> validateModelConfig(const ModelConfig& config);

// Builds and initialises (seeded) a model; nullptr with *error set when the config is invalid.
template <typename T>
std::unique_ptr<Model<T>> createModel(const ModelConfig& config, std::string* error);

}  // namespace actlab
