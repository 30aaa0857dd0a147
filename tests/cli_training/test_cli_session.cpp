// actlab-cli train --save-session / --session (issue 9, "Sessions — nothing is lost"): a run
// saved after k steps and continued N more is bit for bit the run of k + N steps at once — the
// same JSON line (but its speed), the same --metrics rows from step k on, and the same saved
// state (weights, moments, data order, history) — for an MLP, a GLU-FFN and a Transformer;
// bad input exits 2 with one line on stderr.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_runner.h"
#include "config/config_json.h"
#include "config/run_state_json.h"
#include "config/training_config_json.h"

namespace actlab::test {
namespace {

using Json = nlohmann::json;

std::string tempPath(const std::string& what) {
    // One file per test: ctest runs the tests of this file in parallel processes.
    std::string test = testing::UnitTest::GetInstance()->current_test_info()->name();
    std::replace(test.begin(), test.end(), '/', '_');  // a parameterised test's name has one
    return testing::TempDir() + "actlab_session_" + test + "_" + what;
}

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// The JSON line of a successful run, without its speed (the one figure that may differ).
Json trainLine(const std::vector<std::string>& arguments) {
    const CliRun run = runCli(arguments);
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.err, "");
    Json line = Json::parse(run.out, nullptr, false);
    EXPECT_TRUE(line.is_object()) << run.out;
    if (line.is_object()) line.erase("steps_per_second");
    return line;
}

// The CSV rows of a --metrics file from step `from` on.
std::vector<std::string> rowsFrom(const std::string& path, int from) {
    std::vector<std::string> rows;
    for (const std::string& line : splitLines(readFile(path)))
        if (!line.empty() && std::isdigit(static_cast<unsigned char>(line[0])) &&
            std::stoi(line) >= from)
            rows.push_back(line);
    return rows;
}

// The one run of `kind` ("training", "attention") a session file holds (its one list of runs).
Json savedRun(const std::string& path, const char* kind) {
    const Json session = Json::parse(readFile(path), nullptr, false);
    EXPECT_TRUE(session.is_object()) << path;
    EXPECT_EQ(session.value("format", ""), "actlab-session");
    if (!session.is_object() || !session.contains("runs")) return {};
    Json found;
    int count = 0;
    for (const Json& run : session["runs"])
        if (run.value("kind", "") == kind) {
            found = run;
            ++count;
        }
    EXPECT_EQ(count, 1) << path;
    return count == 1 ? found : Json();
}

struct SplitCase {
    const char* name;
    std::vector<std::string> flags;  // everything but --steps
    int first, more;
    const char* runs;  // the session's list that holds the run
};
void PrintTo(const SplitCase& c, std::ostream* os) { *os << c.name; }

class CliSession : public ::testing::TestWithParam<SplitCase> {};

TEST_P(CliSession, ContinuedRunIsBitForBitTheUninterruptedOne) {
    const SplitCase& c = GetParam();
    const std::string whole = tempPath("whole.actlab"), part = tempPath("part.actlab"),
                      continued = tempPath("continued.actlab"), wholeCsv = tempPath("whole.csv"),
                      continuedCsv = tempPath("continued.csv");
    std::vector<std::string> wholeRun = c.flags, firstRun = c.flags;
    wholeRun.insert(wholeRun.end(), {"--steps", std::to_string(c.first + c.more), "--log-every",
                                     "25", "--metrics", wholeCsv, "--save-session", whole});
    firstRun.insert(firstRun.end(), {"--steps", std::to_string(c.first), "--log-every", "25",
                                     "--save-session", part});
    const Json expected = trainLine(wholeRun);
    trainLine(firstRun);
    const Json got =
        trainLine({"train", "--session", part, "--steps", std::to_string(c.more), "--log-every",
                   "25", "--metrics", continuedCsv, "--save-session", continued});
    EXPECT_EQ(got, expected);
    EXPECT_EQ(got.value("steps", 0), c.first + c.more);
    // --metrics writes the run's history (issue 25): the continued run's is the whole run's.
    const std::vector<std::string> rows = rowsFrom(continuedCsv, 0);
    ASSERT_FALSE(rows.empty());
    EXPECT_EQ(std::stoi(rows.front()), 0);
    EXPECT_EQ(rows.size(), size_t(c.first + c.more + 1));  // step 0's figures, then every step
    EXPECT_EQ(rows, rowsFrom(wholeCsv, 0));
    const Json a = savedRun(continued, c.runs), b = savedRun(whole, c.runs);
    ASSERT_TRUE(a.is_object() && b.is_object());
    EXPECT_TRUE(a["weights"] == b["weights"]) << "parameters or moments differ";
    for (const char* key : {"steps", "history", "config"}) EXPECT_EQ(a[key], b[key]) << key;
    EXPECT_TRUE(a == b);
}

INSTANTIATE_TEST_SUITE_P(
    Runs, CliSession,
    ::testing::Values(SplitCase{"mlp_momentum_l2",
                                {"train", "--task", "spiral", "--activation", "relu", "--optimizer",
                                 "momentum", "--lr", "0.05", "--l2", "0.001", "--points", "300"},
                                100,
                                75,
                                "training"},
                      SplitCase{
                          "glu_adamw",
                          {"train", "--task", "spiral3", "--model", "glu", "--optimizer", "adamw",
                           "--lr", "0.01", "--weight-decay", "0.01", "--points", "300"},
                          75,
                          50,
                          "training"},
                      SplitCase{"transformer_reverse",
                                {"train", "--model", "transformer", "--task", "reverse", "--seq",
                                 "6", "--vocab", "6", "--d-model", "32", "--batch", "16"},
                                50,
                                50,
                                "attention"}),
    [](const auto& info) { return std::string(info.param.name); });

// A failing run: exit 2, nothing on stdout, one line on stderr that contains `expected`.
void expectRefused(const std::vector<std::string>& arguments, const std::string& expected) {
    const CliRun run = runCli(arguments);
    EXPECT_EQ(run.status, 2) << run.err;
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(splitLines(run.err).size(), 1u) << run.err;
    EXPECT_NE(run.err.find(expected), std::string::npos) << run.err;
}

// Issue 25: a 300-step run saved with --save-session holds a train-loss point for every step
// (it held 7 history points, one per --log-every snapshot), and its history is the one the same
// run stepped in core has, whatever the CLI's snapshots.
TEST(CliSessionHistory, A300StepRunHoldsEveryStepAndTheCoresHistory) {
    for (const auto& [model, runs] :
         {std::pair{"mlp", "training"}, std::pair{"transformer", "attention"}}) {
        const std::string path = tempPath(std::string(model) + ".actlab");
        std::vector<std::string> args{"train", "--steps", "300", "--save-session", path};
        if (std::string(model) == "transformer")
            args.insert(args.end(), {"--model", "transformer", "--task", "reverse", "--seq", "6",
                                     "--vocab", "6", "--d-model", "16"});
        else
            args.insert(args.end(), {"--preset", "dying-relu"});
        trainLine(args);
        const Json run = savedRun(path, runs);
        std::remove(path.c_str());
        ASSERT_TRUE(run.is_object()) << model;
        const Json& buckets = run["history"]["train_loss_steps"]["buckets"];
        ASSERT_EQ(buckets.size(), 300u) << model;
        for (size_t i = 0; i < buckets.size(); ++i)
            EXPECT_EQ(buckets[i][0].get<int>(), int(i) + 1) << model;
        std::string error;
        Json history;
        if (std::string(model) == "transformer") {
            const auto config = sequenceTrainingConfigFromJson(run["config"].dump(), &error);
            ASSERT_TRUE(config) << error;
            auto core = SequenceTrainer::create(*config, &error);
            ASSERT_TRUE(core) << error;
            core->step(300);
            history = Json::parse(sequenceTrainerStateToJson(*core))["history"];
        } else {
            const auto config = trainingConfigFromJson(run["config"].dump(), &error);
            ASSERT_TRUE(config) << error;
            auto core = Trainer::create(*config, &error);
            ASSERT_TRUE(core) << error;
            core->step(300);
            history = Json::parse(trainerStateToJson(*core))["history"];
        }
        EXPECT_TRUE(history == run["history"]) << model;
        EXPECT_GE(run["history"]["points"].size(), 80u) << model;  // 0–31, 32, 34, …, 288
    }
}

TEST(CliSessionBadInput, OneLineAndExitTwo) {
    const std::string saved = tempPath("saved.actlab");
    trainLine({"train", "--task", "circle", "--steps", "20", "--save-session", saved});
    expectRefused({"train", "--session", saved, "--hidden", "4"},
                  "--hidden cannot be used with --session");
    expectRefused({"train", "--session", saved, "--prelu-per-neuron"}, "cannot be used");
    expectRefused({"train", "--session", saved, "--steps", "-3"}, "--steps");
    expectRefused({"train", "--session", tempPath("missing.actlab")}, "cannot read --session file");
    expectRefused({"train", "--task", "circle", "--save-session", "/no/such/folder/x.actlab"},
                  "no folder");
    expectRefused({"compare", "--activations", "relu", "--save-session", saved}, "--save-session");

    const Json session = Json::parse(readFile(saved));
    const auto write = [&](const std::string& name, const std::string& text) {
        const std::string path = tempPath(name);
        std::ofstream(path, std::ios::binary) << text;
        return path;
    };
    Json newer = session;
    newer["version"] = 4;
    expectRefused({"train", "--session", write("newer.actlab", newer.dump())},
                  "saved by a newer ActLab (format version 4)");
    const std::string text = session.dump();
    expectRefused({"train", "--session", write("cut.actlab", text.substr(0, text.size() / 2))},
                  "not valid JSON");
    Json damaged = session;
    std::string& weights = damaged["runs"][0]["weights"].get_ref<std::string&>();
    weights = weights.substr(0, weights.size() - 8);
    expectRefused({"train", "--session", write("damaged.actlab", damaged.dump())}, "weights");
    Json empty = session;
    empty["runs"] = Json::array();
    expectRefused({"train", "--session", write("empty.actlab", empty.dump())},
                  "holds no training run");
    expectRefused({"train", "--session", write("other.json", R"({"task": "circle"})")},
                  "not an ActLab session");
}

TEST(CliSessionSchedule, ACosineRunContinuedPastItsEndSaysSo) {
    const std::string saved = tempPath("cosine.actlab");
    trainLine({"train", "--task", "circle", "--schedule", "cosine", "--warmup", "5", "--steps",
               "40", "--save-session", saved});
    const CliRun run = runCli({"train", "--session", saved, "--steps", "20"});
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.err.find("the cosine schedule ended at step 40; it now ends at step 60"),
              std::string::npos)
        << run.err;
}

}  // namespace
}  // namespace actlab::test
