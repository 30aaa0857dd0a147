// Named Attention-lab set-ups for the classroom (an explicit table): a preset is a training
// configuration in the one JSON form of core/config (what it leaves out keeps its default), and
// fills a whole SequenceTrainingConfig; explicit flags or controls then override single fields.
// Each description states what a class will see, as measured
// (tests/training/test_sequence_presets).
#pragma once

#include <span>
#include <string_view>

#include "training/preset.h"
#include "training/sequence_trainer.h"

namespace actlab {

// The JSON: sequenceTrainingConfigFromJson's form.
using SequencePreset = Preset<SequenceTrainingConfig>;
template <>
std::optional<SequenceTrainingConfig> configFromJson<SequenceTrainingConfig>(
    const std::string& text, std::string* error);

std::span<const SequencePreset> sequencePresets();
const SequencePreset* findSequencePreset(std::string_view name);

}  // namespace actlab
