// Bad input to actlab-cli train and compare: exit status 2, exactly one line on stderr naming the
// problem, nothing on stdout (and no training started).
#include <gtest/gtest.h>

#include "cli_runner.h"

namespace actlab::test {
namespace {

struct BadCase {
    const char* label;
    std::vector<std::string> arguments;
    const char* expectInError;  // a fragment the one-line message must contain
};

void PrintTo(const BadCase& c, std::ostream* os) { *os << c.label; }

class CliTrainBadInput : public ::testing::TestWithParam<BadCase> {};

TEST_P(CliTrainBadInput, ExitsTwoWithOneLineAndNoOutput) {
    const BadCase& c = GetParam();
    const CliRun run = runCli(c.arguments);
    EXPECT_EQ(run.status, 2) << run.err;
    EXPECT_TRUE(run.out.empty()) << "stdout: " << run.out.substr(0, 200);
    const auto lines = splitLines(run.err);
    ASSERT_EQ(lines.size(), 1u) << run.err;
    EXPECT_EQ(lines[0].rfind("actlab-cli: error: ", 0), 0u) << lines[0];
    EXPECT_NE(lines[0].find(c.expectInError), std::string::npos) << lines[0];
}

// clang-format off
INSTANTIATE_TEST_SUITE_P(CliTraining, CliTrainBadInput, ::testing::Values(
    BadCase{"UnknownTask",          {"train", "--task", "spirals"},                          "unknown task 'spirals'"},
    BadCase{"MixTwice",             {"train", "--activation", "mix(relu,gelu,relu)"},        "'relu' appears twice in the mix"},
    BadCase{"MixUnclosed",          {"train", "--activation", "mix(relu,gelu"},              "is not a function name or mix(f1,f2,"},
    BadCase{"MixParam",             {"train", "--activation", "mix(relu,gelu)", "--param", "alpha=0.1"}, "unknown parameter 'alpha' for mix"},
    BadCase{"UnknownModel",         {"train", "--model", "rnn"},                             "unknown model 'rnn'"},
    BadCase{"UnknownOptimizer",     {"train", "--optimizer", "rmsprop"},                     "unknown optimizer 'rmsprop'"},
    BadCase{"UnknownInit",          {"train", "--init", "orthogonal"},                       "unknown init 'orthogonal'"},
    BadCase{"UnknownPreset",        {"train", "--preset", "dying-gelu"},                     "unknown preset 'dying-gelu'"},
    BadCase{"UnknownFeature",       {"train", "--features", "x1,x3"},                        "unknown feature 'x3'"},
    BadCase{"UnknownActivation",    {"train", "--activation", "relux"},                      "unknown function 'relux'"},
    BadCase{"UnknownSchedule",      {"train", "--schedule", "step"},                         "unknown schedule 'step'"},
    BadCase{"UnknownOption",        {"train", "--epochs", "3"},                              "unknown option '--epochs'"},
    BadCase{"TransformerFlag",      {"train", "--heads", "4"},                               "'--heads' does not apply to --model mlp (only to --model transformer)"},
    BadCase{"TransformerSwitch",    {"train", "--model", "glu", "--causal"},                 "'--causal' does not apply to --model glu"},
    BadCase{"GluFlagInMlp",         {"train", "--model", "mlp", "--blocks", "2"},            "'--blocks' does not apply to --model mlp (only to --model glu)"},
    BadCase{"MlpFlagInGluPreset",   {"train", "--preset", "swiglu-spiral", "--hidden", "8"}, "'--hidden' does not apply to --model glu"},
    BadCase{"Positional",           {"train", "circle"},                                     "no positional argument"},
    BadCase{"NineLayers",           {"train", "--hidden", "4,4,4,4,4,4,4,4,4"},              "at most 8 layers, got 9"},
    BadCase{"Width513",             {"train", "--hidden", "32,513"},                         "[1, 512], got 513"},
    BadCase{"Width0",               {"train", "--hidden", "0"},                              "[1, 512], got 0"},
    BadCase{"WidthNotWhole",        {"train", "--hidden", "8.5"},                            "not a whole number"},
    BadCase{"HiddenEmptyItem",      {"train", "--hidden", "8,,8"},                           "empty item"},
    BadCase{"LearningRateZero",     {"train", "--lr", "0"},                                  "--lr"},
    BadCase{"LearningRateNegative", {"train", "--lr", "-0.1"},                               "--lr"},
    BadCase{"LearningRateText",     {"train", "--lr", "abc"},                                "--lr 'abc' is not a number"},
    BadCase{"LearningRateTooHigh",  {"train", "--lr", "11"},                                 "--lr"},
    BadCase{"StepsZero",            {"train", "--steps", "0"},                               "--steps"},
    BadCase{"BatchZero",            {"train", "--batch", "0"},                               "--batch"},
    BadCase{"NoiseTwo",             {"train", "--noise", "2"},                               "--noise"},
    BadCase{"PointsThree",          {"train", "--points", "3"},                              "--points"},
    BadCase{"TrainShareOne",        {"train", "--train-share", "1"},                         "--train-share"},
    BadCase{"SeedNegative",         {"train", "--seed", "-1"},                               "--seed"},
    BadCase{"LogEveryZero",         {"train", "--log-every", "0"},                           "--log-every"},
    BadCase{"MomentumOne",          {"train", "--momentum", "1"},                            "--momentum"},
    BadCase{"ParamOutOfRange",      {"train", "--activation", "leaky_relu", "--param", "alpha=2"}, "must be in [0, 1]"},
    BadCase{"GatedInMlp",           {"train", "--model", "mlp", "--activation", "swiglu"},   "gated unit"},
    BadCase{"ScalarInGlu",          {"train", "--model", "glu", "--activation", "gelu"},     "needs a gated unit"},
    BadCase{"FeaturesOnSine",       {"train", "--task", "sine", "--features", "x1"},         "--features applies only to the 2D tasks"},
    BadCase{"FeaturesOnTeacher",    {"train", "--task", "teacher", "--features", "x1,x2"},   "--features applies only to the 2D tasks"},
    BadCase{"OptionTwice",          {"train", "--steps", "10", "--steps", "20"},             "given more than once"},
    BadCase{"MissingValue",         {"train", "--steps"},                                    "needs a value"},
    BadCase{"MetricsUnwritable",    {"train", "--steps", "1", "--hidden", "4", "--metrics", "/nonexistent-dir/m.csv"}, "cannot write --metrics"},
    BadCase{"CompareNoActivations", {"compare", "--steps", "10"},                            "compare needs --activations"},
    BadCase{"CompareActivation",    {"compare", "--activations", "relu", "--activation", "gelu"}, "not --activation"},
    BadCase{"CompareUnknownName",   {"compare", "--activations", "relu,relux", "--steps", "5"}, "unknown function 'relux'"},
    BadCase{"CompareEmptyItem",     {"compare", "--activations", "relu,,tanh"},              "empty item"},
    BadCase{"CompareSeedsZero",     {"compare", "--activations", "relu", "--seeds", "0"},    "--seeds"},
    BadCase{"CompareTargetAboveOne",{"compare", "--activations", "relu", "--target", "1.5"}, "--target"},
    BadCase{"CompareUnknownFormat", {"compare", "--activations", "relu", "--format", "xml"}, "unknown format 'xml'"},
    BadCase{"CompareMetrics",       {"compare", "--activations", "relu", "--metrics", "m.csv"}, "unknown option '--metrics'"},
    BadCase{"CompareSaveSession",   {"compare", "--model", "transformer", "--norms", "pre", "--save-session", "s.actlab"}, "unknown option '--save-session'"},
    BadCase{"CompareMlpList",       {"compare", "--model", "transformer", "--activations", "relu"}, "'--activations' does not apply to --model transformer"},
    BadCase{"CompareGatedInMlp",    {"compare", "--activations", "relu,swiglu", "--steps", "5"}, "gated unit"}),
    [](const auto& info) { return std::string(info.param.label); });
// clang-format on

}  // namespace
}  // namespace actlab::test
