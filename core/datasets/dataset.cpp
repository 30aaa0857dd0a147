// Turning raw points into a training set: seeded shuffle, train/test split, feature expansion;
// and reading user points from CSV.
#include "datasets/dataset.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "common/number_format.h"
#include "common/random.h"

namespace actlab {
namespace {

// clang-format off
constexpr std::string_view kFeatureNames[kFeatureCount] = {
    "x1", "x2", "x1^2", "x2^2", "x1*x2", "sin_x1", "sin_x2"};
// clang-format on

double featureValue(Feature feature, double x1, double x2) {
    switch (feature) {
        case Feature::X1:
            return x1;
        case Feature::X2:
            return x2;
        case Feature::X1Squared:
            return x1 * x1;
        case Feature::X2Squared:
            return x2 * x2;
        case Feature::X1TimesX2:
            return x1 * x2;
        case Feature::SinX1:
            return std::sin(x1);
        case Feature::SinX2:
            return std::sin(x2);
    }
    return 0.0;
}

void appendRow(LabelledPoints& to, const LabelledPoints& from, size_t index) {
    const size_t d = size_t(from.rawDimension);
    to.inputs.insert(to.inputs.end(), from.inputs.begin() + index * d,
                     from.inputs.begin() + (index + 1) * d);
    to.targets.push_back(from.targets[index]);
}

std::vector<float> toFeatures(const LabelledPoints& points, const std::vector<Feature>& features) {
    if (features.empty()) return {points.inputs.begin(), points.inputs.end()};
    return expandFeatures(points.inputs, features);
}

constexpr std::string_view kUtf8ByteOrderMark = "\xEF\xBB\xBF";  // spreadsheet CSV exports

std::string_view trimCell(std::string_view cell) {
    while (!cell.empty() && (cell.front() == ' ' || cell.front() == '\t')) cell.remove_prefix(1);
    while (!cell.empty() && (cell.back() == ' ' || cell.back() == '\t')) cell.remove_suffix(1);
    return cell;
}

// A cell as an error message shows it: quoted, at most ~24 characters, bytes outside printable
// ASCII as \xNN, so that every message is one short printable line whatever the file holds.
std::string quoteCell(std::string_view cell) {
    constexpr size_t kShown = 24;
    std::string quoted = "'";
    for (const char c : cell) {
        if (quoted.size() > kShown) {
            quoted += "...";
            break;
        }
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte < 0x7f) {
            quoted += c;
        } else {
            constexpr char kHex[] = "0123456789ABCDEF";
            quoted += {'\\', 'x', kHex[byte >> 4], kHex[byte & 15]};
        }
    }
    return quoted + "'";
}

// Text that reads as a number, finite or not ("inf" and "1e999" count): not a header cell.
bool isNumberLike(const ParsedNumber& number) {
    return number.value || number.error != ParseError::NotANumber;
}

std::optional<Dataset> split(std::string name, TaskKind kind, int classes, LabelledPoints all,
                             const DatasetOptions& options, std::string* error) {
    const auto fail = [&](std::string message) -> std::optional<Dataset> {
        if (error) *error = std::move(message);
        return std::nullopt;
    };
    if (!(options.trainShare > 0.0 && options.trainShare < 1.0))
        return fail("the train share must be between 0 and 1 (exclusive)");
    if (!(options.noise >= 0.0 && options.noise <= 1.0)) return fail("noise must be in [0, 1]");
    if (all.size() < 4) return fail("a data set needs at least 4 points");
    if (all.rawDimension != 2 && !options.features.empty() &&
        options.features != std::vector<Feature>{Feature::X1, Feature::X2})
        return fail("input features apply only to 2D data sets");
    if (all.rawDimension == 2 && options.features.empty())
        return fail("choose at least one input feature");

    std::vector<size_t> order(all.size());
    std::iota(order.begin(), order.end(), size_t(0));
    Random random(options.seed ^ 0x5eedULL);
    for (size_t i = order.size() - 1; i > 0; --i)
        std::swap(order[i], order[size_t(random.below(int(i + 1)))]);
    const size_t trainCount = std::clamp(
        size_t(std::lround(options.trainShare * double(all.size()))), size_t(1), all.size() - 1);

    Dataset d;
    d.name = std::move(name);
    d.kind = kind;
    d.classes = classes;
    d.rawDimension = all.rawDimension;
    d.trainRaw.rawDimension = d.testRaw.rawDimension = all.rawDimension;
    for (size_t i = 0; i < order.size(); ++i)
        appendRow(i < trainCount ? d.trainRaw : d.testRaw, all, order[i]);
    if (all.rawDimension == 2) d.features = options.features;
    d.inputDimension = d.features.empty() ? all.rawDimension : int(d.features.size());
    d.trainInputs = toFeatures(d.trainRaw, d.features);
    d.testInputs = toFeatures(d.testRaw, d.features);
    d.trainTargets.assign(d.trainRaw.targets.begin(), d.trainRaw.targets.end());
    d.testTargets.assign(d.testRaw.targets.begin(), d.testRaw.targets.end());
    return d;
}

}  // namespace

std::string_view featureName(Feature feature) { return kFeatureNames[int(feature)]; }

