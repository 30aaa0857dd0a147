// The training flags shared by `actlab-cli train` and `compare`: a --config file (the JSON of
// core/config/training_config_json.h) or a preset first, then every explicit flag overrides
// its field. Errors are CliErrors (one line, exit 2).
#pragma once

#include <functional>
#include <memory>
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
    std::optional<std::string> distributionsPath;  // --distributions FILE.json
    std::optional<std::string> saveModelPath;      // --save-model FILE.safetensors
    std::optional<std::string> saveSessionPath;    // --save-session FILE.actlab
    BackendChoice backend = BackendChoice::Cpu;
};

struct RunResult {
    std::string backend;  // where the steps ran
    long long parameters = 0;
    ModelConfig model;  // as built (input/output dimensions from the data)
    TrainingSnapshot final;
    double stepsPerSecond = 0;  // of the steps taken by this run of the program
    int stepsToTarget = -1;     // first logged step with test accuracy ≥ target, −1 if never
    std::vector<MixReading> mixes;  // a mix's shares per site at the end
};

// Builds the run to continue (`train --session`) on the backend given, instead of a new one.
using ResumeRun = std::function<std::unique_ptr<Trainer>(Backend*)>;

// Trains o.config (or the resumed run) up to o.steps in all, a snapshot every o.logEvery steps
// (CSV rows to `metrics` when given); writes o.saveSessionPath at the end. `notes` gets a line
// when the backend asked for is not the one used.
RunResult runTraining(const TrainOptions& o, std::ostream* metrics, double target,
                      std::string& notes, const ResumeRun& resume = {});
// The run, its --metrics file and its JSON line (`actlab-cli train`).
std::string trainWithOptions(const TrainOptions& o, std::string& notes,
                             const ResumeRun& resume = {});

// Options that take a value, and switches, accepted by train (compare adds its own).
const std::set<std::string>& trainingValuedOptions();
const std::set<std::string>& trainingSwitches();

// Reads the --config file or preset, then the flags. `activationOverride`, when given, replaces
// --activation.
TrainOptions parseTrainOptions(const Arguments& args,
                               const std::optional<std::string>& activationOverride);

}  // namespace actlab::cli
