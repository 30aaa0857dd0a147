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
#include "ui/common/chart_pages.h"
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

QString qtText(std::string_view text) {
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

QJsonObject jsonObject(const std::string& text) {
    return QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
}

void applyExplorer(ui::ExplorerPanel* explorer, const LessonScene& scene) {
    if (!scene.functions.empty()) {
        QStringList names;
        for (const ActivationConfig& f : scene.functions) names << qtText(f.info().name);
        explorer->setVisibleFunctions(names);
        for (const ActivationConfig& f : scene.functions)
            for (size_t i = 0; i < f.info().parameters.size(); ++i)
                explorer->setParameter(qtText(f.info().name), qtText(f.info().parameters[i].name),
                                       f.parameters[i]);
    }
    explorer->setDerivatives({scene.showValue, scene.showFirst, scene.showSecond});
    if (scene.xRange) explorer->setXRange(scene.xRange->first, scene.xRange->second);
}

// The Training view's saved-state form (ui/training/training_controls_state.cpp): the preset's
// name, the configuration, compare mode and run B's activation.
QJsonObject trainingState(const LessonScene& scene) {
    QJsonObject controls{{QStringLiteral("preset"), QString::fromStdString(scene.preset)},
                         {QStringLiteral("config"), jsonObject(scene.configJson)},
                         {QStringLiteral("compare"), scene.compareActivation.has_value()}};
    if (scene.compareActivation) {
        const ActivationConfig& b = *scene.compareActivation;
        controls[QStringLiteral("compareActivation")] = qtText(b.info().name);
        QJsonObject parameters;
        for (size_t i = 0; i < b.info().parameters.size(); ++i)
            parameters[qtText(b.info().parameters[i].name)] = b.parameters[i];
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

void LessonController::applyScene(const LessonScene& scene) {
    MainWindow& w = m_window;
    m_pretrainTarget = scene.pretrainSteps;
    if (scene.view == "explorer") {
        applyExplorer(w.explorer(), scene);
    } else if (scene.view == "gelu") {
        if (scene.window) w.geluPanel()->setWindow(scene.window->first, scene.window->second);
        using Scale = ui::GeluApproximationPanel::ErrorScale;
        if (!scene.errorScale.empty())
            w.geluPanel()->setErrorScale(scene.errorScale == "absolute"   ? Scale::Absolute
                                         : scene.errorScale == "relative" ? Scale::Relative
                                                                          : Scale::Signed);
    } else if (scene.view == "gated") {
        if (scene.unit) w.gatedPanel()->setUnit(*scene.unit);
        const SurfaceSamples& surface = w.gatedPanel()->surface();
        const auto x = scene.window.value_or(std::pair{surface.xLow, surface.xHigh});
        const auto v = scene.valueWindow.value_or(std::pair{surface.vLow, surface.vHigh});
        w.gatedPanel()->setWindows(x.first, x.second, v.first, v.second);
    } else if (scene.view == "training") {
        w.trainingView()->restoreState(trainingState(scene));
        if (scene.pretrainSteps > 0) w.trainingView()->controller()->advance(scene.pretrainSteps);
    } else if (scene.view == "attention") {
        if (applyAttention(scene) && scene.pretrainSteps > 0)
            w.attentionView()->controller()->advance(scene.pretrainSteps);
        if (scene.firstChart >= 0)
            w.attentionView()->charts()->pages()->showPageOf(scene.firstChart);
    }
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
    std::string error;
    if (const auto a = sequenceTrainingConfigFromJson(scene.configJson, &error))
        view->controls()->setConfig(*a);
    if (compare)
        if (const auto b = sequenceTrainingConfigFromJson(scene.compareConfigJson, &error))
            view->controls()->setConfigB(*b);
    // The preset's name where the scene runs it as it is, else Custom.
    const SequencePreset* preset = findSequencePreset(scene.preset);
    const auto presetConfig =
        preset ? sequenceTrainingConfigFromJson(std::string(preset->json), &error) : std::nullopt;
    view->controls()->showPreset(presetConfig && sequenceTrainingConfigToJson(*presetConfig) ==
                                                     scene.configJson
                                     ? QString::fromStdString(scene.preset)
                                     : QString());
    view->setCompare(compare);
    view->reset();
    view->setControlsShown(!scene.hiddenControls);
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
