// A run's whole state as JSON text, so that a saved run continues exactly as if it had never
// stopped (sessions, `actlab-cli train --save-session / --session`): its configuration, step,
// data order and random streams, history, and its parameters and optimizer moments as an
// embedded safetensors blob (base64). The form is in run_state_json.cpp's opening comment.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "training/sequence_trainer.h"
#include "training/trainer.h"

namespace actlab {

// Version 2 adds the history's "train_loss_steps" and the training points' diagnostics; a
// version-1 state still opens (its train-loss curve is its history points' train loss).
inline constexpr int kRunStateVersion = 2;

std::string trainerStateToJson(Trainer& trainer);
// The run rebuilt from its configuration (on `backend` where it trains there, as
// Trainer::create) and put back where it was; nullptr with a one-line *error naming the field
// for text that is not such a state (bad JSON, a later version, weights that do not fit).
std::unique_ptr<Trainer> trainerFromStateJson(const std::string& text, std::string* error,
                                              Backend* backend = nullptr);

std::string sequenceTrainerStateToJson(SequenceTrainer& trainer);
// The steps a saved run of either lab has taken, read without rebuilding it; nullopt when the
// text is no run state.
std::optional<int> runStateSteps(const std::string& text);
std::unique_ptr<SequenceTrainer> sequenceTrainerFromStateJson(const std::string& text,
                                                              std::string* error);

}  // namespace actlab
