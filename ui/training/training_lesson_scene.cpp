// The Training view's lesson scenes (ui/common/app_view.h): the preset, the configuration, run
// B's activation, the settings panel shown, the tab of charts and the grids' colouring, through
// the view's own saved-state form (training_controls_state.cpp, RunPanel::saveState).
#include "config/training_config_json.h"
#include "lessons/lesson.h"
#include "training/presets.h"
#include "ui/common/lesson_scene_state.h"
#include "ui/training/training_view.h"

namespace actlab::ui {
namespace {

QString nameOf(std::string_view text) {
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

// The scene as the view's saved state: preset, configuration, compare mode and run B's
// activation, the panel shown, the tab and the colouring.
QJsonObject trainingState(const LessonScene& scene) {
    QJsonObject controls{{QStringLiteral("preset"), QString::fromStdString(scene.preset)},
                         {QStringLiteral("config"), jsonObject(scene.configJson)},
                         {QStringLiteral("compare"), scene.compareActivation.has_value()}};
    if (scene.compareActivation) {
        const ActivationConfig& b = *scene.compareActivation;
        controls[QStringLiteral("compareActivation")] = nameOf(b.info().name);
        QJsonObject parameters;
        for (size_t i = 0; i < b.info().parameters.size(); ++i)
            parameters[nameOf(b.info().parameters[i].name)] = b.parameters[i];
        controls[QStringLiteral("compareParameters")] = parameters;
    }
    QJsonObject state{{QStringLiteral("controls"), controls},
                      {QStringLiteral("controlsShown"), !scene.hiddenControls}};
    if (scene.firstChart >= 0) state[QStringLiteral("firstChart")] = scene.firstChart;
    if (!scene.gridColouring.empty())  // RunPanel::restoreState's
        for (const char* run : {"runA", "runB"})
            state[QLatin1String(run)] = QJsonObject{
                {QStringLiteral("colouring"), QString::fromStdString(scene.gridColouring)}};
    return state;
}

}  // namespace

void TrainingView::applyLessonScene(const LessonScene& scene) {
    restoreState(trainingState(scene));
}

void TrainingView::captureLessonScene(LessonScene& s) const {
    const QJsonObject state = saveState();
    const QJsonObject controls = state.value(QStringLiteral("controls")).toObject();
    const std::string preset = controls.value(QStringLiteral("preset")).toString().toStdString();
    if (findTrainingPreset(preset)) s.preset = preset;
    std::string error;
    if (auto config = trainingConfigFromJson(
            jsonText(controls.value(QStringLiteral("config")).toObject()), &error))
        s.configJson = trainingConfigToJson(*config);
    // the neuron grids' colouring, run A's (RunPanel::saveState); applying sets both runs'
    s.gridColouring = state.value(QStringLiteral("runA"))
                          .toObject()
                          .value(QStringLiteral("colouring"))
                          .toString(QStringLiteral("gradient"))
                          .toStdString();
    if (controls.value(QStringLiteral("compare")).toBool())
        s.compareActivation =
            savedActivation(controls.value(QStringLiteral("compareActivation")).toString(),
                            controls.value(QStringLiteral("compareParameters")).toObject());
    s.pretrainSteps = std::clamp(currentStep(), 0, 100000);
}

}  // namespace actlab::ui
