// The Attention lab's model run on one sequence the user typed: per position (or, pooled, per
// sequence) the predicted class and the softmax probabilities (classifyLogits,
// training/sequence_probes.h), and the sequence's attention maps. Runs in the caller's thread.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "training/sequence_trainer.h"

namespace actlab {

struct SequencePrediction {
    std::vector<Token> tokens;  // (T') as given
    bool pooled = false;        // one prediction for the whole sequence
    int classes = 0;
    LogitsClassification classification;  // rows = T', or 1 pooled
    AttentionMaps attention;              // (layers, heads, 1, T', T'): one probe, the sequence
};

// The lengths T' a typed sequence may have. A causal per-position model: 1..T (a later token
// cannot change an earlier position, so the rest is padded and cut off); otherwise exactly T.
struct SequenceLengths {
    int minimum = 0, maximum = 0;
};
SequenceLengths predictableLengths(const SequenceTrainingConfig& config);

// Runs trainer.model() on tokens (T') as row 0 of a (batch, T) input (the training batch's
// shape: the model's buffers are not reallocated). nullopt with a one-line *error for a length
// outside predictableLengths(), a token outside [0, vocabulary) or a diverged run.
std::optional<SequencePrediction> predictSequence(SequenceTrainer& trainer,
                                                  std::span<const Token> tokens,
                                                  std::string* error);

}  // namespace actlab
