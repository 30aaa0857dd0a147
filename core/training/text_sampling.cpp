// Temperature and top-k sampling of the next character (training/text_sampling.h).
#include "training/text_sampling.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace actlab {

std::vector<double> nextTokenDistribution(std::span<const float> logits,
                                          const SamplingSettings& settings) {
    const std::size_t V = logits.size();
    std::vector<std::size_t> order(V);
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return logits[a] > logits[b]; });
    const std::size_t kept = settings.topK > 0 ? std::min(V, std::size_t(settings.topK)) : V;
    std::vector<double> p(V, 0.0);
    if (V == 0) return p;
    const double largest = double(logits[order[0]]);  // subtracted: exp never overflows
    double sum = 0;
    for (std::size_t i = 0; i < kept; ++i) {
        const std::size_t id = order[i];
        p[id] = std::exp((double(logits[id]) - largest) / settings.temperature);
        sum += p[id];
    }
    for (double& value : p) value /= sum;
    return p;
}

int drawToken(std::span<const double> probabilities, Random& rng) {
    const double u = rng.uniform();
    double cumulative = 0;
    int last = 0;
    for (std::size_t i = 0; i < probabilities.size(); ++i) {
        if (probabilities[i] <= 0) continue;
        cumulative += probabilities[i];
        last = int(i);
        if (u < cumulative) return int(i);
    }
    return last;  // rounding left u at or beyond the sum
}

std::vector<double> nextCharacterDistribution(Transformer<float>& model,
                                              std::span<const Token> context,
                                              const SamplingSettings& settings) {
    const std::size_t T = std::size_t(model.config().sequence);
    const std::span<const Token> window =
        context.size() > T ? context.subspan(context.size() - T) : context;
    const Index L = Index(window.size());
    TokenTensor tokens(Shape{1, L});
    std::copy(window.begin(), window.end(), tokens.data());
    const ConstTensorView<float> logits = model.forward(tokens);  // (L, V)
    model.tensorOps().finish();
    const Index V = logits.extent(1);
    return nextTokenDistribution(std::span<const float>(logits.data() + (L - 1) * V, size_t(V)),
                                 settings);
}

std::optional<std::string> generateText(Transformer<float>& model, const TextCorpus& corpus,
                                        std::string_view prompt, int characters,
                                        const SamplingSettings& settings, std::uint64_t seed,
                                        std::string* error) {
    const auto fail = [&](std::string message) -> std::optional<std::string> {
        if (error) *error = std::move(message);
        return std::nullopt;
    };
    if (!(settings.temperature >= kMinTemperature && settings.temperature <= kMaxTemperature))
        return fail("the temperature must be 0.1..2");
    if (settings.topK < 0) return fail("top-k must be 1 or more (0: every character)");
    if (characters < 0) return fail("the number of characters must be 0 or more");
    std::u32string text;
    if (!prompt.empty()) {
        std::string problem;
        std::optional<std::u32string> decoded = decodeUtf8(prompt, &problem);
        if (!decoded) return fail("the prompt: " + problem);
        text = std::move(*decoded);
    } else {
        text.push_back(corpus.characterOf(corpus.ids().front()));
    }
    std::vector<Token> context;
    for (char32_t c : text) context.push_back(corpus.idOf(c));
    Random rng(seed);
    for (int i = 0; i < characters; ++i) {
        const std::vector<double> p = nextCharacterDistribution(model, context, settings);
        const Token id = Token(drawToken(p, rng));
        context.push_back(id);
        text.push_back(corpus.characterOf(id));
    }
    return encodeUtf8(text);
}

}  // namespace actlab
