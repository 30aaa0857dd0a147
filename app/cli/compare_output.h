// What both `actlab-cli compare` commands print around their rows: the output in its --format
// (a JSON array, CSV under its header or a table under its header) and the steps-to-target cell.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "json_writer.h"

namespace actlab::cli {

class CompareOutput {
public:
    // format is table, csv or json (parseCompareFlags checks it); its header is written now.
    CompareOutput(const std::string& format, const std::string& csvHeader,
                  const std::string& tableHeader);

    JsonWriter& json() { return m_json; }    // the rows for json, one object each
    std::ostream& text() { return m_text; }  // the rows for csv and table
    // The command's stdout: the JSON array closed, or the text.
    std::string finish();

private:
    std::string m_format;
    JsonWriter m_json;
    std::ostringstream m_text;
};

// "N (k/n)": the mean steps to the target, rounded, over the k of n seeds that reached it;
// "never (0/n)" when none did.
std::string stepsToTargetText(const std::vector<double>& reachSteps, int seeds);

}  // namespace actlab::cli
