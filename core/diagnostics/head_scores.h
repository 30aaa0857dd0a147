// Heads named by what they measurably do (Olsson et al. 2022, "In-context Learning and
// Induction Heads"): on random token sequences repeated twice, each head's mean attention on
// the previous position, on the position after the current token's earlier occurrence
// (induction), two after it (shifted induction), on itself and on the first position; the
// score that stands out names the head.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "models/transformer.h"

namespace actlab {

// A label needs a score above this and above twice the uniform weight.
inline constexpr double kHeadLabelThreshold = 0.4;

struct HeadScore {
    double previousToken = 0;  // mean weight of query t on key t − 1 (t ≥ 2)
    double induction = 0;      // second half: query t on key t − h + 1 (h the half's length)
    // Query t on key t − h + 2: the token two after the earlier occurrence, where a head reads
    // the next token from that position's record of its previous token. The
    // induction-two-layers preset's layer-2 head does this (measured 0.66; 0.05 on t − h + 1).
    double shiftedInduction = 0;
    double self = 0;        // query t on key t (t ≥ 2)
    double firstToken = 0;  // query t on key 0 (t ≥ 2)
    // previous-token, induction, shifted-induction, self, first-token or mixed
    std::string_view label;
};

struct HeadScores {
    int layers = 0, heads = 0;
    double uniform = 0;            // the mean weight a uniform head gives one key (t ≥ 2)
    std::vector<HeadScore> score;  // (layers · heads), layer-major
    const HeadScore& at(int layer, int head) const {
        return score[std::size_t(layer * heads + head)];
    }
};

// The label of a head: the largest of its five scores when it exceeds kHeadLabelThreshold and
// twice `uniform`, else "mixed".
std::string_view headLabel(const HeadScore& score, double uniform);
// Measured on `batch` sequences of the model's length T: h = T/2 tokens (distinct when the
// vocabulary allows) drawn with `seed`, then the same h again (T odd: one more random token).
// Needs T ≥ 4; a forward pass of the model (its buffers are reused).
HeadScores measureHeadScores(Transformer<float>& model, int batch, std::uint64_t seed);

}  // namespace actlab
