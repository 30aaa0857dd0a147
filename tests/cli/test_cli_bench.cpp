// actlab-cli bench's training workloads (issue 26): they train on the chosen backend's ops and
// their JSON line says where (ops), with the device traffic per timed step — none on the CPU, at
// least one queue submission and the loss's bytes back on Vulkan (lavapipe, required here as in
// CI). transformer-small starts at a uniform guess's loss; ffn-large runs.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "cli_runner.h"

namespace actlab::test {
namespace {

nlohmann::json benchLine(const std::string& workload, const std::string& backend,
                         const std::string& seconds) {
    const CliRun run = runCli({"bench", workload, "--backend", backend, "--seconds", seconds});
    EXPECT_EQ(run.status, 0) << run.err;
    const auto lines = splitLines(run.out);
    EXPECT_EQ(lines.size(), 1u) << run.out;
    return lines.empty() ? nlohmann::json::object() : nlohmann::json::parse(lines[0]);
}

TEST(CliBench, OnTheCpuATrainingWorkloadCountsNoDeviceTraffic) {
    for (const char* workload : {"mlp-small", "transformer-tiny"}) {
        const nlohmann::json line = benchLine(workload, "cpu", "0.2");
        EXPECT_EQ(line.value("backend", ""), "cpu") << line;
        EXPECT_EQ(line.value("ops", ""), "cpu") << line;
        EXPECT_GE(line.value("steps", 0), 1) << line;
        EXPECT_GT(line.value("steps_per_second", 0.0), 0.0) << line;
        EXPECT_EQ(line.value("submits_per_step", -1.0), 0.0) << line;
        EXPECT_EQ(line.value("bytes_to_host_per_step", -1.0), 0.0) << line;
        EXPECT_EQ(line.value("bytes_to_device_per_step", -1.0), 0.0) << line;
    }
}

TEST(CliBench, OnVulkanATrainingWorkloadTrainsThereAndCountsItsSubmissions) {
    for (const char* workload : {"mlp-small", "swiglu-ffn", "transformer-tiny"}) {
        const nlohmann::json line = benchLine(workload, "vulkan", "0.3");
        ASSERT_EQ(line.value("backend", ""), "vulkan") << "Vulkan (lavapipe) is required" << line;
        EXPECT_EQ(line.value("ops", ""), "vulkan") << "every op has a shader: " << line;
        EXPECT_GE(line.value("steps", 0), 1) << line;
        EXPECT_TRUE(std::isfinite(line.value("final_loss", NAN))) << line;
        // A step is at least one submission, and its loss (a float) at least comes back.
        EXPECT_GE(line.value("submits_per_step", 0.0), 1.0) << line;
        EXPECT_GE(line.value("bytes_to_host_per_step", 0.0), 4.0) << line;
        EXPECT_GT(line.value("bytes_to_device_per_step", 0.0), 0.0) << line;
    }
}

TEST(CliBench, TheLargeWorkloadsTrainTheirModels) {
    // transformer-small's weights start at N(0, 0.02²): its logits near 0, the loss near a
    // uniform guess over 64 tokens, ln 64, after its warm-up step and one timed step.
    const nlohmann::json small = benchLine("transformer-small", "cpu", "0.01");
    EXPECT_EQ(small.value("steps", 0), 1) << small;
    EXPECT_NEAR(small.value("final_loss", NAN), std::log(64.0), 0.1 * std::log(64.0)) << small;
    // ffn-large (He-initialised, N(0, 1) inputs of 1024 features: its first Adam steps swing the
    // loss far above ln 10 before it falls) runs, with a finite positive loss.
    const nlohmann::json large = benchLine("ffn-large", "cpu", "0.01");
    EXPECT_EQ(large.value("workload", ""), "ffn-large");
    EXPECT_GE(large.value("steps", 0), 1) << large;
    EXPECT_GT(large.value("final_loss", NAN), 0.0) << large;
    EXPECT_TRUE(std::isfinite(large.value("final_loss", NAN))) << large;
}

TEST(CliBench, HelpListsEveryWorkloadWithItsShape) {
    const CliRun run = runCli({"help"});
    ASSERT_EQ(run.status, 0) << run.err;
    for (const char* expected :
         {"transformer-small", "d_model 256, 8 heads", "ffn-large", "1024-2048-2048-10",
          "submits_per_step", "bytes_to_host_per_step", "text-char", "gelu-eval"})
        EXPECT_NE(run.out.find(expected), std::string::npos) << expected;
    for (const std::string& line : splitLines(run.out)) EXPECT_LE(line.size(), 100u) << line;
}

}  // namespace
}  // namespace actlab::test
