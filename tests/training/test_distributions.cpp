// Distributions over time (issue 25) checked against numpy: the counts on the run's fixed bin
// edges (numpy.histogram, with the values below and above counted apart) and the nine
// percentiles (numpy.percentile, linear) of the very values the model produced at the last
// measured step — an MLP's hidden layers on the training set and a Transformer's FFN hidden
// units and residual stream on the probe batch. Debian's python3 with numpy (a dependency of
// python3-torch, a test package) is the reference; without it the test fails, never skips.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_runner.h"
#include "diagnostics/distributions.h"
#include "training/presets.h"
#include "training/sequence_trainer.h"
#include "training/trainer.h"

namespace actlab {
namespace {

using Json = nlohmann::json;

constexpr const char* kCheck = R"(
import json, sys
import numpy as np
cases = json.load(open(sys.argv[1]))
bad = []
for c in cases:
    v = np.array(c["values"], dtype=np.float64)
    e = np.array(c["edges"], dtype=np.float64)
    inside, _ = np.histogram(v[(v >= e[0]) & (v <= e[-1])], bins=e)
    counts = [int((v < e[0]).sum())] + [int(x) for x in inside] + [int((v > e[-1]).sum())]
    if counts != c["counts"]:
        bad.append(c["name"] + " counts")
    p = np.percentile(v, [0, 6.68, 15.87, 30.85, 50, 69.15, 84.13, 93.32, 100])
    if not np.allclose(p, c["percentiles"], rtol=1e-12, atol=1e-12):
        bad.append(c["name"] + " percentiles %s vs %s" % (list(p), c["percentiles"]))
    if abs(float((v <= 0).mean()) - c["non_positive"]) > 1e-12:
        bad.append(c["name"] + " share of z <= 0")
print("; ".join(bad) if bad else "ok %d sites" % len(cases))
sys.exit(1 if bad else 0)
)";

Json caseOf(const SiteDistribution& site, const float* values, size_t count) {
    const DistributionPoint& last = site.points.points().back();
    return {{"name", site.name},
            {"values", std::vector<double>(values, values + count)},
            {"edges", site.binEdges},
            {"counts", last.counts},
            {"percentiles", last.percentiles},
            {"non_positive", last.nonPositiveShare}};
}

void checkWithNumpy(const Json& cases) {
    const std::string dir = testing::TempDir(), name = std::to_string(::getpid());
    const std::string data = dir + "actlab_distributions_" + name + ".json",
                      script = dir + "actlab_distributions_" + name + ".py";
    std::ofstream(data) << cases.dump();
    std::ofstream(script) << kCheck;
    const test::CliRun run = test::runProgram(ACTLAB_PYTHON3, {script, data});
    std::remove(data.c_str());
    std::remove(script.c_str());
    EXPECT_EQ(run.status, 0) << run.out << run.err;
    EXPECT_EQ(run.out.rfind("ok", 0), 0u) << run.out << run.err;
}

const SiteDistribution& site(const Distributions& all, const std::string& name) {
    for (const SiteDistribution& s : all)
        if (s.name == name) return s;
    throw std::runtime_error("no site " + name);
}

TEST(Distributions, AnMlpsHiddenLayersMatchNumpy) {
    TrainingConfig config;
    findTrainingPreset("dying-relu")->apply(config);
    std::string error;
    auto trainer = Trainer::create(config, &error);
    ASSERT_TRUE(trainer) << error;
    trainer->step(40);  // a measured step: the last point is this model's
    const TrainingSnapshot s = trainer->snapshot(false);
    ASSERT_TRUE(s.distributions);
    const Dataset& data = trainer->dataset();
    trainer->model().forward(data.trainInputs, int(data.trainSize()));
    Json cases = Json::array();
    for (const HiddenLayerView<float>& view : trainer->model().hiddenLayers()) {
        const SiteDistribution& d = site(*s.distributions, view.name);
        ASSERT_EQ(d.points.points().back().step, 40);
        cases.push_back(caseOf(d, view.preActivation.data(), view.preActivation.size()));
    }
    ASSERT_EQ(cases.size(), 3u);
    checkWithNumpy(cases);
}

TEST(Distributions, ATransformersSitesMatchNumpy) {
    SequenceTrainingConfig config;
    config.task = "reverse";
    config.taskOptions = {8, 8};
    config.model.layers = 2;
    config.model.heads = 2;
    config.model.dModel = 16;
    config.model.dFf = 32;
    config.model.causal = true;
    config.testSequences = 32;
    std::string error;
    auto trainer = SequenceTrainer::create(config, &error);
    ASSERT_TRUE(trainer) << error;
    trainer->step(36);
    const SequenceSnapshot s = trainer->snapshot();
    ASSERT_TRUE(s.distributions);
    trainer->model().forward(trainer->testSet().tokens.slice(0, config.batch));
    Json cases = Json::array();
    for (int l = 0; l < 2; ++l) {
        const TransformerBlockProbe<float> probe = trainer->model().probe(l);
        const std::string block = "block " + std::to_string(l + 1) + " ";
        // the probe sequences' rows: the first config.probes of the batch
        const ConstTensorView<float> ffn = probe.ffnPreActivation.slice(0, config.probes),
                                     stream = probe.normInput[1].slice(0, config.probes),
                                     attention = probe.attentionLogits.slice(0, config.probes);
        cases.push_back(
            caseOf(site(*s.distributions, block + "ffn hidden"), ffn.data(), size_t(ffn.size())));
        cases.push_back(caseOf(site(*s.distributions, block + "residual into LN2"), stream.data(),
                               size_t(stream.size())));
        // causal: only the keys at or before each query hold a logit
        std::vector<float> logits;
        const Index T = 8;
        for (Index map = 0; map < attention.size() / (T * T); ++map)
            for (Index q = 0; q < T; ++q)
                for (Index k = 0; k <= q; ++k)
                    logits.push_back(attention.data()[(map * T + q) * T + k]);
        cases.push_back(caseOf(site(*s.distributions, block + "attention logits"), logits.data(),
                               logits.size()));
    }
    checkWithNumpy(cases);
}

// The selection that gives the percentiles, against a sort on awkward inputs (ties, one value,
// two values), and the counts' edges: a value on the last edge is in the last bin, NaN above.
TEST(Distributions, PercentilesAndCountsOnEdgeCases) {
    EXPECT_EQ(distributionPercentiles({2.0f})[0], 2.0);
    EXPECT_EQ(distributionPercentiles({2.0f})[8], 2.0);
    const auto two = distributionPercentiles({3.0f, 1.0f});
    EXPECT_DOUBLE_EQ(two[4], 2.0);
    EXPECT_DOUBLE_EQ(two[1], 1.0 + 0.0668 * 2.0);
    const auto ties = distributionPercentiles({1, 1, 1, 5, 5});
    EXPECT_EQ(ties[4], 1.0);
    EXPECT_EQ(ties[8], 5.0);
    const std::vector<double> edges = distributionEdges({0.0f, 1.0f});
    EXPECT_EQ(edges.front(), -1.0);
    EXPECT_EQ(edges.back(), 2.0);
    const std::vector<std::int64_t> counts =
        distributionCounts({-5.0f, 2.0f, 0.0f, NAN, 9.0f}, edges);
    EXPECT_EQ(counts.front(), 1);
    EXPECT_EQ(counts.back(), 2);                      // 9 and NaN
    EXPECT_EQ(counts[size_t(kDistributionBins)], 1);  // 2.0: the last edge, in the last bin
}

}  // namespace
}  // namespace actlab
