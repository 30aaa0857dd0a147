// captureScene: MainWindow::sessionState()'s view objects read into a LessonScene.
#include "lesson_capture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>

#include "config/training_config_json.h"
#include "main_window.h"
#include "training/presets.h"
#include "training/sequence_presets.h"
#include "ui/attention/attention_view.h"
#include "ui/training/training_view.h"

namespace actlab::gui {
namespace {

std::string jsonText(const QJsonObject& object) {
    return QJsonDocument(object).toJson(QJsonDocument::Compact).toStdString();
}

std::optional<std::pair<double, double>> range(const QJsonValue& value) {
    const QJsonArray pair = value.toArray();
    if (pair.size() != 2 || !(pair[0].toDouble() < pair[1].toDouble())) return std::nullopt;
    return std::pair{pair[0].toDouble(), pair[1].toDouble()};
}

// An activation and its parameters from a {name: value} object (the names a view saved).
std::optional<ActivationConfig> activation(const QString& name, const QJsonObject& parameters) {
    const ActivationInfo* info = findActivation(name.toStdString());
    if (!info) return std::nullopt;
    ActivationConfig config = ActivationConfig::withDefaults(info->id);
    for (const ParameterSpec& p : info->parameters) {
        const QJsonValue value = parameters.value(QString::fromUtf8(p.name.data(), p.name.size()));
        if (value.isDouble()) config.setParameter(p.name, value.toDouble());
    }
    return config;
}

void captureExplorer(const QJsonObject& state, LessonScene& s) {
    const QJsonObject parameters = state.value(QStringLiteral("parameters")).toObject();
    for (const QJsonValue& name : state.value(QStringLiteral("visible")).toArray())
        if (auto f = activation(name.toString(), parameters.value(name.toString()).toObject()))
            s.functions.push_back(*f);
    const QJsonArray derivatives = state.value(QStringLiteral("derivatives")).toArray();
    s.showValue = derivatives.contains(QStringLiteral("f"));
    s.showFirst = derivatives.contains(QStringLiteral("f1"));
    s.showSecond = derivatives.contains(QStringLiteral("f2"));
    s.xRange = range(state.value(QStringLiteral("xRange")));
}

void captureGelu(const QJsonObject& state, LessonScene& s) {
    const double low = state.value(QStringLiteral("xLow")).toDouble();
    const double high = state.value(QStringLiteral("xHigh")).toDouble();
    if (low < high) s.window = std::pair{low, high};
    static const char* const kScales[] = {"signed", "absolute", "relative"};  // ErrorScale's order
    s.errorScale = kScales[std::clamp(state.value(QStringLiteral("errorScale")).toInt(), 0, 2)];
}

void captureGated(const QJsonObject& state, LessonScene& s) {
    if (const ActivationInfo* info =
            findActivation(state.value(QStringLiteral("unit")).toString().toStdString()))
        s.unit = info->id;
    s.window = range(state.value(QStringLiteral("xWindow")));
    s.valueWindow = range(state.value(QStringLiteral("vWindow")));
}

// The Training controls' saved form (TrainingControls::saveState): preset, config, compare.
void captureTraining(const QJsonObject& state, LessonScene& s) {
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
            activation(controls.value(QStringLiteral("compareActivation")).toString(),
                       controls.value(QStringLiteral("compareParameters")).toObject());
}

// The Attention controls' saved form (AttentionControls::saveState): preset, training, compare.
void captureAttention(const QJsonObject& state, LessonScene& s) {
    const QJsonObject controls = state.value(QStringLiteral("controls")).toObject();
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
}

// Each {{id}} of the texts removed where no figure of the scene has that id any more.
void dropFiguresThatDoNotFit(LessonScene& s) {
    const bool compare = s.compareActivation || !s.compareConfigJson.empty();
    std::vector<LessonFigure> kept;
    for (const LessonFigure& f : s.figures) {
        if (lessonFigureFitsView(f.what, s.view) && (f.run == "a" || compare)) {
            kept.push_back(f);
            continue;
        }
        if (f.id.empty()) continue;
        for (auto& [language, text] : s.text) {
            const std::string mark = "{{" + f.id + "}}";
            for (size_t at = text.find(mark); at != std::string::npos; at = text.find(mark))
                text.erase(at, mark.size());
        }
    }
    s.figures = std::move(kept);
}

}  // namespace

LessonScene captureScene(const MainWindow& window, const LessonScene& scene) {
    LessonScene s;
    s.title = scene.title;
    s.text = scene.text;
    s.notes = scene.notes;
    s.figures = scene.figures;
    s.view = window.currentView().toStdString();
    const QJsonObject state = window.sessionState().value(window.currentView()).toObject();
    if (s.view == "explorer") captureExplorer(state, s);
    if (s.view == "gelu") captureGelu(state, s);
    if (s.view == "gated") captureGated(state, s);
    if (s.view == "training") {
        captureTraining(state, s);
        s.pretrainSteps = std::clamp(window.trainingView()->currentStep(), 0, 100000);
    }
    if (s.view == "attention") {
        captureAttention(state, s);
        s.pretrainSteps = std::clamp(window.attentionView()->currentStep(), 0, 100000);
    }
    const bool runs = s.view == "training" || s.view == "attention";
    s.hiddenControls = runs && !state.value(QStringLiteral("controlsShown")).toBool(true);
    if (runs)  // the tab of charts shown (TrainingView/AttentionView::saveState)
        s.firstChart = std::clamp(state.value(QStringLiteral("firstChart")).toInt(0), 0, 20);
    const std::vector<std::string>& panels = lessonHighlights(s.view);
    if (std::find(panels.begin(), panels.end(), scene.highlight) != panels.end())
        s.highlight = scene.highlight;
    if (s.view == scene.view && s.pretrainSteps > 0) {  // the same runs answer the question
        s.question = scene.question;
        if (s.question) s.covers = scene.covers;
    }
    if (s.view == scene.view) s.hidden = scene.hidden;  // the same view's controls
    dropFiguresThatDoNotFit(s);
    return s;
}

}  // namespace actlab::gui
