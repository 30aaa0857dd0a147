// Named training set-ups for the classroom (an explicit table): a preset is a training
// configuration in the one JSON form of core/config (what it leaves out keeps its default), and
// fills a whole TrainingConfig; explicit flags or controls then override single fields.
#pragma once

#include <span>
#include <string_view>

#include "training/trainer.h"

namespace actlab {

struct TrainingPreset {
    std::string_view name;
    std::string_view description;
    int steps;              // how long the preset is meant to run
    std::string_view json;  // trainingConfigFromJson's form
    // config = the defaults with the JSON applied (the table's JSON is checked by a test).
    void apply(TrainingConfig& config) const;
};

std::span<const TrainingPreset> trainingPresets();
const TrainingPreset* findTrainingPreset(std::string_view name);

}  // namespace actlab
