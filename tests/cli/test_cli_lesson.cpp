// `actlab-cli lesson list` and `lesson check FILE…` (issue 28), run as a real process: every
// lesson file in resources/lessons is listed and passes; a damaged copy is refused with its
// file, scene and field on one line, exit 2 and nothing on stdout; each bad file of several gets
// its own line.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_runner.h"

namespace actlab::test {
namespace {

using Json = nlohmann::json;

std::vector<std::string> lessonFiles() {
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(ACTLAB_LESSON_DIR))
        if (entry.path().extension() == ".json") files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    return files;
}

Json lessonJson(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return Json::parse(text.str());
}

std::string writeTemp(const std::string& name, const Json& j) {
    const std::string path = testing::TempDir() + "actlab_lesson_" + name;
    std::ofstream(path) << j.dump(1);
    return path;
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

TEST(CliLesson, ListNamesEveryBuiltInLesson) {
    const CliRun run = runCli({"lesson", "list"});
    ASSERT_EQ(run.status, 0) << run.err;
    const std::vector<std::string> listed = lines(run.out), files = lessonFiles();
    ASSERT_EQ(listed.size(), files.size());
    for (size_t i = 0; i < files.size(); ++i) {
        const std::string name = std::filesystem::path(files[i]).stem().string();
        EXPECT_EQ(listed[i].rfind(name + ": ", 0), 0u) << listed[i];
        const Json lesson = lessonJson(files[i]);
        EXPECT_NE(listed[i].find(std::to_string(lesson["scenes"].size()) + " scene"),
                  std::string::npos)
            << listed[i];
        EXPECT_NE(listed[i].find(lesson["title"]["en"].get<std::string>()), std::string::npos);
    }
}

TEST(CliLesson, CheckPassesEveryBuiltInFileWithALineEach) {
    std::vector<std::string> args{"lesson", "check"};
    for (const std::string& file : lessonFiles()) args.push_back(file);
    args.push_back("dying-relu");  // a built-in lesson by name
    const CliRun run = runCli(args);
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_TRUE(run.err.empty()) << run.err;
    const std::vector<std::string> out = lines(run.out);
    ASSERT_EQ(out.size(), args.size() - 2);
    for (size_t i = 0; i < out.size(); ++i)
        EXPECT_EQ(out[i].rfind(args[i + 2] + ": ok, ", 0), 0u) << out[i];
}

TEST(CliLesson, ABadFileIsNamedWithItsSceneAndField) {
    Json bad = lessonJson(std::string(ACTLAB_LESSON_DIR) + "/dying-relu.json");
    ASSERT_GE(bad["scenes"].size(), 2u);
    bad["scenes"][1]["highlight"] = "nowhere";
    Json worse = lessonJson(std::string(ACTLAB_LESSON_DIR) + "/swish-mish.json");
    worse["scenes"][0]["x_range"] = {3, 1};
    const std::string a = writeTemp("bad.json", bad), b = writeTemp("worse.json", worse);
    const CliRun run =
        runCli({"lesson", "check", std::string(ACTLAB_LESSON_DIR) + "/glu-family.json", a, b});
    std::remove(a.c_str());
    std::remove(b.c_str());
    EXPECT_EQ(run.status, 2);
    EXPECT_TRUE(run.out.empty()) << "nothing on stdout when a file is bad: " << run.out;
    const std::vector<std::string> err = lines(run.err);
    ASSERT_EQ(err.size(), 2u) << run.err;
    EXPECT_NE(err[0].find(a + ": scene 2: highlight"), std::string::npos) << err[0];
    EXPECT_NE(err[1].find(b + ": scene 1: x_range"), std::string::npos) << err[1];
}

TEST(CliLesson, BadUsesGetOneLine) {
    for (const auto& [args, message] :
         {std::pair{std::vector<std::string>{"lesson"}, "lesson needs 'list' or 'check FILE...'"},
          std::pair{std::vector<std::string>{"lesson", "check"}, "lesson check needs FILE"},
          std::pair{std::vector<std::string>{"lesson", "show"}, "unknown lesson command 'show'"},
          std::pair{std::vector<std::string>{"lesson", "check", "/no/such.json"},
                    "/no/such.json: no such file or built-in lesson"},
          std::pair{std::vector<std::string>{"lesson", "list", "x"}, "takes no argument"}}) {
        const CliRun run = runCli(args);
        EXPECT_EQ(run.status, 2) << args.back();
        EXPECT_NE(run.err.find(message), std::string::npos) << run.err;
        EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
        EXPECT_TRUE(run.out.empty());
    }
    const std::string notJson = testing::TempDir() + "actlab_lesson_not.json";
    std::ofstream(notJson) << "{\"format\": ";
    const CliRun run = runCli({"lesson", "check", notJson});
    std::remove(notJson.c_str());
    EXPECT_EQ(run.status, 2);
    EXPECT_NE(run.err.find(notJson), std::string::npos) << run.err;
}

}  // namespace
}  // namespace actlab::test
