// libFuzzer target for the text task's loader (TextCorpus::create: UTF-8 decoding, vocabulary,
// split, windows, baselines), also linked into the replay driver of the test suite. The first
// byte picks --seq and --vocab; the rest is the text. The loader's contract is checked.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "datasets/text_corpus.h"

namespace {

[[noreturn]] void contractBroken(const char* what, const std::string& detail = {}) {
    std::fprintf(stderr, "fuzz_text_corpus: contract broken: %s%s%.300s\n", what,
                 detail.empty() ? "" : ": ", detail.c_str());
    std::abort();
}

// Accepted: ids in [0, V), V ≤ the limit, windows inside the text predicting held-out (or, with
// no split, any) positions, training windows inside the text, finite baselines.
void checkAccepted(const actlab::TextCorpus& corpus, int sequence, int maxVocabulary) {
    const int n = corpus.characters(), V = corpus.vocabulary();
    if (n < sequence + 2) contractBroken("a text shorter than T + 2 was accepted");
    if (V < 1 || V > (maxVocabulary == 0 ? actlab::kMaxTextVocabularySize : maxVocabulary))
        contractBroken("the vocabulary is out of range", std::to_string(V));
    for (actlab::Token id : corpus.ids())
        if (id < 0 || id >= V) contractBroken("an id is out of range", std::to_string(id));
    for (const actlab::TextWindow& w : corpus.evaluationWindows()) {
        if (w.start < 0 || w.start + sequence >= n || w.first <= w.start ||
            w.end > w.start + sequence + 1 || w.first >= w.end)
            contractBroken("an evaluation window is out of place");
        for (int p = w.first; p < w.end; ++p)
            if (corpus.heldOut() && !corpus.isHeldOut(p))
                contractBroken("a training character is evaluated");
    }
    actlab::TokenTensor tokens(actlab::Shape{4, sequence}), targets(actlab::Shape{4, sequence});
    actlab::Random rng(1);
    corpus.sampleTraining(tokens, targets, rng);
    for (actlab::Token id : tokens.span())
        if (id < 0 || id >= V) contractBroken("a training token is out of range");
    if (!std::isfinite(corpus.unigramBitsPerCharacter()) ||
        !std::isfinite(corpus.bigramBitsPerCharacter()))
        contractBroken("a baseline is not finite");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const int sequence = 2 + data[0] % 15;                                   // 2..16
    const int maxVocabulary = (data[0] >> 4) == 0 ? 0 : 2 + (data[0] >> 4);  // 0 or 3..17
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    std::string error;
    const auto corpus = actlab::TextCorpus::create(text, maxVocabulary, sequence, &error);
    if (corpus) {
        checkAccepted(*corpus, sequence, maxVocabulary);
    } else if (error.empty() || error.find('\n') != std::string::npos || error.size() > 160) {
        contractBroken("refused without a one-line message", error);
    }
    return 0;
}
