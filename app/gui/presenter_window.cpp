// PresenterWindow (the laptop's controls and notes) and TwoScreenPresentation (the screens, the
// saved projector, the wiring to the lesson and to the projected view's run toolbar).
#include "presenter_window.h"

#include <QDockWidget>
#include <QGridLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QTextBrowser>
#include <QTime>
#include <QTimer>
#include <QVBoxLayout>
#include <QWindow>

#include "lesson_controller.h"
#include "main_window.h"
#include "ui/attention/attention_controller.h"
#include "ui/attention/attention_view.h"
#include "ui/common/run_view.h"
#include "ui/common/ui_scale.h"
#include "ui/training/training_controller.h"
#include "ui/training/training_view.h"

namespace actlab::gui {
namespace {

const char* const kProjectorKey = "presentation/projector";

// A window on `screen`: its native window made first, so that the screen is set before it shows.
void placeOn(QWidget* widget, QScreen* screen, const QRect& geometry) {
    widget->createWinId();
    widget->windowHandle()->setScreen(screen);
    widget->setGeometry(geometry);
}

}  // namespace

PresenterWindow::PresenterWindow() {
    setObjectName(QStringLiteral("presenterWindow"));
    setWindowTitle(tr("ActLab presenter"));
    m_counter = new QLabel(this);
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("presenterSceneTitle"));
    m_title->setWordWrap(true);
    ui::keepRelativeFont(m_title, 1.5, true);
    m_text = new QTextBrowser(this);
    m_text->setObjectName(QStringLiteral("presenterText"));
    m_text->setFocusPolicy(Qt::NoFocus);
    m_notesLabel = new QLabel(tr("Speaker notes"), this);
    m_notes = new QPlainTextEdit(this);
    m_notes->setObjectName(QStringLiteral("presenterNotes"));
    m_notes->setAccessibleName(tr("Speaker notes"));
    m_notes->setReadOnly(true);
    m_notes->setFocusPolicy(Qt::NoFocus);
    m_notesLabel->setBuddy(m_notes);
    m_next = new QLabel(this);
    m_next->setObjectName(QStringLiteral("presenterNextTitle"));
    m_next->setWordWrap(true);
    ui::keepRelativeFont(m_next, 1.1, false);
    m_clock = new QLabel(this);
    m_clock->setObjectName(QStringLiteral("presenterClock"));
    ui::keepRelativeFont(m_clock, 2.0, true);
    m_elapsed = new QLabel(this);
    m_elapsed->setObjectName(QStringLiteral("presenterElapsed"));
    ui::keepRelativeFont(m_elapsed, 2.0, true);

    auto* side = new QVBoxLayout;
    side->addWidget(new QLabel(tr("Time"), this));
    side->addWidget(m_clock);
    side->addWidget(new QLabel(tr("Elapsed"), this));
    side->addWidget(m_elapsed);
    side->addSpacing(12);
    side->addWidget(m_next);
    side->addStretch(1);
    auto* buttons = new QHBoxLayout;
    connect(addButton("previous", tr("◀ Previous"), Qt::Key_PageUp), &QPushButton::clicked, this,
            &PresenterWindow::previousPressed);
    connect(addButton("next", tr("Next ▶"), Qt::Key_PageDown), &QPushButton::clicked, this,
            &PresenterWindow::nextPressed);
    connect(addButton("play", tr("Play"), Qt::Key_Space), &QPushButton::clicked, this,
            &PresenterWindow::playPressed);
    connect(addButton("step", tr("Step"), Qt::Key_Right), &QPushButton::clicked, this,
            &PresenterWindow::stepPressed);
    connect(addButton("reset", tr("Reset"), Qt::Key_R), &QPushButton::clicked, this,
            &PresenterWindow::resetPressed);
    connect(addButton("end", tr("End presentation"), Qt::Key_Escape), &QPushButton::clicked, this,
            &PresenterWindow::endPressed);
    connect(addButton("reveal", tr("Reveal"), Qt::Key_Return), &QPushButton::clicked, this,
            &PresenterWindow::revealPressed);
    button("reveal")->setEnabled(false);
    for (const char* name : {"previous", "next", "play", "step", "reset", "reveal"})
        buttons->addWidget(button(name));
    buttons->addStretch(1);
    buttons->addWidget(button("end"));
    auto* grid = new QGridLayout(this);
    grid->addWidget(m_counter, 0, 0);
    grid->addWidget(m_title, 1, 0);
    grid->addWidget(m_text, 2, 0);
    grid->addWidget(m_notesLabel, 3, 0);
    grid->addWidget(m_notes, 4, 0);
    grid->addLayout(side, 0, 1, 5, 1);
    grid->addLayout(buttons, 5, 0, 1, 2);
    grid->setRowStretch(2, 3);
    grid->setRowStretch(4, 2);
    grid->setColumnStretch(0, 3);
    grid->setColumnStretch(1, 1);
    restartClock();
    auto* timer = new QTimer(this);
    connect(timer, &QTimer::timeout, this, &PresenterWindow::updateClock);
    timer->start(500);
}

