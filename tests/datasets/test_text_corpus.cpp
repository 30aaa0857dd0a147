// The text task's corpus (issue 27): strict UTF-8 decoding and each bad input's one-line error,
// the vocabulary with <unk>, the held-out split and its windows, seeded training windows that
// never read a held-out character, and the counting baselines against plain Python
// (tests/datasets/text_baselines.py).
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>

#include "datasets/builtin_texts.h"
#include "datasets/text_corpus.h"
#include "layers/losses.h"

namespace actlab {
namespace {

std::string decodeError(std::string_view bytes) {
    std::string error;
    EXPECT_FALSE(decodeUtf8(bytes, &error).has_value()) << bytes;
    return error;
}

TEST(TextCorpusDecoding, ReadsOneToFourByteCharacters) {
    const auto text = decodeUtf8("a\u00e9\u4e2d\U0001F600", nullptr);
    ASSERT_TRUE(text);
    EXPECT_EQ(*text, (std::u32string{U'a', 0xE9, 0x4E2D, 0x1F600}));
    EXPECT_EQ(encodeUtf8(*text), "a\u00e9\u4e2d\U0001F600");
}

TEST(TextCorpusDecoding, DropsAByteOrderMarkAndTurnsCrLfIntoLf) {
    const auto text = decodeUtf8("\xEF\xBB\xBFone\r\ntwo\r", nullptr);
    ASSERT_TRUE(text);
    EXPECT_EQ(encodeUtf8(*text), "one\ntwo\r");
}

TEST(TextCorpusDecoding, RefusesBadInputInOneLine) {
    EXPECT_EQ(decodeError(""), "the text is empty");
    EXPECT_EQ(decodeError("\xEF\xBB\xBF"), "the text is empty");
    EXPECT_EQ(decodeError(std::string("ab\0c", 4)), "the text looks binary: a NUL byte at byte 2");
    for (const char* bad : {"x\x80", "x\xC0\xAF", "x\xED\xA0\x80", "x\xE4\xB8", "x\xF4\x90\x80\x80",
                            "x\xFF", "x\xE4\x41\x41"})
        EXPECT_EQ(decodeError(bad), "the text is not valid UTF-8 at byte 1") << bad;
    const std::string large(kMaxTextBytes + 1, 'a');
    EXPECT_NE(decodeError(large).find("10 MB"), std::string::npos);
    for (const std::string& error : {decodeError(""), decodeError(large)})
        EXPECT_EQ(error.find('\n'), std::string::npos);
}

TEST(TextCorpusDecoding, ShowsSpacesAndNewlinesAsMarks) {
    EXPECT_EQ(visibleCharacter(' '), "\u2423");
    EXPECT_EQ(visibleCharacter('\n'), "\u21B5");
    EXPECT_EQ(visibleCharacter(0x0B), "U+000B");
    EXPECT_EQ(visibleCharacter(0x4E2D), "\u4e2d");
}

TEST(TextCorpus, RefusesATextShorterThanTheSequenceAndTwo) {
    std::string error;
    EXPECT_EQ(TextCorpus::create("abcde", 0, 4, &error), nullptr);
    EXPECT_EQ(error, "the text has 5 characters; --seq 4 needs at least 6");
    EXPECT_NE(TextCorpus::create("abcdef", 0, 4, &error), nullptr);
    EXPECT_EQ(TextCorpus::create("abcdef", 513, 4, &error), nullptr);
    EXPECT_EQ(error, "--vocab for text must be 2..512, got 513");
}

TEST(TextCorpus, KeepsTheMostFrequentCharactersAndMapsTheRestToUnk) {
    // a ×4, b ×2, then c, d, e once each: with 4 kept, a, b, c (the tie goes to the smaller code
    // point) and <unk> for d and e.
    const auto corpus = TextCorpus::create("aaaabbedc", 4, 2, nullptr);
    ASSERT_TRUE(corpus);
    EXPECT_EQ(corpus->vocabulary(), 4);
    EXPECT_TRUE(corpus->hasUnknown());
    EXPECT_EQ(corpus->symbols(), (std::vector<char32_t>{U'a', U'b', U'c'}));
    EXPECT_DOUBLE_EQ(corpus->unknownShare(), 2.0 / 9.0);
    EXPECT_EQ(corpus->tokenNames(), (std::vector<std::string>{"a", "b", "c", "<unk>"}));
    EXPECT_EQ(corpus->idOf(U'e'), 3);
    EXPECT_EQ(corpus->characterOf(3), kUnknownSymbol);
    EXPECT_EQ(corpus->ids(), (std::vector<Token>{0, 0, 0, 0, 1, 1, 3, 3, 2}));
    const auto all = TextCorpus::create("aaaabbedc", 0, 2, nullptr);
    EXPECT_EQ(all->vocabulary(), 5);
    EXPECT_FALSE(all->hasUnknown());
    EXPECT_EQ(all->unknownShare(), 0.0);
}

// The Tang poems have 837 distinct characters in 3,268 (counted by Python's Counter): 511 of
// them are kept and the 326 that occur once beyond them become <unk>, the 512th symbol.
TEST(TextCorpus, ChineseTextKeepsItsCharactersUpTo512) {
    const auto corpus = TextCorpus::create(findBuiltInText("tang-poems")->text, 0, 16, nullptr);
    ASSERT_TRUE(corpus);
    EXPECT_EQ(corpus->vocabulary(), 512);
    EXPECT_TRUE(corpus->hasUnknown());
    EXPECT_DOUBLE_EQ(corpus->unknownShare(), 326.0 / 3268.0);
    EXPECT_EQ(corpus->characters(), 3268);
}

// Position p's character: 'X' in a held-out block of length 10 (as a 1000-character text at
// --seq 8 has), else a letter.
std::string markedText(int n, int block) {
    std::string text;
    for (int p = 0; p < n; ++p) text += (p / block) % 10 == 9 ? 'X' : char('a' + p % 7);
    return text;
}

TEST(TextCorpusSplit, EveryTenthBlockOf256IsHeldOut) {
    std::string text(30000, 'a');
    text.push_back('b');
    const auto corpus = TextCorpus::create(text, 0, 64, nullptr);
    ASSERT_TRUE(corpus);
    EXPECT_TRUE(corpus->heldOut());
    EXPECT_EQ(corpus->blockLength(), 256);
    EXPECT_FALSE(corpus->isHeldOut(9 * 256 - 1));
    EXPECT_TRUE(corpus->isHeldOut(9 * 256));
    EXPECT_TRUE(corpus->isHeldOut(10 * 256 - 1));
    EXPECT_FALSE(corpus->isHeldOut(10 * 256));
}

TEST(TextCorpusSplit, AShortTextsBlocksShrinkSoThatTenAreHeldOut) {
    const auto corpus = TextCorpus::create(markedText(1000, 10), 0, 8, nullptr);
    ASSERT_TRUE(corpus);
    EXPECT_TRUE(corpus->heldOut());
    EXPECT_EQ(corpus->blockLength(), 10);
    // The evaluation windows predict every held-out character once, and only those.
    std::multiset<int> predicted;
    for (const TextWindow& w : corpus->evaluationWindows()) {
        EXPECT_GE(w.first, w.start + 1);
        EXPECT_LE(w.end, w.start + 9);
        for (int p = w.first; p < w.end; ++p) predicted.insert(p);
    }
    std::multiset<int> heldOut;
    for (int p = 0; p < 1000; ++p)
        if (corpus->isHeldOut(p)) heldOut.insert(p);
    EXPECT_EQ(predicted, heldOut);
    EXPECT_EQ(heldOut.size(), 100u);
}

TEST(TextCorpusSplit, ATextTooShortTrainsWithoutAHeldOutPart) {
    const auto corpus =
        TextCorpus::create("Tyger Tyger, burning bright,\nIn the forests", 0, 16, nullptr);
    ASSERT_TRUE(corpus);
    EXPECT_FALSE(corpus->heldOut());
    EXPECT_FALSE(corpus->isHeldOut(40));
    EXPECT_EQ(corpus->trainingRuns().size(), 1u);
}

TEST(TextCorpusWindows, TrainingWindowsNeverReadAHeldOutCharacterAndRepeatWithTheSeed) {
    const auto corpus = TextCorpus::create(markedText(1000, 10), 0, 8, nullptr);
    ASSERT_TRUE(corpus);
    const Token held = corpus->idOf(U'X');
    TokenTensor tokens(Shape{64, 8}), targets(Shape{64, 8});
    TokenTensor again(Shape{64, 8}), againTargets(Shape{64, 8});
    Random rng(7), same(7);
    std::set<Token> seen;
    for (int round = 0; round < 50; ++round) {
        corpus->sampleTraining(tokens, targets, rng);
        corpus->sampleTraining(again, againTargets, same);
        for (Index i = 0; i < tokens.size(); ++i) {
            ASSERT_NE(tokens.data()[i], held);
            ASSERT_NE(targets.data()[i], held);
            ASSERT_EQ(tokens.data()[i], again.data()[i]);
            seen.insert(tokens.data()[i]);
        }
        for (Index b = 0; b < 64; ++b)  // targets are the next character
            for (Index t = 0; t + 1 < 8; ++t) ASSERT_EQ(targets(b, t), tokens(b, t + 1));
    }
    EXPECT_EQ(seen.size(), 7u);  // every training letter is drawn
}

TEST(TextCorpusWindows, TheEvaluationSetIsPaddedWithUnscoredRows) {
    const auto corpus = TextCorpus::create(markedText(1000, 10), 0, 8, nullptr);
    TokenTensor tokens, targets, scored;
    corpus->evaluationSet(32, tokens, targets, scored);
    const Index windows = Index(corpus->evaluationWindows().size());
    EXPECT_EQ(tokens.extent(0) % 32, 0);
    EXPECT_GE(tokens.extent(0), windows);
    long long counted = 0;
    for (Index i = 0; i < scored.size(); ++i) {
        counted += scored.data()[i];
        EXPECT_EQ(scored.data()[i] == 1, targets.data()[i] != kIgnoreTarget);
    }
    EXPECT_EQ(counted, 100);
}

// Printed by tests/datasets/text_baselines.py from resources/texts (plain Python, written from
// the definition): text, --seq, --vocab, characters, V, block, held out, predicted
// characters, unigram and bigram bits per character.
struct PythonFigures {
    const char* text;
    int sequence, maxVocabulary, characters, vocabulary, block;
    bool heldOut;
    int predicted;
    double unigram, bigram;
};
constexpr PythonFigures kPython[] = {
    {"english-poems", 32, 512, 2015, 51, 20, true, 200, 4.463623260717, 3.960979892646},
    {"english-poems", 16, 20, 2015, 20, 20, true, 200, 3.944022396594, 3.338734580708},
    {"program", 32, 512, 1395, 51, 13, true, 130, 4.543260661426, 3.709549630183},
    {"program", 16, 20, 1395, 20, 13, true, 130, 3.732924138441, 2.917043838698},
    {"tang-poems", 32, 512, 3268, 512, 32, true, 320, 7.531452200657, 7.831381067535},
    {"tang-poems", 16, 20, 3268, 20, 32, true, 320, 2.084681986580, 1.776888154995},
};

TEST(TextCorpusBaselines, MatchPlainPythonOnTheBuiltInTexts) {
    for (const PythonFigures& f : kPython) {
        SCOPED_TRACE(std::string(f.text) + " --seq " + std::to_string(f.sequence));
        const BuiltInText* text = findBuiltInText(f.text);
        ASSERT_NE(text, nullptr);
        const auto corpus = TextCorpus::create(text->text, f.maxVocabulary, f.sequence, nullptr);
        ASSERT_TRUE(corpus);
        EXPECT_EQ(corpus->characters(), f.characters);
        EXPECT_EQ(corpus->vocabulary(), f.vocabulary);
        EXPECT_EQ(corpus->blockLength(), f.block);
        EXPECT_EQ(corpus->heldOut(), f.heldOut);
        int predicted = 0;
        for (const TextWindow& w : corpus->evaluationWindows()) predicted += w.end - w.first;
        EXPECT_EQ(predicted, f.predicted);
        EXPECT_NEAR(corpus->unigramBitsPerCharacter(), f.unigram, 1e-9);
        EXPECT_NEAR(corpus->bigramBitsPerCharacter(), f.bigram, 1e-9);
    }
}

// By hand: "abab" + "ab…" with V = 2: the bigram always follows; add-one gives p(b|a) =
// (n_ab + 1)/(n_a· + 2), far below the unigram's 1 bit.
TEST(TextCorpusBaselines, AnAlternatingTextIsCheapForTheBigram) {
    std::string text;
    for (int i = 0; i < 20; ++i) text += "ab";
    const auto corpus = TextCorpus::create(text, 0, 4, nullptr);  // 40 characters: no split
    ASSERT_TRUE(corpus);
    ASSERT_FALSE(corpus->heldOut());
    EXPECT_NEAR(corpus->unigramBitsPerCharacter(), 1.0, 1e-12);  // (20 + 1)/(40 + 2) = 1/2
    // Predicted positions 1..39: 20 b's after a (n_ab = 20, n_a· = 20) and 19 a's after b
    // (n_ba = 19, n_b· = 19).
    const double expected = (20 * -std::log2(21.0 / 22.0) + 19 * -std::log2(20.0 / 21.0)) / 39.0;
    EXPECT_NEAR(corpus->bigramBitsPerCharacter(), expected, 1e-12);
}

}  // namespace
}  // namespace actlab
