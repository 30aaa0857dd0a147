// The Training lab's configuration (MLP and GLU-FFN on the plane, sine, teacher) as JSON text,
// in the form of core/config/config_json.h: used by the CLI (--config), the presets and the
// GUI state. The limits below are the CLI flags' ranges too.
#pragma once

#include <optional>
#include <string>

#include "training/trainer.h"

namespace actlab {

// The allowed ranges of a TrainingConfig's fields (the CLI's flags and the JSON reader).
inline constexpr int kMaxFeedForwardWidth = 2048;  // d_ff
inline constexpr int kMaxBatch = 4096;
inline constexpr int kMinPoints = 4;
inline constexpr int kMaxPoints = 1'000'000;
inline constexpr double kMaxBiasInit = 100;  // |bias_init|
inline constexpr double kMaxPenalty = 10;    // l1, l2
inline constexpr long long kMaxSeed = 2'000'000'000;
inline constexpr int kMaxSurfaceResolution = 512;  // surface_resolution, neuron_resolution

// {"version": 1, "task",
//  "data": {"points", "noise", "train_share", "seed", "features": ["x1", …]},
//  "user_points": [[x1, x2, label], …] (only when set), "user_classes",
//  "model": {"kind": "mlp" | "glu", "hidden": [widths], "activations": [one per layer, or one
//            for all], "prelu_per_neuron", "d_model", "blocks", "d_ff", "biases", "init",
//            "bias_init", "seed"},
//  "optimizer": {as in sequenceTrainingConfigToJson}, "batch", "l1", "l2",
//  "surface_resolution", "neuron_resolution"}. Activations as catalogue names, or
// {"name": …, "params": {…}}. The model's input and output sizes come from the data: not kept.
std::string trainingConfigToJson(const TrainingConfig& config);
// Every field is optional (defaults as TrainingConfig; a "glu" model without "activations" or
// "init" gets SwiGLU and Xavier, as the CLI gives it); an unknown field, a wrong type or a bad
// value gives nullopt and a one-line *error naming the field ("model.hidden[1]: must be
// 1..512, got 0").
std::optional<TrainingConfig> trainingConfigFromJson(const std::string& text, std::string* error);

}  // namespace actlab
