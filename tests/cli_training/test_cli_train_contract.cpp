// actlab-cli train and compare as a user runs them: one JSON line with the final figures, the
// per-step metrics CSV, presets and flags, reproducible output, and compare in its three formats.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "cli_runner.h"
#include "flat_json.h"

namespace actlab::test {
namespace {

const std::vector<std::string> kSmall{"--hidden", "8,8", "--points", "200"};

std::vector<std::string> with(std::vector<std::string> words,
                              const std::vector<std::string>& more = kSmall) {
    words.insert(words.end(), more.begin(), more.end());
    return words;
}

// Runs train, expects success with nothing on stderr and one JSON object line.
FlatObject trainJson(const std::vector<std::string>& arguments) {
    const CliRun run = runCli(arguments);
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.err, "");
    const std::vector<std::string> lines = splitLines(run.out);
    EXPECT_EQ(lines.size(), 1u) << run.out;
    EXPECT_EQ(run.out.back(), '\n');
    const auto parsed = parseFlatJson(run.out);
    EXPECT_TRUE(parsed && parsed->size() == 1) << run.out;
    return parsed && parsed->size() == 1 ? parsed->front() : FlatObject{};
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

TEST(CliTrain, PrintsOneJsonLineWithEveryFigure) {
    const FlatObject o = trainJson(with({"train", "--task", "circle", "--steps", "120"}));
    for (const char* key :
         {"steps", "train_loss", "test_loss", "train_acc", "test_acc", "dead_fraction",
          "vanishing_fraction", "grad_norm_first", "grad_norm_last", "revived", "diverged",
          "steps_per_second", "task", "activation", "backend"})
        EXPECT_TRUE(o.count(key)) << key;
    EXPECT_EQ(o.at("task"), "circle");
    EXPECT_EQ(o.at("activation"), "relu");
    EXPECT_EQ(o.at("backend"), "cpu");
    EXPECT_EQ(o.at("steps"), "120");
    EXPECT_EQ(o.at("diverged"), "false");
    EXPECT_FALSE(o.count("diverged_at"));
    for (const char* key : {"train_acc", "test_acc", "dead_fraction", "vanishing_fraction"}) {
        EXPECT_GE(number(o, key), 0.0) << key;
        EXPECT_LE(number(o, key), 1.0) << key;
    }
    EXPECT_GT(number(o, "train_loss"), 0.0);
    EXPECT_GT(number(o, "grad_norm_first"), 0.0);
    EXPECT_GT(number(o, "grad_norm_last"), 0.0);
    EXPECT_GT(number(o, "steps_per_second"), 0.0);
    EXPECT_GE(number(o, "revived"), 0.0);
    EXPECT_EQ(number(o, "revived"), std::floor(number(o, "revived")));
}

TEST(CliTrain, TheDefaultsAreReluAndAThousandSteps) {
    const FlatObject o = trainJson({"train", "--task", "xor"});
    EXPECT_EQ(o.at("activation"), "relu");
    EXPECT_EQ(o.at("steps"), "1000");
}

TEST(CliTrain, RegressionHasNoAccuracy) {
    const FlatObject o =
        trainJson(with({"train", "--task", "sine", "--activation", "tanh", "--steps", "30"}));
    EXPECT_FALSE(o.count("train_acc"));
    EXPECT_FALSE(o.count("test_acc"));
    EXPECT_GT(number(o, "test_loss"), 0.0);
}

TEST(CliTrain, SameArgumentsGiveTheSameFiguresAndTheSeedChangesThem) {
    const auto figures = [](FlatObject o) {
        o.erase("steps_per_second");
        return o;
    };
    const std::vector<std::string> args =
        with({"train", "--task", "moons", "--activation", "gelu", "--steps", "150"});
    const FlatObject first = figures(trainJson(args));
    EXPECT_EQ(first, figures(trainJson(args)));
    // --metrics changes what the process allocates, not the run (guards the heap-alignment bug,
    // see tests/training/test_trainer_reproducibility.cpp)
    const std::string path = testing::TempDir() + "actlab_same_metrics.csv";
    EXPECT_EQ(first, figures(trainJson(with(args, {"--metrics", path}))));
    std::remove(path.c_str());
    const FlatObject other = figures(trainJson(with(args, {"--seed", "2"})));
    EXPECT_NE(first.at("train_loss"), other.at("train_loss"));
}

// Issue 25: --metrics writes the run's history, recorded by the steps: a row for every step
// (its batch loss), the held-out figures on the steps they were measured at (every step up to
// 31, then every 2nd up to 63, every 4th up to 127), empty cells elsewhere; --log-every has no
// say in it.
TEST(CliTrain, MetricsCsvIsTheRunsHistoryWithARowPerStep) {
    const std::string path = testing::TempDir() + "actlab_metrics.csv";
    const FlatObject o = trainJson(with(
        {"train", "--task", "gauss", "--steps", "108", "--log-every", "25", "--metrics", path}));
    const std::vector<std::string> lines = splitLines(readFile(path));
    std::remove(path.c_str());
    ASSERT_EQ(lines.size(), 1u + 109u);  // header; steps 0 to 108
    EXPECT_EQ(lines[0],
              "step,train_loss,train_loss_min,train_loss_max,test_loss,train_acc,test_acc,dead_"
              "fraction,vanishing_fraction,grad_norm_first,grad_norm_last,revived");
    for (size_t r = 1; r < lines.size(); ++r) {
        const int step = int(r) - 1;
        const std::vector<std::string> cells = splitCsvRow(lines[r]);
        ASSERT_EQ(cells.size(), 12u) << lines[r];
        EXPECT_EQ(cells[0], std::to_string(step));
        EXPECT_EQ(cells[1].empty(), step == 0) << lines[r];  // no batch before step 1
        if (step > 0) {
            EXPECT_EQ(cells[1], cells[2]) << "one step per bucket: min = mean = max";
            EXPECT_EQ(cells[1], cells[3]);
        }
        const bool measured = step < 32 || (step < 64 && step % 2 == 0) || step % 4 == 0;
        for (size_t c = 4; c < cells.size(); ++c) {
            EXPECT_EQ(cells[c].empty(), !measured) << lines[r];
            if (!cells[c].empty()) {
                EXPECT_TRUE(std::isfinite(std::stod(cells[c])));
            }
        }
    }
    // step 108 is measured: its row is the final state the JSON line reports, to the bit (both
    // texts read back to the same double; their digits may be chosen differently)
    const std::vector<std::string> last = splitCsvRow(lines.back());
    EXPECT_EQ(std::stod(last[6]), number(o, "test_acc"));
    EXPECT_EQ(std::stod(last[10]), number(o, "grad_norm_last"));
    EXPECT_EQ(std::stod(last[4]), number(o, "test_loss"));
}

TEST(CliTrain, MetricsRowsDoNotDependOnLogEvery) {
    for (const auto& [steps, every] :
         {std::pair{"100", "50"}, std::pair{"7", "100"}, std::pair{"9", "3"}}) {
        const std::string path = testing::TempDir() + "actlab_metrics_rows.csv";
        trainJson(with(
            {"train", "--task", "xor", "--steps", steps, "--log-every", every, "--metrics", path}));
        const std::string text = readFile(path);
        EXPECT_EQ(splitLines(text).size(), size_t(2 + std::stoi(steps))) << steps << "/" << every;
        trainJson(with({"train", "--task", "xor", "--steps", steps, "--metrics", path}));
        EXPECT_EQ(readFile(path), text) << steps << "/" << every;
        std::remove(path.c_str());
    }
}

TEST(CliTrain, APresetIsOverriddenByExplicitFlags) {
    const FlatObject preset = trainJson({"train", "--preset", "dying-relu", "--steps", "20"});
    EXPECT_EQ(preset.at("task"), "spiral");
    EXPECT_EQ(preset.at("activation"), "relu");
    EXPECT_EQ(preset.at("steps"), "20");
    const FlatObject leaky = trainJson(
        {"train", "--preset", "dying-relu", "--activation", "leaky_relu", "--steps", "20"});
    EXPECT_EQ(leaky.at("activation"), "leaky_relu");
    EXPECT_EQ(number(leaky, "dead_fraction"), 0.0);
    EXPECT_GT(number(preset, "dead_fraction"),
              0.0);  // bias init −3 kills ReLU units from the start
}

TEST(CliTrain, ADivergedRunSaysWhereAndPrintsNoNonFiniteNumber) {
    const CliRun run = runCli({"train", "--task", "sine", "--optimizer", "sgd", "--lr", "10",
                               "--hidden", "64,64,64", "--steps", "200"});
    EXPECT_EQ(run.status, 0) << run.err;
    const auto parsed = parseFlatJson(run.out);
    ASSERT_TRUE(parsed) << run.out;
    const FlatObject& o = parsed->front();
    EXPECT_EQ(o.at("diverged"), "true");
    EXPECT_LT(number(o, "diverged_at"), 200);
    EXPECT_EQ(o.at("diverged_at"), o.at("steps"));
    for (const auto& [key, value] : o) {
        EXPECT_NE(value, "null") << key;
        EXPECT_EQ(value.find("nan"), std::string::npos) << key;
        EXPECT_EQ(value.find("inf"), std::string::npos) << key;
    }
}

TEST(CliTrain, ADivergedRunLogsOnlyItsFiniteSteps) {
    // SGD 0.5 on sine, 3×64: the float gradient overflows at step 2 while the loss is finite;
    // the CSV used to get a row of "inf" there, then one repeating step 1 under step 2's number.
    const std::string path = testing::TempDir() + "actlab_diverged.csv";
    const FlatObject o =
        trainJson({"train", "--task", "sine", "--optimizer", "sgd", "--lr", "0.5", "--hidden",
                   "64,64,64", "--steps", "50", "--log-every", "1", "--metrics", path});
    const std::vector<std::string> lines = splitLines(readFile(path));
    std::remove(path.c_str());
    EXPECT_EQ(o.at("diverged"), "true");
    ASSERT_GE(lines.size(), 2u);
    int previous = -1;
    for (size_t r = 1; r < lines.size(); ++r) {
        const std::vector<std::string> cells = splitCsvRow(lines[r]);
        for (const std::string& cell : cells)  // an empty cell: not measured at that step
            if (!cell.empty()) {
                EXPECT_TRUE(std::isfinite(std::stod(cell))) << lines[r];
            }
        EXPECT_EQ(std::stoi(cells[0]), previous + 1) << lines[r];  // every step, each once
        previous = std::stoi(cells[0]);
        // The step at which the model stopped being finite keeps its batch loss (taken before
        // that update) but has no held-out figures: nothing was measured on that model.
        if (previous == number(o, "diverged_at")) {
            ASSERT_EQ(cells.size(), 12u) << lines[r];
            for (size_t c = 4; c < cells.size(); ++c) EXPECT_TRUE(cells[c].empty()) << lines[r];
        }
    }
    EXPECT_LE(previous, number(o, "diverged_at"));
}

// lavapipe is installed wherever the tests run: a Vulkan request trains there, silently.
TEST(CliTrain, AVulkanRequestTrainsOnVulkan) {
    const CliRun run =
        runCli(with({"train", "--task", "circle", "--steps", "10", "--backend", "vulkan"}));
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_TRUE(run.err.empty()) << run.err;
    EXPECT_EQ(parseFlatJson(run.out)->front().at("backend"), "vulkan");
}

TEST(CliTrain, AVulkanRequestWithoutADriverTrainsOnTheCpuWithANote) {
    const CliRun run =
        runCli(with({"train", "--task", "circle", "--steps", "10", "--backend", "vulkan"}),
               {"VK_ICD_FILENAMES=/nonexistent.json"});
    EXPECT_EQ(run.status, 0) << run.err;
    const std::vector<std::string> notes = splitLines(run.err);
    ASSERT_EQ(notes.size(), 1u) << run.err;
    EXPECT_NE(notes[0].find("using the CPU"), std::string::npos) << notes[0];
    EXPECT_EQ(parseFlatJson(run.out)->front().at("backend"), "cpu");
}

const std::vector<std::string> kCompare{"compare", "--activations", "relu,tanh", "--seeds",
                                        "2",       "--steps",       "40",        "--hidden",
                                        "8",       "--points",      "120"};

TEST(CliCompare, CsvHasOneRowPerActivation) {
    const CliRun run = runCli(with(kCompare, {"--format", "csv"}));
    ASSERT_EQ(run.status, 0) << run.err;
    const std::vector<std::string> lines = splitLines(run.out);
    ASSERT_EQ(lines.size(), 3u) << run.out;
    EXPECT_EQ(lines[0].rfind("activation,seeds,test_acc_mean,test_acc_std,", 0), 0u) << lines[0];
    const size_t columns = splitCsvRow(lines[0]).size();
    for (size_t r = 1; r < 3; ++r) {
        const std::vector<std::string> cells = splitCsvRow(lines[r]);
        EXPECT_EQ(cells.size() + (lines[r].back() == ',' ? 1 : 0), columns) << lines[r];
        EXPECT_EQ(cells[0], r == 1 ? "relu" : "tanh");
        EXPECT_EQ(cells[1], "2");
        const double accuracy = std::stod(cells[2]);
        EXPECT_TRUE(accuracy >= 0 && accuracy <= 1) << lines[r];
    }
}

TEST(CliCompare, JsonIsOneLineWithOneObjectPerActivation) {
    const CliRun run = runCli(with(kCompare, {"--format", "json", "--target", "0.5"}));
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(splitLines(run.out).size(), 1u);
    const auto rows = parseFlatJson(run.out);
    ASSERT_TRUE(rows) << run.out;
    ASSERT_EQ(rows->size(), 2u);
    EXPECT_EQ((*rows)[0].at("activation"), "relu");
    EXPECT_EQ((*rows)[1].at("activation"), "tanh");
    for (const FlatObject& row : *rows) {
        EXPECT_EQ(row.at("seeds"), "2");
        EXPECT_EQ(row.at("target"), "0.5");
        const double reached = number(row, "reached");
        EXPECT_TRUE(reached >= 0 && reached <= 2);
        for (const char* key : {"test_acc_mean", "test_acc_std", "dead_fraction_mean",
                                "vanishing_fraction_mean", "us_per_step_mean"})
            EXPECT_TRUE(row.count(key)) << key;
    }
}

TEST(CliCompare, TableHasAHeaderAndOneLinePerActivation) {
    const CliRun run = runCli(kCompare);
    ASSERT_EQ(run.status, 0) << run.err;
    const std::vector<std::string> lines = splitLines(run.out);
    ASSERT_EQ(lines.size(), 3u) << run.out;
    EXPECT_EQ(lines[0].rfind("activation", 0), 0u);
    EXPECT_EQ(lines[1].rfind("relu ", 0), 0u) << lines[1];
    EXPECT_EQ(lines[2].rfind("tanh ", 0), 0u) << lines[2];
}

TEST(CliCompare, MeansAreOverTheSeedsOfTrain) {
    // compare's mean test accuracy is the mean of `train --seed 1` and `train --seed 2`
    const CliRun run = runCli(with(kCompare, {"--format", "json"}));
    const double mean = std::stod(parseFlatJson(run.out)->front().at("test_acc_mean"));
    const std::vector<std::string> train{
        "train", "--activation", "relu", "--steps", "40", "--hidden", "8", "--points", "120"};
    const double a = number(trainJson(with(train, {"--seed", "1"})), "test_acc");
    const double b = number(trainJson(with(train, {"--seed", "2"})), "test_acc");
    EXPECT_NEAR(mean, (a + b) / 2, 1e-12);
}

}  // namespace
}  // namespace actlab::test
