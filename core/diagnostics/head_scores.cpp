// Per-head attention scores on repeated random sequences (diagnostics/head_scores.h).
#include "diagnostics/head_scores.h"

#include <algorithm>
#include <utility>

#include "common/random.h"

namespace actlab {
namespace {

// Row b: h tokens, distinct while the vocabulary allows (a partial Fisher–Yates shuffle), then
// the same h; an odd T's last token is drawn alone.
void repeatedRow(Token* row, int T, int V, Random& rng) {
    const int h = T / 2;
    std::vector<Token> pool(static_cast<std::size_t>(V));
    for (int v = 0; v < V; ++v) pool[std::size_t(v)] = Token(v);
    for (int i = 0; i < h; ++i) {
        if (i < V) {
            std::swap(pool[std::size_t(i)], pool[std::size_t(i + rng.below(V - i))]);
            row[i] = pool[std::size_t(i)];
        } else {
            row[i] = Token(rng.below(V));
        }
        row[i + h] = row[i];
    }
    if (T % 2 == 1) row[T - 1] = Token(rng.below(V));
}

}  // namespace

std::string_view headLabel(const HeadScore& s, double uniform) {
    const std::pair<double, std::string_view> scores[] = {{s.induction, "induction"},
                                                          {s.shiftedInduction, "shifted-induction"},
                                                          {s.previousToken, "previous-token"},
                                                          {s.self, "self"},
                                                          {s.firstToken, "first-token"}};
    const auto best =
        std::max_element(std::begin(scores), std::end(scores),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
    if (best->first > kHeadLabelThreshold && best->first > 2 * uniform) return best->second;
    return "mixed";
}

HeadScores measureHeadScores(Transformer<float>& model, int batch, std::uint64_t seed) {
    const TransformerConfig& c = model.config();
    const int T = c.sequence, V = c.vocabulary, H = c.heads, h = T / 2;
    HeadScores out;
    out.layers = c.layers;
    out.heads = H;
    out.score.resize(std::size_t(c.layers * H));
    if (T < 4 || batch < 1) return out;
    Random rng(seed);
    TokenTensor tokens(Shape{batch, T});
    for (int b = 0; b < batch; ++b) repeatedRow(tokens.data() + b * T, T, V, rng);
    model.forward(tokens);
    model.tensorOps().finish();
    double rows = 0;
    for (int q = 2; q < T; ++q) {
        out.uniform += c.causal ? 1.0 / (q + 1) : 1.0 / T;
        ++rows;
    }
    out.uniform /= rows;
    for (int l = 0; l < c.layers; ++l) {
        const float* att = model.probe(l).attention.data();  // (B, H, T, T)
        for (int head = 0; head < H; ++head) {
            HeadScore& s = out.score[std::size_t(l * H + head)];
            for (int b = 0; b < batch; ++b) {
                const float* map = att + std::size_t((b * H + head) * T) * std::size_t(T);
                const auto w = [&](int q, int k) { return double(map[q * T + k]); };
                for (int q = 2; q < T; ++q) {
                    s.previousToken += w(q, q - 1);
                    s.self += w(q, q);
                    s.firstToken += w(q, 0);
                }
                for (int q = h; q < 2 * h; ++q) {
                    s.induction += w(q, q - h + 1);
                    s.shiftedInduction += w(q, q - h + 2);  // h ≥ 2: a key ≤ q
                }
            }
            s.previousToken /= rows * batch;
            s.self /= rows * batch;
            s.firstToken /= rows * batch;
            s.induction /= double(h) * batch;
            s.shiftedInduction /= double(h) * batch;
            s.label = headLabel(s, out.uniform);
        }
    }
    return out;
}

}  // namespace actlab
