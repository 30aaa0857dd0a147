// The figures a lesson's text quotes, measured by ActLab's core: minima and derivative ranges
// (computeProperties), values, approximation errors (compareFunctions), GLU parameter counts
// (gluParameterCounts) and the results of a scene's pre-training (dead share, accuracies; for
// attention scenes token accuracy, loss, entropy, dead shares, gradient norms, negator attention).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "lessons/lesson.h"

namespace actlab {

struct TrainingSnapshot;
struct SequenceSnapshot;

struct FigureMeasurement {
    double measured = 0;
    bool agrees = false;  // |measured − figure.value| ≤ figure.tolerance
    std::string problem;  // set when it cannot be measured (a scene without a configuration)
};

// Measures `figure` of `scene` (training figures train the scene's configuration for its
// pretrain_steps on the CPU: the same run the view shows).
FigureMeasurement measureLessonFigure(const LessonScene& scene, const LessonFigure& figure);
// The snapshots trained so far, by configuration and steps: scenes that show the same run (a
// lesson's scenes, say) share one training.
struct LessonRuns {
    std::map<std::string, std::shared_ptr<const TrainingSnapshot>> training;
    std::map<std::string, std::shared_ptr<const SequenceSnapshot>> attention;
    std::map<std::string, std::vector<int>> negators;  // the attention run's negator tokens
};

// All of the scene's figures, in order, each run (a, b) trained once (once per `runs` if given).
std::vector<FigureMeasurement> measureLessonFigures(const LessonScene& scene,
                                                    LessonRuns* runs = nullptr);

}  // namespace actlab
