// Measuring a lesson's figures with core's own functions (see lesson_figures.h).
#include "lessons/lesson_figures.h"

#include <cmath>

#include "activations/properties.h"
#include "activations/scalar_functions.h"
#include "config/config_json.h"
#include "config/training_config_json.h"
#include "models/model_factory.h"
#include "training/sequence_trainer.h"
#include "training/trainer.h"

namespace actlab {
namespace {

std::pair<double, double> windowOf(const LessonFigure& figure) {
    return figure.window.value_or(std::pair{-6.0, 6.0});
}

double measureFunction(const LessonFigure& f) {
    const auto [low, high] = windowOf(f);
    if (f.what == "value_at") return evaluateScalar(*f.function, f.x).value;
    if (f.what == "derivative_at") return evaluateScalar(*f.function, f.x).first;
    if (f.what.rfind("approx_error", 0) == 0) {
        const ApproximationError e = compareFunctions(*f.reference, *f.function, low, high, 200001);
        return f.what == "approx_error" ? e.maxAbsError : std::abs(e.at);  // |x|: error is odd
    }
    const ActivationProperties p = computeProperties(*f.function, low, high);
    if (f.what == "min_value") return p.minimumValue;
    if (f.what == "min_at") return p.minimumAt;
    if (f.what == "derivative_min") return p.firstMinimum;
    return p.firstMaximum;  // derivative_max
}

double measureGlu(const LessonFigure& f) {
    ModelConfig model;
    model.kind = ModelKind::GluFfn;
    model.dModel = f.dModel;
    model.dFf = f.dFf;
    model.biases = false;  // the counts of the weight matrices, as the text quotes them
    const GluParameterCounts counts = gluParameterCounts(model);
    if (f.what == "glu_block") return double(counts.block);
    if (f.what == "glu_plain_same") return double(counts.plainSameWidth);
    if (f.what == "glu_plain_4x") return double(counts.plainFourTimes);
    return double(counts.block) / double(counts.plainSameWidth);  // glu_ratio_same
}

}  // namespace

FigureMeasurement measureLessonFigure(const LessonScene& scene, const LessonFigure& figure) {
    FigureMeasurement m;
    const std::string& what = figure.what;
    if (what == "dead_fraction" || what == "grad_norm_ratio" || what == "test_accuracy" ||
        what == "train_accuracy") {
        std::string error;
        std::optional<TrainingConfig> config = trainingConfigFromJson(scene.configJson, &error);
        if (scene.view != "training" || !config) {
            m.problem = "a training figure needs a training scene";
            return m;
        }
        if (figure.run == "b") {
            if (!scene.compareActivation) {
                m.problem = "run b needs the scene's compare activation";
                return m;
            }
            for (ActivationConfig& a : config->model.activations) a = *scene.compareActivation;
        }
        const auto trainer = Trainer::create(*config, &error);
        if (!trainer) {
            m.problem = error;
            return m;
        }
        trainer->step(scene.pretrainSteps);
        const TrainingSnapshot s = trainer->snapshot(false);
        const ModelDiagnostics& d = s.diagnostics;
        m.measured = what == "dead_fraction"     ? d.deadFraction
                     : what == "grad_norm_ratio" ? d.gradientNormFirst / d.gradientNormLast
                     : what == "test_accuracy"   ? s.testAccuracy
                                                 : s.trainAccuracy;
    } else if (what == "token_accuracy") {
        std::string error;
        auto config = sequenceTrainingConfigFromJson(
            figure.run == "b" ? scene.compareConfigJson : scene.configJson, &error);
        if (scene.view != "attention" || !config) {
            m.problem = "a token accuracy needs an attention scene";
            return m;
        }
        const auto trainer = SequenceTrainer::create(*config, &error);
        if (!trainer) {
            m.problem = error;
            return m;
        }
        trainer->step(scene.pretrainSteps);
        m.measured = trainer->snapshot().tokenAccuracy;
    } else if (what.rfind("glu_", 0) == 0) {
        m.measured = measureGlu(figure);
    } else {
        m.measured = measureFunction(figure);
    }
    m.agrees = std::abs(m.measured - figure.value) <= figure.tolerance;
    return m;
}

}  // namespace actlab
