// The presets. Their claims (e.g. ReLU loses ≥ 30% of its neurons on dying-relu for seeds 1–5
// while Leaky ReLU loses none) are checked by tests/training/test_presets.cpp.
#include "training/presets.h"

#include <stdexcept>

#include "config/training_config_json.h"

namespace actlab {
namespace {

// dying-relu: spiral, 3×32 ReLU, biases initialised at −3: many units start below zero for
// every sample. A dead ReLU unit passes no gradient and stays dead; a Leaky ReLU unit still
// passes α·g, which Adam rescales, so it comes back. (A learning rate that is too high kills
// units the same way but also hurts Leaky ReLU; the bias makes the contrast clean.)
// deep-sigmoid: eight sigmoid layers of 32 with Xavier init: the gradient reaching the first
// layer vanishes. spiral-gelu: the spiral with GELU and Adam learns the two arms cleanly.
// swiglu-spiral: a SwiGLU FFN on the 3-class spiral (He init makes the gated products explode
// here, hence Xavier).
// clang-format off
constexpr TrainingPreset kTrainingPresets[] = {
    {"dying-relu",    "spiral, 3x32 ReLU, bias init -3, Adam: ReLU units die, leaky ones recover", 1500,
     R"({"task": "spiral", "data": {"noise": 0.1}, "model": {"hidden": [32, 32, 32], "activations": ["relu"], "init": "he", "bias_init": -3}, "optimizer": {"kind": "adam", "lr": 0.01}, "batch": 32})"},
    {"deep-sigmoid",  "circle, 8x32 sigmoid, Xavier: the first layers' gradient vanishes",   300,
     R"({"task": "circle", "model": {"hidden": [32, 32, 32, 32, 32, 32, 32, 32], "activations": ["sigmoid"], "init": "xavier"}, "optimizer": {"kind": "sgd", "lr": 0.1}})"},
    {"spiral-gelu",   "spiral, 3x32 GELU, Adam lr 0.01",                                    2000,
     R"({"task": "spiral", "model": {"hidden": [32, 32, 32], "activations": ["gelu"]}, "optimizer": {"kind": "adam", "lr": 0.01}})"},
    {"swiglu-spiral", "3-class spiral, GLU-FFN d_model 16 x 2 blocks, SwiGLU, Adam",        2000,
     R"({"task": "spiral3", "model": {"kind": "glu", "d_model": 16, "blocks": 2, "activations": ["swiglu"], "init": "xavier"}, "optimizer": {"kind": "adam", "lr": 0.01}})"},
};
// clang-format on

}  // namespace

template <>
std::optional<TrainingConfig> configFromJson<TrainingConfig>(const std::string& text,
                                                             std::string* error) {
    return trainingConfigFromJson(text, error);
}

std::span<const TrainingPreset> trainingPresets() { return kTrainingPresets; }

const TrainingPreset* findTrainingPreset(std::string_view name) {
    return findPreset(trainingPresets(), name);
}

}  // namespace actlab
