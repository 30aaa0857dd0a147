// The Attention lab's presets. Figures in the descriptions were measured with actlab-cli on
// the CPU engine (see the README); a test checks each claim.
#include "training/sequence_presets.h"

#include <stdexcept>

#include "config/config_json.h"

namespace actlab {
namespace {

// Pre vs Post: eight Post-LN blocks at a learning rate of 0.01 and no warm-up (Xiong et al.
// 2020, "On Layer Normalization in the Transformer Architecture"): the run Pre-LN (or a
// warm-up) rescues. reverse-heads and pre-vs-post-ln use 8 tokens of 8: short enough to read
// every token name on the maps.
// clang-format off
constexpr SequencePreset kSequencePresets[] = {
    {"reverse-heads",        "Reverse 8 tokens: accuracy climbs from chance (12%) to 100% in about 40 steps as the first layer's heads form the anti-diagonal (query t reads key T-1-t)", 300,
     R"({"task": "reverse", "seq": 8, "vocab": 8, "model": {"layers": 2, "heads": 4, "d_model": 64, "ffn": "plain", "ffn_activation": "gelu"}})"},
    {"induction-two-layers", "Complete a repeated segment: accuracy on the copy stays near chance for about 1500 steps, then jumps to 99% as two attention layers form an induction head", 3000,
     R"({"task": "induction", "model": {"layers": 2, "heads": 2, "d_model": 64, "ffn": "none"}})"},
    {"induction-one-layer",  "The contrast: one attention layer stays at chance (about 7%) on the same task; it cannot chain 'find the earlier token' with 'copy what followed it'", 3000,
     R"({"task": "induction", "model": {"layers": 1, "heads": 2, "d_model": 64, "ffn": "none"}})"},
    {"qkv-negation",         "\"not happy\" with ReLU on Q, K and V: the pooled polarity flips after a nearby negator; in 5 seeds ReLU reached 95% in all 5, identity and GELU in 4", 1500,
     R"({"task": "negation", "batch": 128, "model": {"layers": 2, "heads": 4, "d_model": 32, "qkv_activation": "relu"}})"},
    {"pre-vs-post-ln",       "Eight Post-LN blocks at learning rate 0.01 without warm-up stay at chance (12%) on reverse; Pre-LN, or a 300-step warm-up, learns it in about 300 steps", 600,
     R"({"task": "reverse", "seq": 8, "vocab": 8, "model": {"layers": 8, "heads": 4, "d_model": 64, "norm": "post"}, "optimizer": {"lr": 0.01}})"},
};
// clang-format on

}  // namespace

template <>
std::optional<SequenceTrainingConfig> configFromJson<SequenceTrainingConfig>(
    const std::string& text, std::string* error) {
    return sequenceTrainingConfigFromJson(text, error);
}

std::span<const SequencePreset> sequencePresets() { return kSequencePresets; }

const SequencePreset* findSequencePreset(std::string_view name) {
    return findPreset(sequencePresets(), name);
}

}  // namespace actlab
