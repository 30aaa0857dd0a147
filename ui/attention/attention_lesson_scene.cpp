// The Attention view's lesson scenes (ui/common/app_view.h): run A's configuration and its
// preset, run B's where the scene compares, the settings panel shown; captured from the
// controls' saved form (AttentionControls::saveState: preset, training, compare).
#include "config/config_json.h"
#include "lessons/lesson.h"
#include "training/sequence_presets.h"
#include "ui/attention/attention_controls.h"
#include "ui/attention/attention_view.h"
#include "ui/common/lesson_scene_state.h"

namespace actlab::ui {

// New runs from the scene's configurations (the lesson decides whether the view's runs are
// already the scene's: LessonController::applyAttention), the preset named where the scene runs
// it as it is.
void AttentionView::applyLessonScene(const LessonScene& scene) {
    const bool compare = !scene.compareConfigJson.empty();
    std::string error;
    if (const auto a = sequenceTrainingConfigFromJson(scene.configJson, &error))
        m_controls->setConfig(*a);
    if (compare)
        if (const auto b = sequenceTrainingConfigFromJson(scene.compareConfigJson, &error))
            m_controls->setConfigB(*b);
    const SequencePreset* preset = findSequencePreset(scene.preset);
    const auto presetConfig =
        preset ? sequenceTrainingConfigFromJson(std::string(preset->json), &error) : std::nullopt;
    m_controls->showPreset(presetConfig &&
                                   sequenceTrainingConfigToJson(*presetConfig) == scene.configJson
                               ? QString::fromStdString(scene.preset)
                               : QString());
    setCompare(compare);
    reset();
    setControlsShown(!scene.hiddenControls);
}

void AttentionView::captureLessonScene(LessonScene& s) const {
    const QJsonObject controls = saveState().value(QStringLiteral("controls")).toObject();
    const std::string preset = controls.value(QStringLiteral("preset")).toString().toStdString();
    if (findSequencePreset(preset)) s.preset = preset;
    std::string error;
    if (auto config = sequenceTrainingConfigFromJson(
            jsonText(controls.value(QStringLiteral("training")).toObject()), &error))
        s.configJson = sequenceTrainingConfigToJson(*config);
    const QJsonObject compare = controls.value(QStringLiteral("compare")).toObject();
    if (compare.value(QStringLiteral("on")).toBool())
        if (auto b = sequenceTrainingConfigFromJson(
                jsonText(compare.value(QStringLiteral("runB")).toObject()), &error))
            s.compareConfigJson = sequenceTrainingConfigToJson(*b);
    s.pretrainSteps = std::clamp(currentStep(), 0, 100000);
}

}  // namespace actlab::ui
