// The presets. Their claims (e.g. ReLU loses ≥ 30% of its neurons on dying-relu for seeds 1–5
// while Leaky ReLU loses none) are checked by tests/training/test_presets.cpp.
#include "training/presets.h"

namespace actlab {
namespace {

ActivationConfig activation(ActivationId id) { return ActivationConfig::withDefaults(id); }

void defaults(TrainingConfig& c) { c = TrainingConfig{}; }

// Spiral, 3×32 ReLU, biases initialised at −3: many units start below zero for every sample.
// A dead ReLU unit passes no gradient and stays dead; a Leaky ReLU unit still passes α·g, which
// Adam rescales, so it comes back. (A learning rate that is too high kills units the same way
// but also hurts Leaky ReLU; the bias makes the contrast clean.)
void dyingRelu(TrainingConfig& c) {
    defaults(c);
    c.task = "spiral";
    c.data.noise = 0.1;
    c.model.hidden = {32, 32, 32};
    c.model.activations = {activation(ActivationId::Relu)};
    c.model.init = Initialiser::HeNormal;
    c.model.biasInit = -3.0;
    c.optimizer.kind = OptimizerKind::Adam;
    c.optimizer.learningRate = 0.01;
    c.batch = 32;
}

// Eight sigmoid layers of 32 with Xavier init: the gradient reaching the first layer vanishes.
void deepSigmoid(TrainingConfig& c) {
    defaults(c);
    c.task = "circle";
    c.model.hidden = std::vector<int>(8, 32);
    c.model.activations = {activation(ActivationId::Sigmoid)};
    c.model.init = Initialiser::Xavier;
    c.optimizer.kind = OptimizerKind::Sgd;
    c.optimizer.learningRate = 0.1;
}

// The spiral with GELU and Adam: learns the two arms cleanly.
void spiralGelu(TrainingConfig& c) {
    defaults(c);
    c.task = "spiral";
    c.model.hidden = {32, 32, 32};
    c.model.activations = {activation(ActivationId::Gelu)};
    c.optimizer.kind = OptimizerKind::Adam;
    c.optimizer.learningRate = 0.01;
}

// A SwiGLU FFN on the 3-class spiral.
void swigluSpiral(TrainingConfig& c) {
    defaults(c);
    c.task = "spiral3";
    c.model.kind = ModelKind::GluFfn;
    c.model.dModel = 16;
    c.model.blocks = 2;
    c.model.activations = {activation(ActivationId::Swiglu)};
    c.model.init = Initialiser::Xavier;  // He init makes the gated products explode here
    c.optimizer.kind = OptimizerKind::Adam;
    c.optimizer.learningRate = 0.01;
}

// clang-format off
constexpr TrainingPreset kPresets[] = {
    {"dying-relu",    "spiral, 3x32 ReLU, bias init -3, Adam: ReLU units die, leaky ones recover", 1500, dyingRelu},
    {"deep-sigmoid",  "circle, 8x32 sigmoid, Xavier: the first layers' gradient vanishes",   300, deepSigmoid},
    {"spiral-gelu",   "spiral, 3x32 GELU, Adam lr 0.01",                                    2000, spiralGelu},
    {"swiglu-spiral", "3-class spiral, GLU-FFN d_model 16 x 2 blocks, SwiGLU, Adam",        2000, swigluSpiral},
};
// clang-format on

}  // namespace

std::span<const TrainingPreset> trainingPresets() { return kPresets; }

const TrainingPreset* findTrainingPreset(std::string_view name) {
    for (const TrainingPreset& preset : kPresets)
        if (preset.name == name) return &preset;
    return nullptr;
}

}  // namespace actlab
