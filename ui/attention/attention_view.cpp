// AttentionView: assembles the Attention tab and sends the user's commands to the controller.
// Turning a frame into maps, curves and text is in attention_view_frame.cpp.
#include "ui/attention/attention_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QScrollArea>
#include <QShortcut>
#include <QSplitter>
#include <QVBoxLayout>

#include "ui/attention/attention_charts.h"
#include "ui/attention/attention_controller.h"
#include "ui/attention/attention_controls.h"
#include "ui/attention/attention_grid_view.h"
#include "ui/attention/sequence_input_panel.h"

namespace actlab::ui {

AttentionView::AttentionView(QWidget* parent) : RunView(parent) {
    m_controller = new AttentionController(this);
    m_controls = new AttentionControls;
    QScrollArea* scroll = scrolledControls(m_controls);
    m_charts = new AttentionCharts(this);
    m_splitter = picturesAndCurves(buildMapsPane(), m_charts, {560, 400});
    assemble(m_controller, scroll, m_splitter, QStringLiteral("attentionMessage"),
             {.speeds = {1, 2, 5, 10, 25, 0},
              .defaultSpeedIndex = 2,  // 5 steps a frame
              .stepToolTip = tr("Train exactly one step"),
              .speedToolTip = tr("Steps per frame, at about 30 frames a second; full: as many "
                                 "steps as fit, the maps still redrawn about 30 times a second"),
              .statusName = QStringLiteral("attentionStatus")});

    m_askDiscard = [this](int step) {
        return QMessageBox::question(
                   this, tr("Start a new model?"),
                   tr("These settings need a new model. Discard the run trained to step %1?")
                       .arg(step),
                   QMessageBox::Discard | QMessageBox::Cancel,
                   QMessageBox::Cancel) == QMessageBox::Discard;
    };
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

void AttentionView::step() {
    if (!diverged() && !m_controller->isPlaying()) m_controller->advance(1);
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
    m_controller->setStepsPerFrame(toolbar()->stepsPerFrame());
    m_controller->reset(m_runConfig);
    showMessage(QString());
    updateButtons();
}

QJsonObject AttentionView::saveState() const {
    return {{QStringLiteral("controls"), m_controls->saveState()},
            {QStringLiteral("stepsPerFrame"), toolbar()->stepsPerFrame()},
            {QStringLiteral("probe"), m_probe->currentIndex()},
            {QStringLiteral("splitter"), splitterStateText(m_splitter)}};
}

void AttentionView::restoreState(const QJsonObject& state) {
    pause();
    if (state.contains(QStringLiteral("controls")))
        m_controls->restoreState(state.value(QStringLiteral("controls")).toObject());
    setStepsPerFrame(state.value(QStringLiteral("stepsPerFrame")).toInt(5));
    restoreSplitterState(m_splitter, state.value(QStringLiteral("splitter")));
    reset();
    m_wantedProbe = std::max(0, state.value(QStringLiteral("probe")).toInt(0));
}

}  // namespace actlab::ui
