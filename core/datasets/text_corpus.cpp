// The text corpus of the `text` task: decoding, vocabulary, held-out split, windows and the
// unigram/bigram baselines (add-one smoothing: Jurafsky & Martin, "Speech and Language
// Processing", 3rd ed., §3.5).
#include "datasets/text_corpus.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

#include "layers/losses.h"

namespace actlab {
namespace {

// The length of the UTF-8 sequence a lead byte starts (0: not a lead byte).
int utf8SequenceLength(unsigned char lead) {
    if (lead < 0x80) return 1;
    if (lead >= 0xC2 && lead <= 0xDF) return 2;
    if (lead >= 0xE0 && lead <= 0xEF) return 3;
    if (lead >= 0xF0 && lead <= 0xF4) return 4;
    return 0;
}

// The code point at bytes[i] of length `length` (lead byte checked), or nullopt when a
// continuation byte is wrong, the form is overlong, a surrogate or beyond U+10FFFF.
std::optional<char32_t> decodeUtf8At(std::string_view bytes, std::size_t i, int length) {
    if (i + std::size_t(length) > bytes.size()) return std::nullopt;
    const auto byte = [&](int k) { return static_cast<unsigned char>(bytes[i + std::size_t(k)]); };
    if (length == 1) return char32_t(byte(0));
    char32_t c = byte(0) & (0x7F >> length);
    for (int k = 1; k < length; ++k) {
        if ((byte(k) & 0xC0) != 0x80) return std::nullopt;
        c = (c << 6) | (byte(k) & 0x3F);
    }
    constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (c < kSmallest[length] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return std::nullopt;
    return c;
}

double surprisalBits(double probability) { return -std::log2(probability); }

}  // namespace

std::optional<std::u32string> decodeUtf8(std::string_view bytes, std::string* error) {
    const auto fail = [&](std::string message) -> std::optional<std::u32string> {
        if (error) *error = std::move(message);
        return std::nullopt;
    };
    if (bytes.size() > kMaxTextBytes)
        return fail("the text is " + std::to_string(bytes.size()) + " bytes; at most " +
                    std::to_string(kMaxTextBytes) + " (10 MB) are taken");
    std::u32string text;
    text.reserve(bytes.size());
    for (std::size_t i = 0; i < bytes.size();) {
        if (bytes[i] == '\0')
            return fail("the text looks binary: a NUL byte at byte " + std::to_string(i));
        const int length = utf8SequenceLength(static_cast<unsigned char>(bytes[i]));
        const std::optional<char32_t> c =
            length > 0 ? decodeUtf8At(bytes, i, length) : std::nullopt;
        if (!c) return fail("the text is not valid UTF-8 at byte " + std::to_string(i));
        i += std::size_t(length);
        if (*c == 0xFEFF && text.empty() && i == 3) continue;  // a byte-order mark
        if (*c == '\n' && !text.empty() && text.back() == '\r') text.pop_back();
        text.push_back(*c);
    }
    if (text.empty()) return fail("the text is empty");
    return text;
}

std::string encodeUtf8(std::u32string_view text) {
    std::string out;
    for (char32_t c : text) {
        if (c < 0x80) {
            out += char(c);
        } else if (c < 0x800) {
            out += char(0xC0 | (c >> 6));
            out += char(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            out += char(0xE0 | (c >> 12));
            out += char(0x80 | ((c >> 6) & 0x3F));
            out += char(0x80 | (c & 0x3F));
        } else {
            out += char(0xF0 | (c >> 18));
            out += char(0x80 | ((c >> 12) & 0x3F));
            out += char(0x80 | ((c >> 6) & 0x3F));
            out += char(0x80 | (c & 0x3F));
        }
    }
    return out;
}

std::string visibleCharacter(char32_t c) {
    if (c == ' ') return "\u2423";   // ␣
    if (c == '\n') return "\u21B5";  // ↵
    if (c == '\t') return "\u21E5";  // ⇥
    if (c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0)) {
        constexpr char kHex[] = "0123456789ABCDEF";
        std::string name = "U+";
        for (int shift = 12; shift >= 0; shift -= 4) name += kHex[(c >> shift) & 0xF];
        return name;
    }
    return encodeUtf8(std::u32string_view(&c, 1));
}

std::shared_ptr<const TextCorpus> TextCorpus::create(std::string_view bytes, int maxVocabulary,
                                                     int sequence, std::string* error) {
    const auto fail = [&](std::string message) -> std::shared_ptr<const TextCorpus> {
        if (error) *error = std::move(message);
        return nullptr;
    };
    if (maxVocabulary != 0 && (maxVocabulary < 2 || maxVocabulary > kMaxTextVocabularySize))
        return fail("--vocab for text must be 2.." + std::to_string(kMaxTextVocabularySize) +
                    ", got " + std::to_string(maxVocabulary));
    std::string decodeError;
    const std::optional<std::u32string> text = decodeUtf8(bytes, &decodeError);
    if (!text) return fail(decodeError);
    if (text->size() < std::size_t(sequence) + 2)
        return fail("the text has " + std::to_string(text->size()) + " characters; --seq " +
                    std::to_string(sequence) + " needs at least " + std::to_string(sequence + 2));
    std::shared_ptr<TextCorpus> corpus(new TextCorpus());
    corpus->m_sequence = sequence;
    corpus->buildVocabulary(*text, maxVocabulary == 0 ? kMaxTextVocabularySize : maxVocabulary);
    corpus->buildSplit();
    corpus->buildWindows();
    corpus->measureBaselines();
    return corpus;
}

// The most frequent characters (ties: the smaller code point), all of them when they fit,
// else maxVocabulary − 1 of them and <unk>; ids follow the code points.
void TextCorpus::buildVocabulary(const std::u32string& text, int maxVocabulary) {
    std::map<char32_t, long long> counts;
    for (char32_t c : text) ++counts[c];
    std::vector<std::pair<char32_t, long long>> ranked(counts.begin(), counts.end());
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    m_hasUnknown = int(ranked.size()) > maxVocabulary;
    const std::size_t kept = m_hasUnknown ? std::size_t(maxVocabulary - 1) : ranked.size();
    for (std::size_t i = 0; i < kept; ++i) m_symbols.push_back(ranked[i].first);
    std::sort(m_symbols.begin(), m_symbols.end());
    std::unordered_map<char32_t, Token> ids;
    for (std::size_t i = 0; i < m_symbols.size(); ++i) ids[m_symbols[i]] = Token(i);
    const Token unknown = Token(m_symbols.size());
    long long unknownCount = 0;
    m_ids.reserve(text.size());
    for (char32_t c : text) {
        const auto it = ids.find(c);
        unknownCount += it == ids.end();
        m_ids.push_back(it == ids.end() ? unknown : it->second);
    }
    m_unknownShare = double(unknownCount) / double(text.size());
}

Token TextCorpus::idOf(char32_t c) const {
    const auto it = std::lower_bound(m_symbols.begin(), m_symbols.end(), c);
    if (it != m_symbols.end() && *it == c) return Token(it - m_symbols.begin());
    return m_hasUnknown ? Token(m_symbols.size()) : Token(0);
}

char32_t TextCorpus::characterOf(Token id) const {
    return id >= 0 && id < Token(m_symbols.size()) ? m_symbols[std::size_t(id)] : kUnknownSymbol;
}

std::vector<std::string> TextCorpus::tokenNames() const {
    std::vector<std::string> names;
    for (char32_t c : m_symbols) names.push_back(visibleCharacter(c));
    if (m_hasUnknown) names.emplace_back("<unk>");
    return names;
}

// Blocks of 256 characters, or n/100 for a short text so that ten are held out, but at least
// what a run of nine training blocks needs to hold a window of T + 1 characters (and 4).
void TextCorpus::buildSplit() {
    const int n = characters();
    const int smallest = std::max(4, (m_sequence + 1 + kHeldOutEvery - 2) / (kHeldOutEvery - 1));
    m_block = std::min(kTextBlock, n / (kHeldOutEvery * kMinHeldOutBlocks));
    m_heldOut = m_block >= smallest;
    m_runs.clear();
    if (!m_heldOut) {
        m_block = n;
        m_runs.emplace_back(0, n);
    } else {
        for (int begin = 0; begin < n; begin += kHeldOutEvery * m_block) {
            const int end = std::min(n, begin + (kHeldOutEvery - 1) * m_block);
            if (end - begin >= 1) m_runs.emplace_back(begin, end);
        }
    }
    m_runStarts.assign(1, 0);
    for (const auto& [begin, end] : m_runs)
        m_runStarts.push_back(m_runStarts.back() + std::max(0, end - begin - m_sequence));
}

bool TextCorpus::isHeldOut(int position) const {
    return m_heldOut && (position / m_block) % kHeldOutEvery == kHeldOutEvery - 1;
}

// Each held-out block (the whole text, positions 1.., without a held-out part) in chunks of T
// predicted positions; a chunk's window ends at its last position, so the characters before
// the block are its context.
void TextCorpus::buildWindows() {
    const int n = characters(), T = m_sequence;
    std::vector<std::pair<int, int>> spans;
    if (!m_heldOut) spans.emplace_back(1, n);
    for (int begin = (kHeldOutEvery - 1) * m_block; m_heldOut && begin < n;
         begin += kHeldOutEvery * m_block)
        spans.emplace_back(begin, std::min(n, begin + m_block));
    std::vector<TextWindow> all;
    for (const auto& [begin, end] : spans)
        for (int first = begin; first < end; first += T) {
            const int last = std::min(end, first + T);
            all.push_back({std::max(0, last - 1 - T), first, last});
        }
    m_windows.clear();
    const std::size_t count = std::min(all.size(), std::size_t(kMaxHeldOutWindows));
    for (std::size_t i = 0; i < count; ++i) m_windows.push_back(all[i * all.size() / count]);
}

void TextCorpus::measureBaselines() {
    const std::size_t V = std::size_t(vocabulary());
    std::vector<double> unigram(V, 0), contexts(V, 0), bigram(V * V, 0);
    double total = 0;
    for (const auto& [begin, end] : m_runs)
        for (int p = begin; p < end; ++p) {
            const std::size_t c = std::size_t(m_ids[std::size_t(p)]);
            unigram[c] += 1;
            total += 1;
            if (p == begin) continue;
            const std::size_t b = std::size_t(m_ids[std::size_t(p - 1)]);
            bigram[b * V + c] += 1;
            contexts[b] += 1;
        }
    double unigramSum = 0, bigramSum = 0, counted = 0;
    for (const TextWindow& window : m_windows)
        for (int p = window.first; p < window.end; ++p) {
            const std::size_t c = std::size_t(m_ids[std::size_t(p)]);
            const std::size_t b = std::size_t(m_ids[std::size_t(p - 1)]);
            unigramSum += surprisalBits((unigram[c] + 1) / (total + double(V)));
            bigramSum += surprisalBits((bigram[b * V + c] + 1) / (contexts[b] + double(V)));
            counted += 1;
        }
    m_unigramBits = counted > 0 ? unigramSum / counted : 0;
    m_bigramBits = counted > 0 ? bigramSum / counted : 0;
}

void TextCorpus::sampleTraining(TokenTensor& tokens, TokenTensor& targets, Random& rng) const {
    const Index B = tokens.extent(0), T = tokens.extent(1);
    const long long total = m_runStarts.back();
    for (Index b = 0; b < B; ++b) {
        const long long draw = static_cast<long long>(rng.uniform() * double(total));
        const auto run = std::upper_bound(m_runStarts.begin(), m_runStarts.end(), draw) - 1;
        const std::size_t r = std::size_t(run - m_runStarts.begin());
        const int start = m_runs[r].first + int(draw - *run);
        for (Index t = 0; t < T; ++t) {
            tokens(b, t) = m_ids[std::size_t(start + t)];
            targets(b, t) = m_ids[std::size_t(start + t + 1)];
        }
    }
}

void TextCorpus::evaluationSet(int batch, TokenTensor& tokens, TokenTensor& targets,
                               TokenTensor& scored) const {
    const int count = int(m_windows.size()), T = m_sequence;
    const int rows = std::max(1, (count + batch - 1) / batch) * batch;
    tokens = TokenTensor(Shape{rows, T}, Token(0));
    targets = TokenTensor(Shape{rows, T}, kIgnoreTarget);
    scored = TokenTensor(Shape{rows, T}, Token(0));
    for (int w = 0; w < count; ++w) {
        const TextWindow& window = m_windows[std::size_t(w)];
        for (int t = 0; t < T; ++t) {
            tokens(w, t) = m_ids[std::size_t(window.start + t)];
            const int predicted = window.start + t + 1;
            if (predicted < window.first || predicted >= window.end) continue;
            targets(w, t) = m_ids[std::size_t(predicted)];
            scored(w, t) = 1;
        }
    }
}

}  // namespace actlab
