// The sequence tasks' generators in Python: the same calls to Random in the same order as
// core/datasets/sequence_tasks.cpp, one row function per task.
#include "export/sequence_task_code.h"

namespace actlab::pytorch_export {
namespace {

std::string_view rowFunction(SequenceTaskKind kind) {
    switch (kind) {
        case SequenceTaskKind::Reverse:
            return R"PY(def make_row(random):
    """reverse: T tokens uniform in [0, V); position t's target is token T-1-t."""
    tokens = [random.below(VOCAB) for _ in range(SEQ)]
    return tokens, tokens[::-1], [1] * SEQ
)PY";
        case SequenceTaskKind::Sort:
            return R"PY(def make_row(random):
    """sort: T tokens uniform in [0, V); the targets are the tokens sorted ascending."""
    tokens = [random.below(VOCAB) for _ in range(SEQ)]
    return tokens, sorted(tokens), [1] * SEQ
)PY";
        case SequenceTaskKind::Histogram:
            return R"PY(def make_row(random):
    """histogram: T tokens uniform in [0, V); position t's target is how often its token occurs."""
    tokens = [random.below(VOCAB) for _ in range(SEQ)]
    return tokens, [tokens.count(token) for token in tokens], [1] * SEQ
)PY";
        case SequenceTaskKind::Induction:
            return R"PY(def make_row(random):
    """induction: a segment of 4..7 distinct tokens, found nowhere else, is copied later; the
    target is the next token (none at the end), scored where the copy can be completed from
    its source."""
    length = 4 + random.below(min(7, SEQ // 2) - 4 + 1)
    source = random.below(SEQ - 2 * length + 1)
    copy = source + length + random.below(SEQ - source - 2 * length + 1)
    pool = list(range(VOCAB))
    for i in range(length):  # a partial Fisher-Yates shuffle: the segment comes first
        j = i + random.below(VOCAB - i)
        pool[i], pool[j] = pool[j], pool[i]
    tokens = [pool[length + random.below(VOCAB - length)] for _ in range(SEQ)]
    for i in range(length):
        tokens[source + i] = tokens[copy + i] = pool[i]
    targets = tokens[1:] + [IGNORE]
    scored = [1 if copy <= t < copy + length - 1 else 0 for t in range(SEQ)]
    return tokens, targets, scored
)PY";
        case SequenceTaskKind::Negation:
            return R"PY(# The negation task's words: token ids are indices into negators, positive, negative, fillers.
NEGATORS, POSITIVE, NEGATIVE, FILLERS = 3, 5, 5, 12
FIRST_POSITIVE, FIRST_NEGATIVE = NEGATORS, NEGATORS + POSITIVE
FIRST_FILLER = FIRST_NEGATIVE + NEGATIVE
REACH = 3  # a negator 1..3 words before the adjective flips it


def make_row(random):
    """negation: fillers with one adjective; half the sentences have a negator 1..3 words before
    it (the class flips), the rest no negator, one after it, or one 4 or more words before."""
    case = 0 if random.below(2) == 0 else 1 + random.below(3)  # 0: flipped
    positive = random.below(2) == 1
    tokens = [FIRST_FILLER + random.below(FILLERS) for _ in range(SEQ)]
    negator = -1
    if case == 0:
        distance = 1 + random.below(REACH)
        adjective = distance + random.below(SEQ - distance)
        negator = adjective - distance
    elif case == 1:
        adjective = random.below(SEQ)
    elif case == 2:
        adjective = random.below(SEQ - 1)
        negator = adjective + 1 + random.below(SEQ - 1 - adjective)
    else:
        adjective = REACH + 1 + random.below(SEQ - REACH - 1)
        negator = random.below(adjective - REACH)
    if positive:
        tokens[adjective] = FIRST_POSITIVE + random.below(POSITIVE)
    else:
        tokens[adjective] = FIRST_NEGATIVE + random.below(NEGATIVE)
    if negator >= 0:
        tokens[negator] = random.below(NEGATORS)
    return tokens, int(positive != (case == 0)), 1
)PY";
        case SequenceTaskKind::Text:
            break;  // textTaskCode
    }
    return "";
}

}  // namespace

std::string sequenceTaskCode(const SequenceTask& task) {
    if (const TextCorpus* corpus = task.textCorpus()) return textTaskCode(*corpus);
    return std::string(rowFunction(task.info().kind)) + R"PY(

def sample(count, random):
    """count sequences drawn as ActLab draws them: tokens (count, T), targets and scored."""
    rows = [make_row(random) for _ in range(count)]
    tokens = torch.tensor([row[0] for row in rows])
    targets = torch.tensor([row[1] for row in rows])
    scored = torch.tensor([row[2] for row in rows], dtype=torch.bool)
    return tokens, targets, scored


)PY";
}

}  // namespace actlab::pytorch_export
