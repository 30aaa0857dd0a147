// The text task's figures in bits per character, read off a snapshot: the model's train and
// held-out cross-entropy (nats / ln 2), the best held-out value and its step, next-character
// accuracy, and the corpus's counting baselines beside them.
#pragma once

#include <numbers>
#include <optional>

#include "training/sequence_trainer.h"

namespace actlab {

// Nats per character as bits per character.
inline double bitsPerCharacter(double nats) { return nats / std::numbers::ln2; }

struct TextFigures {
    double trainBits = 0;     // the snapshot's train loss
    double testBits = 0;      // the held-out loss (the training text's when there is no split)
    double bestTestBits = 0;  // the lowest held-out loss of the history and the snapshot
    int bestStep = 0;         // where it was measured
    double accuracy = 0;      // next-character accuracy on the held-out characters
    double unigramBits = 0, bigramBits = 0;  // add-one smoothed counts (text_corpus.h)
    int vocabulary = 0;                      // with <unk> when some characters were not kept
    double unknownShare = 0;                 // of the text's characters
    int characters = 0;                      // the text's length in characters (code points)
    bool heldOut = false;                    // false: the text is too short for a held-out part
};

// nullopt when the task is not the text task.
std::optional<TextFigures> textFigures(const SequenceTask& task, const SequenceSnapshot& s);

}  // namespace actlab
