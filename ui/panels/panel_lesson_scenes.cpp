// The function views' lesson scenes (ui/common/app_view.h): the Explorer's functions, their
// parameters, the curves shown and the x range; the GELU window and error scale; the gated unit
// and its windows. Captured from each view's own saved state.
#include <QJsonArray>
#include <QStringList>
#include <algorithm>

#include "lessons/lesson.h"
#include "ui/common/lesson_scene_state.h"
#include "ui/panels/explorer_panel.h"
#include "ui/panels/gated_surface_panel.h"
#include "ui/panels/gelu_approximation_panel.h"

namespace actlab::ui {
namespace {

QString sceneText(std::string_view text) {
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

}  // namespace

void ExplorerPanel::applyLessonScene(const LessonScene& scene) {
    if (!scene.functions.empty()) {
        QStringList names;
        for (const ActivationConfig& f : scene.functions) names << sceneText(f.info().name);
        setVisibleFunctions(names);
        for (const ActivationConfig& f : scene.functions)
            for (size_t i = 0; i < f.info().parameters.size(); ++i)
                setParameter(sceneText(f.info().name), sceneText(f.info().parameters[i].name),
                             f.parameters[i]);
    }
    setDerivatives({scene.showValue, scene.showFirst, scene.showSecond});
    if (scene.xRange) setXRange(scene.xRange->first, scene.xRange->second);
}

void ExplorerPanel::captureLessonScene(LessonScene& s) const {
    const QJsonObject state = saveState();
    const QJsonObject parameters = state.value(QStringLiteral("parameters")).toObject();
    for (const QJsonValue& name : state.value(QStringLiteral("visible")).toArray())
        if (auto f = savedActivation(name.toString(), parameters.value(name.toString()).toObject()))
            s.functions.push_back(*f);
    const QJsonArray derivatives = state.value(QStringLiteral("derivatives")).toArray();
    s.showValue = derivatives.contains(QStringLiteral("f"));
    s.showFirst = derivatives.contains(QStringLiteral("f1"));
    s.showSecond = derivatives.contains(QStringLiteral("f2"));
    s.xRange = savedRange(state.value(QStringLiteral("xRange")));
}

void GeluApproximationPanel::applyLessonScene(const LessonScene& scene) {
    if (scene.window) setWindow(scene.window->first, scene.window->second);
    if (!scene.errorScale.empty())
        setErrorScale(scene.errorScale == "absolute"   ? ErrorScale::Absolute
                      : scene.errorScale == "relative" ? ErrorScale::Relative
                                                       : ErrorScale::Signed);
}

void GeluApproximationPanel::captureLessonScene(LessonScene& s) const {
    const QJsonObject state = saveState();
    const double low = state.value(QStringLiteral("xLow")).toDouble();
    const double high = state.value(QStringLiteral("xHigh")).toDouble();
    if (low < high) s.window = std::pair{low, high};
    static const char* const kScales[] = {"signed", "absolute", "relative"};  // ErrorScale's order
    s.errorScale = kScales[std::clamp(state.value(QStringLiteral("errorScale")).toInt(), 0, 2)];
}

void GatedSurfacePanel::applyLessonScene(const LessonScene& scene) {
    if (scene.unit) setUnit(*scene.unit);
    const SurfaceSamples& samples = surface();
    const auto x = scene.window.value_or(std::pair{samples.xLow, samples.xHigh});
    const auto v = scene.valueWindow.value_or(std::pair{samples.vLow, samples.vHigh});
    setWindows(x.first, x.second, v.first, v.second);
}

void GatedSurfacePanel::captureLessonScene(LessonScene& s) const {
    const QJsonObject state = saveState();
    if (const ActivationInfo* info =
            findActivation(state.value(QStringLiteral("unit")).toString().toStdString()))
        s.unit = info->id;
    s.window = savedRange(state.value(QStringLiteral("xWindow")));
    s.valueWindow = savedRange(state.value(QStringLiteral("vWindow")));
}

}  // namespace actlab::ui
