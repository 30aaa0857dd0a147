// libFuzzer target for the CSV point loader (parsePointsCsv), also linked into the replay driver
// of the test suite. Any bytes go in; the loader's contract is checked on the way out.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "datasets/dataset.h"

namespace {

constexpr size_t kMaxErrorLength = 160;  // "line N: what is wrong, got '<at most ~28 chars>'"

[[noreturn]] void contractBroken(const char* what, const std::string& detail = {}) {
    std::fprintf(stderr, "fuzz_points_csv: contract broken: %s%s%.300s\n", what,
                 detail.empty() ? "" : ": ", detail.c_str());
    std::abort();
}

// Accepted: 2D points, finite coordinates, whole labels 0..9, classes = highest label + 1 >= 2,
// at most one row per line and at most kMaxUserPoints rows; no error message.
void checkAccepted(std::string_view text, const actlab::LabelledPoints& points, int classes,
                   const std::string& error) {
    if (!error.empty()) contractBroken("accepted with an error message", error);
    if (points.rawDimension != 2) contractBroken("accepted points are not 2D");
    if (points.inputs.size() != 2 * points.size()) contractBroken("inputs are not (n, 2)");
    const size_t lines = 1 + size_t(std::count(text.begin(), text.end(), '\n'));
    if (points.size() == 0 || points.size() > lines || points.size() > actlab::kMaxUserPoints)
        contractBroken("the row count is out of bounds", std::to_string(points.size()));
    for (double x : points.inputs)
        if (!std::isfinite(x)) contractBroken("a coordinate is not finite");
    int highest = -1;
    for (double label : points.targets) {
        if (!(label >= 0 && label <= 9 && label == std::floor(label)))
            contractBroken("a label is not a whole number from 0 to 9", std::to_string(label));
        highest = std::max(highest, int(label));
    }
    if (classes != highest + 1 || classes < 2)
        contractBroken("classes is not the highest label + 1", std::to_string(classes));
}

// Refused: a non-empty message on one line of printable ASCII, short; classes untouched.
void checkRefused(int classes, const std::string& error) {
    if (error.empty()) contractBroken("refused without an error message");
    if (classes != -1) contractBroken("refused but classes was written");
    if (error.size() > kMaxErrorLength) contractBroken("the error message is too long", error);
    for (char c : error)
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) > 0x7e)
            contractBroken("the error message is not one line of printable text", error);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    int classes = -1;
    std::string error;
    const auto points = actlab::parsePointsCsv(text, &classes, &error);
    if (points)
        checkAccepted(text, *points, classes, error);
    else
        checkRefused(classes, error);
    return 0;
}
