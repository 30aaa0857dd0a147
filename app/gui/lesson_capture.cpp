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
#include "ui/common/app_view.h"
#include "ui/common/run_view.h"
#include "ui/training/training_view.h"

namespace actlab::gui {
namespace {

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
    ui::AppView* view = window.currentAppView();
    if (view) view->captureLessonScene(s);  // the view's own fields, a lab's step
    const bool runs = view && view->runView();
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
