// Named Attention-lab set-ups for the classroom (an explicit table): a preset is a training
// configuration in the one JSON form of core/config (what it leaves out keeps its default), and
// fills a whole SequenceTrainingConfig; explicit flags or controls then override single fields.
// Each description states what a class will see, as measured
// (tests/training/test_sequence_presets).
#pragma once

#include <span>
#include <string_view>

#include "training/sequence_trainer.h"

namespace actlab {

struct SequencePreset {
    std::string_view name;
    std::string_view description;
    int steps;              // how long the preset is meant to run
    std::string_view json;  // sequenceTrainingConfigFromJson's form
    // config = the defaults with the JSON applied (the table's JSON is checked by a test).
    void apply(SequenceTrainingConfig& config) const;
};

std::span<const SequencePreset> sequencePresets();
const SequencePreset* findSequencePreset(std::string_view name);

}  // namespace actlab
