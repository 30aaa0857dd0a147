// The accuracy the documentation promises, run exactly as written: GELU learns the spiral
// (≥ 0.95 test accuracy in 2000 Adam steps) and the defaults learn circle, xor and gauss (≥ 0.97).
#include <gtest/gtest.h>

#include "cli_runner.h"
#include "flat_json.h"

namespace actlab::test {
namespace {

double testAccuracy(const std::vector<std::string>& arguments) {
    const CliRun run = runCli(arguments);
    EXPECT_EQ(run.status, 0) << run.err;
    const auto parsed = parseFlatJson(run.out);
    if (!parsed || parsed->empty() || !parsed->front().count("test_acc")) {
        ADD_FAILURE() << run.out;
        return 0;
    }
    EXPECT_EQ(parsed->front().at("diverged"), "false");
    return std::stod(parsed->front().at("test_acc"));
}

TEST(AccuracyClaims, GeluLearnsTheSpiral) {
    EXPECT_GE(testAccuracy({"train", "--task", "spiral", "--activation", "gelu", "--hidden",
                            "32,32,32", "--optimizer", "adam", "--lr", "0.01", "--steps", "2000"}),
              0.95);
}

class DefaultsLearn : public ::testing::TestWithParam<const char*> {};

TEST_P(DefaultsLearn, TheTaskWithTheDefaultFlags) {
    EXPECT_GE(testAccuracy({"train", "--task", GetParam()}), 0.97);
}

INSTANTIATE_TEST_SUITE_P(AccuracyClaims, DefaultsLearn, ::testing::Values("circle", "xor", "gauss"),
                         [](const auto& info) { return std::string(info.param); });

}  // namespace
}  // namespace actlab::test
