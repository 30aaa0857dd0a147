// Internal to core/export: the Attention lab's sequence tasks in Python, ported from
// core/datasets/sequence_tasks.cpp draw for draw, so that ActLab's Random makes the same batches.
#pragma once

#include <string>

#include "datasets/sequence_tasks.h"

namespace actlab::pytorch_export {

// make_row(random) -> (tokens, targets, scored) for the task (lists of T, or a class and 1 for a
// pooled task), and sample(count, random) -> tensors (count, T) (targets and scored (count)
// when pooled). Uses the constants SEQ and VOCAB.
// The text task's: sample(count, random) of training windows and held_out(count), the text
// embedded as ids (textTaskCode).
std::string sequenceTaskCode(const SequenceTask& task);
std::string textTaskCode(const TextCorpus& corpus);

}  // namespace actlab::pytorch_export