std::optional<Feature> parseFeature(std::string_view name) {
    for (int i = 0; i < kFeatureCount; ++i)
        if (kFeatureNames[i] == name) return Feature(i);
    return std::nullopt;
}

std::vector<float> expandFeatures(std::span<const double> raw2d,
                                  std::span<const Feature> features) {
    const size_t n = raw2d.size() / 2;
    std::vector<float> out(n * features.size());
    for (size_t i = 0; i < n; ++i)
        for (size_t f = 0; f < features.size(); ++f)
            out[i * features.size() + f] =
                float(featureValue(features[f], raw2d[2 * i], raw2d[2 * i + 1]));
    return out;
}

std::optional<Dataset> makeDataset(const DatasetInfo& info, const DatasetOptions& options,
                                   std::string* error) {
    const int points = options.points == 0 ? info.defaultPoints : options.points;
    if (points < 4 || points > 1'000'000) {
        if (error) *error = "the number of points must be in [4, 1000000]";
        return std::nullopt;
    }
    if (!(options.noise >= 0.0 && options.noise <= 1.0)) {
        if (error) *error = "noise must be in [0, 1]";
        return std::nullopt;
    }
    return split(std::string(info.name), info.kind, info.classes,
                 info.generate(points, options.noise, options.seed), options, error);
}

std::optional<Dataset> makeDatasetFromPoints(const LabelledPoints& points, int classes,
                                             const DatasetOptions& options, std::string* error) {
    if (points.rawDimension != 2 || classes < 2) {
        if (error) *error = "user data must be 2D points with at least two classes";
        return std::nullopt;
    }
    const TaskKind kind =
        classes == 2 ? TaskKind::BinaryClassification : TaskKind::MultiClassification;
    return split("user", kind, classes, points, options, error);
}

namespace {

// "a coordinate is 2.5e+07, larger than 1e6 in size: scale the data first (…)" (ASCII: the
// message is one printable line)
std::string formatLimitMessage(double x) {
    char value[32];
    std::snprintf(value, sizeof value, "%.6g", x);
    return "a coordinate is " + std::string(value) +
           ", larger than 1e6 in size: scale the data first (the plane spans -6..6)";
}

}  // namespace

double largestCoordinate(const LabelledPoints& points) {
    double largest = 0;
    for (double x : points.inputs)
        if (std::isfinite(x)) largest = std::max(largest, std::abs(x));
    return largest;
}

std::optional<LabelledPoints> parsePointsCsv(std::string_view text, int* classes,
                                             std::string* error) {
    LabelledPoints points;
    int highest = -1;
    std::array<bool, 10> seen{};  // labels 0..9
    size_t lineNumber = 0;
    const auto fail = [&](const std::string& message) -> std::optional<LabelledPoints> {
        if (error) *error = "line " + std::to_string(lineNumber) + ": " + message;
        return std::nullopt;
    };
    if (text.starts_with(kUtf8ByteOrderMark)) text.remove_prefix(kUtf8ByteOrderMark.size());
    for (size_t start = 0; start <= text.size();) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        ++lineNumber;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
        const size_t columns = 1 + size_t(std::count(line.begin(), line.end(), ','));
        if (columns != 3)
            return fail("expected 3 columns x1,x2,label, found " + std::to_string(columns));
        const size_t comma1 = line.find(','), comma2 = line.find(',', comma1 + 1);
        const std::string_view cells[3] = {trimCell(line.substr(0, comma1)),
                                           trimCell(line.substr(comma1 + 1, comma2 - comma1 - 1)),
                                           trimCell(line.substr(comma2 + 1))};
        const ParsedNumber x1 = parseNumber(cells[0]), x2 = parseNumber(cells[1]),
                           label = parseNumber(cells[2]);
        // A header is line 1 with no number in it: a row with one bad cell is refused, not dropped.
        if (lineNumber == 1 && !isNumberLike(x1) && !isNumberLike(x2) && !isNumberLike(label))
            continue;
        if (!x1.value || !x2.value)
            return fail("x1 and x2 must be finite numbers, got " +
                        quoteCell(cells[x1.value ? 1 : 0]));
        if (!label.value || *label.value != std::floor(*label.value) || *label.value < 0 ||
            *label.value > 9)
            return fail("the label must be a whole number from 0 to 9, got " + quoteCell(cells[2]));
        for (const double x : {*x1.value, *x2.value})
            if (std::abs(x) > kMaxUserCoordinate) return fail(formatLimitMessage(x));
        if (points.size() == kMaxUserPoints)
            return fail("more than " + std::to_string(kMaxUserPoints) +
                        " data rows: the Training lab takes at most that many points");
        points.inputs.push_back(*x1.value);
        points.inputs.push_back(*x2.value);
        points.targets.push_back(double(int(*label.value)));  // int(): "-0" is stored as 0
        highest = std::max(highest, int(*label.value));
        seen[size_t(*label.value)] = true;
    }
    if (points.size() == 0) {
        if (error) *error = "no data rows";
        return std::nullopt;
    }
    if (std::count(seen.begin(), seen.end(), true) < 2) {
        if (error)
            *error = "every row has label " + std::to_string(highest) +
                     ": the data needs at least two classes (labels 0 and 1)";
        return std::nullopt;
    }
    if (classes) *classes = highest + 1;
    return points;
}

}  // namespace actlab
