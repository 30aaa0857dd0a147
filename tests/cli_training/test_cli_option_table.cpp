// The one option table of train, compare and export-pytorch (app/cli/run_options.h, issue 25):
// every row's flag is taken by its commands for the model kinds it names, refused in one line
// naming the flag and the kind for the other kinds, and unknown to the other commands; train
// --session takes only the rows marked Session; `actlab-cli help` lists every row.
#include <gtest/gtest.h>

#include <set>

#include "commands.h"
#include "run_options.h"
#include "session_file.h"

namespace actlab::cli {
namespace {

struct CommandCase {
    RunCommand command;
    const char* name;
};
constexpr CommandCase kCommands[] = {
    {Train, "train"}, {Compare, "compare"}, {Export, "export-pytorch"}};
constexpr unsigned kKinds[] = {Mlp, Glu, Transformer};

// --model KIND FLAG [VALUE]: the flag with a value it need not make sense of (nothing is parsed).
std::vector<std::string> wordsFor(const RunOption& option, unsigned kind) {
    std::vector<std::string> words{"--model", modelKindName(kind)};
    if (std::string(option.flag) == "--model") return words;
    words.push_back(option.flag);
    if (option.takesValue()) words.push_back("1");
    return words;
}

TEST(CliOptionTable, EachFlagOnceWithACommandAndAKind) {
    std::set<std::string> seen;
    for (const RunOption& option : runOptions()) {
        EXPECT_TRUE(seen.insert(option.flag).second) << option.flag << " is listed twice";
        EXPECT_NE(option.commands, 0u) << option.flag;
        EXPECT_NE(option.kinds, 0u) << option.flag;
        EXPECT_EQ(std::string(option.flag).rfind("--", 0), 0u) << option.flag;
    }
}

TEST(CliOptionTable, AFlagAppliesToItsKindsAndIsRefusedByNameForTheOthers) {
    for (const RunOption& option : runOptions()) {
        for (const CommandCase& command : kCommands) {
            if (!(option.commands & command.command)) continue;
            for (unsigned kind : kKinds) {
                SCOPED_TRACE(std::string(command.name) + " --model " + modelKindName(kind) + " " +
                             option.flag);
                const Arguments args =
                    runArguments(command.command, wordsFor(option, kind), command.name);
                ASSERT_EQ(askedModelKind(args), kind);
                if (option.kinds & kind) {
                    EXPECT_NO_THROW(refuseFlagsOfOtherKinds(args, kind));
                    continue;
                }
                try {  // the parse entry itself, which every command calls
                    parseModelRun(args);
                    ADD_FAILURE() << "not refused";
                } catch (const CliError& error) {
                    const std::string line = error.what();
                    EXPECT_EQ(line.find('\n'), std::string::npos) << line;
                    EXPECT_NE(line.find("'" + std::string(option.flag) +
                                        "' does not apply to "
                                        "--model " +
                                        modelKindName(kind)),
                              std::string::npos)
                        << line;
                }
            }
        }
    }
}

TEST(CliOptionTable, AFlagOfAnotherCommandIsUnknown) {
    for (const RunOption& option : runOptions()) {
        for (const CommandCase& command : kCommands) {
            if (option.commands & command.command) continue;
            SCOPED_TRACE(std::string(command.name) + " " + option.flag);
            try {
                runArguments(command.command, wordsFor(option, Mlp), command.name);
                ADD_FAILURE() << "accepted";
            } catch (const CliError& error) {
                EXPECT_EQ(std::string(error.what()),
                          "unknown option '" + std::string(option.flag) + "'");
            }
        }
    }
}

// train --session FILE takes the flags the table marks Session and refuses train's others, by
// name, before it reads the file (a missing one here).
TEST(CliOptionTable, ASessionTakesOnlyItsFlags) {
    for (const RunOption& option : runOptions()) {
        if (!(option.commands & Train)) continue;
        SCOPED_TRACE(option.flag);
        std::vector<std::string> words{"--session", "no-such-file.actlab", option.flag};
        if (option.takesValue()) words.push_back("1");
        std::string notes;
        try {
            runTrainSession(words, notes);
            ADD_FAILURE() << "ran";
        } catch (const CliError& error) {
            const std::string line = error.what();
            if (option.commands & Session)
                EXPECT_NE(line.find("cannot read --session file"), std::string::npos) << line;
            else
                EXPECT_EQ(line.find(std::string(option.flag) + " cannot be used with --session"),
                          0u)
                    << line;
        }
    }
}

// The help is generated from the table: every flag appears in it, with its value, and no line is
// wider than 100 characters.
TEST(CliOptionTable, TheHelpListsEveryFlag) {
    const std::string help = usageText();
    for (const RunOption& option : runOptions()) {
        std::string shown = std::string("    ") + option.flag;
        if (option.takesValue()) shown += std::string(" ") + option.value;
        EXPECT_NE(help.find(shown), std::string::npos) << option.flag << " is not in the help";
    }
    size_t start = 0;
    while (start < help.size()) {
        const size_t end = help.find('\n', start);
        ASSERT_NE(end, std::string::npos) << "the help ends without a newline";
        EXPECT_LE(end - start, 100u) << help.substr(start, end - start);
        start = end + 1;
    }
}

}  // namespace
}  // namespace actlab::cli