QPushButton* PresenterWindow::addButton(const char* name, const QString& text,
                                        const QKeySequence& key) {
    auto* button = new QPushButton(text, this);
    button->setObjectName(QStringLiteral("presenter_%1").arg(QLatin1String(name)));
    button->setShortcut(key);
    button->setToolTip(key.toString(QKeySequence::NativeText));
    button->setFocusPolicy(Qt::NoFocus);  // the keys stay the shortcuts'
    return button;
}

QPushButton* PresenterWindow::button(const char* name) const {
    return findChild<QPushButton*>(QStringLiteral("presenter_%1").arg(QLatin1String(name)));
}

void PresenterWindow::showScene(int index, int count, const QString& title, const QString& html,
                                const QString& notes, const QString& nextTitle) {
    m_counter->setText(count > 0 ? tr("Scene %1 of %2").arg(index + 1).arg(count)
                                 : tr("No lesson is open"));
    m_title->setText(title);
    m_text->setHtml(html);
    m_notes->setPlainText(notes);
    m_notesLabel->setVisible(!notes.isEmpty());
    m_notes->setVisible(!notes.isEmpty());
    m_next->setText(count == 0          ? QString()
                    : index + 1 < count ? tr("Next: %1").arg(nextTitle)
                                        : tr("Last scene"));
    button("previous")->setEnabled(index > 0);
    button("next")->setEnabled(index + 1 < count);
}

void PresenterWindow::setRunControls(bool enabled, bool playing) {
    button("play")->setText(playing ? tr("Pause") : tr("Play"));
    for (const char* name : {"play", "step", "reset"}) button(name)->setEnabled(enabled);
}

void PresenterWindow::restartClock() {
    m_started.start();
    updateClock();
}

void PresenterWindow::updateClock() {
    m_clock->setText(QTime::currentTime().toString(QStringLiteral("HH:mm")));
    const qint64 seconds = m_started.elapsed() / 1000;
    m_elapsed->setText(QStringLiteral("%1:%2:%3")
                           .arg(seconds / 3600)
                           .arg(seconds / 60 % 60, 2, 10, QChar(u'0'))
                           .arg(seconds % 60, 2, 10, QChar(u'0')));
}

TwoScreenPresentation::TwoScreenPresentation(MainWindow& window)
    : QObject(&window), m_window(window) {
    m_ask = [this](const QStringList& names, int suggested) {
        bool chosen = false;
        const QString name = QInputDialog::getItem(
            &m_window, tr("Projector screen"),
            tr("Which screen is the projector? The view is shown there alone, the presenter "
               "window on another screen."),
            names, suggested, false, &chosen);
        return chosen ? name : QString();
    };
    connect(window.lessons(), &LessonController::sceneShown, this,
            &TwoScreenPresentation::showScene);
}

void TwoScreenPresentation::setProjectorQuestion(
    std::function<QString(const QStringList& names, int suggested)> ask) {
    m_ask = std::move(ask);
}

void TwoScreenPresentation::addMenuAction(QMenu* view) {
    QAction* choose =
        view->addAction(tr("Projector s&creen…"), this, &TwoScreenPresentation::chooseProjector);
    choose->setObjectName(QStringLiteral("chooseProjector"));
}

void TwoScreenPresentation::chooseProjector() {
    const QList<QScreen*> screens = QGuiApplication::screens();
    QStringList names;
    int suggested = 0;
    for (QScreen* screen : screens) {
        if (screen != m_window.screen() && suggested == 0) suggested = int(names.size());
        names << screen->name();
    }
    const QString saved = QSettings().value(QLatin1String(kProjectorKey)).toString();
    if (names.contains(saved)) suggested = int(names.indexOf(saved));
    const QString chosen = m_ask(names, suggested);
    if (!chosen.isEmpty()) QSettings().setValue(QLatin1String(kProjectorKey), chosen);
}

