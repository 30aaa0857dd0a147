// The shared output of `actlab-cli compare` (MLP/GLU and Transformer).
#include "compare_output.h"

#include <cmath>

#include "statistics.h"

namespace actlab::cli {

CompareOutput::CompareOutput(const std::string& format, const std::string& csvHeader,
                             const std::string& tableHeader)
    : m_format(format) {
    if (m_format == "json") m_json.beginArray();
    if (m_format == "csv") m_text << csvHeader;
    if (m_format == "table") m_text << tableHeader;
}

std::string CompareOutput::finish() {
    if (m_format != "json") return m_text.str();
    m_json.endArray();
    return m_json.text() + "\n";
}

std::string stepsToTargetText(const std::vector<double>& reachSteps, int seeds) {
    const std::string reached = std::to_string(reachSteps.size()) + "/" + std::to_string(seeds);
    if (reachSteps.empty()) return "never (" + reached + ")";
    return std::to_string(int(std::lround(mean(reachSteps)))) + " (" + reached + ")";
}

}  // namespace actlab::cli
