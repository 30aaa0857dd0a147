// The strongest pattern of an attention map (issue 29): maps built to show each pattern, causal
// and not, with noise spread over the other keys; and maps that show none.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "diagnostics/attention_patterns.h"

namespace {

using actlab::AttentionPattern;
using actlab::strongestAttentionPattern;

// A T × T map whose row t puts `peak` on key target(t) and spreads the rest evenly over the
// other keys it can see (keys ≤ t when causal); a row that sees only its target puts all on it.
template <class Target>
std::vector<float> peakedMap(int T, Target target, double peak, bool causal) {
    std::vector<float> a(size_t(T * T), 0.0f);
    for (int q = 0; q < T; ++q) {
        const int seen = causal ? q + 1 : T;
        const int k0 = std::clamp(target(q), 0, seen - 1);
        for (int k = 0; k < seen; ++k)
            a[size_t(q * T + k)] = seen == 1 ? 1.0f
                                   : k == k0 ? float(peak)
                                             : float((1 - peak) / (seen - 1));
    }
    return a;
}

std::vector<float> evenMap(int T, bool causal) {
    std::vector<float> a(size_t(T * T), 0.0f);
    for (int q = 0; q < T; ++q) {
        const int seen = causal ? q + 1 : T;
        for (int k = 0; k < seen; ++k) a[size_t(q * T + k)] = 1.0f / seen;
    }
    return a;
}

AttentionPattern patternOf(const std::vector<float>& a, int T) {
    return strongestAttentionPattern(a.data(), T).pattern;
}

}  // namespace

TEST(AttentionPatterns, EachBuiltPatternIsFound) {
    const int T = 8;
    const auto self = [](int q) { return q; };
    const auto previous = [](int q) { return q - 1; };
    const auto first = [](int) { return 0; };
    const auto reversed = [T](int q) { return T - 1 - q; };
    EXPECT_EQ(patternOf(peakedMap(T, self, 0.8, true), T), AttentionPattern::Diagonal);
    EXPECT_EQ(patternOf(peakedMap(T, self, 0.8, false), T), AttentionPattern::Diagonal);
    EXPECT_EQ(patternOf(peakedMap(T, previous, 0.8, true), T), AttentionPattern::PreviousToken);
    EXPECT_EQ(patternOf(peakedMap(T, first, 0.7, true), T), AttentionPattern::FirstToken);
    EXPECT_EQ(patternOf(peakedMap(T, reversed, 0.9, false), T), AttentionPattern::AntiDiagonal);
    EXPECT_EQ(patternOf(evenMap(T, true), T), AttentionPattern::Uniform);
    EXPECT_EQ(patternOf(evenMap(T, false), T), AttentionPattern::Uniform);
}

TEST(AttentionPatterns, StrengthIsTheMeanWeightOnThePatternsKeys) {
    const int T = 6;
    const auto a = peakedMap(
        T, [](int q) { return q - 1; }, 0.75, false);
    // Rows 1..5 put 0.75 on key t − 1.
    EXPECT_NEAR(strongestAttentionPattern(a.data(), T).strength, 0.75, 1e-6);
    const auto even = evenMap(T, false);
    EXPECT_NEAR(strongestAttentionPattern(even.data(), T).strength, 1.0, 1e-6);
}

TEST(AttentionPatterns, WeakOrScatteredMapsAreMixed) {
    const int T = 8;
    // 0.4 on the diagonal: under the threshold, and far from even.
    EXPECT_EQ(patternOf(peakedMap(
                            T, [](int q) { return q; }, 0.4, false),
                        T),
              AttentionPattern::Mixed);
    // Each row on a key two back: none of the named patterns.
    EXPECT_EQ(patternOf(peakedMap(
                            T, [](int q) { return (q + 3) % T; }, 0.9, false),
                        T),
              AttentionPattern::Mixed);
    EXPECT_EQ(strongestAttentionPattern(nullptr, 1).pattern, AttentionPattern::Mixed);
}

TEST(AttentionPatterns, CausalQueryZeroDoesNotMakeAFirstTokenHead) {
    // A causal diagonal head: row 0 can only look at key 0, which is also the first token.
    const int T = 4;
    const auto a = peakedMap(
        T, [](int q) { return q; }, 0.9, true);
    EXPECT_EQ(patternOf(a, T), AttentionPattern::Diagonal);
    EXPECT_EQ(actlab::attentionPatternKey(AttentionPattern::PreviousToken), "previous-token");
}
