// The actlab-cli output contract: list, eval (CSV that round-trips), properties, approx, bench.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "activations/scalar_functions.h"
#include "backends/backend_factory.h"
#include "cli_runner.h"

namespace actlab::test {
namespace {

double toDouble(const std::string& text) { return std::stod(text); }

TEST(CliList, JsonHasEveryFunctionWithKindAndParameters) {
    const CliRun run = runCli({"list", "--json"});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_TRUE(run.err.empty());
    for (const ActivationInfo& info : activationCatalogue()) {
        const std::string entry = "{\"name\":\"" + std::string(info.name) + "\"";
        const size_t at = run.out.find(entry);
        ASSERT_NE(at, std::string::npos) << info.name;
        const std::string kind =
            info.kind == ActivationKind::Scalar ? "\"kind\":\"scalar\"" : "\"kind\":\"gated\"";
        EXPECT_EQ(run.out.find(kind, at), run.out.find("\"kind\"", at)) << info.name;
    }
    EXPECT_NE(run.out.find("{\"name\":\"alpha\",\"default\":0.01,\"min\":0,\"max\":1"),
              std::string::npos);
    EXPECT_NE(run.out.find("{\"name\":\"beta\",\"default\":1,\"min\":0.1,\"max\":10"),
              std::string::npos);
    EXPECT_EQ(splitLines(run.out).size(), 1u);
}

TEST(CliList, TextHasOneLinePerFunction) {
    const CliRun run = runCli({"list"});
    ASSERT_EQ(run.status, 0);
    EXPECT_EQ(splitLines(run.out).size(), activationCatalogue().size());
}

TEST(CliEval, ScalarCsvRoundTripsTheDoubleReference) {
    const CliRun run = runCli({"eval", "gelu", "--x", "-1000,-3.5,-0.75,0,1e-3,0.1,2.5,1000"});
    ASSERT_EQ(run.status, 0) << run.err;
    const auto lines = splitLines(run.out);
    ASSERT_EQ(lines.size(), 9u);
    EXPECT_EQ(lines[0], "x,y,dy");
    const auto gelu = ActivationConfig::withDefaults(ActivationId::Gelu);
    for (size_t i = 1; i < lines.size(); ++i) {
        const auto cells = splitCsvRow(lines[i]);
        ASSERT_EQ(cells.size(), 3u) << lines[i];
        const double x = toDouble(cells[0]);
        const auto d = evaluateScalar<double>(gelu, x);
        EXPECT_EQ(toDouble(cells[1]), d.value) << lines[i];  // bit-exact: printed to round-trip
        EXPECT_EQ(toDouble(cells[2]), d.first) << lines[i];
    }
}

TEST(CliEval, ParametersChangeTheResult) {
    const CliRun run = runCli({"eval", "leaky_relu", "--param", "alpha=0.2", "--x", "-2"});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(splitLines(run.out).at(1), "-2,-0.4,0.2");
    const CliRun softplus =
        runCli({"eval", "softplus", "--param", "beta=2", "--param", "threshold=5", "--x", "3"});
    ASSERT_EQ(softplus.status, 0) << softplus.err;
    EXPECT_EQ(splitLines(softplus.out).at(1), "3,3,1");  // beta·x = 6 > threshold: linear
}

TEST(CliEval, RangeGivesNEvenlySpacedPointsIncludingBothEnds) {
    const CliRun run = runCli({"eval", "relu", "--range", "-1:1:5"});
    ASSERT_EQ(run.status, 0) << run.err;
    const auto lines = splitLines(run.out);
    ASSERT_EQ(lines.size(), 6u);
    EXPECT_EQ(lines[1], "-1,0,0");
    EXPECT_EQ(lines[3], "0,0,0");  // PyTorch's relu'(0) = 0
    EXPECT_EQ(lines[5], "1,1,1");
}

TEST(CliEval, GatedCsvWithOneValueOrOnePerPoint) {
    const CliRun one = runCli({"eval", "reglu", "--x", "-1,2", "--value", "3"});
    ASSERT_EQ(one.status, 0) << one.err;
    auto lines = splitLines(one.out);
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0], "x,value,y,dy_dx,dy_dvalue");
    EXPECT_EQ(lines[1], "-1,3,0,0,0");
    EXPECT_EQ(lines[2], "2,3,6,3,2");
    const CliRun each = runCli({"eval", "swiglu", "--x", "1,2", "--value", "0.5,-2"});
    ASSERT_EQ(each.status, 0) << each.err;
    lines = splitLines(each.out);
    ASSERT_EQ(lines.size(), 3u);
    const auto swiglu = ActivationConfig::withDefaults(ActivationId::Swiglu);
    const auto d = evaluateGated<double>(swiglu, 2.0, -2.0);
    const auto cells = splitCsvRow(lines[2]);
    EXPECT_EQ(toDouble(cells[1]), -2.0);
    EXPECT_EQ(toDouble(cells[2]), d.value);
    EXPECT_EQ(toDouble(cells[3]), d.dValueDx);
    EXPECT_EQ(toDouble(cells[4]), d.dValueDv);
}

