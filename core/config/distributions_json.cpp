// Distributions ↔ JSON: columns per site (one entry per kept step), numbers that read back.
#include "config/distributions_json.h"

#include <cmath>

#include "config/json_fields.h"

namespace actlab {
namespace config_json {
namespace {

SiteKind kindFrom(const Json& j, const std::string& path) {
    for (SiteKind kind : {SiteKind::Hidden, SiteKind::Gate, SiteKind::Qkv, SiteKind::FfnHidden,
                          SiteKind::AttentionLogits, SiteKind::Residual})
        if (j.is_string() && j.get<std::string>() == siteKindName(kind)) return kind;
    fail(path, "expected a site kind (hidden, gate, qkv, ffn_hidden, attention_logits, residual)");
}

double finiteFrom(const Json& j, const std::string& path) {
    if (!j.is_number() || !std::isfinite(j.get<double>())) fail(path, "expected a finite number");
    return j.get<double>();
}

const Json& arrayOf(const Json& site, const char* key, size_t size, const std::string& path) {
    if (!site.contains(key) || !site.at(key).is_array() || site.at(key).size() != size)
        fail(path + "." + key, "expected an array of " + std::to_string(size));
    return site.at(key);
}

// A mix's components (catalogue names) and one share per component and step, each in [0, 1].
void readMixShares(const Json& j, const std::string& at, SiteDistribution& d,
                   std::vector<DistributionPoint>& points) {
    if (!j.contains("mix_components")) return;
    const Json& names = j.at("mix_components");
    if (!names.is_array() || names.size() < 2 || names.size() > size_t(kMaxMixture))
        fail(at + ".mix_components", "expected 2 to 8 function names");
    for (const Json& name : names) {
        if (!name.is_string() || !findActivation(name.get<std::string>()))
            fail(at + ".mix_components", "expected function names");
        d.mixComponents.push_back(name.get<std::string>());
    }
    const Json& shares = arrayOf(j, "mix_shares", points.size(), at);
    for (size_t i = 0; i < points.size(); ++i) {
        const std::string row = at + ".mix_shares[" + std::to_string(i) + "]";
        if (!shares[i].is_array() || shares[i].size() != names.size())
            fail(row, "expected " + std::to_string(names.size()) + " shares");
        for (const Json& share : shares[i]) {
            const double value = finiteFrom(share, row);
            if (value < 0 || value > 1) fail(row, "a share must be in [0, 1]");
            points[i].mixShares.push_back(value);
        }
    }
}

}  // namespace

Json distributionsJson(const Distributions& distributions) {
    Json sites = Json::array();
    for (const SiteDistribution& d : distributions) {
        Json steps = Json::array(), counts = Json::array(), percentiles = Json::array(),
             dead = Json::array(), saturated = Json::array(), norms = Json::array(),
             nonPositive = Json::array(), shares = Json::array();
        for (const DistributionPoint& p : d.points.points()) {
            steps.push_back(p.step);
            counts.push_back(p.counts);
            percentiles.push_back(p.percentiles);
            dead.push_back(p.deadShare);
            nonPositive.push_back(p.nonPositiveShare);
            saturated.push_back(p.saturatedShare);
            norms.push_back(std::isfinite(p.gradientNorm) ? p.gradientNorm : 0.0);
            shares.push_back(p.mixShares);
        }
        Json site = {{"name", d.name},
                     {"layer", d.layer},
                     {"kind", std::string(siteKindName(d.kind))},
                     {"relu_family", d.reluFamily},
                     {"bin_edges", d.binEdges},
                     {"stride", d.points.stride()},
                     {"offered", d.points.offered()},
                     {"steps", std::move(steps)},
                     {"counts", std::move(counts)},
                     {"percentiles", std::move(percentiles)},
                     {"non_positive_share", std::move(nonPositive)},
                     {"dead_share", std::move(dead)},
                     {"saturated_share", std::move(saturated)},
                     {"gradient_norm", std::move(norms)}};
        if (!d.mixComponents.empty()) {  // a learnable mix: its shares by step
            site["mix_components"] = d.mixComponents;
            site["mix_shares"] = std::move(shares);
        }
        sites.push_back(std::move(site));
    }
    return sites;
}

Distributions distributionsFromJson(const Json& sites, const std::string& path) {
    if (!sites.is_array()) fail(path, "expected an array of sites");
    Distributions out;
    for (size_t s = 0; s < sites.size(); ++s) {
        const std::string at = path + "[" + std::to_string(s) + "]";
        const Json& j = sites[s];
        Reader(j, at).only({"name", "layer", "kind", "relu_family", "bin_edges", "stride",
                            "offered", "steps", "counts", "percentiles", "non_positive_share",
                            "dead_share", "saturated_share", "gradient_norm", "mix_components",
                            "mix_shares"});
        SiteDistribution d;
        if (!j.contains("name") || !j.at("name").is_string()) fail(at + ".name", "expected text");
        d.name = j.at("name").get<std::string>();
        d.layer = int(Reader::wholeIn(j.value("layer", Json()), at + ".layer", 0, 1'000'000));
        d.kind = kindFrom(j.value("kind", Json()), at + ".kind");
        if (!j.contains("relu_family") || !j.at("relu_family").is_boolean())
            fail(at + ".relu_family", "expected true or false");
        d.reluFamily = j.at("relu_family").get<bool>();
        const Json& edges = arrayOf(j, "bin_edges", kDistributionBins + 1, at);
        for (size_t i = 0; i < edges.size(); ++i) {
            d.binEdges.push_back(finiteFrom(edges[i], at + ".bin_edges"));
            if (i > 0 && !(d.binEdges[i] > d.binEdges[i - 1]))
                fail(at + ".bin_edges", "the edges must increase");
        }
        const Json& steps = j.value("steps", Json());
        if (!steps.is_array()) fail(at + ".steps", "expected an array");
        const size_t n = steps.size();
        const Json &counts = arrayOf(j, "counts", n, at),
                   &percentiles = arrayOf(j, "percentiles", n, at),
                   &dead = arrayOf(j, "dead_share", n, at),
                   &nonPositive = arrayOf(j, "non_positive_share", n, at),
                   &saturated = arrayOf(j, "saturated_share", n, at),
                   &norms = arrayOf(j, "gradient_norm", n, at);
        std::vector<DistributionPoint> points(n);
        readMixShares(j, at, d, points);
        for (size_t i = 0; i < n; ++i) {
            DistributionPoint& p = points[i];
            const std::string row = "[" + std::to_string(i) + "]";
            p.step = int(Reader::wholeIn(steps[i], at + ".steps" + row, 0, 2'000'000'000));
            if (i > 0 && p.step <= points[i - 1].step)
                fail(at + ".steps", "the steps must increase");
            if (!counts[i].is_array() || counts[i].size() != size_t(kDistributionBins + 2))
                fail(at + ".counts" + row, "expected " + std::to_string(kDistributionBins + 2));
            for (const Json& c : counts[i])
                p.counts.push_back(Reader::wholeIn(c, at + ".counts" + row, 0, 1LL << 50));
            if (!percentiles[i].is_array() || percentiles[i].size() != 9)
                fail(at + ".percentiles" + row, "expected 9 numbers");
            for (size_t k = 0; k < 9; ++k)
                p.percentiles[k] = finiteFrom(percentiles[i][k], at + ".percentiles" + row);
            p.deadShare = finiteFrom(dead[i], at + ".dead_share" + row);
            p.nonPositiveShare = finiteFrom(nonPositive[i], at + ".non_positive_share" + row);
            p.saturatedShare = finiteFrom(saturated[i], at + ".saturated_share" + row);
            p.gradientNorm = finiteFrom(norms[i], at + ".gradient_norm" + row);
        }
        const size_t stride = size_t(
                         Reader::wholeIn(j.value("stride", Json()), at + ".stride", 1, 1LL << 40)),
                     offered = size_t(Reader::wholeIn(j.value("offered", Json()), at + ".offered",
                                                      0, 1LL << 40));
        if (!d.points.restore(stride, offered, std::move(points)))
            fail(at + ".stride", "the thinning does not match the steps");
        out.push_back(std::move(d));
    }
    return out;
}

}  // namespace config_json

std::string distributionsJsonText(const Distributions& distributions) {
    return nlohmann::json{{"sites", config_json::distributionsJson(distributions)}}.dump();
}

}  // namespace actlab
