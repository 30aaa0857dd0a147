// TrainingView: assembles the Training tab and turns the newest frame into pictures and curves.
#include "ui/training/training_view.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>
#include <algorithm>

#include "ui/charts/curve_chart.h"
#include "ui/common/chart_pages.h"
#include "ui/common/distribution_charts.h"
#include "ui/common/panel_export.h"
#include "ui/common/status_label.h"
#include "ui/common/timeline_bar.h"
#include "ui/common/ui_scale.h"
#include "ui/heatmap/heatmap_view.h"
#include "ui/training/decision_surface_view.h"
#include "ui/training/fit_plot_view.h"
#include "ui/training/heatmap_renderer_choice.h"
#include "ui/training/neuron_grid_view.h"
#include "ui/training/run_panel.h"
#include "ui/training/training_charts.h"
#include "ui/training/training_controller.h"
#include "ui/training/training_controls.h"
#include "ui/training/training_worker.h"

namespace actlab::ui {

namespace {

// Beyond this |x| the data, not the optimizer, is the likely cause of a divergence.
constexpr double kFarOutside = 50.0;

// What builds the runs, out of the controls' state: not the preset's name (an edit makes it
// "Custom", also when edited back) nor the class that Draw points uses next.
QJsonObject runDefinition(QJsonObject state) {
    state.remove(QStringLiteral("preset"));
    state.remove(QStringLiteral("class"));
    return state;
}

}  // namespace

TrainingView::TrainingView(QWidget* parent) : RunView(parent) {
    m_controller = new TrainingController(this);
    m_controls = new TrainingControls;
    QScrollArea* scroll = scrolledControls(m_controls);

    m_runA = new RunPanel(this);
    m_runB = new RunPanel(this);
    m_runB->hide();
    auto* runs = new QWidget(this);
    auto* panels = new QHBoxLayout;
    panels->setContentsMargins(0, 0, 0, 0);
    panels->addWidget(m_runA);
    panels->addWidget(m_runB);
    m_sharedCaption = new QLabel(runs);
    m_sharedCaption->setObjectName(QStringLiteral("sharedPlaneCaption"));
    m_sharedCaption->setWordWrap(true);
    m_sharedCaption->hide();
    auto* runsLayout = new QVBoxLayout(runs);
    runsLayout->setContentsMargins(0, 0, 0, 0);
    runsLayout->addLayout(panels, 1);
    runsLayout->addWidget(m_sharedCaption);
    m_charts = new TrainingCharts(this);
    m_splitter = picturesAndCurves(runs, m_charts, {580, 420});
    assemble(m_controller, scroll, m_splitter, QStringLiteral("trainingMessage"),
             {.speeds = {1, 5, 10, 50, 100, 0},
              .defaultSpeedIndex = 2,  // 10 steps a frame
              .stepToolTip = tr("Train one frame's worth of steps, as many as the speed says "
                                "(10 at full speed; both runs in compare mode)"),
              .speedToolTip = tr("Steps per frame, at about 30 frames a second; full: as many "
                                 "steps as fit, the pictures still redrawn 30 times a second"),
              .statusName = QStringLiteral("trainingStatus")});

    const HeatmapView::Renderer renderer = preferredHeatmapRenderer();
    for (RunPanel* panel : {m_runA, m_runB}) {
        panel->surfaceView()->setRenderer(renderer);
        panel->neuronHeatmap()->setRenderer(renderer);
        connect(panel, &RunPanel::pointRequested, m_controls, &TrainingControls::addUserPoint);
        connect(m_controls, &TrainingControls::drawingPointsChanged, panel->surfaceView(),
                &DecisionSurfaceView::setDrawing);
    }
    connect(m_runA->neuronGrid(), &NeuronGridView::neuronClicked, m_runB, &RunPanel::selectNeuron);
    connect(m_runA, &RunPanel::colouringChanged, m_runB, &RunPanel::setNeuronColouring);
    connect(m_runB, &RunPanel::colouringChanged, m_runA, &RunPanel::setNeuronColouring);
    connect(m_runB->neuronGrid(), &NeuronGridView::neuronClicked, m_runA, &RunPanel::selectNeuron);

    connect(&m_rebuildTimer, &QTimer::timeout, this, &TrainingView::rebuildIfConfirmed);
    connect(m_controls, &TrainingControls::rebuildRequested, this, &TrainingView::scheduleRebuild);
    connect(m_controls, &TrainingControls::optimizerChanged, this, [this] {
        const auto configs = m_controls->configs();
        if (!configs.empty())
            m_controller->setOptimizer(configs.front().optimizer, configs.front().l1,
                                       configs.front().l2);
    });
    connect(m_controls, &TrainingControls::messageChanged, this, &TrainingView::showMessage);
    connect(m_controller, &TrainingController::frameChanged, this, &TrainingView::drawFrame);
    connect(m_controller, &TrainingController::playingChanged, this, &TrainingView::updateButtons);
    connect(timeline(), &TimelineBar::keyframeChosen, this, &TrainingView::showKeyframe);
    connect(timeline(), &TimelineBar::liveChosen, this, &TrainingView::showLive);
    m_fpsClock.start();
    m_controls->applyPreset(QStringLiteral("dying-relu"));
    reset();
}

TrainingView::~TrainingView() = default;

QList<TrainingView::Picture> TrainingView::pictures() const {
    QList<Picture> list;
    const bool compare = m_runB->isVisibleTo(this);
    for (int run = 0; run < (compare ? 2 : 1); ++run) {
        const QString letter = run == 0 ? QStringLiteral("A") : QStringLiteral("B");
        const QString who = compare ? tr(" of run %1").arg(letter) : QString();
        list.append({QStringLiteral("surface-") + letter, tr("Decision surface%1").arg(who)});
        list.append({QStringLiteral("grid-") + letter, tr("Neuron grid%1").arg(who)});
        list.append({QStringLiteral("neuron-") + letter, tr("Neuron map%1").arg(who)});
    }
    const QString chartIds[] = {QStringLiteral("loss"), QStringLiteral("accuracy"),
                                QStringLiteral("dead"), QStringLiteral("gradient")};
    const QList<CurveChart*> charts = m_charts->charts();
    for (int i = 0; i < int(charts.size()); ++i)
        if (i != 1 || m_classification)
            list.append({chartIds[i], tr("%1 chart").arg(charts[i]->title())});
    list.append({QStringLiteral("view"), tr("The whole view")});
    return list;
}

// Each picture as large as it is shown, at the presentation scale (uiScale() pixels per
// logical pixel), painted afresh: text and lines stay sharp at 2×.
QImage TrainingView::renderPicture(const QString& id) const {
    const QList<Picture> offered = pictures();
    if (std::none_of(offered.begin(), offered.end(), [&](const Picture& p) { return p.id == id; }))
        return {};
    if (id == QLatin1String("view"))
        return PanelExport::renderWidgetImage(const_cast<TrainingView*>(this));
    const double ratio = uiScale();
    const QList<CurveChart*> charts = m_charts->charts();
    const QStringList chartIds{"loss", "accuracy", "dead", "gradient"};
    if (const int i = int(chartIds.indexOf(id)); i >= 0)
        return PanelExport::renderImage(*charts[i], ratio);
    RunPanel* panel = id.endsWith(QLatin1String("-B")) ? m_runB : m_runA;
    if (id.startsWith(QLatin1String("surface-"))) {
        if (panel->fitView()->isVisibleTo(panel))
            return PanelExport::renderImage(*panel->fitView(), ratio);
        return PanelExport::renderImage(*panel->surfaceView(), ratio);
    }
    if (id.startsWith(QLatin1String("grid-")))
        return PanelExport::renderImage(*panel->neuronGrid(), ratio);
    return PanelExport::renderImage(*panel->neuronHeatmap(), ratio);
}

void TrainingView::setTrainingBackend(Backend* backend) {
    m_controller->setBackend(backend);
    reset();
}

void TrainingView::step() {
    if (diverged()) return;
    const int steps = m_controller->stepsPerFrame();
    m_controller->advance(steps > 0 ? steps : 10);
}

void TrainingView::reset() {
    m_rebuildTimer.stop();
    rebuild();
}

bool TrainingView::applyPreset(const QString& name) {
    if (!m_controls->applyPreset(name)) return false;
    reset();
    return true;
}

void TrainingView::setCompare(bool on, const QString& activationName) {
    m_controls->setCompare(on, activationName);
    reset();
}

void TrainingView::scheduleRebuild() {
    if (!m_restoringKept) m_rebuildTimer.start();
}

void TrainingView::rebuildIfConfirmed() {
    // Fields that cannot build a model (a malformed "Hidden layers"): the run and its pictures
    // stay, and Play waits until they are fixed.
    const QString problem = m_controls->problem();
    toolbar()->setBlocked(problem);
    if (!problem.isEmpty()) {
        showMessage(
            tr("%1 Play waits until this is fixed; the run trained so far is kept.").arg(problem));
        return;
    }
    if (runDefinition(m_controls->saveState()) == runDefinition(m_keptControls))
        return;  // edited back to what the runs were built from: they stand
    if (!confirmDiscard(m_drawnStep)) {
        // The fields (and the user's points) go back to those of the runs that are kept.
        m_restoringKept = true;
        m_controls->restoreState(m_keptControls);
        m_restoringKept = false;
        m_rebuildTimer.stop();
        showMessage(QString());
        return;
    }
    rebuild();
}

void TrainingView::rebuild() {
    timeline()->goLive();  // first: the old runs' newest frame is drawn, then cleared
    m_keptControls = m_controls->saveState();
    const auto configs = m_controls->configs();
    m_runNames = m_controls->runNames();
    const bool compare = configs.size() > 1;
    m_runB->setVisible(compare);
    m_runA->setCaptionShown(!compare);
    m_runB->setCaptionShown(false);
    m_sharedCaption->setVisible(compare);
    m_sharedCaption->clear();
    m_runA->setTitle(compare ? tr("A: %1").arg(m_runNames.value(0)) : m_runNames.value(0));
    m_runB->setTitle(tr("B: %1").arg(m_runNames.value(1)));
    m_runA->clear();
    m_runB->clear();
    m_charts->clear();
    m_drawnStep = 0;
    m_keyframes.clear();
    showTimeline();
    if (configs.empty()) {
        showMessage(m_controls->problem());
        return;
    }
    m_classification = true;
    if (const DatasetInfo* info = findDataset(configs.front().task))
        m_classification = info->kind != TaskKind::Regression;
    const bool user = configs.front().task == "user";
    for (RunPanel* panel : {m_runA, m_runB})
        panel->surfaceView()->setExtraPoints(user ? m_controls->userPoints() : LabelledPoints{},
                                             m_controls->userClasses());
    m_controller->setStepsPerFrame(toolbar()->stepsPerFrame());
    m_controller->reset(configs);
    showMessage(QString());
}

void TrainingView::drawFrame() {
    const TrainingFrame& frame = m_controller->latest();
    if (frame.error.isEmpty() && frame.hasRun()) recordKeyframe(frame);
    drawRuns(frame, true);
}

void TrainingView::drawRuns(const TrainingFrame& frame, bool live) {
    if (!frame.error.isEmpty()) {
        showMessage(frame.error);
        updateButtons();
        return;
    }
    if (live && !timeline()->isLive()) {  // scrubbed: the keyframe stays, training goes on
        m_drawnStep = frame.step();
        toolbar()->status()->setText(
            tr("Replay: step %1 · the run is at step %2").arg(shownStep()).arg(frame.step()));
        updateButtons();
        return;
    }
    if (frame.data) {  // trained on: the points are drawn from the data set
        for (RunPanel* panel : {m_runA, m_runB})
            panel->surfaceView()->setExtraPoints(LabelledPoints{}, frame.data->classes);
    }
    if (live) m_drawnStep = frame.step();
    RunPanel* panels[] = {m_runA, m_runB};
    for (size_t r = 0; r < frame.runs.size() && r < 2; ++r)
        panels[r]->setRun(frame.runs[r], frame.data);
    if (frame.runs.size() > 1) m_sharedCaption->setText(m_runA->captionText());
    m_charts->setRuns(frame.runs, m_runNames, m_classification);
    if (!live) {
        toolbar()->status()->setText(
            tr("Replay: step %1 · the run is at step %2").arg(frame.step()).arg(m_drawnStep));
        return;
    }

    ++m_framesDrawn;
    ++m_fpsCount;
    if (m_fpsClock.elapsed() >= 1000) {
        m_fps = m_fpsCount * 1000.0 / double(m_fpsClock.restart());
        m_fpsCount = 0;
    }
    QString status = tr("Step %1").arg(frame.step());
    if (frame.running && frame.stepsPerSecond > 0)
        status += tr(" · %1 steps/s · %2 frames/s")
                      .arg(frame.stepsPerSecond, 0, 'f', 0)
                      .arg(m_fps, 0, 'f', 0);
    // Where the runs train, when not on the CPU or when the backend asked for declined.
    m_engine = frame.engine;
    setEngine(frame.engine, frame.engineNote);
    Backend* asked = m_controller->backend();
    if (!frame.engine.isEmpty() && frame.engine != QLatin1String("cpu"))
        status += tr(" · on %1").arg(frame.engine);
    else if (!frame.engineNote.isEmpty())
        status += tr(" · on the CPU");
    toolbar()->status()->setText(status);
    toolbar()->status()->setToolTip(
        !frame.engineNote.isEmpty()
            ? tr("Training on the CPU: %1").arg(frame.engineNote)
            : (asked && !frame.engine.isEmpty() && frame.engine != QLatin1String("cpu")
                   ? tr("Training on %1 (%2)")
                         .arg(frame.engine, QString::fromStdString(asked->deviceName()))
                   : tr("Training on the CPU")));
    for (size_t r = 0; r < frame.runs.size(); ++r) {
        if (!frame.runs[r].diverged) continue;
        const QString who =
            frame.runs.size() > 1 ? m_runNames.value(int(r)) + QStringLiteral(": ") : QString();
        // Data far outside the plane is the usual cause on the user's points: say so first.
        const double reach = frame.data ? std::max(largestCoordinate(frame.data->train),
                                                   largestCoordinate(frame.data->test))
                                        : 0.0;
        const QString cause =
            reach > kFarOutside
                ? tr(" The points reach |x| = %1, far outside the plane (about ±6): scale them "
                     "down (divide by their largest |x|), then Reset; a lower learning rate may "
                     "also help.")
                      .arg(reach, 0, 'g', 3)
                : tr(" Press Reset (or lower the learning rate).");
        showMessage(tr("%1Diverged at step %2: the loss became NaN or infinite. The pictures show "
                       "the last finite state.%3")
                        .arg(who)
                        .arg(frame.runs[r].divergedAtStep)
                        .arg(cause));
        break;
    }
    updateButtons();
}

QString TrainingView::messageText() const {
    return messageLabel()->isVisible() ? messageLabel()->text() : QString();
}

QJsonObject TrainingView::saveState() const {
    return {{QStringLiteral("controls"), m_controls->saveState()},
            {QStringLiteral("stepsPerFrame"), toolbar()->stepsPerFrame()},
            {QStringLiteral("runA"), m_runA->saveState()},
            {QStringLiteral("runB"), m_runB->saveState()},
            {QStringLiteral("splitter"), splitterStateText(m_splitter)},
            {QStringLiteral("controlsShown"), controlsShown()},
            {QStringLiteral("distributionSite"), m_charts->distributions()->chosenSite()},
            {QStringLiteral("firstChart"), m_charts->pages()->firstChartShown()}};
}

void TrainingView::restoreState(const QJsonObject& state) {
    pause();
    if (state.contains(QStringLiteral("controls")))
        m_controls->restoreState(state.value(QStringLiteral("controls")).toObject());
    setStepsPerFrame(state.value(QStringLiteral("stepsPerFrame")).toInt(10));
    setControlsShown(state.value(QStringLiteral("controlsShown")).toBool(true));
    m_runA->restoreState(state.value(QStringLiteral("runA")).toObject());
    m_runB->restoreState(state.value(QStringLiteral("runB")).toObject());
    restoreSplitterState(m_splitter, state.value(QStringLiteral("splitter")));
    reset();
    m_charts->distributions()->setSite(state.value(QStringLiteral("distributionSite")).toString());
    if (state.contains(QStringLiteral("firstChart")))  // the tab of charts shown
        m_charts->pages()->showPageOf(state.value(QStringLiteral("firstChart")).toInt());
}

std::vector<std::string> TrainingView::runStates() { return m_controller->runStates(); }

void TrainingView::restoreRuns(const std::vector<std::string>& states) {
    if (states.empty()) return;
    pause();
    m_controller->restoreRuns(states);
}

}  // namespace actlab::ui
