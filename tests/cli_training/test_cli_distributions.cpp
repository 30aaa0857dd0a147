// `actlab-cli train … --distributions FILE.json` (issue 25), every model kind: the sites each
// model has (MLP hidden layers, GLU gates, the Transformer's Q/K/V, FFN, attention logits and
// residual stream), the steps the history measures, counts that hold every value of the probe
// batch, percentiles in order within the bin edges' span or outside it by the overflow, and
// bad uses refused in one line.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_runner.h"

namespace actlab::test {
namespace {

using Json = nlohmann::json;

Json distributions(std::vector<std::string> arguments) {
    const std::string path = testing::TempDir() + "actlab_distributions_" +
                             testing::UnitTest::GetInstance()->current_test_info()->name() +
                             ".json";
    arguments.insert(arguments.end(), {"--distributions", path});
    const CliRun run = runCli(arguments);
    EXPECT_EQ(run.status, 0) << run.err;
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    std::remove(path.c_str());
    const Json j = Json::parse(text.str(), nullptr, false);
    EXPECT_TRUE(j.is_object() && j.contains("sites")) << text.str().substr(0, 200);
    return j.is_object() ? j : Json::object({{"sites", Json::array()}});
}

std::vector<std::string> names(const Json& j) {
    std::vector<std::string> out;
    for (const Json& site : j["sites"]) out.push_back(site["name"]);
    return out;
}

// Every step's counts hold as many values as the first step's (the probe batch does not change);
// percentiles rise; a percentile outside the edges shows as under- or overflow; the steps are
// the measured ones.
void checkSites(const Json& j, const std::vector<int>& steps) {
    for (const Json& site : j["sites"]) {
        const std::string name = site["name"];
        long long firstTotal = 0;
        for (long long c : site["counts"][0].get<std::vector<long long>>()) firstTotal += c;
        EXPECT_GT(firstTotal, 0) << name;
        ASSERT_EQ(site["bin_edges"].size(), 41u) << name;
        EXPECT_EQ(site["steps"].get<std::vector<int>>(), steps) << name;
        for (size_t i = 0; i < site["steps"].size(); ++i) {
            const std::vector<long long> counts = site["counts"][i];
            ASSERT_EQ(counts.size(), 42u);
            long long total = 0;
            for (long long c : counts) total += c;
            EXPECT_EQ(total, firstTotal) << name << " step " << i << ": every value counted";
            const std::vector<double> p = site["percentiles"][i];
            ASSERT_EQ(p.size(), 9u);
            EXPECT_TRUE(std::is_sorted(p.begin(), p.end())) << name;
            const double low = site["bin_edges"].front(), high = site["bin_edges"].back();
            EXPECT_EQ(p.front() < low, counts.front() > 0) << name << " underflow at " << i;
            EXPECT_EQ(p.back() > high, counts.back() > 0) << name << " overflow at " << i;
            for (const char* share : {"dead_share", "saturated_share", "non_positive_share"}) {
                const double s = site[share][i];
                EXPECT_TRUE(s >= 0 && s <= 1) << name << " " << share;
            }
        }
    }
}

TEST(CliDistributions, AnMlpHasItsHiddenLayersAtTheMeasuredSteps) {
    // dying-relu: spiral, 3 × 32 ReLU; 500 training points (the split's half) per layer and unit
    const Json j = distributions({"train", "--preset", "dying-relu", "--steps", "40"});
    EXPECT_EQ(names(j), (std::vector<std::string>{"hidden 1", "hidden 2", "hidden 3"}));
    std::vector<int> steps;
    for (int s = 0; s <= 31; ++s) steps.push_back(s);
    for (int s = 32; s <= 40; s += 2) steps.push_back(s);
    checkSites(j, steps);
    for (const Json& site : j["sites"]) {
        EXPECT_EQ(site["kind"], "hidden");
        EXPECT_EQ(site["relu_family"], true);
        // a ReLU unit with no gradient on any row has z <= 0 on every row
        for (size_t i = 0; i < site["steps"].size(); ++i)
            EXPECT_GE(site["non_positive_share"][i].get<double>() + 1e-12,
                      site["dead_share"][i].get<double>());
    }
}

TEST(CliDistributions, AGluModelHasItsGates) {
    const Json j = distributions(
        {"train", "--task", "moons", "--model", "glu", "--activation", "swiglu", "--steps", "5"});
    ASSERT_FALSE(j["sites"].empty());
    for (const Json& site : j["sites"]) {
        EXPECT_EQ(site["kind"], "gate") << site["name"];
        EXPECT_EQ(site["relu_family"], false);
    }
}

TEST(CliDistributions, ATransformerHasEveryBlocksSites) {
    const Json j = distributions({"train",   "--model",   "transformer", "--task",
                                  "reverse", "--seq",     "6",           "--vocab",
                                  "6",       "--d-model", "16",          "--heads",
                                  "2",       "--layers",  "2",           "--qkv-activation",
                                  "relu",    "--batch",   "8",           "--steps",
                                  "3"});
    const std::vector<std::string> expected{"block 1 q",
                                            "block 1 k",
                                            "block 1 v",
                                            "block 1 ffn hidden",
                                            "block 1 attention logits",
                                            "block 1 residual into LN1",
                                            "block 1 residual into LN2",
                                            "block 2 q",
                                            "block 2 k",
                                            "block 2 v",
                                            "block 2 ffn hidden",
                                            "block 2 attention logits",
                                            "block 2 residual into LN1",
                                            "block 2 residual into LN2"};
    EXPECT_EQ(names(j), expected);
    checkSites(j, {0, 1, 2, 3});
    for (const Json& site : j["sites"]) {
        const std::string kind = site["kind"];
        EXPECT_EQ(site["relu_family"], kind == "qkv") << site["name"];
        // q, k, v and the residual stream: batch 8 × T 6 × d_model 16 values; the logits of a
        // non-causal model 8 × 2 heads × 6 × 6
        if (kind == "qkv" || kind == "residual") {
            const std::vector<long long> counts = site["counts"][0];
            long long total = 0;
            for (long long c : counts) total += c;
            EXPECT_EQ(total, 8 * 6 * 16) << site["name"];
        }
        // each site's own parameters' gradient: none before the first step, some after
        EXPECT_EQ(site["gradient_norm"][0].get<double>(), 0.0) << site["name"];
        for (size_t i = 1; i < site["steps"].size(); ++i)
            EXPECT_GT(site["gradient_norm"][i].get<double>(), 0.0) << site["name"];
        if (kind == "attention_logits") {
            long long total = 0;
            for (long long c : site["counts"][0].get<std::vector<long long>>()) total += c;
            EXPECT_EQ(total, 8 * 2 * 6 * 6);
        }
    }
}

TEST(CliDistributions, ABlockWithoutAnFfnHasNoSecondLayerNorm) {
    const Json j = distributions(
        {"train",   "--model", "transformer", "--task", "reverse", "--seq",   "6",
         "--vocab", "6",       "--d-model",   "16",     "--heads", "2",       "--layers",
         "1",       "--ffn",   "none",        "--norm", "post",    "--steps", "2"});
    EXPECT_EQ(names(j),
              (std::vector<std::string>{"block 1 attention logits", "block 1 residual into LN1"}));
}

TEST(CliDistributions, CompareAndExportRefuseIt) {
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"compare", "--activations", "relu", "--distributions", "d.json"},
          std::vector<std::string>{"export-pytorch", "--distributions", "d.json"}}) {
        const CliRun run = runCli(args);
        EXPECT_EQ(run.status, 2) << args[0];
        EXPECT_NE(run.err.find("unknown option '--distributions'"), std::string::npos) << run.err;
        EXPECT_TRUE(run.out.empty());
    }
    const CliRun unwritable =
        runCli({"train", "--steps", "1", "--distributions", "/nonexistent-dir/d.json"});
    EXPECT_EQ(unwritable.status, 2);
    EXPECT_NE(unwritable.err.find("cannot write --distributions file"), std::string::npos);
}

}  // namespace
}  // namespace actlab::test
