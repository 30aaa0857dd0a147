// Data sets for the Training lab: seeded, deterministic generators (an explicit table), a
// train/test split, the Playground-style input features, and user data (clicks, CSV).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace actlab {

enum class TaskKind {
    BinaryClassification,  // labels 0/1, one logit, BCE with logits
    MultiClassification,   // labels 0..classes−1, softmax cross-entropy
    Regression,            // one real target, MSE
};

// Raw points before feature expansion: inputs (n, rawDimension), one target per point.
struct LabelledPoints {
    int rawDimension = 2;
    std::vector<double> inputs;   // (n, rawDimension) row-major
    std::vector<double> targets;  // (n) class index or regression target
    size_t size() const { return targets.size(); }
};

// Input features (Playground's): which columns the model sees for 2D data.
enum class Feature { X1, X2, X1Squared, X2Squared, X1TimesX2, SinX1, SinX2 };
inline constexpr int kFeatureCount = 7;
std::string_view featureName(Feature feature);  // "x1", "x2", "x1^2", ..., "sin_x2"
std::optional<Feature> parseFeature(std::string_view name);

// A data set ready for training: features expanded, split into train and test.
struct Dataset {
    std::string name;
    TaskKind kind = TaskKind::BinaryClassification;
    int classes = 2;                // 1 for regression
    int rawDimension = 2;           // 2 for the plane tasks, 1 for sine, 64 for teacher
    std::vector<Feature> features;  // empty: raw inputs used as they are
    int inputDimension = 2;         // columns of trainInputs/testInputs
    std::vector<float> trainInputs, testInputs;  // (n, inputDimension)
    std::vector<float> trainTargets, testTargets;
    LabelledPoints trainRaw, testRaw;  // the raw points, for drawing
    size_t trainSize() const { return trainTargets.size(); }
    size_t testSize() const { return testTargets.size(); }
};

struct DatasetOptions {
    int points = 0;           // total, before the split; 0: the task's default (500 for the plane)
    double noise = 0.0;       // 0..1, scaled per task
    double trainShare = 0.5;  // share of points used for training
    std::uint64_t seed = 1;
    std::vector<Feature> features{Feature::X1, Feature::X2};  // 2D tasks only
};

struct DatasetInfo {
    std::string_view name;
    std::string_view description;
    TaskKind kind;
    int classes;
    int rawDimension;
    int defaultPoints;
    LabelledPoints (*generate)(int points, double noise, std::uint64_t seed);
};

std::span<const DatasetInfo> datasetCatalogue();
const DatasetInfo* findDataset(std::string_view name);

// Generates, shuffles (seeded), splits and expands features. Returns an error message in
// *error and nullopt for bad options (points < 4, trainShare outside (0, 1), features on a
// non-2D task, noise outside [0, 1]).
std::optional<Dataset> makeDataset(const DatasetInfo& info, const DatasetOptions& options,
                                   std::string* error);
// The same from points the user made (clicked or imported); 2D binary or 3-class data.
std::optional<Dataset> makeDatasetFromPoints(const LabelledPoints& points, int classes,
                                             const DatasetOptions& options, std::string* error);

// The largest |coordinate| of the points (0 for none): data far outside the plane (about ±6)
// makes the first layer's pre-activations huge, the usual cause of a divergence on user data.
double largestCoordinate(const LabelledPoints& points);

// Feature rows for raw 2D points (e.g. a decision-surface grid): (n, features.size()).
std::vector<float> expandFeatures(std::span<const double> raw2d, std::span<const Feature> features);

// The most rows a points file (or a configuration's user points) may hold: every snapshot runs
// the model over all of them, and the plane shows each one.
inline constexpr size_t kMaxUserPoints = 100'000;
// The largest |x1|, |x2| a points file may hold: the plane and the features (x², x1·x2) of
// anything larger lose the data to float rounding; scale such data first.
inline constexpr double kMaxUserCoordinate = 1e6;
// Parses CSV lines "x1,x2,label": an optional UTF-8 byte-order mark, an optional header (line 1
// with no number in it), blank lines skipped, CRLF accepted. Errors are one printable line that
// names the line and quotes at most ~24 characters of the bad cell; *classes is set on success.
// Refused: coordinates beyond ±kMaxUserCoordinate, more than kMaxUserPoints rows, and data with
// fewer than two distinct labels (nothing to classify).
std::optional<LabelledPoints> parsePointsCsv(std::string_view text, int* classes,
                                             std::string* error);

}  // namespace actlab
