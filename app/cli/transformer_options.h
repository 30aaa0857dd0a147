// The Transformer side of train and compare (--model transformer): the Attention lab's model,
// task and training settings, range-checked, with one-line CliErrors (the flags: run_options.h).
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "diagnostics/head_scores.h"
#include "run_loop.h"
#include "training/sequence_trainer.h"
#include "training/text_figures.h"

namespace actlab::cli {

struct TransformerTrainOptions : RunSettings {
    SequenceTrainingConfig config;
    std::optional<std::string> dumpAttentionPath;  // --dump-attention FILE.json
};

// Reads and checks the flags (a bad one throws CliError before anything trains).
TransformerTrainOptions parseTransformerOptions(const Arguments& args);
// train, compare and export-pytorch of a Transformer; `resumed`, when given, is the run train
// continues (`train --session`) instead of a new one.
std::unique_ptr<ModelRun> transformerModelRun(TransformerTrainOptions options,
                                              std::unique_ptr<SequenceTrainer> resumed = nullptr);

// backend: where the ops ran, "cpu", "vulkan" or "vulkan (cpu: …)".
struct TransformerRun : RunFigures<SequenceSnapshot> {
    int dFf = 0;
    std::optional<TextFigures> text;  // the text task's figures in bits per character
    HeadScores headScores;            // measured at the end (diagnostics/head_scores.h)
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
// compare --model transformer: Q/K/V activations × norms over the seeds, from `base`.
std::string compareTransformers(const Arguments& args, const TransformerTrainOptions& base,
                                std::string& notes);

}  // namespace actlab::cli
