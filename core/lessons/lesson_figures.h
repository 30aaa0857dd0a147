// The figures a lesson's text quotes, measured by ActLab's core: minima and derivative ranges
// (computeProperties), values, approximation errors (compareFunctions), GLU parameter counts
// (gluParameterCounts) and the results of a scene's pre-training (dead share, accuracies).
#pragma once

#include <string>

#include "lessons/lesson.h"

namespace actlab {

struct FigureMeasurement {
    double measured = 0;
    bool agrees = false;  // |measured − figure.value| ≤ figure.tolerance
    std::string problem;  // set when it cannot be measured (a scene without a configuration)
};

// Measures `figure` of `scene` (training figures train the scene's configuration for its
// pretrain_steps on the CPU: the same run the view shows).
FigureMeasurement measureLessonFigure(const LessonScene& scene, const LessonFigure& figure);

}  // namespace actlab
