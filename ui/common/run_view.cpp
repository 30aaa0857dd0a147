// RunView: the scaffolding and the commands the training views share.
#include "ui/common/run_view.h"

#include <QAbstractSlider>
#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QLabel>
#include <QLayout>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QShortcut>
#include <QSplitter>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>
#include <utility>

#include "ui/common/core_text.h"
#include "ui/common/panel_export.h"
#include "ui/common/run_controller.h"
#include "ui/common/status_label.h"
#include "ui/common/timeline_bar.h"
#include "ui/common/ui_scale.h"

namespace actlab::ui {

RunView::RunView(QWidget* parent) : QWidget(parent), m_timeline(new TimelineBar(this)) {
    m_timeline->addShortcuts(this);
    m_rebuildTimer.setSingleShot(true);
    m_rebuildTimer.setInterval(60);
    m_askDiscard = [this](int step) {
        return QMessageBox::question(
                   this, tr("Start a new model?"),
                   tr("These settings need a new model. Discard the run trained to step %1?")
                       .arg(step),
                   QMessageBox::Discard | QMessageBox::Cancel,
                   QMessageBox::Cancel) == QMessageBox::Discard;
    };
}

void RunView::setDiscardQuestion(std::function<bool(int step)> question) {
    m_askDiscard = std::move(question);
}

bool RunView::confirmDiscard(int step) const {
    return step <= 0 || !m_askDiscard || m_askDiscard(step);
}

QPushButton* RunView::playButton() const { return m_toolbar->playButton(); }
QPushButton* RunView::stepButton() const { return m_toolbar->stepButton(); }
QPushButton* RunView::resetButton() const { return m_toolbar->resetButton(); }
QComboBox* RunView::speedBox() const { return m_toolbar->speedBox(); }

void RunView::play() { m_toolbar->play(); }
void RunView::pause() { m_toolbar->pause(); }

RunHandover RunView::handover() {
    return {runStates(), keyframeRecord(), m_controller->isPlaying(), controlsShown()};
}

void RunView::restoreSavedRuns(const SavedRuns& saved) {
    if (!saved.runs.empty()) restoreRuns(saved.runs);
    if (saved.timeline.has_value()) restoreTimelineRecord(saved.timeline);
}

std::optional<RunView::SavedRuns> RunView::readSaved(
    const std::vector<std::string>& runs, const std::string& timeline, QString* error,
    const std::function<std::optional<int>(const std::string&, std::string*)>& readRun,
    const std::function<std::any(const std::string&, std::string*)>& readTimeline) const {
    SavedRuns saved{runs, {}, 0};
    std::string problem;
    for (size_t i = 0; i < runs.size(); ++i) {
        const std::optional<int> steps = readRun(runs[i], &problem);
        if (!steps) {
            if (error)
                *error =
                    tr("%1 run %2: %3")
                        .arg(viewTitle().toLower(), QChar(u'A' + int(i)), coreMessage(problem));
            return std::nullopt;
        }
        if (i == 0) saved.step = *steps;
    }
    if (!timeline.empty()) {
        saved.timeline = readTimeline(timeline, &problem);
        if (!saved.timeline.has_value()) {
            if (error)
                *error = tr("%1 timeline: %2").arg(viewTitle().toLower(), coreMessage(problem));
            return std::nullopt;
        }
    }
    return saved;
}

void RunView::takeOver(const RunHandover& handover) {
    restoreRuns(handover.runs);
    setKeyframeRecord(handover.keyframes);
    setControlsShown(handover.controlsShown);
    if (handover.playing) play();
}
void RunView::togglePlay() { m_toolbar->togglePlay(); }
void RunView::setStepsPerFrame(int steps) { m_toolbar->setStepsPerFrame(steps); }

int RunView::shownStep() const {
    return m_timeline->isLive() ? m_drawnStep : m_timeline->shownStep();
}

bool RunView::diverged() const { return m_controller->latestDiverged(); }
QString RunView::statusText() const { return m_toolbar->status()->oneLineText(); }
// As shown, at the presentation scale (frames of a run, "Export panel image").
QImage RunView::renderImage() { return PanelExport::renderWidgetImage(this); }

namespace {

// The settings column: as wide as its controls ask at the current UI scale, and its vertical scroll
// bar where it shows never covers what they need (QScrollArea's own hint is the widget's hint at
// the first layout, kept, so at 150 % the column stayed 100 % wide and cut the controls' right
// edge: there is no horizontal scroll bar). It narrows to 200 px only when the window leaves no
// more.
class ControlsScrollArea : public QScrollArea {
public:
    using QScrollArea::QScrollArea;
    QSize sizeHint() const override {
        if (!widget()) return {200, 80};
        const QSize content = widget()->sizeHint(), least = widget()->minimumSizeHint();
        const bool scrolls = least.height() > viewport()->height();
        const int bar = scrolls ? verticalScrollBar()->sizeHint().width() : 0;
        // The bar may cover the controls' slack, never what they need.
        return {std::max(content.width(), least.width() + bar) + 2 * frameWidth(), 80};
    }
    QSize minimumSizeHint() const override { return {200, 80}; }
};

}  // namespace

QScrollArea* RunView::scrolledControls(QWidget* controls) {
    auto* scroll = new ControlsScrollArea(this);
    scroll->setWidget(controls);
    scroll->setAccessibleName(tr("Settings"));
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Expanding);
    // A larger UI scale widens the controls: the panel follows.
    connect(&UiScaleNotifier::instance(), &UiScaleNotifier::changed, scroll, [scroll, controls] {
        QTimer::singleShot(0, scroll, [scroll, controls] {  // after the fonts' relayout
            for (QLayout* layout : controls->findChildren<QLayout*>()) layout->invalidate();
            if (QLayout* layout = controls->layout()) layout->activate();
            scroll->updateGeometry();
        });
    });
    return scroll;
}

