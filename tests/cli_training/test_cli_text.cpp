// actlab-cli and the text task (issue 27): train --task text's JSON line in bits per character
// against the unigram and bigram baselines, the vocabulary and <unk>, head_scores, sessions
// that keep the text, deterministic `sample`, and bad input (exit 2, one line on stderr).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_runner.h"

namespace actlab::test {
namespace {

using Json = nlohmann::json;
const std::vector<std::string> kOneThread{"OMP_NUM_THREADS=1"};

std::string tempPath(const std::string& what) {
    // One file per test: ctest runs the tests of this file in parallel processes.
    return testing::TempDir() + "actlab_text_" +
           testing::UnitTest::GetInstance()->current_test_info()->name() + "_" + what;
}

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string writeTemp(const std::string& what, const std::string& bytes) {
    const std::string path = tempPath(what);
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

Json trainLine(const std::vector<std::string>& arguments) {
    std::vector<std::string> words{"train", "--model", "transformer", "--task", "text"};
    words.insert(words.end(), arguments.begin(), arguments.end());
    const CliRun run = runCli(words, kOneThread);
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.err, "");
    EXPECT_EQ(splitLines(run.out).size(), 1u);
    const Json line = Json::parse(run.out, nullptr, false);
    EXPECT_TRUE(line.is_object()) << run.out;
    return line.is_object() ? line : Json::object();
}

void expectRefused(const std::vector<std::string>& arguments, const std::string& expected) {
    const CliRun run = runCli(arguments);
    EXPECT_EQ(run.status, 2) << run.err;
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(splitLines(run.err).size(), 1u) << run.err;
    EXPECT_EQ(run.err.rfind("actlab-cli: error: ", 0), 0u) << run.err;
    EXPECT_NE(run.err.find(expected), std::string::npos) << run.err;
}

// 100 steps of the default model on the English poems (about 3 s on one core): the held-out
// bits per character fall below the bigram's (measured 3.47 against 3.96; the unigram 4.46).
TEST(CliText, TheEnglishPoemsBeatTheBigramIn100Steps) {
    const Json o = trainLine({"--text", "builtin:english-poems", "--steps", "100"});
    for (const char* key :
         {"test_bits_per_char", "best_test_bits_per_char", "best_step", "train_bits_per_char",
          "unigram_bits_per_char", "bigram_bits_per_char", "vocab", "unk_share", "text_chars"})
        ASSERT_TRUE(o.contains(key)) << key;
    EXPECT_EQ(o["vocab"], 51);
    EXPECT_EQ(o["unk_share"], 0);
    EXPECT_EQ(o["text_chars"], 2015);
    EXPECT_EQ(o["held_out"], true);
    EXPECT_NEAR(o["unigram_bits_per_char"].get<double>(), 4.463623260717, 1e-9);
    EXPECT_NEAR(o["bigram_bits_per_char"].get<double>(), 3.960979892646, 1e-9);
    EXPECT_LT(o["test_bits_per_char"].get<double>(), o["bigram_bits_per_char"].get<double>());
    EXPECT_LE(o["best_test_bits_per_char"].get<double>(), o["test_bits_per_char"].get<double>());
    EXPECT_GE(o["best_step"].get<int>(), 1);
    EXPECT_LE(o["best_step"].get<int>(), 100);
    // Bits are nats / ln 2.
    EXPECT_NEAR(o["test_bits_per_char"].get<double>(), o["test_loss"].get<double>() / std::log(2.0),
                1e-9);
    EXPECT_GT(o["next_char_accuracy"].get<double>(), 0.2);
    ASSERT_EQ(o["head_scores"].size(), 2u);
    ASSERT_EQ(o["head_scores"][0].size(), 4u);
    for (const char* key : {"previous_token", "induction", "self", "first_token", "label"})
        EXPECT_TRUE(o["head_scores"][1][3].contains(key)) << key;
}

// --save-model writes the characters of the ids into the safetensors metadata.
TEST(CliText, TheSavedModelNamesItsCharacters) {
    const std::string path = tempPath("model.safetensors");
    trainLine({"--text", "builtin:program", "--steps", "1", "--vocab", "20", "--save-model", path});
    const std::string bytes = readFile(path);
    ASSERT_GT(bytes.size(), 8u);
    std::uint64_t length = 0;
    for (int i = 7; i >= 0; --i) length = length * 256 + static_cast<unsigned char>(bytes[i]);
    const Json header = Json::parse(bytes.substr(8, length));
    const Json vocabulary =
        Json::parse(header["__metadata__"]["actlab_vocabulary"].get<std::string>());
    ASSERT_EQ(vocabulary.size(), 20u);
    EXPECT_EQ(vocabulary[0], "\n");
    EXPECT_EQ(vocabulary[1], " ");
    EXPECT_EQ(vocabulary[19], "<unk>");
    std::remove(path.c_str());
}

TEST(CliText, VocabKeepsTheMostFrequentAndTheChineseTextLiftsTheLimitTo512) {
    const Json small = trainLine({"--text", "builtin:program", "--steps", "1", "--vocab", "20"});
    EXPECT_EQ(small["vocab"], 20);
    EXPECT_GT(small["unk_share"].get<double>(), 0.0);
    EXPECT_LT(small["unk_share"].get<double>(), 0.5);
    const Json chinese = trainLine({"--text", "builtin:tang-poems", "--steps", "1", "--seq", "16"});
    EXPECT_EQ(chinese["vocab"], 512);  // 837 distinct characters: 511 kept, and <unk>
    EXPECT_DOUBLE_EQ(chinese["unk_share"].get<double>(), 326.0 / 3268.0);
}

TEST(CliText, BadInputIsOneLineAndExitTwo) {
    const std::vector<std::string> text{"train", "--model", "transformer", "--task", "text"};
    const auto with = [&](std::vector<std::string> more) {
        std::vector<std::string> words = text;
        words.insert(words.end(), more.begin(), more.end());
        return words;
    };
    expectRefused(with({}), "--task text needs a text");
    expectRefused(with({"--text", tempPath("missing.txt")}), "cannot read --text file");
    expectRefused(with({"--text", writeTemp("empty.txt", "")}), "the text is empty");
    expectRefused(with({"--text", writeTemp("binary.bin", std::string("PK\3\4\0\0", 6))}),
                  "the text looks binary");
    expectRefused(with({"--text", writeTemp("latin1.txt", "caf\xE9 au lait")}),
                  "not valid UTF-8 at byte 3");
    expectRefused(with({"--text", writeTemp("short.txt", "a short text"), "--seq", "16"}),
                  "the text has 12 characters; --seq 16 needs at least 18");
    expectRefused(with({"--text", writeTemp("large.txt", std::string(10 * 1024 * 1024 + 1, 'a'))}),
                  "at most 10485760 (10 MB)");
    expectRefused(with({"--text", "builtin:nothing"}), "unknown built-in text 'nothing'");
    expectRefused(with({"--text", "builtin:program", "--vocab", "600"}), "--vocab");
    expectRefused(with({"--text", "builtin:program", "--seq", "65"}), "--seq");
    expectRefused({"train", "--model", "transformer", "--text", "builtin:program"},
                  "'--text' applies only to --task text");
    expectRefused({"train", "--model", "mlp", "--text", "builtin:program"},
                  "'--text' does not apply to --model mlp");
    expectRefused({"train", "--model", "transformer", "--vocab", "300"}, "--vocab must be 2..128");
}

// Code points of UTF-8 text (its bytes that do not continue a character).
std::size_t characters(const std::string& text) {
    return std::size_t(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
}

TEST(CliText, ASavedRunSamplesTheSameTextForTheSameSeedAndContinues) {
    const std::string session = tempPath("poems.actlab");
    trainLine({"--text", "builtin:english-poems", "--steps", "30", "--save-session", session});
    const std::vector<std::string> sample{"sample", "--session", session, "--prompt",
                                          "Tyger ", "--chars",   "40"};
    const auto run = [&](std::vector<std::string> more) {
        std::vector<std::string> words = sample;
        words.insert(words.end(), more.begin(), more.end());
        return runCli(words);
    };
    const CliRun first = run({"--seed", "3"}), again = run({"--seed", "3"}),
                 other = run({"--seed", "4"}), cold = run({"--temperature", "0.1", "--top-k", "1"});
    ASSERT_EQ(first.status, 0) << first.err;
    EXPECT_EQ(first.err, "");
    EXPECT_EQ(first.out, again.out);
    EXPECT_NE(first.out, other.out);
    EXPECT_EQ(first.out.rfind("Tyger ", 0), 0u);
    EXPECT_EQ(characters(first.out), 6u + 40u + 1u);  // the prompt, 40 characters, a newline
    EXPECT_EQ(cold.status, 0) << cold.err;
    EXPECT_EQ(characters(cold.out), 47u);
    expectRefused({"sample", "--session", session, "--temperature", "3"}, "--temperature");
    expectRefused({"sample", "--session", session, "--temperature", "0"}, "--temperature");
    expectRefused({"sample", "--session", session, "--top-k", "0"}, "--top-k");
    expectRefused({"sample", "--prompt", "x"}, "sample needs --session");
    expectRefused({"sample", "--session", session, "--prompt", "caf\xE9"}, "the prompt");
    // train --session continues the text run from the text the session embeds.
    const CliRun continued = runCli({"train", "--session", session, "--steps", "5"}, kOneThread);
    ASSERT_EQ(continued.status, 0) << continued.err;
    const Json line = Json::parse(continued.out);
    EXPECT_EQ(line["steps"], 35);
    EXPECT_EQ(line["vocab"], 51);
    // A session whose recorded vocabulary is not its text's is refused.
    Json document = Json::parse(readFile(session));
    Json& state = document["runs"][0];  // the run state itself
    ASSERT_EQ(state["config"]["text_vocabulary"].size(), 51u);
    EXPECT_EQ(state["config"]["text_vocabulary"][0], "\u21B5");  // the newline, shown as ↵
    state["config"]["text_vocabulary"][0] = "x";
    const std::string edited = writeTemp("edited.actlab", document.dump());
    expectRefused({"sample", "--session", edited}, "text_vocabulary");
    // A session of another task cannot sample.
    const std::string reverse = tempPath("reverse.actlab");
    ASSERT_EQ(runCli({"train", "--model", "transformer", "--steps", "1", "--save-session", reverse})
                  .status,
              0);
    expectRefused({"sample", "--session", reverse}, "not of --task text");
    std::remove(session.c_str());
    std::remove(reverse.c_str());
}

}  // namespace
}  // namespace actlab::test
