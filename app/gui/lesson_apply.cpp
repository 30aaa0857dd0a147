// LessonController: a scene applied to its view through the views' own APIs (the Explorer's
// functions and range, the GELU window, the gated surface, the Training and Attention runs with
// their compare settings, hidden controls, the tab of charts), its pre-training started (an
// Attention scene showing the runs the previous one trained keeps them), its panel highlighted.
#include <QJsonDocument>
#include <QPainter>
#include <QTimer>

#include "config/config_json.h"
#include "lesson_controller.h"
#include "main_window.h"
#include "training/sequence_presets.h"
#include "ui/attention/attention_charts.h"
#include "ui/attention/attention_controller.h"
#include "ui/attention/attention_controls.h"
#include "ui/attention/attention_grid_view.h"
#include "ui/attention/attention_view.h"
#include "ui/charts/curve_chart.h"
#include "ui/common/app_view.h"
#include "ui/common/chart_pages.h"
#include "ui/common/run_controller.h"
#include "ui/common/run_view.h"
#include "ui/heatmap/heatmap_view.h"
#include "ui/panels/explorer_panel.h"
#include "ui/panels/gated_surface_panel.h"
#include "ui/panels/gelu_approximation_panel.h"
#include "ui/training/run_panel.h"
#include "ui/training/training_charts.h"
#include "ui/training/training_controller.h"
#include "ui/training/training_controls.h"
#include "ui/training/training_view.h"

namespace actlab::gui {
namespace {

// The highlight: an orange rounded frame drawn over a panel (no style sheet: it must not change
// the style of what it covers).
class HighlightFrame : public QWidget {
public:
    explicit HighlightFrame(QWidget* parent) : QWidget(parent) {
        setObjectName(QStringLiteral("lessonHighlight"));
        setAttribute(Qt::WA_TransparentForMouseEvents);
        setAttribute(Qt::WA_NoSystemBackground);
    }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter painter(this);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(QPen(QColor(0xe8, 0xa0, 0x00), 4));
        painter.drawRoundedRect(QRectF(rect()).adjusted(2, 2, -2, -2), 6, 6);
    }
};

}  // namespace

void LessonController::applyScene(const LessonScene& scene) {
    MainWindow& w = m_window;
    m_pretrainTarget = scene.pretrainSteps;
    ui::AppView* view = w.appView(QString::fromStdString(scene.view));
    ui::RunView* lab = view ? view->runView() : nullptr;
    // The Attention view may hold the scene's runs already (applyAttention); every other view
    // takes the scene's state through its own applyLessonScene.
    const bool fresh = scene.view == "attention" ? applyAttention(scene) : true;
    if (view && scene.view != "attention") view->applyLessonScene(scene);
    if (lab && fresh && scene.pretrainSteps > 0) lab->runController()->advance(scene.pretrainSteps);
    if (scene.view == "attention" && scene.firstChart >= 0)
        w.attentionView()->charts()->pages()->showPageOf(scene.firstChart);
    w.setCurrentView(QString::fromStdString(scene.view));
    highlight(scene);
}

// The scene's runs into the Attention view, unless the view holds them already: the previous
// scene applied the same configurations, the controls still show what they became, and both
// runs stand at the scene's step (nobody trained on). Then the scene keeps them.
bool LessonController::applyAttention(const LessonScene& scene) {
    ui::AttentionView* view = m_window.attentionView();
    const bool compare = !scene.compareConfigJson.empty();
    const auto controlsJson = [view](bool b) {
        return sequenceTrainingConfigToJson(b ? view->controls()->configB()
                                              : view->controls()->config());
    };
    const AppliedRuns& held = m_attentionRuns;
    const bool holds = held.scene == scene.configJson && held.sceneB == scene.compareConfigJson &&
                       held.steps == scene.pretrainSteps && view->comparing() == compare &&
                       view->currentStep() == scene.pretrainSteps &&
                       (!compare || view->currentStepB() == scene.pretrainSteps) &&
                       held.controls == controlsJson(false) &&
                       (!compare || held.controlsB == controlsJson(true));
    if (holds) {
        view->setControlsShown(!scene.hiddenControls);
        return false;
    }
    view->applyLessonScene(scene);
    m_attentionRuns = {scene.configJson, scene.compareConfigJson, controlsJson(false),
                       compare ? controlsJson(true) : std::string(), scene.pretrainSteps};
    return true;
}

QWidget* LessonController::panelWidget(const LessonScene& scene, const std::string& h) const {
    MainWindow& w = m_window;
    if (scene.view == "explorer")
        return w.explorer()->findChild<QWidget*>(
            QLatin1String(h == "functions" ? "functionList" : "explorerChart"));
    if (scene.view == "gelu")
        return h == "errors" ? w.geluPanel()->errorChart() : w.geluPanel()->curveChart();
    if (scene.view == "gated")
        return h == "slice" ? static_cast<QWidget*>(w.gatedPanel()->sliceChart())
                            : w.gatedPanel()->heatmap();
    if (scene.view == "training") {
        ui::TrainingView* t = w.trainingView();
        if (h == "controls") return t->controls();
        if (h == "charts") return t->findChild<ui::TrainingCharts*>();
        if (h == "distributions") {  // the charts' last page: z over the steps, histograms
            ui::ChartPages* pages = t->charts()->pages();
            pages->showPage(pages->pageCount() - 1);
            return pages;
        }
        ui::RunPanel* run = t->runPanel(scene.compareActivation ? 1 : 0);
        if (h == "grid")
            return t->runPanel(0)->findChild<QWidget*>(QStringLiteral("neuronGridScroll"));
        return run;
    }
    ui::AttentionView* a = w.attentionView();
    if (h == "controls") return a->controls();
    if (h == "charts") return a->findChild<ui::AttentionCharts*>();
    if (h == "distributions") {
        ui::ChartPages* pages = a->charts()->pages();
        pages->showPage(pages->pageCount() - 1);
        return pages;
    }
    return a->findChild<ui::AttentionGridView*>();
}

std::vector<QWidget*> LessonController::panelWidgets(const std::string& view,
                                                     const std::string& panel) const {
    LessonScene scene;
    scene.view = view;
    std::vector<QWidget*> widgets{panelWidget(scene, panel)};
    if (view == "training" && (panel == "run" || panel == "grid")) {
        ui::TrainingView* t = m_window.trainingView();  // both runs hint at an answer
        widgets = {t->runPanel(0), t->runPanel(1)};
        if (panel == "grid")
            for (QWidget*& w : widgets)
                w = w ? w->findChild<QWidget*>(QStringLiteral("neuronGridScroll")) : nullptr;
    }
    std::erase(widgets, nullptr);
    return widgets;
}

// A coloured frame over the scene's panel for two and a half seconds (it lets the mouse through).
void LessonController::highlight(const LessonScene& scene) {
    delete m_highlightFrame;
    if (scene.highlight.empty()) return;
    QWidget* target = panelWidget(scene, scene.highlight);
    if (!target) return;
    auto* frame = new HighlightFrame(target);
    frame->setGeometry(target->rect());
    frame->raise();
    frame->show();
    // The tab has just become current: its layout settles in the next events.
    for (int delay : {0, 100, 400})
        QTimer::singleShot(delay, frame, [frame, target] { frame->setGeometry(target->rect()); });
    m_highlightFrame = frame;
    QTimer::singleShot(2500, frame, &QObject::deleteLater);
}

}  // namespace actlab::gui
