// One serialisation of the Attention lab's configurations as JSON text (nlohmann-json stays
// inside core): the model as the safetensors metadata names it (actlab_config), and the whole
// training run, used by the CLI (--config), presets, the GUI state and, later, sessions.
#pragma once

#include <optional>
#include <string>

#include "training/sequence_trainer.h"

namespace actlab {

// {"vocab", "seq", "d_model", "heads", "layers", "d_ff", "ffn", "ffn_activation",
//  "qkv_activation", "norm", "causal", "outputs", "pool", "init"}: activations as catalogue
// names, or {"name": …, "params": {…}} when a parameter differs from its default. d_ff is the
// width used (the default rule applied).
std::string transformerConfigToJson(const TransformerConfig& config);
// Every field is optional (defaults as TransformerConfig); an unknown field, a wrong type or a
// bad value gives nullopt and a one-line *error naming the field ("d_model: expected a whole
// number, got \"x\"").
std::optional<TransformerConfig> transformerConfigFromJson(const std::string& text,
                                                           std::string* error);

// {"version": 1, "task", "seq", "vocab", "model": {…as above}, "optimizer": {"kind", "lr",
//  "momentum", "beta1", "beta2", "eps", "weight_decay", "clip", "schedule", "warmup",
//  "total_steps"}, "batch", "seed", "test_sequences", "probes", "text" (the text task's, whole),
//  "text_vocabulary" (read and ignored here: run states write it, and check it on reading)}.
std::string sequenceTrainingConfigToJson(const SequenceTrainingConfig& config);
std::optional<SequenceTrainingConfig> sequenceTrainingConfigFromJson(const std::string& text,
                                                                     std::string* error);

}  // namespace actlab
