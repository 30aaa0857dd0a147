// TimelineBar: the slider, the buttons and the replay clock of the replay timeline.
#include "ui/common/timeline_bar.h"

#include <QApplication>
#include <QComboBox>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QShortcut>
#include <QSignalBlocker>
#include <QSlider>
#include <algorithm>

#include "ui/common/reduced_motion.h"
#include "ui/common/ui_scale.h"

namespace actlab::ui {

TimelineBar::TimelineBar(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("timelineBar"));
    m_previous = new QPushButton(QStringLiteral("◀"), this);
    m_previous->setObjectName(QStringLiteral("timelinePrevious"));
    m_previous->setToolTip(tr("One keyframe back (,)"));
    m_previous->setAccessibleName(tr("Previous keyframe"));
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setObjectName(QStringLiteral("timelineSlider"));
    m_slider->setAccessibleName(tr("Keyframe"));
    m_slider->setToolTip(
        tr("The run's keyframes: drag back to see the pictures and curves as "
           "they were at that step (training goes on meanwhile)"));
    m_next = new QPushButton(QStringLiteral("▶"), this);
    m_next->setObjectName(QStringLiteral("timelineNext"));
    m_next->setToolTip(tr("One keyframe on (.)"));
    m_next->setAccessibleName(tr("Next keyframe"));
    for (QPushButton* button : {m_previous, m_next}) button->setMaximumWidth(36);
    m_step = new QLabel(this);
    m_step->setObjectName(QStringLiteral("timelineStep"));
    // One width for every step: a label that widened with the step would raise the window's
    // minimum while it trains (and a full-screen window that no longer fits leaves full screen).
    fixStepWidth();
    connect(&UiScaleNotifier::instance(), &UiScaleNotifier::changed, this,
            &TimelineBar::fixStepWidth);
    m_replayButton = new QPushButton(tr("Replay"), this);
    m_replayButton->setObjectName(QStringLiteral("timelineReplay"));
    m_replayButton->setCheckable(true);
    m_replayButton->setToolTip(tr("Replay the kept keyframes from the one shown, %1 a second at 1×")
                                   .arg(kKeyframesPerSecond));
    m_speed = new QComboBox(this);
    m_speed->setObjectName(QStringLiteral("timelineSpeed"));
    m_speed->setAccessibleName(tr("Replay speed"));
    m_speed->setToolTip(tr("Replay speed"));
    for (double times : {0.5, 1.0, 2.0, 4.0}) m_speed->addItem(tr("%1×").arg(times), times);
    m_speed->setCurrentIndex(1);
    m_liveButton = new QPushButton(tr("Live"), this);
    m_liveButton->setObjectName(QStringLiteral("timelineLive"));
    m_liveButton->setToolTip(tr("Follow the run again: show its newest step"));

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 2, 0, 0);
    layout->addWidget(m_previous);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_next);
    layout->addWidget(m_step);
    layout->addWidget(m_replayButton);
    layout->addWidget(m_speed);
    layout->addWidget(m_liveButton);

    connect(m_slider, &QSlider::valueChanged, this, [this](int value) { choose(value); });
    connect(m_previous, &QPushButton::clicked, this, [this] { choose(index() - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { choose(index() + 1); });
    connect(m_liveButton, &QPushButton::clicked, this, &TimelineBar::goLive);
    connect(m_replayButton, &QPushButton::toggled, this, [this](bool on) {
        if (on && !replaying()) startReplay();
        if (!on) stopReplay();
    });
    connect(m_speed, &QComboBox::currentIndexChanged, this,
            [this] { m_replay.setInterval(int(1000 / (kKeyframesPerSecond * replaySpeed()))); });
    m_replay.setInterval(1000 / kKeyframesPerSecond);
    connect(&m_replay, &QTimer::timeout, this, &TimelineBar::advanceReplay);
    showPosition();
}

void TimelineBar::addShortcuts(QWidget* scope) {
    for (const auto& [key, button] :
         {std::pair{Qt::Key_Comma, m_previous}, std::pair{Qt::Key_Period, m_next}}) {
        auto* shortcut = new QShortcut(QKeySequence(key), scope);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        connect(shortcut, &QShortcut::activated, button, [button] {
            if (button->isEnabled()) button->click();
        });
    }
}

void TimelineBar::setSteps(const std::vector<int>& steps) {
    const int shown = shownStep();
    m_steps = steps;
    bool moved = false;
    if (!m_live && !m_steps.empty()) {
        // The same step, or the nearest kept one before it, after a thinning.
        const auto after = std::upper_bound(m_steps.begin(), m_steps.end(), shown);
        m_index = std::max(0, int(after - m_steps.begin()) - 1);
        moved = m_steps[size_t(m_index)] != shown;
    }
    if (m_steps.empty()) {
        stopReplay();
        m_live = true;
    }
    showPosition();
    if (moved) emit keyframeChosen(m_index);  // the shown one was thinned away
}

int TimelineBar::index() const { return m_live ? std::max(0, int(m_steps.size()) - 1) : m_index; }

int TimelineBar::shownStep() const {
    return m_steps.empty() ? 0 : m_steps[size_t(std::clamp(index(), 0, int(m_steps.size()) - 1))];
}

void TimelineBar::choose(int index) {
    if (m_steps.empty()) return;
    if (index >= int(m_steps.size()) - 1 && m_live) return showPosition();
    if (index >= int(m_steps.size())) return goLive();
    const int chosen = std::max(0, index);
    if (!m_live && chosen == m_index) return showPosition();
    m_live = false;
    m_index = chosen;
    showPosition();
    emit keyframeChosen(m_index);
}

void TimelineBar::goLive() {
    stopReplay();
    if (m_live) return showPosition();
    m_live = true;
    showPosition();
    emit liveChosen();
}

void TimelineBar::startReplay() {
    if (m_steps.size() < 2 || reducedMotion()) {  // reduced motion: straight to the end
        stopReplay();
        if (m_steps.size() >= 2) goLive();
        return;
    }
    if (m_live) choose(0);
    m_replay.start();
    const QSignalBlocker blocker(m_replayButton);
    m_replayButton->setChecked(true);
}

void TimelineBar::stopReplay() {
    m_replay.stop();
    const QSignalBlocker blocker(m_replayButton);
    m_replayButton->setChecked(false);
}

void TimelineBar::setReplaySpeed(double times) {
    const int i = m_speed->findData(times);
    if (i >= 0) m_speed->setCurrentIndex(i);
}

double TimelineBar::replaySpeed() const { return m_speed->currentData().toDouble(); }

void TimelineBar::advanceReplay() {
    // Past the last kept keyframe the replay ends where the run is: live again.
    if (index() + 1 >= int(m_steps.size())) return goLive();
    choose(index() + 1);
}

void TimelineBar::fixStepWidth() {
    const QFontMetrics metrics(QApplication::font());
    m_step->setFixedWidth(metrics.horizontalAdvance(tr("%1 / %2").arg(999999).arg(999999)) + 4);
}

void TimelineBar::showPosition() {
    const QSignalBlocker blocker(m_slider);
    const int last = std::max(0, int(m_steps.size()) - 1);
    m_slider->setRange(0, last);
    m_slider->setValue(index());
    setEnabled(!m_steps.empty());
    m_previous->setEnabled(index() > 0);
    m_next->setEnabled(!m_live);
    m_liveButton->setEnabled(!m_live);
    m_replayButton->setEnabled(m_steps.size() > 1);
    // Short, so that the bar fits a small screen at 200 %: the step shown, and while scrubbed the
    // run's newest kept step; the tooltip says it in words.
    const int newest = m_steps.empty() ? 0 : m_steps.back();
    m_step->setText(m_live ? QString::number(shownStep())
                           : tr("%1 / %2").arg(shownStep()).arg(newest));
    m_step->setToolTip(
        m_live ? tr("Step %1, live: the run's newest frame").arg(shownStep())
               : tr("Step %1 of the kept keyframes up to step %2").arg(shownStep()).arg(newest));
}

}  // namespace actlab::ui
