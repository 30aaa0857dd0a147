// AttentionView: assembles the Attention tab and sends the user's commands to the controller:
// run A's settings, compare mode and run B's. Turning a frame into maps, curves and text is in
// attention_view_frame.cpp.
#include "ui/attention/attention_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QScrollArea>
#include <QShortcut>
#include <QSplitter>
#include <QVBoxLayout>

#include "ui/attention/attention_charts.h"
#include "ui/attention/attention_controller.h"
#include "ui/attention/attention_controls.h"
#include "ui/attention/attention_grid_view.h"
#include "ui/attention/attention_maps_pair.h"
#include "ui/attention/generation_panel.h"
#include "ui/attention/head_scores_panel.h"
#include "ui/attention/sequence_input_panel.h"
#include "ui/common/chart_pages.h"
#include "ui/common/distribution_charts.h"
#include "ui/common/timeline_bar.h"

namespace actlab::ui {

AttentionView::AttentionView(QWidget* parent) : RunView(parent) {
    m_controller = new AttentionController(this);
    m_controls = new AttentionControls;
    m_generation = new GenerationPanel;
    m_generation->hide();
    m_controls->addPanelBelowTask(m_generation);
    m_headScores = new HeadScoresPanel;
    m_controls->addPanelAtEnd(m_headScores);
    QScrollArea* scroll = scrolledControls(m_controls);
    m_charts = new AttentionCharts(this);
    m_splitter = picturesAndCurves(buildMapsPane(), m_charts, {560, 400});
    assemble(m_controller, scroll, m_splitter, QStringLiteral("attentionMessage"),
             {.speeds = {1, 2, 5, 10, 25, 0},
              .defaultSpeedIndex = 2,  // 5 steps a frame
              .stepToolTip = tr("Train exactly one step (both runs in compare mode)"),
              .speedToolTip = tr("Steps per frame, at about 30 frames a second; full: as many "
                                 "steps as fit, the maps still redrawn about 30 times a second"),
              .statusName = QStringLiteral("attentionStatus")});

    m_compareTimer.setSingleShot(true);
    m_compareTimer.setInterval(m_rebuildTimer.interval());
    connect(&m_rebuildTimer, &QTimer::timeout, this, &AttentionView::rebuildIfConfirmed);
    connect(&m_compareTimer, &QTimer::timeout, this, &AttentionView::compareIfConfirmed);
    connect(m_controls, &AttentionControls::rebuildRequested, this,
            &AttentionView::rebuildRequested);
    connect(m_controls, &AttentionControls::compareChanged, this,
            [this] { m_compareTimer.start(); });
    connect(m_controls, &AttentionControls::optimizerChanged, this,
            [this] { m_controller->setOptimizer(m_controls->config().optimizer, 0); });
    connect(m_controls, &AttentionControls::optimizerBChanged, this, [this] {
        if (m_comparing) m_controller->setOptimizer(m_controls->configB().optimizer, 1);
    });
    connect(m_controller, &AttentionController::frameChanged, this, &AttentionView::drawFrame);
    connect(m_headScores, &HeadScoresPanel::measured, this, [this] {
        grid()->setHeadLabels(m_headScores->labels(0));
        gridB()->setHeadLabels(m_headScores->labels(1));
    });
    connect(m_controller, &AttentionController::playingChanged, this,
            &AttentionView::updateButtons);
    connect(timeline(), &TimelineBar::keyframeChosen, this, &AttentionView::showKeyframe);
    connect(timeline(), &TimelineBar::liveChosen, this, &AttentionView::showLive);
    for (int run = 0; run < 2; ++run) {
        // The weight under the pointer, or under the keyboard cursor (what is announced is
        // also shown).
        const auto read = [this, run](const QString& text) {
            if (text.isEmpty())
                m_readout->setText(tr("Hover a map to read a weight."));
            else
                m_readout->setText(
                    m_comparing ? tr("%1: %2").arg(run == 0 ? tr("A") : tr("B")).arg(text) : text);
        };
        connect(m_maps->grid(run), &AttentionGridView::hovered, this, read);
        connect(m_maps->grid(run), &AttentionGridView::cursorReadingChanged, this, read);
        connect(m_maps->grid(run), &AttentionGridView::enlargedChanged, this,
                [this, run] { linkEnlarged(run); });
    }
    connect(m_probe, &QComboBox::activated, this, [this](int index) {
        m_wantedProbe = index;  // kept when a new run fills the box again
        drawMaps();
    });
    connect(m_input, &SequenceInputPanel::predictRequested, this,
            [this](const std::vector<Token>& tokens) {
                m_controller->setTypedSequence(tokens);
                for (int run = 0; run < 2; ++run)
                    m_maps->grid(run)->setCaption(tr("Your sequence (waiting for the model)"));
            });
    connect(m_input, &SequenceInputPanel::cleared, this, [this] {
        m_controller->setTypedSequence({});
        for (ShownRun& shown : m_shown) shown.maps = nullptr;
        drawMaps();
    });
    m_controls->applyPreset(QStringLiteral("reverse-heads"));
    reset();
}

AttentionView::~AttentionView() = default;

AttentionGridView* AttentionView::grid() const { return m_maps->grid(0); }
AttentionGridView* AttentionView::gridB() const { return m_maps->grid(1); }

QWidget* AttentionView::buildMapsPane() {
    auto* pane = new QWidget(this);
    m_probe = new QComboBox(pane);
    m_probe->setObjectName(QStringLiteral("probe"));
    m_probe->setAccessibleName(tr("Probe sequence"));
    m_probe->setToolTip(tr("Which held-out sequence the maps show"));
    m_probe->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_probe->setMinimumContentsLength(12);
    m_probeText = new QLabel(pane);
    m_probeText->setObjectName(QStringLiteral("probeText"));
    m_probeText->setTextFormat(Qt::RichText);
    m_probeText->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_maps = new AttentionMapsPair(pane);
    m_readout = new QLabel(tr("Hover a map to read a weight."), pane);
    m_readout->setObjectName(QStringLiteral("attentionReadout"));
    m_readout->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_readout->setWordWrap(true);  // two lines where the timeline leaves it little room (150 %)
    m_input = new SequenceInputPanel(pane);

    auto* probeRow = new QHBoxLayout;
    probeRow->setContentsMargins(0, 0, 0, 0);
    probeRow->addWidget(new QLabel(tr("Probe"), pane));
    probeRow->addWidget(m_probe);
    probeRow->addWidget(m_probeText, 1);
    auto* layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(3);
    layout->addLayout(probeRow);
    layout->addWidget(m_maps, 1);
    // The timeline shares the readout's row: at 1280 × 720 the maps keep their room.
    auto* readoutRow = new QHBoxLayout;
    readoutRow->setContentsMargins(0, 0, 0, 0);
    readoutRow->addWidget(m_readout, 1);
    placeTimeline(readoutRow, 2);
    layout->addLayout(readoutRow);
    layout->addWidget(m_input);
    auto* escape = new QShortcut(QKeySequence(Qt::Key_Escape), pane);
    escape->setContext(Qt::WidgetWithChildrenShortcut);
    connect(escape, &QShortcut::activated, this, [this] {
        for (int run = 0; run < 2; ++run) m_maps->grid(run)->showGrid();
    });
    return pane;
}

void AttentionView::linkEnlarged(int run) {
    // In compare mode a head enlarged in one grid is enlarged in the other (where it exists).
    if (!m_comparing) return;
    AttentionGridView* self = m_maps->grid(run);
    AttentionGridView* other = m_maps->grid(1 - run);
    if (!self->isEnlarged()) {
        other->showGrid();
        return;
    }
    if (!other->isEnlarged() || other->enlargedLayer() != self->enlargedLayer() ||
        other->enlargedHead() != self->enlargedHead())
        other->enlarge(self->enlargedLayer(), self->enlargedHead());
}

void AttentionView::step() {
    if (!diverged() && !m_controller->isPlaying()) m_controller->advance(1);
}

bool AttentionView::applyPreset(const QString& name) {
    if (!m_controls->applyPreset(name)) return false;
    reset();
    return true;
}

void AttentionView::setCompare(bool on) {
    m_controls->setCompare(on);
    m_compareTimer.stop();
    applyCompare();
}

void AttentionView::rebuildRequested() { m_rebuildTimer.start(); }

void AttentionView::rebuildIfConfirmed() {
    if (!confirmDiscard(m_drawnStep)) {
        // The fields go back to the runs that are kept.
        m_controls->setConfig(m_runConfig);
        if (m_comparing) m_controls->setConfigB(m_runConfigB);
        showMessage(QString());
        return;
    }
    reset();
}

void AttentionView::compareIfConfirmed() {
    // A new run B for new B settings discards B's trained steps: asked like A's. Turning compare
    // on or off loses nothing of A (and B's settings stay in the controls).
    const bool newSettings = m_comparing && m_controls->compare();
    if (newSettings && !confirmDiscard(m_drawnStepB)) {
        m_controls->setConfigB(m_runConfigB);
        return;
    }
    applyCompare();
}

void AttentionView::applyCompare() {
    const QString problem = m_controls->problem();
    if (!problem.isEmpty()) {
        showMessage(problem);
        return;
    }
    m_comparing = m_controls->compare();
    if (m_comparing) m_runConfigB = m_controls->configB();
    m_shown[1] = {};
    m_drawnStepB = 0;
    m_chartedStep = m_chartedStepB = -1;  // the curves again, with or without B
    gridB()->clear();
    m_headScores->setCompare(m_comparing);
    m_maps->setCompare(m_comparing);
    m_controller->setCompare(m_comparing ? std::optional(m_runConfigB) : std::nullopt);
    if (!m_comparing) {
        // A's newest frame again at once, alone.
        drawTitles();
        drawFrame();
    }
    showMessage(QString());
}

void AttentionView::setTrainingBackend(Backend* backend) {
    m_controller->setBackend(backend);
    reset();
}

void AttentionView::reset() {
    m_rebuildTimer.stop();
    m_compareTimer.stop();
    const QString problem = m_controls->problem();
    if (!problem.isEmpty()) {
        showMessage(problem);
        return;
    }
    timeline()->goLive();  // first: the old run's newest frame is drawn, then cleared
    m_keyframes.clear();
    showTimeline();
    m_runConfig = m_controls->config();
    m_comparing = m_controls->compare();
    if (m_comparing) m_runConfigB = m_controls->configB();
    for (ShownRun& shown : m_shown) shown = {};
    m_drawnStep = m_drawnStepB = 0;
    m_chartedStep = m_chartedStepB = -1;
    m_charts->clear();
    for (int run = 0; run < 2; ++run) m_maps->grid(run)->clear();
    m_headScores->setCompare(m_comparing);
    m_maps->setCompare(m_comparing);
    m_controller->setStepsPerFrame(toolbar()->stepsPerFrame());
    m_controller->reset(m_runConfig, m_comparing ? std::optional(m_runConfigB) : std::nullopt);
    drawTitles();
    showMessage(QString());
    updateButtons();
}

QJsonObject AttentionView::saveState() const {
    QJsonObject state{
        {QStringLiteral("controls"), m_controls->saveState()},
        {QStringLiteral("stepsPerFrame"), toolbar()->stepsPerFrame()},
        // Before a run's first frame fills the box: the probe it will show (the
        // state must not change when that frame comes).
        {QStringLiteral("probe"), m_probe->count() > 0 ? m_probe->currentIndex() : m_wantedProbe},
        {QStringLiteral("splitter"), splitterStateText(m_splitter)},
        {QStringLiteral("controlsShown"), controlsShown()},
        {QStringLiteral("distributionSite"), m_charts->distributions()->chosenSite()},
        {QStringLiteral("firstChart"), m_charts->pages()->firstChartShown()}};
    if (grid()->isEnlarged())
        state[QStringLiteral("enlarged")] =
            QJsonArray{grid()->enlargedLayer(), grid()->enlargedHead()};
    return state;
}

void AttentionView::restoreState(const QJsonObject& state) {
    pause();
    if (state.contains(QStringLiteral("controls")))
        m_controls->restoreState(state.value(QStringLiteral("controls")).toObject());
    setStepsPerFrame(state.value(QStringLiteral("stepsPerFrame")).toInt(5));
    setControlsShown(state.value(QStringLiteral("controlsShown")).toBool(true));
    restoreSplitterState(m_splitter, state.value(QStringLiteral("splitter")));
    reset();
    m_charts->distributions()->setSite(state.value(QStringLiteral("distributionSite")).toString());
    if (state.contains(QStringLiteral("firstChart")))  // the tab of charts shown
        m_charts->pages()->showPageOf(state.value(QStringLiteral("firstChart")).toInt());
    m_wantedProbe = std::max(0, state.value(QStringLiteral("probe")).toInt(0));
    const QJsonArray enlarged = state.value(QStringLiteral("enlarged")).toArray();
    m_wantedEnlarged.reset();
    if (enlarged.size() == 2)
        m_wantedEnlarged = std::pair(enlarged[0].toInt(), enlarged[1].toInt());
}

std::vector<std::string> AttentionView::runStates() { return m_controller->runStates(); }

void AttentionView::restoreRuns(const std::vector<std::string>& states) {
    if (states.empty()) return;
    pause();
    m_controller->restoreRuns(states);
}

}  // namespace actlab::ui
