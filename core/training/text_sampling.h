// Generation from a text-task Transformer: the next character's softmax with a temperature and
// a top-k cut, a seeded draw from it, and whole generated texts. Shared by `actlab-cli sample`
// and the Attention view's generation panel.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/random.h"
#include "datasets/text_corpus.h"
#include "models/transformer.h"

namespace actlab {

inline constexpr double kMinTemperature = 0.1, kMaxTemperature = 2.0;

struct SamplingSettings {
    double temperature = 1.0;  // kMinTemperature..kMaxTemperature
    int topK = 0;              // keep the k most likely tokens; 0: all
};

// p_i = exp(z_i/τ) / Σ_j exp(z_j/τ) over the topK largest logits z (ties: the smaller id),
// 0 for the others; logits is (V).
std::vector<double> nextTokenDistribution(std::span<const float> logits,
                                          const SamplingSettings& settings);
// The first id whose cumulative probability exceeds one uniform draw u in [0, 1).
int drawToken(std::span<const double> probabilities, Random& rng);
// The model's next-token distribution after `context` (its last T ids; at least one): a
// forward pass of (1, L) tokens, the logits of the last position. The model must be causal.
std::vector<double> nextCharacterDistribution(Transformer<float>& model,
                                              std::span<const Token> context,
                                              const SamplingSettings& settings);
// The prompt followed by `characters` drawn characters (<unk> written as U+FFFD), as UTF-8;
// the same seed gives the same text. An empty prompt starts from the text's first character.
// nullopt with a one-line *error for a prompt that is not UTF-8 or bad settings.
std::optional<std::string> generateText(Transformer<float>& model, const TextCorpus& corpus,
                                        std::string_view prompt, int characters,
                                        const SamplingSettings& settings, std::uint64_t seed,
                                        std::string* error);

}  // namespace actlab
