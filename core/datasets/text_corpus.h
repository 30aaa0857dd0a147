// A text the user brings, made ready for a character-level language model: strict UTF-8
// decoding with one-line errors, a vocabulary of the most frequent characters (the rest one
// <unk>), the held-out split into blocks, seeded training windows, and the counting baselines.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/random.h"
#include "tensor/tensor.h"

namespace actlab {

inline constexpr std::size_t kMaxTextBytes = 10 * 1024 * 1024;  // larger texts are refused
inline constexpr int kMaxTextVocabularySize = 512;
inline constexpr int kTextBlock = 256;    // characters per block of the held-out split
inline constexpr int kHeldOutEvery = 10;  // every tenth block is held out
inline constexpr int kMinHeldOutBlocks = 10;
inline constexpr int kMaxHeldOutWindows = 1024;     // evaluation windows at most (evenly spaced)
inline constexpr char32_t kUnknownSymbol = 0xFFFD;  // how <unk> is written in generated text

// The code points of `bytes` (strict UTF-8: no overlong forms, surrogates or values beyond
// U+10FFFF; a leading byte-order mark is dropped and CR LF becomes LF), or nullopt with a
// one-line *error: empty, binary (a NUL byte), invalid UTF-8 (with its byte offset), too large.
std::optional<std::u32string> decodeUtf8(std::string_view bytes, std::string* error);
std::string encodeUtf8(std::u32string_view text);
// A character as the maps name it: space '␣', newline '↵', tab '⇥', other controls "U+000B".
std::string visibleCharacter(char32_t c);

// One window of the evaluation: tokens ids[start, start + T), its targets ids[start + 1 …];
// only the predicted positions p in [first, end) are scored (the others are context).
struct TextWindow {
    int start = 0, first = 0, end = 0;
};

class TextCorpus {
public:
    // nullopt with a one-line *error for bad text (decodeUtf8's errors) or a text shorter than
    // sequence + 2 characters. maxVocabulary 0: kMaxTextVocabularySize; else 2..512.
    static std::shared_ptr<const TextCorpus> create(std::string_view bytes, int maxVocabulary,
                                                    int sequence, std::string* error);

    int vocabulary() const { return int(m_symbols.size()) + (m_hasUnknown ? 1 : 0); }
    // The kept characters by code point; the id of <unk>, when there is one, is their count.
    const std::vector<char32_t>& symbols() const { return m_symbols; }
    bool hasUnknown() const { return m_hasUnknown; }
    double unknownShare() const { return m_unknownShare; }  // of the text's characters
    int characters() const { return int(m_ids.size()); }
    int sequence() const { return m_sequence; }
    const std::vector<Token>& ids() const { return m_ids; }
    Token idOf(char32_t c) const;                 // <unk>'s id for a character not kept
    char32_t characterOf(Token id) const;         // kUnknownSymbol for <unk>
    std::vector<std::string> tokenNames() const;  // visibleCharacter of each id, "<unk>"

    // The split: blocks of blockLength() characters, block i held out when i % 10 == 9. A
    // short text's blocks shrink so that ten are held out (but never below what a training
    // window needs); a text too short for that has no held-out part: heldOut() is false, and
    // the model and the baselines are measured on the training text itself.
    bool heldOut() const { return m_heldOut; }
    int blockLength() const { return m_block; }
    bool isHeldOut(int position) const;
    // Training runs: the spans [begin, end) of consecutive training blocks.
    const std::vector<std::pair<int, int>>& trainingRuns() const { return m_runs; }
    // Evaluation windows: every held-out character predicted once (at most kMaxHeldOutWindows
    // windows, evenly spaced).
    const std::vector<TextWindow>& evaluationWindows() const { return m_windows; }

    // batch training windows (tokens and next-character targets, every position scored), each
    // inside one training run; the same rng state gives the same windows.
    void sampleTraining(TokenTensor& tokens, TokenTensor& targets, Random& rng) const;
    // The evaluation windows, padded with unscored rows to a multiple of batch.
    void evaluationSet(int batch, TokenTensor& tokens, TokenTensor& targets,
                       TokenTensor& scored) const;

    // Add-one smoothed counting models fitted on the training runs, in bits per character over
    // the evaluation windows' scored positions: p(c) = (n_c + 1)/(N + V) and
    // p(c | b) = (n_bc + 1)/(n_b· + V), n_b· counting pairs whose first character is b.
    double unigramBitsPerCharacter() const { return m_unigramBits; }
    double bigramBitsPerCharacter() const { return m_bigramBits; }

private:
    TextCorpus() = default;
    void buildVocabulary(const std::u32string& text, int maxVocabulary);
    void buildSplit();
    void buildWindows();
    void measureBaselines();

    std::vector<char32_t> m_symbols;
    bool m_hasUnknown = false;
    double m_unknownShare = 0;
    std::vector<Token> m_ids;
    int m_sequence = 0, m_block = kTextBlock;
    bool m_heldOut = false;
    std::vector<std::pair<int, int>> m_runs;
    std::vector<long long> m_runStarts;  // cumulative window starts per run (for sampling)
    std::vector<TextWindow> m_windows;
    double m_unigramBits = 0, m_bigramBits = 0;
};

}  // namespace actlab