QSplitter* RunView::picturesAndCurves(QWidget* pictures, QWidget* curves, const QList<int>& sizes) {
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(pictures);
    splitter->addWidget(curves);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);
    splitter->setSizes(sizes);
    return splitter;
}

void RunView::assemble(RunController* controller, QWidget* controls, QWidget* main,
                       const QString& messageName, const RunToolbarSpec& toolbar) {
    m_controller = controller;
    m_controls = controls;
    m_message = new QLabel(this);
    m_message->setObjectName(messageName);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("QLabel { color: #b00020; font-weight: bold; }"));
    m_message->hide();
    m_toolbar = new RunToolbar(controller, toolbar, this);
    m_toolbar->addPlayShortcut(this);
    QList<QShortcut*> keys;
    for (const auto& [key, button] : {std::pair{Qt::Key_Right, m_toolbar->stepButton()},
                                      std::pair{Qt::Key_R, m_toolbar->resetButton()}}) {
        auto* shortcut = new QShortcut(QKeySequence(key), this);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        connect(shortcut, &QShortcut::activated, button, [button] {
            if (button->isEnabled()) button->click();
        });
        keys << shortcut;
    }
    // A slider or a combo box with the focus keeps its keys (→ moves the slider).
    connect(qApp, &QApplication::focusChanged, this, [keys](QWidget*, QWidget* now) {
        const bool keeps = qobject_cast<QAbstractSlider*>(now) || qobject_cast<QComboBox*>(now);
        for (QShortcut* shortcut : keys) shortcut->setEnabled(!keeps);
    });
    connect(m_toolbar, &RunToolbar::stepClicked, this, &RunView::step);
    connect(m_toolbar, &RunToolbar::resetClicked, this, &RunView::reset);

    auto* right = new QVBoxLayout;
    right->setContentsMargins(0, 0, 0, 0);
    right->addWidget(m_toolbar);
    right->addWidget(m_message);
    right->addWidget(main, 1);
    if (!m_timelinePlaced) right->addWidget(m_timeline);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(controls);
    layout->addLayout(right, 1);
}

void RunView::placeTimeline(QBoxLayout* row, int stretch) {
    row->addWidget(m_timeline, stretch);
    m_timelinePlaced = true;
}

// The timeline goes with the settings: hidden, the pictures take its room too (a lesson's scene
// at 200 % on a small screen still fits).
void RunView::setControlsShown(bool shown) {
    if (m_controls) m_controls->setVisible(shown);
    m_timeline->setVisible(shown);
}

bool RunView::controlsShown() const { return m_controls && !m_controls->isHidden(); }

void RunView::showMessage(const QString& text) {
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
}

QString RunView::splitterStateText(const QSplitter* splitter) {
    return QString::fromLatin1(splitter->saveState().toBase64());
}

void RunView::restoreSplitterState(QSplitter* splitter, const QJsonValue& text) {
    const QByteArray state = QByteArray::fromBase64(text.toString().toLatin1());
    if (!state.isEmpty()) splitter->restoreState(state);
}

bool RunView::trainAndWait(int steps, int timeoutMilliseconds) {
    QApplication::processEvents();
    if (m_rebuildTimer.isActive()) reset();
    // Wait for the reset's first frame so that the target counts from its step.
    QElapsedTimer clock;
    clock.start();
    const auto settled = [&] {
        return m_controller->hasRun() || !m_controller->latestRun().error.isEmpty();
    };
    while (!settled() && clock.elapsed() < timeoutMilliseconds) {
        QApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(2);
    }
    if (!m_controller->latestRun().error.isEmpty() || !settled()) return false;
    const int target = m_controller->latestStep() + steps;
    m_controller->advance(steps);
    while (clock.elapsed() < timeoutMilliseconds) {
        QApplication::processEvents(QEventLoop::AllEvents, 20);
        if (diverged()) return false;
        if (currentStep() >= target && !m_controller->isPlaying()) return true;
        QThread::msleep(2);
    }
    return false;
}

void RunView::setEngine(const QString& ops, const QString& note) {
    if (ops == m_engineOps && note == m_engineNote) return;
    m_engineOps = ops;
    m_engineNote = note;
    emit engineChanged();
}

}  // namespace actlab::ui
