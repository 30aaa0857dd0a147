// The sequence tasks of the Attention lab: their catalogue table, the option checks, the token
// and class names, and one generator per task filling a row of (tokens, targets, scored).
#include "datasets/sequence_tasks.h"

#include <algorithm>
#include <iterator>
#include <vector>

#include "layers/losses.h"

namespace actlab {
namespace {

using K = SequenceTaskKind;

constexpr int kMinSequence = 2, kMaxSequence = 64;
constexpr int kMinVocabulary = 2, kMaxVocabulary = 128;

// The negation task's words; a token id is the index in negators, positive, negative, fillers
// taken in that order. A sentence is fillers with exactly one adjective and at most one negator.
constexpr std::string_view kNegators[] = {"not", "never", "no"};
constexpr std::string_view kPositive[] = {"happy", "good", "great", "kind", "calm"};
constexpr std::string_view kNegative[] = {"sad", "bad", "awful", "cruel", "angry"};
constexpr std::string_view kFillers[] = {"the",   "i",  "am",  "is",  "very", "feel",
                                         "today", "he", "she", "was", "so",   "it"};
constexpr int kNegatorCount = int(std::size(kNegators));
constexpr int kPositiveCount = int(std::size(kPositive));
constexpr int kNegativeCount = int(std::size(kNegative));
constexpr int kFillerCount = int(std::size(kFillers));
constexpr int kFirstPositive = kNegatorCount;
constexpr int kFirstNegative = kFirstPositive + kPositiveCount;
constexpr int kFirstFiller = kFirstNegative + kNegativeCount;
constexpr int kWordCount = kFirstFiller + kFillerCount;
constexpr int kNegationReach = 3;  // a negator 1..3 words before the adjective flips it

// clang-format off
constexpr SequenceTaskInfo kTasks[] = {
 // kind        name         description                                                                         pooled causal T   V   T fix  V fix
 {K::Reverse,   "reverse",   "output the tokens in reverse order: position t gets token T-1-t",                  false, false, 16, 16, false, false},
 {K::Sort,      "sort",      "sort 6 tokens from {a, b, c} ascending (minGPT's sort demo)",                      false, false, 6,  3,  true,  true},
 {K::Histogram, "histogram", "at each position, count how often its token occurs in the sequence (RASP's hist)", false, false, 10, 6,  false, false},
 {K::Induction, "induction", "predict the next token; a segment copied later can be completed from its source",  false, true,  24, 16, false, false},
 {K::Negation,  "negation",  "a sentence's polarity is its adjective's, flipped by not/never/no 1-3 words before", true,  false, 8,  0,  false, true},
 {K::Text,      "text",      "your own text (--text FILE): predict the next character, a tiny language model",      false, true,  32, 0,  false, false},
};

// Each task's own lower limits, within the common 2..64 and 2..128.
struct TaskLimits {
    SequenceTaskKind kind;
    int minSequence, minVocabulary;
};
constexpr TaskLimits kLimits[] = {
 // kind        min T  min V
 {K::Reverse,   2,     2},
 {K::Sort,      6,     3},
 {K::Histogram, 2,     2},
 {K::Induction, 12,    10},  // two segments of 4..7 must fit; 7 distinct tokens and others
 {K::Negation,  5,     0},  // room for an adjective with a negator 4 words before it
 {K::Text,      2,     2},
};
// clang-format on

const TaskLimits& limitsOf(SequenceTaskKind kind) {
    for (const TaskLimits& limits : kLimits)
        if (limits.kind == kind) return limits;
    return kLimits[0];
}

const SequenceTaskInfo* infoOf(SequenceTaskKind kind) {
    for (const SequenceTaskInfo& info : kTasks)
        if (info.kind == kind) return &info;
    return nullptr;
}

// "a", "b", … for up to 26 symbols, else "t0", "t1", …
std::vector<std::string> symbolNames(int count) {
    std::vector<std::string> names;
    for (int i = 0; i < count; ++i) {
        std::string name(1, count <= 26 ? char('a' + i) : 't');
        if (count > 26) name += std::to_string(i);  // appended: "t" + … trips GCC 12's -Wrestrict
        names.push_back(std::move(name));
    }
    return names;
}

// tokens (T) uniform in [0, V); targets (T)[t] = tokens[T − 1 − t].
void reverseRow(std::span<Token> tokens, std::span<Token> targets, int vocabulary, Random& rng) {
    for (Token& token : tokens) token = rng.below(vocabulary);
    std::reverse_copy(tokens.begin(), tokens.end(), targets.begin());
}

// tokens (T) uniform in [0, V); targets (T) = the tokens sorted ascending.
void sortRow(std::span<Token> tokens, std::span<Token> targets, int vocabulary, Random& rng) {
    for (Token& token : tokens) token = rng.below(vocabulary);
    std::copy(tokens.begin(), tokens.end(), targets.begin());
    std::sort(targets.begin(), targets.end());
}

// tokens (T) uniform in [0, V); targets (T)[t] = #{u : tokens[u] = tokens[t]}, in 1..T.
void histogramRow(std::span<Token> tokens, std::span<Token> targets, int vocabulary, Random& rng) {
    for (Token& token : tokens) token = rng.below(vocabulary);
    for (std::size_t t = 0; t < tokens.size(); ++t)
        targets[t] = Token(std::count(tokens.begin(), tokens.end(), tokens[t]));
}

// tokens[c .. c+L) = tokens[s .. s+L), L in 4..min(7, T/2), s + L ≤ c and c + L ≤ T. The
// segment's L tokens are distinct and occur nowhere else (the other positions draw from the
// V − L remaining tokens), so an induction head that finds the earlier occurrence of the
// current token and copies its successor is exactly right. targets[t] = tokens[t + 1]
// (kIgnoreTarget at T − 1); scored only on c ≤ p < c+L−1, where the next token can be read off
// the source.
void inductionRow(std::span<Token> tokens, std::span<Token> targets, std::span<Token> scored,
                  int vocabulary, Random& rng) {
    const int T = int(tokens.size());
    const int maxLength = std::min(7, T / 2);
    const int length = 4 + rng.below(maxLength - 4 + 1);
    const int source = rng.below(T - 2 * length + 1);
    const int copy = source + length + rng.below(T - source - 2 * length + 1);
    std::vector<Token> pool(static_cast<std::size_t>(vocabulary));
    for (int v = 0; v < vocabulary; ++v) pool[std::size_t(v)] = Token(v);
    for (int i = 0; i < length; ++i)  // a partial Fisher–Yates shuffle: the segment comes first
        std::swap(pool[std::size_t(i)], pool[std::size_t(i + rng.below(vocabulary - i))]);
    for (Token& token : tokens) token = pool[std::size_t(length + rng.below(vocabulary - length))];
    for (int i = 0; i < length; ++i)
        tokens[std::size_t(source + i)] = tokens[std::size_t(copy + i)] = pool[std::size_t(i)];
    for (int t = 0; t + 1 < T; ++t) targets[std::size_t(t)] = tokens[std::size_t(t + 1)];
    targets[std::size_t(T - 1)] = kIgnoreTarget;
    std::fill(scored.begin(), scored.end(), Token(0));
    std::fill(scored.begin() + copy, scored.begin() + copy + length - 1, Token(1));
}

// One sentence of fillers with one adjective; returns its class (0 negative, 1 positive).
// Half the sentences have a negator 1..3 words before the adjective (flipped); the rest split
// evenly between distractors: no negator, a negator after, a negator 4 or more words before.
// The polarity is drawn independently of the case, so both classes are equally likely.
Token negationRow(std::span<Token> tokens, Random& rng) {
    enum class Case { Flipped, NoNegator, NegatorAfter, NegatorFar };
    const int T = int(tokens.size());
    const Case drawn = rng.below(2) == 0 ? Case::Flipped : Case(1 + rng.below(3));
    const bool positive = rng.below(2) == 1;
    for (Token& token : tokens) token = kFirstFiller + rng.below(kFillerCount);
    int adjective = 0, negator = -1;
    switch (drawn) {
        case Case::Flipped: {
            const int distance = 1 + rng.below(kNegationReach);
            adjective = distance + rng.below(T - distance);
            negator = adjective - distance;
            break;
        }
        case Case::NoNegator:
            adjective = rng.below(T);
            break;
        case Case::NegatorAfter:
            adjective = rng.below(T - 1);
            negator = adjective + 1 + rng.below(T - 1 - adjective);
            break;
        case Case::NegatorFar:
            adjective = kNegationReach + 1 + rng.below(T - kNegationReach - 1);
            negator = rng.below(adjective - kNegationReach);
            break;
    }
    tokens[adjective] = positive ? kFirstPositive + rng.below(kPositiveCount)
                                 : kFirstNegative + rng.below(kNegativeCount);
    if (negator >= 0) tokens[negator] = rng.below(kNegatorCount);
    return Token(positive != (drawn == Case::Flipped));
}

}  // namespace

std::span<const SequenceTaskInfo> sequenceTaskCatalogue() { return kTasks; }

const SequenceTaskInfo* findSequenceTask(std::string_view name) {
    for (const SequenceTaskInfo& info : kTasks)
        if (info.name == name) return &info;
    return nullptr;
}

std::optional<SequenceTask> SequenceTask::create(const SequenceTaskInfo& info,
                                                 const SequenceTaskOptions& options,
                                                 std::string* error,
                                                 std::shared_ptr<const std::string> text) {
    const auto fail = [&](std::string message) -> std::optional<SequenceTask> {
        if (error) *error = std::move(message);
        return std::nullopt;
    };
    const SequenceTaskInfo* entry = infoOf(info.kind);  // the catalogue's own, never a copy
    if (!entry) return fail("unknown sequence task");
    const std::string name(entry->name);
    const TaskLimits& limits = limitsOf(entry->kind);
    const int sequence = options.sequence != 0 ? options.sequence : entry->defaultSequence;
    const int vocabulary = options.vocabulary != 0 ? options.vocabulary : entry->defaultVocabulary;
    const auto range = [](int low, int high) {
        return std::to_string(low) + ".." + std::to_string(high);
    };

    if (entry->sequenceFixed && sequence != entry->defaultSequence)
        return fail("--seq for " + name + " must be " + std::to_string(entry->defaultSequence) +
                    ", got " + std::to_string(sequence));
    if (sequence < limits.minSequence || sequence > kMaxSequence) {
        if (limits.minSequence == kMinSequence)
            return fail("--seq must be " + range(kMinSequence, kMaxSequence) + ", got " +
                        std::to_string(sequence));
        return fail("--seq for " + name + " must be " + range(limits.minSequence, kMaxSequence) +
                    ", got " + std::to_string(sequence));
    }
    if (entry->vocabularyFixed && entry->defaultVocabulary == 0 && options.vocabulary != 0)
        return fail("--vocab does not apply to " + name + ": it has its own " +
                    std::to_string(kWordCount) + " words");
    if (entry->vocabularyFixed && vocabulary != entry->defaultVocabulary)
        return fail("--vocab for " + name + " must be " + std::to_string(entry->defaultVocabulary) +
                    ", got " + std::to_string(vocabulary));
    if (entry->kind == K::Text) return createText(*entry, sequence, options, text.get(), error);
    if (!entry->vocabularyFixed &&
        (vocabulary < limits.minVocabulary || vocabulary > kMaxVocabulary)) {
        if (limits.minVocabulary == kMinVocabulary)
            return fail("--vocab must be " + range(kMinVocabulary, kMaxVocabulary) + ", got " +
                        std::to_string(vocabulary));
        return fail("--vocab for " + name + " must be " +
                    range(limits.minVocabulary, kMaxVocabulary) + ", got " +
                    std::to_string(vocabulary));
    }

    SequenceTask task;
    task.m_info = entry;
    task.m_sequence = sequence;
    task.m_vocabulary = entry->kind == K::Negation ? kWordCount : vocabulary;
    return task;
}

int SequenceTask::classes() const {
    switch (m_info->kind) {
        case K::Histogram:
            return m_sequence + 1;  // a count 0..T (0 never occurs)
        case K::Negation:
            return 2;
        default:
            return m_vocabulary;  // the output is a token
    }
}

std::optional<SequenceTask> SequenceTask::createText(const SequenceTaskInfo& info, int sequence,
                                                     const SequenceTaskOptions& options,
                                                     const std::string* text, std::string* error) {
    if (!text) {
        if (error) *error = "--task text needs a text: --text FILE or --text builtin:NAME";
        return std::nullopt;
    }
    SequenceTask task;
    task.m_info = &info;
    task.m_sequence = sequence;
    task.m_text = TextCorpus::create(*text, options.vocabulary, sequence, error);
    if (!task.m_text) return std::nullopt;
    task.m_vocabulary = task.m_text->vocabulary();
    return task;
}

std::optional<SequenceBatch> SequenceTask::fixedTestSet(int batch) const {
    if (!m_text) return std::nullopt;
    SequenceBatch out;
    m_text->evaluationSet(batch, out.tokens, out.targets, out.scored);
    return out;
}

std::vector<std::string> SequenceTask::tokenNames() const {
    if (m_text) return m_text->tokenNames();
    if (m_info->kind != K::Negation) return symbolNames(m_vocabulary);
    std::vector<std::string> names;
    for (const auto& words : {std::span<const std::string_view>(kNegators),
                              std::span<const std::string_view>(kPositive),
                              std::span<const std::string_view>(kNegative),
                              std::span<const std::string_view>(kFillers)})
        for (std::string_view word : words) names.emplace_back(word);
    return names;
}

std::vector<std::string> SequenceTask::classNames() const {
    switch (m_info->kind) {
        case K::Histogram: {
            std::vector<std::string> names;
            for (int count = 0; count <= m_sequence; ++count)
                names.push_back(std::to_string(count));
            return names;
        }
        case K::Negation:
            return {"negative", "positive"};
        default:
            return tokenNames();
    }
}

SequenceBatch SequenceTask::sample(int batch, Random& rng) const {
    const Shape targetShape = pooled() ? Shape{batch} : Shape{batch, m_sequence};
    SequenceBatch out{TokenTensor(Shape{batch, m_sequence}), TokenTensor(targetShape),
                      TokenTensor(targetShape, Token(1))};
    if (m_text) {
        m_text->sampleTraining(out.tokens, out.targets, rng);
        return out;
    }
    for (int b = 0; b < batch; ++b) {
        const std::span<Token> tokens = out.tokens[b].span();
        if (m_info->kind == K::Negation) {
            out.targets(b) = negationRow(tokens, rng);
            continue;
        }
        const std::span<Token> targets = out.targets[b].span();
        switch (m_info->kind) {
            case K::Reverse:
                reverseRow(tokens, targets, m_vocabulary, rng);
                break;
            case K::Sort:
                sortRow(tokens, targets, m_vocabulary, rng);
                break;
            case K::Histogram:
                histogramRow(tokens, targets, m_vocabulary, rng);
                break;
            case K::Induction:
                inductionRow(tokens, targets, out.scored[b].span(), m_vocabulary, rng);
                break;
            case K::Negation:
            case K::Text:
                break;
        }
    }
    return out;
}

}  // namespace actlab
