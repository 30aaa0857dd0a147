// The JSON line's parts that the text task and the head scores add to `train --model
// transformer` (issue 27).
#pragma once

#include "diagnostics/head_scores.h"
#include "json_writer.h"
#include "training/text_figures.h"

namespace actlab::cli {

// "test_bits_per_char", "best_test_bits_per_char", "best_step", "train_bits_per_char",
// "next_char_accuracy", "unigram_bits_per_char", "bigram_bits_per_char", "vocab", "unk_share",
// "text_chars", "held_out" into the open object.
void writeTextFigures(JsonWriter& json, const TextFigures& figures);
// "head_scores": [[{"previous_token", "induction", "shifted_induction", "self", "first_token",
// "label"} per head]
// per layer] into the open object.
void writeHeadScores(JsonWriter& json, const HeadScores& scores);

}  // namespace actlab::cli
