// The replay driver's mutations: an explicit table of moves, each a small function of the input,
// the corpus and the seeded generator, so that a run is the same on every machine.
#include "fuzz_mutator.h"

#include <algorithm>
#include <string_view>

namespace actlab::fuzz {

std::uint64_t SeededRandom::next() {
    std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

size_t SeededRandom::below(size_t n) { return size_t(next() % n); }

namespace {

using Corpus = std::vector<std::string>;

// Text the CSV and number readers treat specially, and bytes that often break text readers.
const std::string_view kTokens[] = {"nan",
                                    "NaN",
                                    "-nan",
                                    "inf",
                                    "-inf",
                                    "infinity",
                                    "1e308",
                                    "1e309",
                                    "-1e309",
                                    "1e-400",
                                    "4.9e-324",
                                    "2.2250738585072014e-308",
                                    "-0",
                                    "+0",
                                    "+",
                                    "-",
                                    ".",
                                    "e",
                                    "1e",
                                    "e5",
                                    "0x10",
                                    "1e0",
                                    "0.5",
                                    "9",
                                    "10",
                                    "-1",
                                    "99999999999999999999",
                                    ",",
                                    ",,",
                                    "\n",
                                    "\r\n",
                                    "\r",
                                    " ",
                                    "\t",
                                    std::string_view("\0", 1),
                                    "\xEF\xBB\xBF",
                                    "\xFF\xFE",
                                    "\xC3\xA9",
                                    "x1,x2,label"};

size_t positionIn(const std::string& s, SeededRandom& r) { return r.below(s.size() + 1); }

void flipBit(std::string& s, const Corpus&, SeededRandom& r) {
    if (!s.empty()) s[r.below(s.size())] ^= char(1u << r.below(8));
}
void setByte(std::string& s, const Corpus&, SeededRandom& r) {
    if (!s.empty()) s[r.below(s.size())] = char(r.below(256));
}
void insertBytes(std::string& s, const Corpus&, SeededRandom& r) {
    const size_t at = positionIn(s, r), count = 1 + r.below(8);
    for (size_t i = 0; i < count; ++i) s.insert(s.begin() + long(at), char(r.below(256)));
}
void deleteRange(std::string& s, const Corpus&, SeededRandom& r) {
    if (s.empty()) return;
    const size_t at = r.below(s.size());
    s.erase(at, 1 + r.below(std::min<size_t>(s.size() - at, 16)));
}
void duplicateRange(std::string& s, const Corpus&, SeededRandom& r) {
    if (s.empty()) return;
    const size_t at = r.below(s.size());
    const std::string piece = s.substr(at, 1 + r.below(s.size() - at));
    s.insert(positionIn(s, r), piece);
}
void splice(std::string& s, const Corpus& corpus, SeededRandom& r) {
    const std::string& other = corpus[r.below(corpus.size())];
    const size_t cut = positionIn(s, r), from = r.below(other.size() + 1);
    s = s.substr(0, cut) + other.substr(from);
}
void insertToken(std::string& s, const Corpus&, SeededRandom& r) {
    s.insert(positionIn(s, r), kTokens[r.below(std::size(kTokens))]);
}
// Replaces a whole cell (text between separators) with a token: keeps the row shape.
void replaceCell(std::string& s, const Corpus&, SeededRandom& r) {
    if (s.empty()) return;
    const size_t at = r.below(s.size());
    const size_t separator = s.find_last_of(",\n", at);
    const size_t begin = separator == std::string::npos ? 0 : separator + 1;
    const size_t end = std::min(s.find_first_of(",\r\n", begin), s.size());
    s.replace(begin, end - begin, kTokens[r.below(std::size(kTokens))]);
}
void longRun(std::string& s, const Corpus&, SeededRandom& r) {
    const char fill[] = {'1', '0', ',', ' ', 'x', '\n', '.', '-'};
    s.insert(positionIn(s, r),
             std::string(1000 + r.below(100'000), fill[r.below(std::size(fill))]));
}
void hugeNumber(std::string& s, const Corpus&, SeededRandom& r) {
    std::string number(1 + r.below(5000), '9');
    if (r.below(2)) number.insert(r.below(number.size()), 1, '.');
    if (r.below(2)) number.append("e").append(std::to_string(int(r.below(2000)) - 1000));
    s.insert(positionIn(s, r), number);
}
void repeatRows(std::string& s, const Corpus&, SeededRandom& r) {
    const std::string row = s.substr(0, s.find('\n')) + "\n";
    const size_t times = 1 + r.below(std::clamp<size_t>(256 * 1024 / row.size(), 1, 2000));
    for (size_t i = 0; i < times; ++i) s += row;
}
void truncate(std::string& s, const Corpus&, SeededRandom& r) { s.resize(r.below(s.size() + 1)); }
void toCrlf(std::string& s, const Corpus&, SeededRandom&) {
    std::string out;
    for (char c : s) c == '\n' ? out += "\r\n" : out += c;
    s = std::move(out);
}
void prependBom(std::string& s, const Corpus&, SeededRandom&) { s.insert(0, "\xEF\xBB\xBF"); }

struct Move {
    const char* name;
    void (*apply)(std::string&, const Corpus&, SeededRandom&);
};
// clang-format off
constexpr Move kMoves[] = {
    {"flip-bit",        flipBit},
    {"set-byte",        setByte},
    {"insert-bytes",    insertBytes},
    {"delete-range",    deleteRange},
    {"duplicate-range", duplicateRange},
    {"splice",          splice},
    {"insert-token",    insertToken},
    {"replace-cell",    replaceCell},
    {"replace-cell",    replaceCell},  // twice: the move most likely to reach the number reader
    {"long-run",        longRun},
    {"huge-number",     hugeNumber},
    {"repeat-rows",     repeatRows},
    {"truncate",        truncate},
    {"crlf",            toCrlf},
    {"bom",             prependBom},
};
// clang-format on

}  // namespace

std::string mutateInput(const Corpus& corpus, SeededRandom& random, size_t maxSize,
                        std::string* moves) {
    std::string input = corpus[random.below(corpus.size())];
    const size_t count = 1 + random.below(4);
    if (moves) moves->clear();
    for (size_t i = 0; i < count; ++i) {
        const Move& move = kMoves[random.below(std::size(kMoves))];
        move.apply(input, corpus, random);
        if (input.size() > maxSize) input.resize(maxSize);
        if (moves) moves->append(i ? "," : "").append(move.name);
    }
    return input;
}

std::vector<NamedInput> extremeInputs() {
    std::string rows;
    for (int i = 0; i <= 1'000'000; ++i) rows += i % 2 ? "0,0,1\n" : "1,1,0\n";
    std::string manyRows = "x1,x2,label\n";
    for (int i = 0; i < 200'000; ++i)
        manyRows += std::to_string(i) + ".5,-" + std::to_string(i) + "e-3," +
                    std::to_string(i % 3) + "\r\n";
    return {
        {"a-million-and-one-rows", rows},
        {"200k-rows-crlf", manyRows},
        {"megabyte-line", std::string(1 << 20, '1')},
        {"megabyte-of-commas", std::string(1 << 20, ',')},
        {"megabyte-of-newlines", std::string(1 << 20, '\n')},
        {"megabyte-label", "1,2," + std::string(1 << 20, 'x') + "\n"},
        {"100k-digit-number", std::string("1").append(100'000, '0').append(",0,1\n0,0,0\n")},
        {"100k-digit-fraction", "0." + std::string(100'000, '1') + ",0,1\n0,0,0\n"},
        {"nul-in-cells", std::string("1,2,0\0\n3,\0004,1\n", 15)},
        {"lone-cr-in-label", "1,2,a\rb\n3,4,1\n"},
        {"bom-only", "\xEF\xBB\xBF"},
        {"nan-and-inf", "nan,1,0\ninf,-inf,1\n"},
    };
}

}  // namespace actlab::fuzz
