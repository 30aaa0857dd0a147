// Presentation on two screens (issue 28): the view alone, full screen, on the projector; on the
// laptop a presenter window with the scene's title, text and speaker notes, the next scene's title,
// a clock and the elapsed time, and Play / Step / Reset / Previous / Next acting on the projected
// view. Which screen is the projector is asked once and kept (QSettings "presentation/projector").
// With one screen, MainWindow presents as before (start() says no).
#pragma once

#include <QElapsedTimer>
#include <QPointer>
#include <QRect>
#include <QScreen>
#include <QWidget>
#include <functional>

class QLabel;
class QMenu;
class QPlainTextEdit;
class QPushButton;

class QTextBrowser;

namespace actlab::ui {
class RunView;
}

namespace actlab::gui {

class MainWindow;

// The laptop's window. It shows what it is given and says what was pressed.
class PresenterWindow : public QWidget {
    Q_OBJECT
public:
    PresenterWindow();

    // The scene (0-based index of count; count 0: no lesson), its text, its speaker notes
    // (plain text, hidden when empty) and the next title.
    void showScene(int index, int count, const QString& title, const QString& html,
                   const QString& notes, const QString& nextTitle);
    void setRunControls(bool enabled, bool playing);  // Play/Step/Reset: a Training/Attention view
    void restartClock();                              // the elapsed time from 0:00:00
    void updateClock();                               // the clock and the elapsed time, now

    QLabel* sceneTitle() const { return m_title; }
    QLabel* nextTitle() const { return m_next; }
    QLabel* clock() const { return m_clock; }
    QLabel* elapsed() const { return m_elapsed; }
    QTextBrowser* text() const { return m_text; }
    QPlainTextEdit* notes() const { return m_notes; }
    QPushButton* button(const char* name) const;  // play, step, reset, previous, next, end, reveal

signals:
    void playPressed();
    void stepPressed();
    void resetPressed();
    void previousPressed();
    void nextPressed();
    void endPressed();
    void revealPressed();

private:
    QPushButton* addButton(const char* name, const QString& text, const QKeySequence& key);

    QLabel* m_counter;
    QLabel* m_title;
    QTextBrowser* m_text;
    QLabel* m_notesLabel;
    QPlainTextEdit* m_notes;
    QLabel* m_next;
    QLabel* m_clock;
    QLabel* m_elapsed;
    QElapsedTimer m_started;
};

// Puts the window and the presenter on their screens and wires the presenter to the lesson
// and the view's run.
class TwoScreenPresentation : public QObject {
    Q_OBJECT
public:
    explicit TwoScreenPresentation(MainWindow& window);

    // With two screens or more: the window full screen on the projector (asked the first time),
    // the lesson panel hidden, the presenter on another screen; true. With one: false, nothing
    // done. stop() undoes start().
    bool start();
    void stop();
    bool active() const { return m_active; }
    PresenterWindow* presenter() const { return m_presenter; }

    // The projector: the saved screen if it is there, else asked (askProjector, a list dialog
    // unless replaced, as tests do) and saved; nullptr when the question was cancelled.
    QScreen* projector();
    void chooseProjector();  // View → Projector screen…: asks now and saves
    void setProjectorQuestion(std::function<QString(const QStringList& names, int suggested)> ask);
    void addMenuAction(QMenu* view);

private:
    void showScene();                // the lesson's current scene in the presenter
    void updateRun();                // the run controls follow the current view
    ui::RunView* runView() const;    // the Training or Attention view when current, else null
    void press(const char* button);  // a button of the view's run toolbar

    MainWindow& m_window;
    QPointer<PresenterWindow> m_presenter;
    std::function<QString(const QStringList&, int)> m_ask;
    bool m_active = false;
    bool m_dockWasVisible = false;
    QRect m_geometry;  // the window's before the presentation, and its screen
    QPointer<QScreen> m_screen;
};

}  // namespace actlab::gui
