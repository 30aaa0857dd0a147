// Sequence tasks of the Attention lab (an explicit table): seeded generators of token batches
// with their targets, readable token and class names for every heatmap axis, and the positions
// that count for accuracy. Pure data: no model, no backend.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/random.h"
#include "datasets/text_corpus.h"
#include "tensor/tensor.h"

namespace actlab {

enum class SequenceTaskKind { Reverse, Sort, Histogram, Induction, Negation, Text };

struct SequenceTaskInfo {
    SequenceTaskKind kind;
    std::string_view name;         // CLI name: "reverse"
    std::string_view description;  // one line for `list` and tooltips
    bool pooled;                   // one class per sequence (head on the mean over positions)
    bool causal;                   // the task is only meaningful with a causal mask (induction)
    int defaultSequence;           // T when --seq is not given
    int defaultVocabulary;         // V when --vocab is not given (0: the task's own words)
    bool sequenceFixed;            // true: --seq must equal defaultSequence (sort)
    bool vocabularyFixed;          // true: the vocabulary is the task's own (sort, negation)
};
std::span<const SequenceTaskInfo> sequenceTaskCatalogue();
const SequenceTaskInfo* findSequenceTask(std::string_view name);  // nullptr when unknown

struct SequenceTaskOptions {
    int sequence = 0;    // T; 0: the task's default
    int vocabulary = 0;  // V; 0: the task's default (text: at most 512 characters kept)
};

// One batch: tokens (B, T) in [0, vocabulary()); targets (B, T) per-token tasks or (B) pooled
// tasks, in [0, classes()) or kIgnoreTarget (layers/losses.h) where nothing is trained;
// scored has the shape of targets, 1 where a target counts for accuracy and 0 elsewhere.
struct SequenceBatch {
    TokenTensor tokens, targets, scored;
};

class SequenceTask {
public:
    // nullopt with a one-line *error ("--seq for sort must be 6, got 7", "--vocab must be
    // 2..128, got 300") for options the task cannot take. Limits: 2 ≤ T ≤ 64, 2 ≤ V ≤ 128 (text:
    // 512, and a text that decodes: text_corpus.h), and
    // each task's own (induction T ≥ 12 and V ≥ 4, negation T ≥ 5 and no --vocab).
    // text: the text task's text (UTF-8 as given: datasets/text_corpus.h decodes it).
    static std::optional<SequenceTask> create(const SequenceTaskInfo& info,
                                              const SequenceTaskOptions& options,
                                              std::string* error,
                                              std::shared_ptr<const std::string> text = nullptr);

    const SequenceTaskInfo& info() const { return *m_info; }
    int sequence() const { return m_sequence; }      // T
    int vocabulary() const { return m_vocabulary; }  // input tokens V
    int classes() const;                             // output classes
    bool pooled() const { return m_info->pooled; }
    // Names of the input tokens ("a", "b", … or words for negation) and of the output classes.
    std::vector<std::string> tokenNames() const;
    std::vector<std::string> classNames() const;

    // batch (≥ 0) sequences drawn from rng: the same rng state gives the same batch on every
    // machine.
    SequenceBatch sample(int batch, Random& rng) const;
    // The text task's corpus (nullptr for the others) and its evaluation windows as a fixed
    // held-out set padded to a multiple of batch (nullopt for the others: they draw theirs).
    const TextCorpus* textCorpus() const { return m_text.get(); }
    std::optional<SequenceBatch> fixedTestSet(int batch) const;

private:
    SequenceTask() = default;
    static std::optional<SequenceTask> createText(const SequenceTaskInfo& info, int sequence,
                                                  const SequenceTaskOptions& options,
                                                  const std::string* text, std::string* error);
    const SequenceTaskInfo* m_info = nullptr;
    int m_sequence = 0;
    int m_vocabulary = 0;
    std::shared_ptr<const TextCorpus> m_text;
};

}  // namespace actlab