QScreen* TwoScreenPresentation::projector() {
    const auto find = [] {
        const QString name = QSettings().value(QLatin1String(kProjectorKey)).toString();
        for (QScreen* screen : QGuiApplication::screens())
            if (screen->name() == name) return screen;
        return static_cast<QScreen*>(nullptr);
    };
    if (QScreen* saved = find()) return saved;
    chooseProjector();
    return find();
}

bool TwoScreenPresentation::start() {
    if (m_active || QGuiApplication::screens().size() < 2) return false;
    QScreen* projector = this->projector();
    if (!projector) return false;
    QScreen* laptop = nullptr;
    for (QScreen* screen : QGuiApplication::screens())
        if (screen != projector && !laptop) laptop = screen;
    m_active = true;
    m_geometry = m_window.geometry();
    m_screen = m_window.screen();
    m_dockWasVisible = m_window.lessons()->dock()->isVisible();
    m_window.lessons()->dock()->hide();  // the view alone
    placeOn(&m_window, projector, projector->geometry());
    m_window.showFullScreen();
    if (!m_presenter) {
        m_presenter = new PresenterWindow;
        m_presenter->setAttribute(Qt::WA_DeleteOnClose, false);
        connect(m_presenter, &PresenterWindow::nextPressed, m_window.lessons(),
                &LessonController::next);
        connect(m_presenter, &PresenterWindow::previousPressed, m_window.lessons(),
                &LessonController::previous);
        connect(m_presenter, &PresenterWindow::playPressed, this, [this] { press("play"); });
        connect(m_presenter, &PresenterWindow::stepPressed, this, [this] { press("step"); });
        connect(m_presenter, &PresenterWindow::resetPressed, this, [this] { press("reset"); });
        connect(m_presenter, &PresenterWindow::endPressed, this,
                [this] { m_window.setPresentation(false); });
        connect(m_presenter, &PresenterWindow::revealPressed, m_window.lessons(),
                &LessonController::reveal);
        auto* timer = new QTimer(m_presenter);
        connect(timer, &QTimer::timeout, this, &TwoScreenPresentation::updateRun);
        timer->start(200);
    }
    placeOn(m_presenter, laptop, laptop->availableGeometry());
    m_presenter->restartClock();
    showScene();
    updateRun();
    m_presenter->showMaximized();  // the laptop's screen, its frame included
    m_presenter->activateWindow();
    return true;
}

void TwoScreenPresentation::stop() {
    if (!m_active) return;
    m_active = false;
    if (m_presenter) m_presenter->hide();
    if (m_screen) m_window.windowHandle()->setScreen(m_screen);
    if (!m_window.isMaximized()) m_window.setGeometry(m_geometry);
    if (m_dockWasVisible && m_window.lessons()->isOpen()) m_window.lessons()->dock()->show();
}

void TwoScreenPresentation::showScene() {
    if (!m_presenter) return;
    const LessonController& lessons = *m_window.lessons();
    if (m_active) m_window.lessons()->dock()->hide();  // a lesson opened while presenting
    const int scene = lessons.sceneIndex();
    m_presenter->showScene(scene, lessons.sceneCount(), lessons.sceneTitle(scene),
                           lessons.sceneHtml() + lessons.questionHtml(), lessons.sceneNotes(),
                           lessons.sceneTitle(scene + 1));
    // Reveal (Enter) while the scene's question waits for it
    m_presenter->button("reveal")->setEnabled(lessons.question() && !lessons.revealed());
}

ui::RunView* TwoScreenPresentation::runView() const {
    const QString view = m_window.currentView();
    if (view == QLatin1String("training")) return m_window.trainingView();
    if (view == QLatin1String("attention")) return m_window.attentionView();
    return nullptr;
}

void TwoScreenPresentation::updateRun() {
    if (!m_presenter) return;
    const QString view = m_window.currentView();
    const bool playing =
        view == QLatin1String("training")    ? m_window.trainingView()->controller()->isPlaying()
        : view == QLatin1String("attention") ? m_window.attentionView()->controller()->isPlaying()
                                             : false;
    m_presenter->setRunControls(runView() != nullptr, playing);
}

void TwoScreenPresentation::press(const char* name) {
    ui::RunView* view = runView();
    if (!view) return;
    // The view's own buttons: what the class sees pressed on the projector.
    QPushButton* button = QLatin1String(name) == QLatin1String("play")   ? view->playButton()
                          : QLatin1String(name) == QLatin1String("step") ? view->stepButton()
                                                                         : view->resetButton();
    if (button->isEnabled()) button->click();
    updateRun();
}

}  // namespace actlab::gui
