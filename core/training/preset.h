// One preset type over every model's configuration: a named set-up for the classroom (an
// explicit table per lab), a configuration in the one JSON form of core/config (what it leaves
// out keeps its default) that fills a whole Config; explicit flags or controls then override
// single fields. Presets of the Training lab are Preset<TrainingConfig> (training/presets.h),
// of the Attention lab Preset<SequenceTrainingConfig> (training/sequence_presets.h).
#pragma once

#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace actlab {

template <typename Config>
struct Preset {
    std::string_view name;
    std::string_view description;  // what a class will see, as measured (a test checks it)
    int steps;                     // how long the preset is meant to run
    std::string_view json;         // the configuration's JSON form (configFromJson<Config>)
    // config = the defaults with the JSON applied (the table's JSON is checked by a test).
    void apply(Config& config) const;
};

// The configuration of a JSON text, or nullopt with *error: the lab's reader
// (trainingConfigFromJson, sequenceTrainingConfigFromJson), defined beside each table.
template <typename Config>
std::optional<Config> configFromJson(const std::string& text, std::string* error);

template <typename Config>
void Preset<Config>::apply(Config& config) const {
    std::string error;
    std::optional<Config> parsed = configFromJson<Config>(std::string(json), &error);
    if (!parsed)  // the tables are fixed and tested: this is a programming error
        throw std::logic_error("preset " + std::string(name) + ": " + error);
    config = *parsed;
}

// The preset called `name` in `table`, or nullptr.
template <typename Config>
const Preset<Config>* findPreset(std::span<const Preset<Config>> table, std::string_view name) {
    for (const Preset<Config>& preset : table)
        if (preset.name == name) return &preset;
    return nullptr;
}

}  // namespace actlab