TEST(CliEval, Float32OutputIsFloatRoundTripAndClose) {
    const CliRun run = runCli({"eval", "gelu_tanh", "--range", "-6:6:101", "--precision", "f32"});
    ASSERT_EQ(run.status, 0) << run.err;
    const auto lines = splitLines(run.out);
    ASSERT_EQ(lines.size(), 102u);
    const auto config = ActivationConfig::withDefaults(ActivationId::GeluTanh);
    for (size_t i = 1; i < lines.size(); ++i) {
        const auto cells = splitCsvRow(lines[i]);
        const float x = std::stof(cells[0]);
        const auto d = evaluateScalar<double>(config, double(x));
        EXPECT_NEAR(std::stof(cells[1]), d.value, 2e-6 + 1e-6 * std::abs(d.value)) << lines[i];
        EXPECT_NEAR(std::stof(cells[2]), d.first, 2e-6 + 1e-6 * std::abs(d.first)) << lines[i];
    }
}

TEST(CliEval, ExtremesAreFiniteForEveryFunctionInBothPrecisions) {
    for (const ActivationInfo& info : activationCatalogue()) {
        for (const char* precision : {"f64", "f32"}) {
            const CliRun run = runCli({"eval", std::string(info.name), "--x", "-1000,-100,100,1000",
                                       "--precision", precision});
            ASSERT_EQ(run.status, 0) << info.name << ' ' << run.err;
            const auto lines = splitLines(run.out);
            ASSERT_EQ(lines.size(), 5u);
            for (size_t i = 1; i < lines.size(); ++i)
                for (const std::string& cell : splitCsvRow(lines[i]))
                    EXPECT_TRUE(std::isfinite(toDouble(cell)))
                        << info.name << ' ' << precision << ": " << lines[i];
        }
    }
}

TEST(CliEval, MissingVulkanFallsBackToTheCpuWithANote) {
    const CliRun run = runCli({"eval", "gelu", "--x", "1"},
                              {"ACTLAB_BACKEND=vulkan", "VK_ICD_FILENAMES=/nonexistent.json"});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(splitLines(run.out).at(0), "x,y,dy");
    EXPECT_NE(run.err.find("using the CPU"), std::string::npos) << run.err;
}

TEST(CliEval, VulkanComputesInFloat32AndRefusesFloat64) {
    // lavapipe is installed wherever the tests run (CI included): Vulkan must be there.
    const BackendSelection vulkan = createBackend(BackendChoice::Vulkan);
    ASSERT_FALSE(vulkan.fellBack) << vulkan.reason;
    const CliRun run = runCli({"eval", "gelu", "--x", "0.5,-2", "--backend", "vulkan"});
    ASSERT_EQ(run.status, 0) << run.err;
    const auto lines = splitLines(run.out);
    ASSERT_EQ(lines.size(), 3u);
    const auto gelu = ActivationConfig::withDefaults(ActivationId::Gelu);
    EXPECT_NEAR(std::stof(splitCsvRow(lines[2])[1]), evaluateScalar<double>(gelu, -2.0).value,
                1e-6);
    const CliRun f64 =
        runCli({"eval", "gelu", "--x", "1", "--backend", "vulkan", "--precision", "f64"});
    EXPECT_EQ(f64.status, 2);
    EXPECT_TRUE(f64.out.empty());
    EXPECT_NE(f64.err.find("cannot compute in f64"), std::string::npos) << f64.err;
}

TEST(CliProperties, ReportsComputedFacts) {
    const CliRun run = runCli({"properties", "gelu"});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.out.find("\"monotonic\":false"), std::string::npos);
    EXPECT_NE(run.out.find("\"smooth\":true"), std::string::npos);
    EXPECT_NE(run.out.find("\"minimum\":-0.1699"), std::string::npos) << run.out;
    const CliRun relu = runCli({"properties", "relu", "--window", "-1:3"});
    ASSERT_EQ(relu.status, 0) << relu.err;
    EXPECT_NE(relu.out.find("\"smooth\":false"), std::string::npos);
    EXPECT_NE(relu.out.find("\"zero_gradient_share\":0.25"), std::string::npos) << relu.out;
}

TEST(CliApprox, TanhApproximationOfGeluIsWithinHalfAThousandth) {
    const CliRun run = runCli({"approx", "gelu", "gelu_tanh"});
    ASSERT_EQ(run.status, 0) << run.err;
    const size_t at = run.out.find("\"max_abs_error\":");
    ASSERT_NE(at, std::string::npos);
    const double error = std::stod(run.out.substr(at + 16));
    EXPECT_GT(error, 4.7e-4);
    EXPECT_LT(error, 4.8e-4);
}

TEST(CliBench, GeluEvalPrintsOneJsonLineWithARate) {
    const CliRun run = runCli({"bench", "gelu-eval", "--seconds", "0.2"});
    ASSERT_EQ(run.status, 0) << run.err;
    const auto lines = splitLines(run.out);
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_NE(lines[0].find("\"workload\":\"gelu-eval\""), std::string::npos);
    EXPECT_NE(lines[0].find("\"elements\":1048576"), std::string::npos);
    const size_t at = lines[0].find("\"elements_per_second\":");
    ASSERT_NE(at, std::string::npos);
    EXPECT_GT(std::stod(lines[0].substr(at + 22)), 1e6);
}

}  // namespace
}  // namespace actlab::test
