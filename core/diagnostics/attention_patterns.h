// The strongest pattern of one attention map, for a screen reader's summary (issue 29): on
// which key each query puts its weight. a is (T, T) row-major, query rows, key columns; each
// row sums to 1 (a causal map is 0 right of its diagonal).
#pragma once

#include <string_view>

namespace actlab {

enum class AttentionPattern {
    Diagonal,       // query t on key t (itself)
    AntiDiagonal,   // query t on key T − 1 − t (the sequence reversed)
    PreviousToken,  // query t on key t − 1
    FirstToken,     // query t on key 0
    Uniform,        // every row spread evenly over the keys it can see
    Mixed,          // none of these stands out
};

// A pattern needs a mean weight above this on its keys.
inline constexpr double kAttentionPatternThreshold = 0.5;
// A map is uniform when its rows are this close to even: 1 − mean total-variation distance.
inline constexpr double kAttentionUniformity = 0.9;

struct AttentionPatternScore {
    AttentionPattern pattern = AttentionPattern::Mixed;
    // The mean weight on the pattern's keys (Uniform: the uniformity; Mixed: the largest mean).
    double strength = 0;
};

// The scores, each a mean over the rows t ≥ 1 where the pattern's key is another position's
// than the diagonal's (t = 0 of a causal map can only look at itself): diagonal w(t, t),
// previous w(t, t − 1), first w(t, 0), anti-diagonal w(t, T − 1 − t) (t ≠ T − 1 − t). The
// uniformity compares each row with the even spread over the keys it can see: keys ≤ t when the
// map is causal, else all T. The largest score above kAttentionPatternThreshold and above twice
// the even weight 1/T names the map; else Uniform when the uniformity reaches
// kAttentionUniformity, else Mixed. Needs T ≥ 2 (T < 2: Mixed, strength 0).
AttentionPatternScore strongestAttentionPattern(const float* a, int T);

std::string_view attentionPatternKey(AttentionPattern pattern);  // "diagonal", "previous-token"…

}  // namespace actlab
