// TrainingView: assembles the Training tab and turns the newest frame into pictures and curves.
#include "ui/training/training_view.h"

#include <QApplication>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QSplitter>
#include <QThread>
#include <QVBoxLayout>

#include "ui/heatmap/heatmap_view.h"
#include "ui/training/decision_surface_view.h"
#include "ui/training/heatmap_renderer_choice.h"
#include "ui/training/neuron_grid_view.h"
#include "ui/training/run_panel.h"
#include "ui/training/training_charts.h"
#include "ui/training/training_controller.h"
#include "ui/training/training_controls.h"
#include "ui/training/training_worker.h"

namespace actlab::ui {
namespace {

constexpr int kSpeeds[] = {1, 5, 10, 50, 100, 0};

}  // namespace

TrainingView::TrainingView(QWidget* parent) : QWidget(parent) {
    m_controller = new TrainingController(this);
    m_controls = new TrainingControls;
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_controls);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Small minimum sizes throughout: the main window's minimum is the largest tab's.
    scroll->setMinimumWidth(200);
    scroll->setMaximumWidth(m_controls->sizeHint().width() + 40);

    m_runA = new RunPanel(this);
    m_runB = new RunPanel(this);
    m_runB->hide();
    auto* runs = new QWidget(this);
    auto* runsLayout = new QHBoxLayout(runs);
    runsLayout->setContentsMargins(0, 0, 0, 0);
    runsLayout->addWidget(m_runA);
    runsLayout->addWidget(m_runB);
    m_charts = new TrainingCharts(this);
    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->addWidget(runs);
    m_splitter->addWidget(m_charts);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setSizes({580, 420});  // scaled to the height it gets

    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("trainingMessage"));
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("QLabel { color: #b00020; font-weight: bold; }"));
    m_message->hide();

    auto* right = new QVBoxLayout;
    right->setContentsMargins(0, 0, 0, 0);
    right->addWidget(buildToolbar());
    right->addWidget(m_message);
    right->addWidget(m_splitter, 1);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(scroll);
    layout->addLayout(right, 1);

    const HeatmapView::Renderer renderer = preferredHeatmapRenderer();
    for (RunPanel* panel : {m_runA, m_runB}) {
        panel->surfaceView()->setRenderer(renderer);
        panel->neuronHeatmap()->setRenderer(renderer);
        connect(panel, &RunPanel::pointRequested, m_controls, &TrainingControls::addUserPoint);
    }
    connect(m_runA->neuronGrid(), &NeuronGridView::neuronClicked, m_runB, &RunPanel::selectNeuron);
    connect(m_runB->neuronGrid(), &NeuronGridView::neuronClicked, m_runA, &RunPanel::selectNeuron);

    m_rebuildTimer.setSingleShot(true);
    m_rebuildTimer.setInterval(60);  // a dragged slider rebuilds once it pauses
    connect(&m_rebuildTimer, &QTimer::timeout, this, &TrainingView::rebuild);
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
    m_fpsClock.start();
    m_controls->applyPreset(QStringLiteral("dying-relu"));
    reset();
}

TrainingView::~TrainingView() = default;

QWidget* TrainingView::buildToolbar() {
    auto* bar = new QWidget(this);
    auto* layout = new QHBoxLayout(bar);
    layout->setContentsMargins(0, 0, 0, 0);
    QFont big = font();
    big.setPointSizeF(big.pointSizeF() * 1.2);
    m_play = new QPushButton(tr("Play"), bar);
    m_play->setObjectName(QStringLiteral("play"));
    m_play->setToolTip(tr("Train continuously (Space)"));
    m_step = new QPushButton(tr("Step"), bar);
    m_step->setObjectName(QStringLiteral("step"));
    m_reset = new QPushButton(tr("Reset"), bar);
    m_reset->setObjectName(QStringLiteral("reset"));
    m_reset->setToolTip(tr("Start again from a freshly initialised model (same seed)"));
    m_speed = new QComboBox(bar);
    m_speed->setObjectName(QStringLiteral("speed"));
    for (int steps : kSpeeds)
        m_speed->addItem(steps > 0 ? tr("%n step(s)", "", steps) : tr("full"), steps);
    m_speed->setToolTip(
        tr("Steps per frame, at about 30 frames a second; full: as many steps as "
           "fit, the pictures still redrawn 30 times a second"));
    m_speed->setCurrentIndex(2);
    m_status = new QLabel(bar);
    m_status->setObjectName(QStringLiteral("trainingStatus"));
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);  // may be cut, not widen
    for (QWidget* widget : {static_cast<QWidget*>(m_play), static_cast<QWidget*>(m_step),
                            static_cast<QWidget*>(m_reset), static_cast<QWidget*>(m_speed),
                            static_cast<QWidget*>(m_status)})
        widget->setFont(big);
    m_play->setMinimumWidth(QFontMetrics(big).horizontalAdvance(tr("Pause")) + 40);
    layout->addWidget(m_play);
    layout->addWidget(m_step);
    layout->addWidget(m_reset);
    layout->addWidget(new QLabel(tr("Speed"), bar));
    layout->addWidget(m_speed);
    layout->addSpacing(12);
    layout->addWidget(m_status, 1);

    connect(m_play, &QPushButton::clicked, this, &TrainingView::togglePlay);
    connect(m_step, &QPushButton::clicked, this, &TrainingView::step);
    connect(m_reset, &QPushButton::clicked, this, &TrainingView::reset);
    connect(m_speed, &QComboBox::activated, this,
            [this] { m_controller->setStepsPerFrame(m_speed->currentData().toInt()); });
    auto* space = new QShortcut(QKeySequence(Qt::Key_Space), this);
    space->setContext(Qt::WidgetWithChildrenShortcut);
    connect(space, &QShortcut::activated, this, &TrainingView::togglePlay);
    return bar;
}

