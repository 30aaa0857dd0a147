// The strongest pattern of an attention map (diagnostics/attention_patterns.h).
#include "diagnostics/attention_patterns.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace actlab {
namespace {

// Causal: no weight right of the diagonal (up to rounding).
bool isCausal(const float* a, int T) {
    for (int q = 0; q < T; ++q)
        for (int k = q + 1; k < T; ++k)
            if (std::abs(a[q * T + k]) > 1e-6f) return false;
    return true;
}

// 1 − the mean over rows of the total-variation distance to the even spread over the keys the
// row can see.
double uniformity(const float* a, int T) {
    const bool causal = isCausal(a, T);
    double distance = 0;
    for (int q = 0; q < T; ++q) {
        const int seen = causal ? q + 1 : T;
        double row = 0;
        for (int k = 0; k < seen; ++k) row += std::abs(double(a[q * T + k]) - 1.0 / seen);
        distance += 0.5 * row;
    }
    return 1.0 - distance / T;
}

}  // namespace

AttentionPatternScore strongestAttentionPattern(const float* a, int T) {
    if (T < 2) return {};
    const auto w = [&](int q, int k) { return double(a[q * T + k]); };
    double diagonal = 0, previous = 0, first = 0, anti = 0;
    int antiRows = 0;
    for (int q = 1; q < T; ++q) {
        diagonal += w(q, q);
        previous += w(q, q - 1);
        first += w(q, 0);
    }
    for (int q = 0; q < T; ++q)
        if (T - 1 - q != q) {
            anti += w(q, T - 1 - q);
            ++antiRows;
        }
    const double rows = T - 1;
    const std::pair<double, AttentionPattern> scores[] = {
        {diagonal / rows, AttentionPattern::Diagonal},
        {anti / std::max(1, antiRows), AttentionPattern::AntiDiagonal},
        {previous / rows, AttentionPattern::PreviousToken},
        {first / rows, AttentionPattern::FirstToken}};
    const auto best =
        std::max_element(std::begin(scores), std::end(scores),
                         [](const auto& x, const auto& y) { return x.first < y.first; });
    if (best->first > kAttentionPatternThreshold && best->first > 2.0 / T)
        return {best->second, best->first};
    const double even = uniformity(a, T);
    if (even >= kAttentionUniformity) return {AttentionPattern::Uniform, even};
    return {AttentionPattern::Mixed, best->first};
}

std::string_view attentionPatternKey(AttentionPattern pattern) {
    switch (pattern) {
        case AttentionPattern::Diagonal:
            return "diagonal";
        case AttentionPattern::AntiDiagonal:
            return "anti-diagonal";
        case AttentionPattern::PreviousToken:
            return "previous-token";
        case AttentionPattern::FirstToken:
            return "first-token";
        case AttentionPattern::Uniform:
            return "uniform";
        case AttentionPattern::Mixed:
            return "mixed";
    }
    return "mixed";
}

}  // namespace actlab
