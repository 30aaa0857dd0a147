// actlab-cli: evaluation, properties, approximation errors and benchmarks without a window.
// Usage errors: one line on stderr, exit status 2, nothing on stdout.
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "cli_arguments.h"
#include "commands.h"

int main(int argc, char** argv) {
    using namespace actlab::cli;
    std::vector<std::string> words(argv + 1, argv + argc);
    if (words.empty()) {
        std::cerr << "actlab-cli: error: no command given (try 'actlab-cli help')\n";
        return 2;
    }
    const std::string command = words.front();
    words.erase(words.begin());
    std::string notes;
    try {
        std::string out;
        if (command == "help" || command == "--help" || command == "-h") {
            out = usageText();
        } else if (command == "list") {
            out = runList(words);
        } else if (command == "eval") {
            runEval(words, notes, stdout);
        } else if (command == "properties") {
            out = runProperties(words);
        } else if (command == "approx") {
            out = runApproximation(words);
        } else if (command == "train") {
            out = runTrain(words, notes);
        } else if (command == "compare") {
            out = runCompare(words, notes);
        } else if (command == "bench") {
            out = runBench(words, notes);
        } else if (command == "export-pytorch") {
            out = runExportPytorch(words);
        } else if (command == "sample") {
            out = runSample(words);
        } else if (command == "sonify") {
            out = runSonify(words);
        } else if (command == "lesson") {
            out = runLesson(words);
        } else {
            throw CliError("unknown command '" + command + "' (try 'actlab-cli help')");
        }
        if (!notes.empty()) std::cerr << notes;
        std::fwrite(out.data(), 1, out.size(), stdout);
        return std::fflush(stdout) == 0 ? 0 : 1;
    } catch (const CliError& error) {
        std::cerr << "actlab-cli: error: " << error.what() << '\n';
        return 2;
    } catch (const std::bad_alloc&) {
        std::cerr << "actlab-cli: error: out of memory\n";
        return 2;
    } catch (const std::exception& error) {
        std::cerr << "actlab-cli: error: " << error.what() << '\n';
        return 1;
    }
}