void TrainingView::play() {
    if (!diverged()) m_controller->play();
}

void TrainingView::pause() { m_controller->pause(); }

void TrainingView::togglePlay() { m_controller->isPlaying() ? pause() : play(); }

void TrainingView::step() {
    if (diverged()) return;
    const int steps = m_controller->stepsPerFrame();
    m_controller->advance(steps > 0 ? steps : 10);
}

void TrainingView::reset() {
    m_rebuildTimer.stop();
    rebuild();
}

void TrainingView::setStepsPerFrame(int steps) {
    const int index = m_speed->findData(steps);
    if (index >= 0) m_speed->setCurrentIndex(index);
    m_controller->setStepsPerFrame(steps);
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

void TrainingView::scheduleRebuild() { m_rebuildTimer.start(); }

void TrainingView::rebuild() {
    const auto configs = m_controls->configs();
    m_runNames = m_controls->runNames();
    const bool compare = configs.size() > 1;
    m_runB->setVisible(compare);
    m_runA->setTitle(compare ? tr("A: %1").arg(m_runNames.value(0)) : m_runNames.value(0));
    m_runB->setTitle(tr("B: %1").arg(m_runNames.value(1)));
    m_runA->clear();
    m_runB->clear();
    m_charts->clear();
    m_drawnStep = 0;
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
    m_controller->setStepsPerFrame(m_speed->currentData().toInt());
    m_controller->reset(configs);
    showMessage(QString());
}

void TrainingView::drawFrame() {
    const TrainingFrame& frame = m_controller->latest();
    if (!frame.error.isEmpty()) {
        showMessage(frame.error);
        updateButtons();
        return;
    }
    if (frame.data) {  // trained on: the points are drawn from the data set
        for (RunPanel* panel : {m_runA, m_runB})
            panel->surfaceView()->setExtraPoints(LabelledPoints{}, frame.data->classes);
    }
    m_drawnStep = frame.step();
    RunPanel* panels[] = {m_runA, m_runB};
    for (size_t r = 0; r < frame.runs.size() && r < 2; ++r)
        panels[r]->setRun(frame.runs[r], frame.data);
    m_charts->setRuns(frame.runs, m_runNames, m_classification);

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
    m_status->setText(status);
    for (size_t r = 0; r < frame.runs.size(); ++r) {
        if (!frame.runs[r].diverged) continue;
        const QString who =
            frame.runs.size() > 1 ? m_runNames.value(int(r)) + QStringLiteral(": ") : QString();
        showMessage(tr("%1Diverged at step %2: the loss became NaN or infinite. The pictures show "
                       "the last finite state; press Reset (or lower the learning rate).")
                        .arg(who)
                        .arg(frame.runs[r].divergedAtStep));
        break;
    }
    updateButtons();
}

void TrainingView::updateButtons() {
    const bool playing = m_controller->isPlaying();
    m_play->setText(playing ? tr("Pause") : tr("Play"));
    m_play->setEnabled(!diverged() && m_controller->latest().error.isEmpty());
    m_step->setEnabled(!playing && !diverged() && m_controller->latest().error.isEmpty());
}

void TrainingView::showMessage(const QString& text) {
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
}

bool TrainingView::trainAndWait(int steps, int timeoutMilliseconds) {
    QApplication::processEvents();
    if (m_rebuildTimer.isActive()) reset();
    // Wait for the reset's first frame so that the target counts from its step.
    QElapsedTimer clock;
    clock.start();
    const auto settled = [&] {
        return !m_controller->latest().runs.empty() || !m_controller->latest().error.isEmpty();
    };
    while (!settled() && clock.elapsed() < timeoutMilliseconds) {
        QApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(2);
    }
    if (!m_controller->latest().error.isEmpty()) return false;
    const int target = m_controller->latest().step() + steps;
    m_controller->advance(steps);
    while (clock.elapsed() < timeoutMilliseconds) {
        QApplication::processEvents(QEventLoop::AllEvents, 20);
        if (diverged()) return false;
        if (currentStep() >= target && !m_controller->isPlaying()) return true;
        QThread::msleep(2);
    }
    return false;
}

int TrainingView::currentStep() const { return m_drawnStep; }
bool TrainingView::diverged() const { return m_controller->latest().diverged(); }
QString TrainingView::statusText() const { return m_status->text(); }
QString TrainingView::messageText() const {
    return m_message->isVisible() ? m_message->text() : QString();
}

QImage TrainingView::renderImage() { return grab().toImage(); }

QJsonObject TrainingView::saveState() const {
    return {{QStringLiteral("controls"), m_controls->saveState()},
            {QStringLiteral("stepsPerFrame"), m_speed->currentData().toInt()},
            {QStringLiteral("runA"), m_runA->saveState()},
            {QStringLiteral("runB"), m_runB->saveState()},
            {QStringLiteral("splitter"), QString::fromLatin1(m_splitter->saveState().toBase64())}};
}

void TrainingView::restoreState(const QJsonObject& state) {
    pause();
    if (state.contains(QStringLiteral("controls")))
        m_controls->restoreState(state.value(QStringLiteral("controls")).toObject());
    setStepsPerFrame(state.value(QStringLiteral("stepsPerFrame")).toInt(10));
    m_runA->restoreState(state.value(QStringLiteral("runA")).toObject());
    m_runB->restoreState(state.value(QStringLiteral("runB")).toObject());
    const QByteArray splitter =
        QByteArray::fromBase64(state.value(QStringLiteral("splitter")).toString().toLatin1());
    if (!splitter.isEmpty()) m_splitter->restoreState(splitter);
    reset();
}

}  // namespace actlab::ui
