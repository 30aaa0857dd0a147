// What the Attention lab's snapshots carry of their probe batch (the first held-out sequences),
// typed: the attention maps with their shape, the token ids, and the predictions classified once
// in core (class per position, and whether it is right). The UI and the timeline read them.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "tensor/tensor.h"

namespace actlab {

// Attention weights of each layer and head for `probes` sequences (probes = 1: one sequence).
struct AttentionMaps {
    int layers = 0, heads = 0, probes = 0;
    int queries = 0, keys = 0;   // T each (the rows and columns of one map)
    std::vector<float> weights;  // (layers, heads, probes, queries, keys) row-major
    bool empty() const { return weights.empty(); }
    // Probe p's maps as (layers, heads, queries, keys); empty for a p out of range.
    std::vector<float> probeMaps(int p) const;
    // The weight of (layer, head, probe, query, key).
    float at(int l, int h, int p, int q, int k) const {
        return weights[((((size_t(l) * heads + h) * probes + p) * queries + q) * keys) + k];
    }
    bool operator==(const AttentionMaps&) const = default;
};

// The probes' input token ids.
struct ProbeTokens {
    int probes = 0, length = 0;  // P, T
    std::vector<Token> ids;      // (probes, length)
    std::span<const Token> probe(int p) const {
        return {ids.data() + size_t(p) * size_t(length), size_t(length)};
    }
    bool operator==(const ProbeTokens&) const = default;
};

// The probes' logits and their classification: per position (rows = T), or pooled (rows = 1).
struct ProbePredictions {
    int probes = 0, rows = 0, classes = 0;  // P, rows per probe, output classes
    bool pooled = false;                    // one row per probe (a pooled task)
    std::vector<float> logits;              // (probes, rows, classes)
    std::vector<int> predicted;             // (probes, rows): the argmax class
    // (probes, rows): the target class, kIgnoreTarget where not scored; empty when unknown (a
    // timeline saved before targets were kept).
    std::vector<Token> targets;
    bool known(size_t row) const { return row < targets.size(); }  // the row's target is known
    bool scored(size_t row) const;                                 // known and not kIgnoreTarget
    // Scored, and the predicted class is the target.
    bool right(size_t row) const { return scored(row) && predicted[row] == targets[row]; }
    bool operator==(const ProbePredictions&) const = default;
};

struct SequenceProbes {
    AttentionMaps attention;       // (layers, heads, P, T, T)
    ProbeTokens tokens;            // (P, T)
    ProbePredictions predictions;  // (P, T, classes) or (P, 1, classes) pooled
    bool operator==(const SequenceProbes&) const = default;
};

// logits (rows, classes) row-major → per row the argmax and softmax(logits) (rows, classes).
struct LogitsClassification {
    std::vector<int> predicted;        // (rows)
    std::vector<float> probabilities;  // (rows, classes)
};
LogitsClassification classifyLogits(std::span<const float> logits, int classes);

// The predictions of `logits` (probes, rows, classes) against `targets` (probes, rows; may be
// empty): the argmax per row, computed here once for every user.
ProbePredictions predictProbes(std::vector<float> logits, int probes, int rows, int classes,
                               bool pooled, std::vector<Token> targets);

// Every value finite (a diverging model's maps and logits are not shown).
bool allFinite(const SequenceProbes& probes);
// The bytes the probes hold beyond the struct (the replay timeline's budget).
std::size_t probeBytes(const SequenceProbes& probes);

}  // namespace actlab
