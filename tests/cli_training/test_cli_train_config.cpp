// actlab-cli train --config FILE.json for the MLP and GLU-FFN: the file first, explicit flags
// override it; a bad file exits 2 with one line naming the file and the field.
#include <gtest/gtest.h>

#include <fstream>

#include "cli_runner.h"
#include "flat_json.h"

namespace actlab::test {
namespace {

std::string writeConfig(const std::string& name, const std::string& json) {
    const std::string path = ::testing::TempDir() + name;
    std::ofstream(path) << json;
    return path;
}

FlatObject trainJson(const std::vector<std::string>& arguments) {
    const CliRun run = runCli(arguments);
    EXPECT_EQ(run.status, 0) << run.err;
    const auto parsed = parseFlatJson(run.out);
    EXPECT_TRUE(parsed && parsed->size() == 1) << run.out;
    return parsed && parsed->size() == 1 ? parsed->front() : FlatObject{};
}

void expectOneLineError(const std::vector<std::string>& arguments,
                        const std::vector<std::string>& fragments) {
    const CliRun run = runCli(arguments);
    EXPECT_EQ(run.status, 2) << run.err;
    EXPECT_TRUE(run.out.empty()) << run.out.substr(0, 200);
    const auto lines = splitLines(run.err);
    ASSERT_EQ(lines.size(), 1u) << run.err;
    EXPECT_EQ(lines[0].rfind("actlab-cli: error: ", 0), 0u) << lines[0];
    for (const std::string& fragment : fragments)
        EXPECT_NE(lines[0].find(fragment), std::string::npos) << fragment << " in " << lines[0];
}

TEST(CliTrainConfig, TheFileSetsTheRunAndFlagsOverrideIt) {
    const std::string path = writeConfig(
        "mlp_config.json", R"({"version": 1, "task": "spiral", "data": {"points": 200},)"
                           R"( "model": {"hidden": [8, 8], "activations": ["gelu"]}})");
    const FlatObject fromFile = trainJson({"train", "--config", path, "--steps", "10"});
    EXPECT_EQ(fromFile.at("task"), "spiral");
    EXPECT_EQ(fromFile.at("activation"), "gelu");
    const FlatObject overridden =
        trainJson({"train", "--config", path, "--steps", "10", "--activation", "tanh"});
    EXPECT_EQ(overridden.at("task"), "spiral");
    EXPECT_EQ(overridden.at("activation"), "tanh");
}

TEST(CliTrainConfig, ABadFieldNamesTheFileAndTheField) {
    const std::string path = writeConfig("bad_field.json", R"({"model": {"hidden": [8, 0]}})");
    expectOneLineError({"train", "--config", path}, {path, "model.hidden[1]", "1..512"});
    const std::string unknown = writeConfig("unknown_field.json", R"({"epochs": 3})");
    expectOneLineError({"train", "--config", unknown}, {unknown, "epochs: unknown field"});
}

TEST(CliTrainConfig, BadJsonOrAMissingFileExitsTwo) {
    const std::string path = writeConfig("bad_json.json", R"({"task": )");
    expectOneLineError({"train", "--config", path}, {path, "not valid JSON"});
    expectOneLineError({"train", "--config", "/nonexistent-dir/c.json"},
                       {"cannot read --config file '/nonexistent-dir/c.json'"});
    expectOneLineError({"train", "--config", path, "--preset", "dying-relu"},
                       {"--config and --preset cannot be combined"});
}

}  // namespace
}  // namespace actlab::test
