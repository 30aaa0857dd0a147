// Runs actlab-cli as a child process and captures its exit status, stdout and stderr.
#pragma once

#include <string>
#include <vector>

namespace actlab::test {

struct CliRun {
    int status = -1;  // exit status, or -1 if it did not exit normally (crash)
    std::string out;
    std::string err;
};

// env: extra "NAME=VALUE" entries added to the current environment.
CliRun runCli(const std::vector<std::string>& arguments, const std::vector<std::string>& env = {});
// The same for any program (a path), e.g. the python3 that runs an exported script.
CliRun runProgram(const std::string& program, const std::vector<std::string>& arguments,
                  const std::vector<std::string>& env = {});

std::vector<std::string> splitLines(const std::string& text);
std::vector<std::string> splitCsvRow(const std::string& line);

}  // namespace actlab::test
