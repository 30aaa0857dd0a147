// The training flags shared by `actlab-cli train` and `compare`: a --config file (the JSON of
// core/config/training_config_json.h) or a preset first, then every explicit flag overrides
// its field. Errors are CliErrors (one line, exit 2).
#pragma once

#include <optional>
#include <set>
#include <string>

#include "cli_arguments.h"
#include "training/trainer.h"

namespace actlab::cli {

struct TrainOptions {
    TrainingConfig config;
    int steps = 1000;
    int logEvery = 50;
    std::optional<std::string> metricsPath;
    BackendChoice backend = BackendChoice::Cpu;
};

// Options that take a value, and switches, accepted by train (compare adds its own).
const std::set<std::string>& trainingValuedOptions();
const std::set<std::string>& trainingSwitches();

// Reads the --config file or preset, then the flags. `activationOverride`, when given, replaces
// --activation.
TrainOptions parseTrainOptions(const Arguments& args,
                               const std::optional<std::string>& activationOverride);

}  // namespace actlab::cli
