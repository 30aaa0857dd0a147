// Named training set-ups for the classroom (an explicit table): a preset fills a whole
// TrainingConfig; explicit flags or controls then override single fields.
#pragma once

#include <span>
#include <string_view>

#include "training/trainer.h"

namespace actlab {

struct TrainingPreset {
    std::string_view name;
    std::string_view description;
    int steps;  // how long the preset is meant to run
    void (*apply)(TrainingConfig& config);
};

std::span<const TrainingPreset> trainingPresets();
const TrainingPreset* findTrainingPreset(std::string_view name);

}  // namespace actlab
