// actlab-cli train --model transformer as a user runs it: one JSON line of figures, the tiny
// Transformer's defaults and parameter count, the --dump-attention JSON (maps and logits), the
// --metrics CSV, divergence, and bad input (exit 2, one line on stderr, nothing on stdout).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_runner.h"
#include "flat_json.h"

namespace actlab::test {
namespace {

// Reverse of 6 tokens from 6 symbols on d_model 32: a fraction of a second per run.
std::vector<std::string> small(const std::vector<std::string>& more) {
    std::vector<std::string> words{"train",   "--model", "transformer", "--seq", "6",
                                   "--vocab", "6",       "--d-model",   "32"};
    words.insert(words.end(), more.begin(), more.end());
    return words;
}

// Runs train, expects success with nothing on stderr and one JSON object line; returns its
// scalar fields as text (numbers as nlohmann-json writes them back; arrays are left out).
FlatObject trainJson(const std::vector<std::string>& arguments) {
    const CliRun run = runCli(arguments);
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.err, "");
    EXPECT_EQ(splitLines(run.out).size(), 1u) << run.out;
    const nlohmann::json parsed = nlohmann::json::parse(run.out, nullptr, false);
    EXPECT_TRUE(parsed.is_object()) << run.out;
    FlatObject o;
    if (!parsed.is_object()) return o;
    for (const auto& [key, value] : parsed.items()) {
        if (value.is_string())
            o[key] = value.get<std::string>();
        else if (!value.is_array())
            o[key] = value.dump();
    }
    return o;
}

double number(const FlatObject& o, const std::string& key) {
    const auto it = o.find(key);
    if (it == o.end()) {
        ADD_FAILURE() << "no key " << key;
        return NAN;
    }
    return std::stod(it->second);
}

std::string readFile(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// Trains with --dump-attention and returns the parsed dump (null JSON when it does not parse).
nlohmann::json trainAndDump(std::vector<std::string> arguments) {
    // One file per test: ctest runs the tests of this file in parallel processes.
    const std::string path = testing::TempDir() + "actlab_attention_dump_" +
                             testing::UnitTest::GetInstance()->current_test_info()->name() +
                             ".json";
    std::remove(path.c_str());
    arguments.insert(arguments.end(), {"--dump-attention", path});
    trainJson(arguments);
    const nlohmann::json dump = nlohmann::json::parse(readFile(path), nullptr, false);
    std::remove(path.c_str());
    EXPECT_FALSE(dump.is_discarded()) << "the dump is not JSON";
    return dump.is_discarded() ? nlohmann::json() : dump;
}

TEST(CliTransformer, PrintsOneJsonLineWithEveryFigure) {
    const FlatObject o = trainJson(small({"--steps", "20", "--log-every", "10"}));
    EXPECT_EQ(o.at("model"), "transformer");
    EXPECT_EQ(o.at("task"), "reverse");
    EXPECT_EQ(o.at("steps"), "20");
    EXPECT_EQ(o.at("diverged"), "false");
    EXPECT_FALSE(o.count("diverged_at"));
    for (const char* key :
         {"steps", "train_loss", "test_loss", "token_accuracy", "sequence_accuracy",
          "attention_entropy", "softmax_saturation", "grad_norm", "steps_per_second", "parameters"})
        EXPECT_TRUE(std::isfinite(number(o, key))) << key << " = " << o.at(key);
    for (const char* key : {"token_accuracy", "sequence_accuracy", "softmax_saturation"}) {
        EXPECT_GE(number(o, key), 0.0) << key;
        EXPECT_LE(number(o, key), 1.0) << key;
    }
    EXPECT_GT(number(o, "train_loss"), 0.0);
    EXPECT_GT(number(o, "test_loss"), 0.0);
    EXPECT_GT(number(o, "token_accuracy"), 1.0 / 6);  // above chance after 20 steps (≈ 0.41)
    EXPECT_GE(number(o, "attention_entropy"), 0.0);
    EXPECT_LE(number(o, "attention_entropy"), std::log(6.0) + 1e-9);
    EXPECT_GT(number(o, "grad_norm"), 0.0);
    EXPECT_GT(number(o, "steps_per_second"), 0.0);
}

// The default model is transformer-tiny on reverse (T = 16, V = 16 from the task's table):
//   tok_emb 16·64 + pos_emb 16·64                                =   2,048
//   per Pre-LN block: ln_1 2·64 + q, k, v, o 4·(64·64 + 64)
//                     + ln_2 2·64 + fc1 64·256 + 256 + fc2 256·64 + 64 = 49,984 (× 2 = 99,968)
//   ln_f 2·64 + head 64·16 + 16                                  =   1,168
//   total                                                        = 103,184
TEST(CliTransformer, TheDefaultsAreTransformerTinyOnReverse) {
    const FlatObject o = trainJson({"train", "--model", "transformer", "--steps", "1"});
    EXPECT_EQ(o.at("task"), "reverse");
    EXPECT_EQ(o.at("backend"), "cpu");
    EXPECT_EQ(o.at("layers"), "2");
    EXPECT_EQ(o.at("heads"), "4");
    EXPECT_EQ(o.at("d_model"), "64");
    EXPECT_EQ(o.at("d_ff"), "256");
    EXPECT_EQ(o.at("ffn"), "plain");
    EXPECT_EQ(o.at("ffn_activation"), "gelu");
    EXPECT_EQ(o.at("qkv_activation"), "identity");
    EXPECT_EQ(o.at("norm"), "pre");
    EXPECT_EQ(o.at("parameters"), "103184");
    EXPECT_EQ(o.at("steps"), "1");
    const FlatObject equals = trainJson({"train", "--model=transformer", "--steps", "1"});
    EXPECT_EQ(equals.at("parameters"), "103184");
}

TEST(CliTransformer, TheSameSeedGivesTheSameFigures) {
    const auto figures = [](FlatObject o) {
        o.erase("steps_per_second");
        return o;
    };
    const std::vector<std::string> args = small({"--steps", "15", "--log-every", "5"});
    const FlatObject first = figures(trainJson(args));
    EXPECT_EQ(first, figures(trainJson(args)));
    const FlatObject other =
        figures(trainJson(small({"--steps", "15", "--log-every", "5", "--seed", "2"})));
    EXPECT_NE(first.at("train_loss"), other.at("train_loss"));  // the training data and model
    EXPECT_NE(first.at("test_loss"), other.at("test_loss"));
}

// Every map [layer][head][probe][query][key] a distribution over keys; causal: 0 above the
// diagonal. Returns the weight above the diagonal in all.
double checkMaps(const nlohmann::json& dump, size_t layers, size_t heads, size_t probes, size_t T,
                 bool causal) {
    const nlohmann::json& maps = dump.at("maps");
    EXPECT_EQ(maps.size(), layers);
    double above = 0;
    for (const auto& layer : maps) {
        EXPECT_EQ(layer.size(), heads);
        for (const auto& head : layer) {
            EXPECT_EQ(head.size(), probes);
            for (const auto& map : head) {
                EXPECT_EQ(map.size(), T);
                for (size_t q = 0; q < map.size(); ++q) {
                    EXPECT_EQ(map[q].size(), T);
                    double sum = 0;
                    for (size_t k = 0; k < map[q].size(); ++k) {
                        const double w = map[q][k].get<double>();
                        EXPECT_GE(w, 0.0);
                        sum += w;
                        if (k > q) above += w;
                        if (causal && k > q) {
                            EXPECT_EQ(w, 0.0) << "query " << q << " key " << k;
                        }
                    }
                    EXPECT_NEAR(sum, 1.0, 1e-5);
                }
            }
        }
    }
    return above;
}

TEST(CliTransformer, DumpAttentionWritesMapsLogitsAndTokens) {
    const nlohmann::json dump = trainAndDump(small({"--steps", "10"}));
    ASSERT_TRUE(dump.is_object());
    EXPECT_EQ(dump.at("layers"), 2);
    EXPECT_EQ(dump.at("heads"), 4);
    EXPECT_EQ(dump.at("task"), "reverse");
    EXPECT_EQ(dump.at("step"), 10);
    EXPECT_EQ(dump.at("token_names"), (nlohmann::json{"a", "b", "c", "d", "e", "f"}));
    const nlohmann::json& tokens = dump.at("tokens");
    ASSERT_EQ(tokens.size(), 8u);  // the default --probes
    for (const auto& row : tokens) {
        ASSERT_EQ(row.size(), 6u);
        for (const auto& token : row) {
            EXPECT_GE(token.get<int>(), 0);
            EXPECT_LT(token.get<int>(), 6);
        }
    }
    EXPECT_GT(checkMaps(dump, 2, 4, 8, 6, false), 1.0);  // not causal: the future is seen
    const nlohmann::json& logits = dump.at("logits");    // [probe][position][class]
    ASSERT_EQ(logits.size(), 8u);
    for (const auto& probe : logits) {
        ASSERT_EQ(probe.size(), 6u);
        for (const auto& position : probe) {
            ASSERT_EQ(position.size(), 6u);
            for (const auto& value : position) EXPECT_TRUE(std::isfinite(value.get<double>()));
        }
    }
}

// Induction is causal: a map transposed (keys as rows) would put weight above the diagonal.
TEST(CliTransformer, DumpOfACausalTaskIsLowerTriangular) {
    const nlohmann::json dump =
        trainAndDump({"train", "--model", "transformer", "--task", "induction", "--seq", "12",
                      "--vocab", "10", "--d-model", "32", "--steps", "10", "--probes", "2"});
    ASSERT_TRUE(dump.is_object());
    EXPECT_EQ(checkMaps(dump, 2, 4, 2, 12, true), 0.0);
}

TEST(CliTransformer, ProbesSetsHowManySequencesAreDumped) {
    for (const int probes : {1, 5}) {
        const nlohmann::json dump = trainAndDump(
            small({"--steps", "2", "--probes", std::to_string(probes), "--layers", "1"}));
        ASSERT_TRUE(dump.is_object());
        EXPECT_EQ(dump.at("tokens").size(), size_t(probes));
        EXPECT_EQ(dump.at("logits").size(), size_t(probes));
        checkMaps(dump, 1, 4, size_t(probes), 6, false);
    }
}

TEST(CliTransformer, APooledTaskDumpsOneLogitRowPerProbe) {
    const nlohmann::json dump =
        trainAndDump({"train", "--model", "transformer", "--task", "negation", "--d-model", "32",
                      "--steps", "5", "--probes", "3"});
    ASSERT_TRUE(dump.is_object());
    EXPECT_EQ(dump.at("class_names"), (nlohmann::json{"negative", "positive"}));
    EXPECT_EQ(dump.at("token_names").size(), 25u);
    const nlohmann::json& logits = dump.at("logits");  // [probe][class]
    ASSERT_EQ(logits.size(), 3u);
    for (const auto& probe : logits) {
        ASSERT_EQ(probe.size(), 2u);
        for (const auto& value : probe) EXPECT_TRUE(value.is_number());
    }
    checkMaps(dump, 2, 4, 3, 8, false);
}

// Issue 25: --metrics writes the run's history: every step's batch loss, the held-out figures
// where they were measured (every step up to 31), whatever --log-every says.
TEST(CliTransformer, MetricsCsvIsTheRunsHistoryWithARowPerStep) {
    const std::string path = testing::TempDir() + "actlab_transformer_metrics.csv";
    const FlatObject o = trainJson(small({"--steps", "17", "--log-every", "5", "--metrics", path}));
    const std::vector<std::string> lines = splitLines(readFile(path));
    std::remove(path.c_str());
    ASSERT_EQ(lines.size(), 1u + 18u);  // header; steps 0 to 17
    EXPECT_EQ(lines[0],
              "step,train_loss,train_loss_min,train_loss_max,test_loss,token_accuracy,sequence_"
              "accuracy,attention_entropy");
    for (size_t r = 1; r < lines.size(); ++r) {
        const std::vector<std::string> cells = splitCsvRow(lines[r]);
        ASSERT_EQ(cells.size(), 8u) << lines[r];
        EXPECT_EQ(cells[0], std::to_string(r - 1));
        EXPECT_EQ(cells[1].empty(), r == 1) << lines[r];
        for (size_t c = 4; c < cells.size(); ++c)
            EXPECT_TRUE(std::isfinite(std::stod(cells[c]))) << lines[r];
    }
    // the last row is the model the JSON line reports
    const std::vector<std::string> last = splitCsvRow(lines.back());
    EXPECT_DOUBLE_EQ(std::stod(last[4]), number(o, "test_loss"));
    EXPECT_DOUBLE_EQ(std::stod(last[5]), number(o, "token_accuracy"));
    EXPECT_DOUBLE_EQ(std::stod(last[7]), number(o, "attention_entropy"));
}

// SGD at lr 10 overflows within about six steps. Logging every step evaluates the model whose
// last update overflowed while its gradient was finite: that must not print NaN or null either.
TEST(CliTransformer, ADivergedRunSaysWhereAndPrintsNoNonFiniteNumber) {
    for (const char* every : {"10", "1"}) {
        const std::string path = testing::TempDir() + "actlab_transformer_diverged.csv";
        const FlatObject o = trainJson(small({"--optimizer", "sgd", "--lr", "10", "--steps", "50",
                                              "--log-every", every, "--metrics", path}));
        const std::vector<std::string> lines = splitLines(readFile(path));
        std::remove(path.c_str());
        EXPECT_EQ(o.at("diverged"), "true") << "--log-every " << every;
        EXPECT_LT(number(o, "steps"), 50);
        EXPECT_LE(number(o, "diverged_at"), number(o, "steps"));
        for (const auto& [key, value] : o) {
            EXPECT_NE(value, "null") << key << ", --log-every " << every;
            EXPECT_EQ(value.find("nan"), std::string::npos) << key;
            EXPECT_EQ(value.find("inf"), std::string::npos) << key;
        }
        for (size_t r = 1; r < lines.size(); ++r)
            for (const std::string& cell : splitCsvRow(lines[r]))
                if (!cell.empty()) {  // empty: not measured at that step
                    EXPECT_TRUE(std::isfinite(std::stod(cell)))
                        << lines[r] << ", --log-every " << every;
                }
    }
}

TEST(CliTransformer, TrainsOnVulkanThroughItsOpsAndLandsNearTheCpu) {
    // CI has lavapipe: --backend vulkan must find a device and run the ops there (the ops it
    // lacks, if any, on the CPU, named in "backend"), with no note on stderr.
    const CliRun vulkan = runCli(small({"--steps", "30", "--backend", "vulkan"}));
    ASSERT_EQ(vulkan.status, 0) << vulkan.err;
    EXPECT_TRUE(vulkan.err.empty()) << vulkan.err;
    const nlohmann::json v = nlohmann::json::parse(vulkan.out, nullptr, false);
    EXPECT_EQ(v.value("backend", "").rfind("vulkan", 0), 0u) << vulkan.out;
    const CliRun cpu = runCli(small({"--steps", "30"}));
    ASSERT_EQ(cpu.status, 0) << cpu.err;
    const nlohmann::json c = nlohmann::json::parse(cpu.out, nullptr, false);
    EXPECT_EQ(c.value("backend", ""), "cpu");
    // Same seed, same batches; float sums in another order: 30 steps stay within 1%.
    EXPECT_NEAR(v.value("test_loss", 0.0), c.value("test_loss", 1.0),
                0.01 * c.value("test_loss", 1.0));
}

struct BadCase {
    const char* label;
    std::vector<std::string> arguments;  // after train --model transformer
    const char* expectInError;           // a fragment the one-line message must contain
};
void PrintTo(const BadCase& c, std::ostream* os) { *os << c.label; }

class CliTransformerBadInput : public ::testing::TestWithParam<BadCase> {};

TEST_P(CliTransformerBadInput, ExitsTwoWithOneLineAndNoOutput) {
    std::vector<std::string> arguments{"train", "--model", "transformer"};
    arguments.insert(arguments.end(), GetParam().arguments.begin(), GetParam().arguments.end());
    const CliRun run = runCli(arguments);
    EXPECT_EQ(run.status, 2) << run.err;
    EXPECT_TRUE(run.out.empty()) << "stdout: " << run.out.substr(0, 200);
    const auto lines = splitLines(run.err);
    ASSERT_EQ(lines.size(), 1u) << run.err;
    EXPECT_EQ(lines[0].rfind("actlab-cli: error: ", 0), 0u) << lines[0];
    EXPECT_NE(lines[0].find(GetParam().expectInError), std::string::npos) << lines[0];
}

// clang-format off
INSTANTIATE_TEST_SUITE_P(CliTransformer, CliTransformerBadInput, ::testing::Values(
    BadCase{"UnknownTask",        {"--task", "circle"},                          "unknown task 'circle' for --model transformer"},
    BadCase{"Layers13",           {"--layers", "13"},                            "--layers must be a whole number in [1, 12], got 13"},
    BadCase{"Heads9",             {"--heads", "9"},                              "--heads must be a whole number in [1, 8], got 9"},
    BadCase{"Heads3",             {"--heads", "3"},                              "--heads 3 does not divide --d-model 64"},
    BadCase{"DModel512",          {"--d-model", "512"},                          "--d-model must be a whole number in [1, 256], got 512"},
    BadCase{"Seq65",              {"--seq", "65"},                               "--seq must be a whole number in [2, 64], got 65"},
    BadCase{"Vocab129",           {"--vocab", "129"},                            "--vocab must be 2..128, got 129"},  // the task's limit (the text task's is 512)
    BadCase{"SortSeq7",           {"--task", "sort", "--seq", "7"},              "--seq for sort must be 6, got 7"},
    BadCase{"FfnBogus",           {"--ffn", "bogus"},                            "unknown --ffn 'bogus'"},
    BadCase{"GatedWithGelu",      {"--ffn", "gated", "--ffn-activation", "gelu"}, "--ffn gated needs glu, reglu, geglu, swiglu or a mix, got gelu"},
    BadCase{"QkvMixOfOne",        {"--qkv-activation", "mix(relu)"},             "a mix needs 2 to 8 functions, got 1"},
    BadCase{"FfnMixOfGated",      {"--ffn-activation", "mix(gelu,swiglu)"},      "'swiglu' cannot be part of a mix"},
    BadCase{"PlainWithSwiglu",    {"--ffn-activation", "swiglu"},                "swiglu is a gated unit"},
    BadCase{"NormMiddle",         {"--norm", "middle"},                          "unknown --norm 'middle'"},
    BadCase{"Batch513",           {"--batch", "513"},                            "--batch must be a whole number in [1, 512], got 513"},
    BadCase{"Probes0",            {"--probes", "0"},                             "--probes must be a whole number in [1, 64], got 0"},
    BadCase{"ProbesOverBatch",    {"--probes", "9", "--batch", "8"},             "--probes 9 exceeds --batch 8"},
    BadCase{"UnknownOption",      {"--epochs", "3"},                             "unknown option '--epochs'"},
    BadCase{"MlpFlag",            {"--hidden", "8,8"},                           "'--hidden' does not apply to --model transformer"},
    BadCase{"MlpSwitch",          {"--prelu-per-neuron"},                        "'--prelu-per-neuron' does not apply to --model transformer"},
    BadCase{"MlpPreset",          {"--preset", "dying-relu"},                    "unknown preset 'dying-relu' for --model transformer"},
    BadCase{"DumpUnwritable",     {"--steps", "2", "--dump-attention", "/nonexistent/dir/x.json"}, "cannot write --dump-attention file"}),
    [](const auto& info) { return std::string(info.param.label); });
// clang-format on

}  // namespace
}  // namespace actlab::test
