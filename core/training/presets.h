// Named training set-ups for the classroom (an explicit table): a preset is a training
// configuration in the one JSON form of core/config (what it leaves out keeps its default), and
// fills a whole TrainingConfig; explicit flags or controls then override single fields.
#pragma once

#include <span>
#include <string_view>

#include "training/preset.h"
#include "training/trainer.h"

namespace actlab {

using TrainingPreset = Preset<TrainingConfig>;  // the JSON: trainingConfigFromJson's form
template <>
std::optional<TrainingConfig> configFromJson<TrainingConfig>(const std::string& text,
                                                             std::string* error);

std::span<const TrainingPreset> trainingPresets();
const TrainingPreset* findTrainingPreset(std::string_view name);

}  // namespace actlab
