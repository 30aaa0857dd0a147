// Deterministic, seeded input mutations for the fuzz replay driver: libFuzzer's byte-level moves
// (flip, insert, delete, duplicate, splice) plus text-shaped ones (number tokens, long lines, huge
// numbers, NaN/inf, NULs, CRLF, a byte-order mark), and fixed inputs that stress size and time.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace actlab::fuzz {

// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014):
// the same stream from the same seed on every machine and compiler.
class SeededRandom {
public:
    explicit SeededRandom(std::uint64_t seed) : m_state(seed) {}
    std::uint64_t next();
    size_t below(size_t n);  // in [0, n); n > 0
private:
    std::uint64_t m_state;
};

// One input: a corpus entry with 1 to 4 moves applied, at most maxSize bytes; *moves names them.
std::string mutateInput(const std::vector<std::string>& corpus, SeededRandom& random,
                        size_t maxSize, std::string* moves);

struct NamedInput {
    std::string name;
    std::string bytes;
};
// Inputs no random walk reaches quickly: a million and one rows, a megabyte line, a megabyte of
// commas or newlines, a number of 100,000 digits, NULs and lone CRs inside cells.
std::vector<NamedInput> extremeInputs();

}  // namespace actlab::fuzz
