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
    bool agrees = false;  // lessonFigureAgrees(figure, measured)
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

// The runs a view trained for a scene, as it shows them at the scene's pretrain_steps: run a
// and run b (null: not there) of a training or an attention scene, and the attention task's
// negator tokens (negatorTokens).
struct LessonSceneSnapshots {
    const TrainingSnapshot* training[2] = {nullptr, nullptr};
    const SequenceSnapshot* attention[2] = {nullptr, nullptr};
    std::vector<int> negators;
};
// The scene's figures measured on those snapshots (a run figure whose run is missing gets a
// problem): what the lesson panel fills in.
std::vector<FigureMeasurement> measureLessonFigures(const LessonScene& scene,
                                                    const LessonSceneSnapshots& runs);
// |measured − figure.value| ≤ figure.tolerance, the claim's bounds included (a claim "at least
// 99%" is 0.995 ± 0.005, whose upper bound 1 rounds just below 1 in binary).
bool lessonFigureAgrees(const LessonFigure& figure, double measured);
// The negators among a task's token names ("not", "never", "no"), by id.
std::vector<int> negatorTokens(const std::vector<std::string>& tokenNames);

}  // namespace actlab
