// Distributions over time, one machinery for every model: at each activation site (an MLP
// hidden layer, a GLU gate, the Transformer's Q/K/V activation and FFN hidden units, its
// attention logits before the softmax, the residual stream entering each LayerNorm) the values
// of the pre-activation z on the probe batch are kept, at the steps the history measures, as a
// histogram on bin edges fixed for the whole run (with an underflow and an overflow bin, so no
// value is lost), nine percentiles taken from the values themselves, the share of dead units,
// the share saturated (|f′(z)| < 1e-3) and the gradient norm.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "activations/catalogue.h"
#include "training/bounded_history.h"

namespace actlab {

enum class SiteKind { Hidden, Gate, Qkv, FfnHidden, AttentionLogits, Residual };
std::string_view siteKindName(SiteKind kind);  // "hidden", "gate", "qkv", "ffn_hidden", …

// The percentiles kept, as TensorBoard's distribution dashboard draws them: the normal
// distribution's −∞, −1.5σ, −σ, −σ/2, median, σ/2, σ, 1.5σ and +∞ points.
inline constexpr std::array<double, 9> kDistributionPercentiles = {0,     6.68,  15.87, 30.85, 50,
                                                                   69.15, 84.13, 93.32, 100};
inline constexpr int kDistributionBins = 40;     // between the edges; plus under- and overflow
inline constexpr double kSaturatedSlope = 1e-3;  // a value is saturated where |f′(z)| < this

// Whether f is of the ReLU family (ReLU, Leaky ReLU, PReLU, ReLU6, and the gates of ReGLU): its
// slope at z ≤ 0 is 0 or small, so the mass at z ≤ 0 is where a unit dies.
bool isReluFamily(ActivationId id);

// One site's values at one step, as a model hands them over.
struct SiteSample {
    std::string name;  // "hidden 1", "block 1 gate", "block 2 q", "block 1 attention logits"
    int layer = 0;     // 0-based layer or block
    SiteKind kind = SiteKind::Hidden;
    bool reluFamily = false;  // the mass at z ≤ 0 is where the unit passes no gradient
    std::vector<float> z;
    double deadShare = 0;       // units that pass no gradient on any probe row
    double saturatedShare = 0;  // values with |f′(z)| < kSaturatedSlope
    // ‖∂L/∂θ‖ of the last step over the parameters that produce z (a layer's weights, Q's or
    // FFN fc1's, q and k for the logits), or, for the residual stream, of its LayerNorm's
    double gradientNorm = 0;
    // A learnable mix at the site: its components' names and their shares softmax(w) (the mean
    // over units for one mixture per unit); empty elsewhere.
    std::vector<std::string> mixComponents;
    std::vector<double> mixShares;
};

// One step of a site's distribution.
struct DistributionPoint {
    int step = 0;
    std::vector<std::int64_t> counts;  // underflow, kDistributionBins bins, overflow
    std::array<double, 9> percentiles{};
    double nonPositiveShare = 0;  // values z ≤ 0 (the ReLU family's dead side), exactly
    double deadShare = 0, saturatedShare = 0, gradientNorm = 0;
    std::vector<double> mixShares;  // a mix's shares at this step (SiteSample::mixShares)
    bool operator==(const DistributionPoint&) const = default;
};

// A site's distribution over the run: at most kCapacity steps, thinned as BoundedHistory does.
struct SiteDistribution {
    static constexpr std::size_t kCapacity = 128;
    std::string name;
    int layer = 0;
    SiteKind kind = SiteKind::Hidden;
    bool reluFamily = false;
    std::vector<double> binEdges;            // kDistributionBins + 1, from the first step's values
    std::vector<std::string> mixComponents;  // a mix's components, else empty
    BoundedHistory<DistributionPoint> points{kCapacity};
};

using Distributions = std::vector<SiteDistribution>;

// A learnable mix's shares at one site as the run stands now (the CLI's report at the end).
struct MixReading {
    std::string site;  // the site's name, as in the distributions: "hidden 1", "block 2 q"
    std::vector<std::string> components;
    std::vector<double> shares;  // softmax(w); the mean over units for one mixture per unit
};

// The nine percentiles of `values` (not empty), interpolated linearly between order statistics
// as numpy.percentile does by default.
std::array<double, 9> distributionPercentiles(std::vector<float> values);
// Bin edges for a run whose first values are these: their range widened by as much again on
// each side (±1 around a single value), so a distribution can drift before it overflows.
std::vector<double> distributionEdges(const std::vector<float>& values);
// counts[0]: values below edges.front(); counts[1 + i]: in [edges[i], edges[i+1]) (the last bin
// closed, as numpy.histogram); counts.back(): above edges.back(). NaN counts as overflow.
std::vector<std::int64_t> distributionCounts(const std::vector<float>& values,
                                             const std::vector<double>& edges);

// The distributions as they stood at `step`: each site's points up to it (a replay's keyframe).
Distributions distributionsUpTo(const Distributions& distributions, int step);

// Adds one step's samples: a site seen first gets its bin edges from these values; sites are
// matched by name (a model's sites never change during a run).
void recordDistributions(Distributions& distributions, int step,
                         const std::vector<SiteSample>& samples);

}  // namespace actlab
