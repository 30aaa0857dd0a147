// The MLP and GLU-FFN side of train and compare: a --config file (the JSON of
// core/config/training_config_json.h) or a preset first, then every explicit flag overrides
// its field (the flags: run_options.h). Errors are CliErrors (one line, exit 2).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "run_loop.h"
#include "training/trainer.h"

namespace actlab::cli {

struct TrainOptions : RunSettings {
    TrainingConfig config;
};

struct RunResult : RunFigures<TrainingSnapshot> {
    ModelConfig model;  // as built (input/output dimensions from the data)
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

// Reads the --config file or preset, then --model (which settles the kind: a flag of another
// kind is refused), then the flags. `activationOverride`, when given, replaces --activation.
TrainOptions parseTrainOptions(const Arguments& args,
                               const std::optional<std::string>& activationOverride);
// train, compare and export-pytorch of an MLP or GLU-FFN; `resume`, when given, builds the run
// train continues (`train --session`) instead of a new one.
std::unique_ptr<ModelRun> trainingModelRun(TrainOptions options, ResumeRun resume = {});

}  // namespace actlab::cli
