// What the export tests share: running an exported script with the python3 that has PyTorch
// (ACTLAB_PYTHON3, found at configure time; a missing interpreter or torch makes the run fail,
// never skip), its JSON line, files in a folder of the test's own, and logit comparisons.
#pragma once

#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "cli_runner.h"

namespace actlab::test {

struct ScriptRun {
    CliRun process;       // status, stdout, stderr
    nlohmann::json json;  // the last line of stdout, parsed (discarded when it is not JSON)
};

// A folder for this test process's files (made once, under the system's temporary folder, and
// removed when the process ends).
std::string scratchFolder();
// Writes `text` to scratchFolder()/name and returns the path.
std::string writeScratchFile(const std::string& name, const std::string& text);
std::string readWholeFile(const std::string& path);

// Runs the script (written to scratchFolder()/name) with ACTLAB_PYTHON3 and `arguments`.
ScriptRun runScript(const std::string& name, const std::string& script,
                    const std::vector<std::string>& arguments = {});

// The script's "logits" ((rows, classes) nested lists), flattened row by row.
std::vector<double> flatLogits(const nlohmann::json& json);

// max |a − b| / max(1, max |b|): the error of logits a against logits b, relative to their size
// where they are large. Infinite when the sizes differ.
double logitError(std::span<const double> a, std::span<const double> b);

}  // namespace actlab::test
