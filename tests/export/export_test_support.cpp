// The export tests' helpers: files in a scratch folder, python3 as a child process.
#include "export_test_support.h"

#include <stdlib.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace actlab::test {

namespace {

// The folder, removed with what it holds when the test process ends.
struct ScratchFolder {
    std::string path;
    ScratchFolder() {
        path = (std::filesystem::temp_directory_path() / "actlab-export-XXXXXX").string();
        if (!mkdtemp(path.data())) throw std::runtime_error("cannot make a scratch folder");
    }
    ~ScratchFolder() {
        std::error_code ignored;
        std::filesystem::remove_all(path, ignored);
    }
};

}  // namespace

std::string scratchFolder() {
    static const ScratchFolder folder;
    return folder.path;
}

std::string writeScratchFile(const std::string& name, const std::string& text) {
    const std::string path = scratchFolder() + "/" + name;
    std::ofstream file(path, std::ios::binary);
    file << text;
    if (!file.flush()) throw std::runtime_error("cannot write " + path);
    return path;
}

std::string readWholeFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

ScriptRun runScript(const std::string& name, const std::string& script,
                    const std::vector<std::string>& arguments) {
    std::vector<std::string> words{writeScratchFile(name, script)};
    words.insert(words.end(), arguments.begin(), arguments.end());
    ScriptRun run;
    run.process = runProgram(ACTLAB_PYTHON3, words);
    const std::vector<std::string> lines = splitLines(run.process.out);
    if (!lines.empty()) run.json = nlohmann::json::parse(lines.back(), nullptr, false);
    if (run.json.is_discarded()) run.json = nlohmann::json();
    return run;
}

std::vector<double> flatLogits(const nlohmann::json& json) {
    std::vector<double> values;
    if (!json.is_object() || !json.contains("logits")) return values;
    for (const nlohmann::json& row : json.at("logits"))
        for (const nlohmann::json& v : row) values.push_back(v.get<double>());
    return values;
}

double logitError(std::span<const double> a, std::span<const double> b) {
    if (a.size() != b.size() || a.empty()) return std::numeric_limits<double>::infinity();
    double difference = 0, scale = 1;
    for (size_t i = 0; i < a.size(); ++i) {
        if (!std::isfinite(a[i]) || !std::isfinite(b[i]))
            return std::numeric_limits<double>::infinity();
        difference = std::max(difference, std::abs(a[i] - b[i]));
        scale = std::max(scale, std::abs(b[i]));
    }
    return difference / scale;
}

}  // namespace actlab::test
