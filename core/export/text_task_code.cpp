// The text task in Python (issue 27): the text as ActLab's character ids, its training runs and
// held-out windows, and the window draw of core/datasets/text_corpus.cpp, draw for draw.
#include <nlohmann/json.hpp>

#include "export/sequence_task_code.h"

namespace actlab::pytorch_export {
namespace {

// name = [items...] as Python, wrapped at 100 columns.
std::string wrappedPythonList(const std::string& name, const std::vector<std::string>& items) {
    std::string out = name + " = [", line;
    for (const std::string& item : items) {
        if (line.size() + item.size() + 2 > 92) {
            out += line + "\n";
            line = "    ";
        }
        line += item + ", ";
    }
    return out + line + "]\n";
}

constexpr const char* kTextCode =
    R"PY(RUN_STARTS = [0]  # cumulative window starts per run, as ActLab counts them
for _begin, _end in RUNS:
    RUN_STARTS.append(RUN_STARTS[-1] + max(0, _end - _begin - SEQ))


def sample(count, random):
    """count training windows of SEQ characters, each inside one run of training blocks, drawn as
    ActLab draws them: tokens (count, T), next-character targets, every position scored."""
    tokens, targets = [], []
    for _ in range(count):
        draw = int(random.uniform() * RUN_STARTS[-1])
        run = bisect.bisect_right(RUN_STARTS, draw) - 1
        start = RUNS[run][0] + draw - RUN_STARTS[run]
        tokens.append(IDS[start:start + SEQ])
        targets.append(IDS[start + 1:start + SEQ + 1])
    return torch.tensor(tokens), torch.tensor(targets), torch.ones(count, SEQ, dtype=torch.bool)


def held_out(count):
    """The held-out windows (start, first, end): each predicts the characters first..end-1 with
    those before as context; padded with unscored rows to count."""
    tokens = [[0] * SEQ for _ in range(count)]
    targets = [[IGNORE] * SEQ for _ in range(count)]
    for row, (start, first, end) in enumerate(WINDOWS):
        tokens[row] = IDS[start:start + SEQ]
        for t in range(SEQ):
            if first <= start + t + 1 < end:
                targets[row][t] = IDS[start + t + 1]
    targets = torch.tensor(targets)
    return torch.tensor(tokens), targets, targets != IGNORE


)PY";

}  // namespace

std::string textTaskCode(const TextCorpus& corpus) {
    std::vector<std::string> characters, ids, runs, windows;
    for (char32_t c : corpus.symbols())
        characters.push_back(nlohmann::json(encodeUtf8({&c, 1})).dump());
    if (corpus.hasUnknown()) characters.emplace_back("\"<unk>\"");
    for (Token id : corpus.ids()) ids.push_back(std::to_string(id));
    // Tuples appended piece by piece (GCC 12 sees an impossible memcpy bound in a chain of +).
    const auto tuple = [](std::initializer_list<long long> values) {
        std::string text = "(";
        for (long long v : values) {
            if (text.size() > 1) text += ", ";
            text += std::to_string(v);
        }
        return text += ")";
    };
    for (const auto& [begin, end] : corpus.trainingRuns())
        runs.push_back(tuple({static_cast<long long>(begin), static_cast<long long>(end)}));
    for (const TextWindow& w : corpus.evaluationWindows())
        windows.push_back(tuple({static_cast<long long>(w.start), static_cast<long long>(w.first),
                                 static_cast<long long>(w.end)}));
    return "import bisect\n\n# The text task: ActLab's vocabulary (id -> character), the text as "
           "ids, the runs of\n# training blocks [begin, end) and the held-out windows.\n" +
           wrappedPythonList("VOCABULARY", characters) + wrappedPythonList("IDS", ids) +
           wrappedPythonList("RUNS", runs) + wrappedPythonList("WINDOWS", windows) + kTextCode;
}

}  // namespace actlab::pytorch_export
