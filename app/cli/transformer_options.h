// The flags of `actlab-cli train --model transformer` (and of compare over Transformers): the
// Attention lab's model, task and training settings, range-checked, with one-line CliErrors.
#pragma once

#include <optional>
#include <ostream>
#include <set>
#include <string>

#include "cli_arguments.h"
#include "training/sequence_trainer.h"

namespace actlab::cli {

struct TransformerTrainOptions {
    SequenceTrainingConfig config;
    int steps = 1000;
    int logEvery = 50;
    std::optional<std::string> metricsPath;
    std::optional<std::string> distributionsPath;  // --distributions FILE.json
    std::optional<std::string> dumpAttentionPath;
    std::optional<std::string> saveModelPath;    // safetensors
    std::optional<std::string> saveSessionPath;  // --save-session FILE.actlab
    BackendChoice backend = BackendChoice::Cpu;
};

const std::set<std::string>& transformerValuedOptions();
const std::set<std::string>& transformerSwitches();

// True when the words ask for the Transformer (--model transformer).
bool wantsTransformer(const std::vector<std::string>& words);

// Reads and checks the flags (a bad one throws CliError before anything trains).
TransformerTrainOptions parseTransformerOptions(const Arguments& args);

struct TransformerRun {
    SequenceSnapshot final;
    long long parameters = 0;
    int dFf = 0;
    std::string backend;        // where the ops ran: "cpu", "vulkan" or "vulkan (cpu: …)"
    double stepsPerSecond = 0;  // training steps only (snapshots excluded)
    int stepsToTarget = -1;     // first logged step with token accuracy ≥ target, −1 if never
    std::vector<MixReading> mixes;  // a mix's shares per site at the end
};

// Trains o.config for o.steps, logging a snapshot every o.logEvery steps (to metrics as CSV when
// given); writes o.dumpAttentionPath at the end.
// notes gets a line when the backend asked for is not the one used.
// `resumed`, when given, is the run to continue (`train --session`) instead of a new one.
TransformerRun runTransformer(const TransformerTrainOptions& o, std::ostream* metrics,
                              double target, std::string& notes,
                              std::unique_ptr<SequenceTrainer> resumed = nullptr);
// The JSON line of `train --model transformer` for a finished run.
std::string transformerRunJson(const TransformerTrainOptions& o, const TransformerRun& r);

}  // namespace actlab::cli
