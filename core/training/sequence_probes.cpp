// The Attention lab's typed probes: a probe's maps, the classification of logits (softmax and
// argmax per row), whether all is finite, and the bytes they hold.
#include "training/sequence_probes.h"

#include <algorithm>
#include <cmath>

#include "layers/losses.h"

namespace actlab {

std::vector<float> AttentionMaps::probeMaps(int p) const {
    std::vector<float> maps;
    if (p < 0 || p >= probes) return maps;
    const size_t map = size_t(queries) * size_t(keys);
    maps.reserve(size_t(layers) * size_t(heads) * map);
    for (size_t m = 0; m < size_t(layers) * size_t(heads); ++m) {
        const float* first = weights.data() + (m * size_t(probes) + size_t(p)) * map;
        maps.insert(maps.end(), first, first + map);
    }
    return maps;
}

bool ProbePredictions::scored(size_t row) const {
    return known(row) && targets[row] != kIgnoreTarget;
}

LogitsClassification classifyLogits(std::span<const float> logits, int classes) {
    LogitsClassification out;
    if (classes <= 0) return out;
    const size_t rows = logits.size() / size_t(classes);
    out.predicted.resize(rows);
    out.probabilities.resize(rows * size_t(classes));
    for (size_t r = 0; r < rows; ++r) {
        const float* row = logits.data() + r * size_t(classes);
        float* p = out.probabilities.data() + r * size_t(classes);
        // p_c = exp(z_c − max z) / Σ exp(z_c' − max z): stable for large logits.
        const float largest = *std::max_element(row, row + classes);
        double sum = 0;
        for (int c = 0; c < classes; ++c) sum += std::exp(double(row[c]) - double(largest));
        for (int c = 0; c < classes; ++c)
            p[c] = float(std::exp(double(row[c]) - double(largest)) / sum);
        out.predicted[r] = int(std::max_element(row, row + classes) - row);
    }
    return out;
}

ProbePredictions predictProbes(std::vector<float> logits, int probes, int rows, int classes,
                               bool pooled, std::vector<Token> targets) {
    ProbePredictions out;
    out.probes = probes;
    out.rows = rows;
    out.classes = classes;
    out.pooled = pooled;
    out.logits = std::move(logits);
    out.targets = std::move(targets);
    if (classes <= 0) return out;
    const size_t count = out.logits.size() / size_t(classes);
    out.predicted.resize(count);
    for (size_t r = 0; r < count; ++r) {
        const float* row = out.logits.data() + r * size_t(classes);
        out.predicted[r] = int(std::max_element(row, row + classes) - row);
    }
    return out;
}

bool allFinite(const SequenceProbes& probes) {
    for (float v : probes.attention.weights)
        if (!std::isfinite(v)) return false;
    for (float v : probes.predictions.logits)
        if (!std::isfinite(v)) return false;
    return true;
}

std::size_t probeBytes(const SequenceProbes& probes) {
    return (probes.attention.weights.size() + probes.predictions.logits.size()) * sizeof(float) +
           (probes.tokens.ids.size() + probes.predictions.targets.size()) * sizeof(Token) +
           probes.predictions.predicted.size() * sizeof(int);
}

}  // namespace actlab
