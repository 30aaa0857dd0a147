// Histograms on fixed edges and percentiles by selection (numpy's linear interpolation).
#include "diagnostics/distributions.h"

#include <algorithm>
#include <cmath>

namespace actlab {

std::string_view siteKindName(SiteKind kind) {
    switch (kind) {
        case SiteKind::Hidden:
            return "hidden";
        case SiteKind::Gate:
            return "gate";
        case SiteKind::Qkv:
            return "qkv";
        case SiteKind::FfnHidden:
            return "ffn_hidden";
        case SiteKind::AttentionLogits:
            return "attention_logits";
        case SiteKind::Residual:
            return "residual";
    }
    return "hidden";
}

bool isReluFamily(ActivationId id) {
    const ActivationId scalar = activationInfo(id).gate;
    return scalar == ActivationId::Relu || scalar == ActivationId::LeakyRelu ||
           scalar == ActivationId::Prelu || scalar == ActivationId::Relu6;
}

std::array<double, 9> distributionPercentiles(std::vector<float> values) {
    std::array<double, 9> out{};
    if (values.empty()) return out;
    const size_t n = values.size();
    auto low = values.begin();  // the ranks asked for grow: each selection works on what is left
    for (size_t i = 0; i < kDistributionPercentiles.size(); ++i) {
        const double position = kDistributionPercentiles[i] / 100.0 * double(n - 1);
        const size_t k = size_t(std::floor(position));
        const double fraction = position - double(k);
        std::nth_element(low, values.begin() + long(k), values.end());
        const double below = values[k];
        double above = below;
        if (fraction > 0 && k + 1 < n)
            above = *std::min_element(values.begin() + long(k) + 1, values.end());
        out[i] = below + fraction * (above - below);
        low = values.begin() + long(k);
    }
    return out;
}

std::vector<double> distributionEdges(const std::vector<float>& values) {
    double low = INFINITY, high = -INFINITY;
    for (float v : values)
        if (std::isfinite(v)) {
            low = std::min(low, double(v));
            high = std::max(high, double(v));
        }
    if (!(low <= high)) low = high = 0;
    const double span = high - low;
    const double margin = span > 0 ? span : 1.0;
    low -= margin;
    high += margin;
    std::vector<double> edges(kDistributionBins + 1);
    for (int i = 0; i <= kDistributionBins; ++i)
        edges[size_t(i)] = low + (high - low) * i / kDistributionBins;
    edges.back() = high;
    return edges;
}

std::vector<std::int64_t> distributionCounts(const std::vector<float>& values,
                                             const std::vector<double>& edges) {
    const size_t bins = edges.size() - 1;
    std::vector<std::int64_t> counts(bins + 2, 0);
    for (float v : values) {
        const double x = v;
        if (x < edges.front()) {
            ++counts.front();
        } else if (!(x <= edges.back())) {  // above, or NaN
            ++counts.back();
        } else if (x == edges.back()) {
            ++counts[bins];
        } else {
            const size_t i =
                size_t(std::upper_bound(edges.begin(), edges.end(), x) - edges.begin()) - 1;
            ++counts[1 + i];
        }
    }
    return counts;
}

Distributions distributionsUpTo(const Distributions& distributions, int step) {
    Distributions cut;
    for (const SiteDistribution& site : distributions) {
        SiteDistribution kept;
        kept.name = site.name;
        kept.layer = site.layer;
        kept.kind = site.kind;
        kept.reluFamily = site.reluFamily;
        kept.binEdges = site.binEdges;
        std::vector<DistributionPoint> points;
        for (const DistributionPoint& p : site.points.points())
            if (p.step <= step) points.push_back(p);
        // Kept as they were thinned: the same stride, as many offered as the points account for.
        const size_t stride = site.points.stride(), offered = points.size() * stride;
        if (!kept.points.restore(stride, offered == 0 ? 0 : offered - stride + 1,
                                 std::move(points)))
            continue;
        cut.push_back(std::move(kept));
    }
    return cut;
}

void recordDistributions(Distributions& distributions, int step,
                         const std::vector<SiteSample>& samples) {
    for (const SiteSample& sample : samples) {
        auto site = std::find_if(distributions.begin(), distributions.end(),
                                 [&](const SiteDistribution& d) { return d.name == sample.name; });
        if (site == distributions.end()) {
            SiteDistribution fresh;
            fresh.name = sample.name;
            fresh.layer = sample.layer;
            fresh.kind = sample.kind;
            fresh.reluFamily = sample.reluFamily;
            fresh.binEdges = distributionEdges(sample.z);
            fresh.mixComponents = sample.mixComponents;
            distributions.push_back(std::move(fresh));
            site = distributions.end() - 1;
        }
        std::vector<float> finite;
        finite.reserve(sample.z.size());
        size_t nonPositive = 0;
        for (float v : sample.z)
            if (std::isfinite(v)) {
                finite.push_back(v);
                nonPositive += v <= 0.0f;
            }
        DistributionPoint point;
        point.step = step;
        point.counts = distributionCounts(sample.z, site->binEdges);
        point.nonPositiveShare = finite.empty() ? 0 : double(nonPositive) / double(finite.size());
        point.percentiles = distributionPercentiles(std::move(finite));
        point.deadShare = sample.deadShare;
        point.saturatedShare = sample.saturatedShare;
        point.gradientNorm = sample.gradientNorm;
        point.mixShares = sample.mixShares;
        site->points.push(std::move(point));
    }
}

}  // namespace actlab
