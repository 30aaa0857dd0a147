// AttentionView: assembles the Attention tab and sends the user's commands to the controller.
// Turning a frame into maps, curves and text is in attention_view_frame.cpp.
#include "ui/attention/attention_view.h"

#include <QApplication>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QSplitter>
#include <QThread>
#include <QVBoxLayout>

#include "ui/attention/attention_charts.h"
#include "ui/attention/attention_controller.h"
#include "ui/attention/attention_controls.h"
#include "ui/attention/attention_grid_view.h"
#include "ui/attention/sequence_input_panel.h"

namespace actlab::ui {
namespace {

constexpr int kSpeeds[] = {1, 2, 5, 10, 25, 0};
constexpr int kDefaultSpeedIndex = 2;  // 5 steps a frame

}  // namespace

AttentionView::AttentionView(QWidget* parent) : QWidget(parent) {
    m_controller = new AttentionController(this);
    m_controls = new AttentionControls;
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_controls);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(200);  // small minimums: the main window's minimum is the largest tab's
    scroll->setMaximumWidth(m_controls->sizeHint().width() + 40);

    m_charts = new AttentionCharts(this);
    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->addWidget(buildMapsPane());
    m_splitter->addWidget(m_charts);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setSizes({560, 400});  // scaled to the height it gets

    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("attentionMessage"));
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

    m_askDiscard = [this](int step) {
        return QMessageBox::question(
                   this, tr("Start a new model?"),
                   tr("These settings need a new model. Discard the run trained to step %1?")
                       .arg(step),
                   QMessageBox::Discard | QMessageBox::Cancel,
                   QMessageBox::Cancel) == QMessageBox::Discard;
    };
    m_rebuildTimer.setSingleShot(true);
    m_rebuildTimer.setInterval(60);  // a held spin-box arrow rebuilds once it pauses
    connect(&m_rebuildTimer, &QTimer::timeout, this, &AttentionView::rebuildIfConfirmed);
    connect(m_controls, &AttentionControls::rebuildRequested, this,
            &AttentionView::rebuildRequested);
    connect(m_controls, &AttentionControls::optimizerChanged, this,
            [this] { m_controller->setOptimizer(m_controls->config().optimizer); });
    connect(m_controller, &AttentionController::frameChanged, this, &AttentionView::drawFrame);
    connect(m_controller, &AttentionController::playingChanged, this,
            &AttentionView::updateButtons);
    connect(m_grid, &AttentionGridView::hovered, this, [this](const QString& text) {
        m_readout->setText(text.isEmpty() ? tr("Hover a map to read a weight.") : text);
    });
    connect(m_probe, &QComboBox::activated, this, [this] { drawMaps(); });
    connect(m_input, &SequenceInputPanel::predictRequested, this,
            [this](const std::vector<Token>& tokens) {
                m_controller->setTypedSequence(tokens);
                m_grid->setCaption(tr("Your sequence (waiting for the model)"));
            });
    connect(m_input, &SequenceInputPanel::cleared, this, [this] {
        m_controller->setTypedSequence({});
        m_drawnMaps = nullptr;
        drawMaps();
    });
    m_controls->applyPreset(QStringLiteral("reverse-heads"));
    reset();
}

AttentionView::~AttentionView() = default;

QWidget* AttentionView::buildToolbar() {
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
    m_step->setToolTip(tr("Train exactly one step"));
    m_reset = new QPushButton(tr("Reset"), bar);
    m_reset->setObjectName(QStringLiteral("reset"));
    m_reset->setToolTip(tr("Start again from a freshly initialised model (same seed)"));
    m_speed = new QComboBox(bar);
    m_speed->setObjectName(QStringLiteral("speed"));
    for (int steps : kSpeeds)
        m_speed->addItem(steps > 0 ? tr("%n step(s)", "", steps) : tr("full"), steps);
    m_speed->setToolTip(
        tr("Steps per frame, at about 30 frames a second; full: as many steps "
           "as fit, the maps still redrawn about 30 times a second"));
    m_speed->setCurrentIndex(kDefaultSpeedIndex);
    m_status = new QLabel(bar);
    m_status->setObjectName(QStringLiteral("attentionStatus"));
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

    connect(m_play, &QPushButton::clicked, this, &AttentionView::togglePlay);
    connect(m_step, &QPushButton::clicked, this, &AttentionView::step);
    connect(m_reset, &QPushButton::clicked, this, &AttentionView::reset);
    connect(m_speed, &QComboBox::activated, this,
            [this] { m_controller->setStepsPerFrame(m_speed->currentData().toInt()); });
    auto* space = new QShortcut(QKeySequence(Qt::Key_Space), this);
    space->setContext(Qt::WidgetWithChildrenShortcut);
    connect(space, &QShortcut::activated, this, &AttentionView::togglePlay);
    return bar;
}

