// Bad input to actlab-cli: exit status 2, exactly one line on stderr, nothing on stdout.
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

class CliBadInput : public ::testing::TestWithParam<BadCase> {};

TEST_P(CliBadInput, ExitsTwoWithOneLineAndNoOutput) {
    const BadCase& c = GetParam();
    const CliRun run = runCli(c.arguments);
    EXPECT_EQ(run.status, 2) << run.err;
    EXPECT_TRUE(run.out.empty()) << "stdout: " << run.out.substr(0, 200);
    const auto lines = splitLines(run.err);
    ASSERT_EQ(lines.size(), 1u) << run.err;
    EXPECT_NE(lines[0].find(c.expectInError), std::string::npos) << lines[0];
}

// clang-format off
const BadCase kCases[] = {
    {"NoCommand",            {},                                                     "no command"},
    {"UnknownCommand",       {"frobnicate"},                                         "unknown command 'frobnicate'"},
    {"UnknownFunction",      {"eval", "relux", "--x", "1"},                          "unknown function 'relux'"},
    {"NoFunction",           {"eval", "--x", "1"},                                   "function name"},
    {"UnknownWorkload",      {"bench", "gelu-evil"},                                 "unknown workload 'gelu-evil'"},
    {"UnknownParameter",     {"eval", "gelu", "--param", "alpha=1", "--x", "1"},     "unknown parameter 'alpha'"},
    {"ParameterNotKV",       {"eval", "elu", "--param", "alpha", "--x", "1"},        "NAME=VALUE"},
    {"ParameterAboveRange",  {"eval", "leaky_relu", "--param", "alpha=2", "--x", "1"}, "must be in [0, 1]"},
    {"ParameterBelowRange",  {"eval", "elu", "--param", "alpha=0.05", "--x", "1"},   "must be in [0.1, 3]"},
    {"ParameterNotNumber",   {"eval", "swish", "--param", "beta=fast", "--x", "1"},  "is not a number"},
    {"ParameterNotFinite",   {"eval", "swish", "--param", "beta=inf", "--x", "1"},   "is not finite"},
    {"UnknownBackend",       {"eval", "gelu", "--x", "1", "--backend", "cuda"},      "unknown backend 'cuda'"},
    {"UnknownPrecision",     {"eval", "gelu", "--x", "1", "--precision", "f16"},     "unknown precision 'f16'"},
    {"UnknownOption",        {"eval", "gelu", "--x", "1", "--colour", "red"},        "unknown option '--colour'"},
    {"NumberDoesNotParse",   {"eval", "gelu", "--x", "1,abc,3"},                     "'abc' is not a number"},
    {"TrailingGarbage",      {"eval", "gelu", "--x", "1.5e"},                        "is not a number"},
    {"NumberNotFiniteInf",   {"eval", "gelu", "--x", "1,inf"},                       "is not finite"},
    {"NumberNotFiniteNan",   {"eval", "gelu", "--x", "nan"},                         "is not finite"},
    {"NumberOverflows",      {"eval", "gelu", "--x", "1e999"},                       "out of the range"},
    {"Float32Overflow",      {"eval", "gelu", "--x", "1e300", "--precision", "f32"}, "overflows float32"},
    {"EmptyListItem",        {"eval", "gelu", "--x", "1,,2"},                        "empty item"},
    {"NoPoints",             {"eval", "gelu"},                                       "no points"},
    {"BothXAndRange",        {"eval", "gelu", "--x", "1", "--range", "0:1:3"},       "either --x or --range"},
    {"RangeTooFewPoints",    {"eval", "gelu", "--range", "0:1:1"},                   "N >= 2"},
    {"RangeStartNotBelowEnd",{"eval", "gelu", "--range", "1:1:5"},                   "A < B"},
    {"RangeReversed",        {"eval", "gelu", "--range", "2:-2:5"},                  "A < B"},
    {"RangeTooManyPoints",   {"eval", "gelu", "--range", "0:1:10000001"},            "at most 10000000"},
    {"RangeCountNotWhole",   {"eval", "gelu", "--range", "0:1:2.5"},                 "not a whole number"},
    {"RangeMalformed",       {"eval", "gelu", "--range", "0:1"},                     "A:B:N"},
    {"RangeBadNumber",       {"eval", "gelu", "--range", "0:x:3"},                   "is not a number"},
    {"ValueCountMismatch",   {"eval", "swiglu", "--x", "1,2,3", "--value", "1,2"},   "2 numbers for 3 points"},
    {"ValueOnScalar",        {"eval", "gelu", "--x", "1", "--value", "2"},           "only to gated"},
    {"ValueNotFinite",       {"eval", "glu", "--x", "1", "--value", "nan"},          "is not finite"},
    {"OptionWithoutValue",   {"eval", "gelu", "--x"},                                "needs a value"},
    {"RepeatedOption",       {"eval", "gelu", "--x", "1", "--x", "2"},               "more than once"},
    {"BenchSecondsNegative", {"bench", "gelu-eval", "--seconds", "-1"},              "--seconds"},
    {"BenchBadBackend",      {"bench", "gelu-eval", "--backend", "tpu"},             "unknown backend 'tpu'"},
    {"ListExtraArgument",    {"list", "all"},                                        "no arguments"},
    {"PropertiesBadWindow",  {"properties", "gelu", "--window", "3:-3"},             "A < B"},
    {"ApproxUnknown",        {"approx", "gelu", "gelu_fast"},                        "unknown function 'gelu_fast'"},
};
// clang-format on

INSTANTIATE_TEST_SUITE_P(Cases, CliBadInput, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return std::string(info.param.label); });

TEST(CliBadInputEnvironment, UnknownBackendInEnvironmentIsAnError) {
    const CliRun run = runCli({"eval", "gelu", "--x", "1"}, {"ACTLAB_BACKEND=opencl"});
    EXPECT_EQ(run.status, 2);
    EXPECT_TRUE(run.out.empty());
    EXPECT_NE(run.err.find("ACTLAB_BACKEND"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace actlab::test
