// The learnable mix of activations on the command line (issue 25): `--activation "mix(…)"`
// reports each site's learned shares in the JSON line (summing to 1, moved from equal), the
// --distributions file keeps them by step from the equal start, a saved session continues bit
// for bit as one uninterrupted run, the Transformer takes a mix on Q/K/V and in a gated FFN, and
// on Vulkan the mix runs on the CPU with the status saying so.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_runner.h"

namespace actlab::test {
namespace {

using Json = nlohmann::json;

std::string tempPath(const std::string& name) {
    return testing::TempDir() + "actlab_mix_" +
           testing::UnitTest::GetInstance()->current_test_info()->name() + "_" + name;
}

Json jsonLine(const std::vector<std::string>& arguments) {
    const CliRun run = runCli(arguments);
    EXPECT_EQ(run.status, 0) << run.err;
    return Json::parse(run.out, nullptr, false);
}

Json fileJson(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return Json::parse(text.str(), nullptr, false);
}

// Each site's shares sum to 1 and have moved away from equal shares.
void expectLearnedShares(const Json& line, const std::vector<std::string>& sites, size_t k) {
    ASSERT_TRUE(line.contains("mix_weights")) << line.dump().substr(0, 300);
    EXPECT_EQ(line["mix_weights"].size(), sites.size());
    for (const std::string& site : sites) {
        ASSERT_TRUE(line["mix_weights"].contains(site)) << site;
        const Json& shares = line["mix_weights"][site];
        ASSERT_EQ(shares.size(), k) << site;
        double sum = 0, farthest = 0;
        for (const auto& [name, share] : shares.items()) {
            sum += share.get<double>();
            farthest = std::max(farthest, std::abs(share.get<double>() - 1.0 / double(k)));
        }
        EXPECT_NEAR(sum, 1.0, 1e-6) << site;
        EXPECT_GT(farthest, 1e-3) << site << ": the shares did not move";
    }
}

TEST(CliMix, AnMlpReportsItsSharesKeepsThemByStepAndContinuesBitForBit) {
    const std::string distributionsPath = tempPath("d.json"), session = tempPath("s.actlab");
    const std::vector<std::string> base = {
        "train", "--task", "spiral", "--activation", "mix(relu,gelu,silu,tanh)", "--seed", "3"};
    std::vector<std::string> first = base;
    first.insert(first.end(), {"--steps", "150", "--distributions", distributionsPath,
                               "--save-session", session});
    const Json line = jsonLine(first);
    EXPECT_EQ(line["activation"], "mix(relu,gelu,silu,tanh)");
    expectLearnedShares(line, {"hidden 1", "hidden 2", "hidden 3"}, 4);

    const Json distributions = fileJson(distributionsPath);
    std::remove(distributionsPath.c_str());
    ASSERT_TRUE(distributions.contains("sites"));
    const Json& site = distributions["sites"][0];
    EXPECT_EQ(site["name"], "hidden 1");
    EXPECT_EQ(site["mix_components"], Json::array({"relu", "gelu", "silu", "tanh"}));
    ASSERT_EQ(site["mix_shares"].size(), site["steps"].size());
    for (double share : site["mix_shares"][0].get<std::vector<double>>())
        EXPECT_EQ(share, 0.25);  // step 0: the weights start equal
    EXPECT_NE(site["mix_shares"].back(), site["mix_shares"][0]);

    // 150 + 150 steps through the session file equal 300 in one go.
    const Json continued = jsonLine({"train", "--session", session, "--steps", "150"});
    std::remove(session.c_str());
    std::vector<std::string> whole = base;
    whole.insert(whole.end(), {"--steps", "300"});
    const Json uninterrupted = jsonLine(whole);
    EXPECT_EQ(continued["mix_weights"], uninterrupted["mix_weights"]);
    EXPECT_EQ(continued["test_loss"], uninterrupted["test_loss"]);
}

TEST(CliMix, TheTransformerTakesAMixOnQkvAndAsTheGateOfItsFfn) {
    const Json line =
        jsonLine({"train", "--model", "transformer", "--task", "reverse", "--layers", "1",
                  "--qkv-activation", "mix(identity,gelu)", "--ffn", "gated", "--ffn-activation",
                  "mix(relu,silu,tanh)", "--mix-per-unit", "--steps", "60"});
    EXPECT_EQ(line["qkv_activation"], "mix(identity,gelu)");
    EXPECT_EQ(line["ffn_activation"], "mix(relu,silu,tanh)");
    ASSERT_TRUE(line.contains("mix_weights"));
    EXPECT_EQ(line["mix_weights"].size(), 4u);  // q, k, v and the FFN's gate
    for (const char* site : {"block 1 q", "block 1 k", "block 1 v"}) {
        ASSERT_TRUE(line["mix_weights"].contains(site)) << site;
        EXPECT_EQ(line["mix_weights"][site].size(), 2u) << site;
    }
    ASSERT_TRUE(line["mix_weights"].contains("block 1 ffn gate"));
    EXPECT_EQ(line["mix_weights"]["block 1 ffn gate"].size(), 3u);
    Json gate;
    gate["mix_weights"] = {{"block 1 ffn gate", line["mix_weights"]["block 1 ffn gate"]}};
    expectLearnedShares(gate, {"block 1 ffn gate"}, 3);
}

TEST(CliMix, OnVulkanTheMixRunsOnTheCpuAndTheStatusSaysSo) {
    const std::vector<std::string> flags = {"train",          "--model", "transformer",
                                            "--task",         "reverse", "--ffn-activation",
                                            "mix(gelu,silu)", "--steps", "20"};
    std::vector<std::string> vulkan = flags;
    vulkan.insert(vulkan.end(), {"--backend", "vulkan"});
    const Json gpu = jsonLine(vulkan), cpu = jsonLine(flags);
    EXPECT_EQ(gpu["backend"], "vulkan (cpu: mix_forward, mix_backward)");
    EXPECT_EQ(cpu["backend"], "cpu");
    EXPECT_NEAR(gpu["test_loss"].get<double>(), cpu["test_loss"].get<double>(),
                1e-4 * cpu["test_loss"].get<double>());
    // The MLP trains on the same Vulkan ops, the mix on the CPU, and matches the CPU run.
    const std::vector<std::string> mlpFlags = {
        "train", "--task", "spiral", "--activation", "mix(gelu,silu)", "--steps", "5"};
    std::vector<std::string> mlpVulkan = mlpFlags;
    mlpVulkan.insert(mlpVulkan.end(), {"--backend", "vulkan"});
    const Json mlpGpu = jsonLine(mlpVulkan), mlpCpu = jsonLine(mlpFlags);
    EXPECT_EQ(mlpGpu["backend"], "vulkan (cpu: mix_forward, mix_backward)");
    EXPECT_EQ(mlpCpu["backend"], "cpu");
    EXPECT_NEAR(mlpGpu["test_loss"].get<double>(), mlpCpu["test_loss"].get<double>(),
                1e-4 * mlpCpu["test_loss"].get<double>());
}

}  // namespace
}  // namespace actlab::test