QWidget* AttentionView::buildMapsPane() {
    auto* pane = new QWidget(this);
    m_probe = new QComboBox(pane);
    m_probe->setObjectName(QStringLiteral("probe"));
    m_probe->setToolTip(tr("Which held-out sequence the maps show"));
    m_probe->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_probe->setMinimumContentsLength(12);
    m_probeText = new QLabel(pane);
    m_probeText->setObjectName(QStringLiteral("probeText"));
    m_probeText->setTextFormat(Qt::RichText);
    m_probeText->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_grid = new AttentionGridView(pane);
    m_grid->setObjectName(QStringLiteral("attentionGrid"));
    m_readout = new QLabel(tr("Hover a map to read a weight."), pane);
    m_readout->setObjectName(QStringLiteral("attentionReadout"));
    m_readout->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
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
    layout->addWidget(m_grid, 1);
    layout->addWidget(m_readout);
    layout->addWidget(m_input);
    auto* escape = new QShortcut(QKeySequence(Qt::Key_Escape), pane);
    escape->setContext(Qt::WidgetWithChildrenShortcut);
    connect(escape, &QShortcut::activated, m_grid, &AttentionGridView::showGrid);
    return pane;
}

void AttentionView::play() {
    if (!diverged()) m_controller->play();
}

void AttentionView::pause() { m_controller->pause(); }

void AttentionView::togglePlay() { m_controller->isPlaying() ? pause() : play(); }

void AttentionView::step() {
    if (!diverged() && !m_controller->isPlaying()) m_controller->advance(1);
}

void AttentionView::setStepsPerFrame(int steps) {
    const int index = m_speed->findData(steps);
    if (index >= 0) m_speed->setCurrentIndex(index);
    m_controller->setStepsPerFrame(steps);
}

bool AttentionView::applyPreset(const QString& name) {
    if (!m_controls->applyPreset(name)) return false;
    reset();
    return true;
}

void AttentionView::setDiscardQuestion(std::function<bool(int step)> question) {
    m_askDiscard = std::move(question);
}

void AttentionView::rebuildRequested() { m_rebuildTimer.start(); }

void AttentionView::rebuildIfConfirmed() {
    if (m_drawnStep > 0 && m_askDiscard && !m_askDiscard(m_drawnStep)) {
        m_controls->setConfig(m_runConfig);  // the fields go back to the run that is kept
        showMessage(QString());
        return;
    }
    reset();
}

void AttentionView::reset() {
    m_rebuildTimer.stop();
    const QString problem = m_controls->problem();
    if (!problem.isEmpty()) {
        showMessage(problem);
        return;
    }
    m_runConfig = m_controls->config();
    m_info.reset();
    m_drawnMaps = nullptr;
    m_drawnStep = 0;
    m_chartedStep = -1;
    m_charts->clear();
    m_grid->clear();
    m_controller->setStepsPerFrame(m_speed->currentData().toInt());
    m_controller->reset(m_runConfig);
    showMessage(QString());
    updateButtons();
}

bool AttentionView::trainAndWait(int steps, int timeoutMilliseconds) {
    QApplication::processEvents();
    if (m_rebuildTimer.isActive()) reset();
    QElapsedTimer clock;
    clock.start();
    const auto settled = [&] {
        return m_controller->latest().snapshot || !m_controller->latest().error.isEmpty();
    };
    while (!settled() && clock.elapsed() < timeoutMilliseconds) {
        QApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(2);
    }
    if (!m_controller->latest().error.isEmpty() || !settled()) return false;
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

QImage AttentionView::renderImage() { return grab().toImage(); }

QJsonObject AttentionView::saveState() const {
    return {{QStringLiteral("controls"), m_controls->saveState()},
            {QStringLiteral("stepsPerFrame"), m_speed->currentData().toInt()},
            {QStringLiteral("probe"), m_probe->currentIndex()},
            {QStringLiteral("splitter"), QString::fromLatin1(m_splitter->saveState().toBase64())}};
}

void AttentionView::restoreState(const QJsonObject& state) {
    pause();
    if (state.contains(QStringLiteral("controls")))
        m_controls->restoreState(state.value(QStringLiteral("controls")).toObject());
    setStepsPerFrame(state.value(QStringLiteral("stepsPerFrame")).toInt(5));
    const QByteArray splitter =
        QByteArray::fromBase64(state.value(QStringLiteral("splitter")).toString().toLatin1());
    if (!splitter.isEmpty()) m_splitter->restoreState(splitter);
    reset();
    m_wantedProbe = std::max(0, state.value(QStringLiteral("probe")).toInt(0));
}

}  // namespace actlab::ui
