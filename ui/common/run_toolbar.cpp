// RunToolbar: the buttons, the speed box and the status, and their wiring to the controller.
#include "ui/common/run_toolbar.h"

#include <QApplication>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QShortcut>

#include "ui/common/run_controller.h"
#include "ui/common/status_label.h"
#include "ui/common/ui_scale.h"

namespace actlab::ui {

RunToolbar::RunToolbar(RunController* controller, const RunToolbarSpec& spec, QWidget* parent)
    : QWidget(parent), m_controller(controller) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_play = new QPushButton(tr("Play"), this);
    m_play->setObjectName(QStringLiteral("play"));
    m_play->setToolTip(tr("Train continuously (Space)"));
    m_step = new QPushButton(tr("Step"), this);
    m_step->setObjectName(QStringLiteral("step"));
    if (!spec.stepToolTip.isEmpty()) m_step->setToolTip(spec.stepToolTip);
    m_reset = new QPushButton(tr("Reset"), this);
    m_reset->setObjectName(QStringLiteral("reset"));
    m_reset->setToolTip(tr("Start again from a freshly initialised model (same seed)"));
    m_speed = new QComboBox(this);
    m_speed->setObjectName(QStringLiteral("speed"));
    m_speed->setAccessibleName(tr("Steps per frame"));
    for (int steps : spec.speeds)
        m_speed->addItem(steps > 0 ? tr("%n step(s)", "", steps) : tr("full"), steps);
    m_speed->setToolTip(spec.speedToolTip);
    m_speed->setCurrentIndex(spec.defaultSpeedIndex);
    m_status = new StatusLabel(this);
    m_status->setObjectName(spec.statusName);
    m_status->setWrappedFont(font());
    for (QWidget* widget : {static_cast<QWidget*>(m_play), static_cast<QWidget*>(m_step),
                            static_cast<QWidget*>(m_reset), static_cast<QWidget*>(m_speed),
                            static_cast<QWidget*>(m_status)})
        keepRelativeFont(widget, kBigFont);
    fitPlayButton();
    connect(&UiScaleNotifier::instance(), &UiScaleNotifier::changed, this,
            &RunToolbar::fitPlayButton);
    layout->addWidget(m_play);
    layout->addWidget(m_step);
    layout->addWidget(m_reset);
    layout->addWidget(new QLabel(tr("Speed"), this));
    layout->addWidget(m_speed);
    layout->addSpacing(12);
    layout->addWidget(m_status, 1);

    connect(m_play, &QPushButton::clicked, this, &RunToolbar::togglePlay);
    connect(m_step, &QPushButton::clicked, this, &RunToolbar::stepClicked);
    connect(m_reset, &QPushButton::clicked, this, &RunToolbar::resetClicked);
    connect(m_speed, &QComboBox::activated, this,
            [this] { m_controller->setStepsPerFrame(stepsPerFrame()); });
}

void RunToolbar::play() {
    if (!m_controller->latestDiverged() && m_blocked.isEmpty()) m_controller->play();
}

void RunToolbar::setBlocked(const QString& why) {
    m_blocked = why;
    if (!why.isEmpty()) pause();
    for (QPushButton* button : {m_play, m_step, m_reset}) button->setStatusTip(why);
    updateButtons();
}

void RunToolbar::pause() { m_controller->pause(); }

void RunToolbar::togglePlay() { m_controller->isPlaying() ? pause() : play(); }

int RunToolbar::stepsPerFrame() const { return m_speed->currentData().toInt(); }

void RunToolbar::setStepsPerFrame(int steps) {
    const int index = m_speed->findData(steps);
    if (index >= 0) m_speed->setCurrentIndex(index);
    m_controller->setStepsPerFrame(steps);
}

void RunToolbar::updateButtons() {
    const bool playing = m_controller->isPlaying();
    const bool usable = !m_controller->latestDiverged() &&
                        m_controller->latestRun().error.isEmpty() && m_blocked.isEmpty();
    m_play->setText(playing ? tr("Pause") : tr("Play"));
    m_play->setEnabled(usable);
    m_step->setEnabled(!playing && usable);
    m_reset->setEnabled(m_blocked.isEmpty());
}

void RunToolbar::fitPlayButton() {  // "Play" and "Pause" take turns: room for the longer
    QFont big = QApplication::font();
    big.setPointSizeF(big.pointSizeF() * kBigFont);
    m_play->setMinimumWidth(QFontMetrics(big).horizontalAdvance(tr("Pause")) + 40);
}

void RunToolbar::addPlayShortcut(QWidget* scope) {
    auto* space = new QShortcut(QKeySequence(Qt::Key_Space), scope);
    space->setContext(Qt::WidgetWithChildrenShortcut);
    connect(space, &QShortcut::activated, this, &RunToolbar::togglePlay);
}

}  // namespace actlab::ui
