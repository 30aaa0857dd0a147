// Guided lessons in the window: opens a lesson (a file or a built-in one), shows its text in a
// dock beside the views, applies each scene to its view (state, tab, pre-training, highlight)
// and steps through the scenes with Previous/Next and PgDn/PgUp. The views stay live.
#pragma once

#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QStringList>
#include <optional>
#include <vector>

#include "lessons/lesson.h"
#include "lessons/lesson_figures.h"
#include "lessons/lesson_question.h"

class QAction;
class QDockWidget;
class QMenu;
class QWidget;

namespace actlab::ui {
class LessonPanel;
}

namespace actlab::gui {

class ClassVisibility;
class MainWindow;

class LessonController : public QObject {
    Q_OBJECT
public:
    explicit LessonController(MainWindow& window);

    // The built-in lessons (resources/lessons/NAME.json, embedded as :/lessons/NAME.json), in
    // the order of the course, and a lesson's title in `language`.
    static QStringList builtInNames();
    static QString builtInTitle(const QString& name, const QString& language);

    // Reads `source` (a file path, or a built-in name) and shows its first scene without
    // applying it; false with a one-line *error naming file, scene and field, and nothing
    // changed. goToScene applies a scene.
    bool open(const QString& source, QString* error);
    bool goToScene(int index);  // 0-based; applies the scene to its view; false out of range
    // open() and goToScene(scene − 1) for `actlab --lesson SOURCE --scene N`; a scene out of
    // range is an error too ("FILE: --scene 9: the lesson has 5 scenes"), and nothing opens.
    bool openAtScene(const QString& source, int scene, QString* error);
    // The lesson editor's preview: `lesson` as it stands (not read from a file, so a scene still
    // missing a translation shows too) at scene `index`, applied as a class sees it.
    void preview(const Lesson& lesson, const QString& fileName, int index);
    void next();
    void previous();
    void close();  // hides the panel; the views keep their state
    bool isOpen() const { return m_lesson.has_value(); }
    int sceneIndex() const { return m_scene; }
    int sceneCount() const;
    const Lesson* lesson() const { return m_lesson ? &*m_lesson : nullptr; }
    QString fileName() const { return m_fileName; }
    bool isBuiltIn() const { return m_builtIn; }  // a built-in lesson (the editor copies it)

    // The text's language: the UI's (currentLanguage()) when the lesson has it, else English.
    // setLanguage re-renders the panel in another one.
    void setLanguage(const QString& code);
    QString language() const;

    // Waits (events running) until the current scene's pre-training has reached its step;
    // false after timeoutMilliseconds or when the run failed.
    bool waitForPretraining(int timeoutMilliseconds);

    // File → Open lesson…, Help → Lessons… (the browser of the built-in lessons).
    void addMenuActions(QMenu* file, QMenu* help);
    void openInteractively();  // a file dialog, then a message box for a bad lesson
    void browseBuiltIn();

    // Sessions: the lesson (its normal JSON, so a student needs no file) and the scene;
    // restoring shows that scene's text without applying it (the views come from the session).
    QJsonObject sessionState() const;
    void restoreSessionState(const QJsonObject& state);

    // The current scene's figures as filled in (by index; nullopt: not measured yet, or quoted).
    const std::vector<std::optional<double>>& figures() const { return m_figures; }
    // Scene `index`'s title, and the current scene's text as the panel shows it (figures filled
    // in, "…" where not yet measured), in language(); empty without a lesson.
    QString sceneTitle(int index) const;
    QString sceneHtml() const;
    // The current scene's speaker notes (plain text) in language(), else in the language they
    // were written in; for the presenter window alone. Empty: none.
    QString sceneNotes() const;

    // The current scene's question (issue 28; nullptr: none). The scene holds back its
    // pre-training until reveal() (Enter, the panel's Reveal, the presenter's): then the runs
    // train to the scene's step, the question's figures are measured on them and the choices
    // that hold are marked (outcome(); nullopt until measured). False: nothing to reveal.
    const LessonQuestion* question() const;
    bool revealed() const { return m_revealed; }
    bool reveal();
    const std::optional<LessonQuestionOutcome>& outcome() const { return m_outcome; }
    // The cards over the scene's covered panels ("Answer hidden until Reveal"; both runs' where
    // it is a run's panel); empty: none.
    std::vector<QWidget*> coverCards() const;
    // The controls and panels the scene hides from the class (class_visibility.h), and the
    // widgets of a panel (lessonHighlights) of `view`: both runs' where there are two.
    ClassVisibility* visibility() const { return m_visibility; }
    std::vector<QWidget*> panelWidgets(const std::string& view, const std::string& panel) const;
    // The hands the teacher counted for each choice (shown beside the outcome; kept by sessions).
    void setTally(int choice, int hands);
    const std::vector<int>& tallies() const { return m_tallies; }
    // A number question's guesses as the teacher types them (parseLessonGuesses; shown beside
    // the outcome, those within the tolerance marked; kept by sessions). False, and the panel
    // names the problem, when the text cannot be read.
    bool setGuesses(const QString& text);
    const std::vector<double>& guesses() const { return m_guesses; }
    QAction* revealAction() const { return m_revealAction; }
    // The question as the panel shows it under the scene's text: the choices with their hands,
    // and after the reveal the measured figures and the answer (or why there is none); in
    // language(). `asked`: the question and its choices alone (a handout's). Empty without one.
    QString questionHtml(bool asked = false) const;
    QString answerHtml() const;  // the measured figures and the answer; empty until measured
    // The number question's guesses as shown, those within the tolerance of `answer` marked.
    QString guessesText(std::optional<double> answer) const;

signals:
    void sceneShown();  // the panel shows another scene, language or figure (the presenter's cue)

public:
    ui::LessonPanel* panel() const { return m_panel; }
    QDockWidget* dock() const { return m_dock; }
    QAction* nextAction() const { return m_nextAction; }
    QAction* previousAction() const { return m_previousAction; }

private:
    bool openText(const QByteArray& text, const QString& fileName, QString* error);
    void render();
    void applyScene(const LessonScene& scene);      // lesson_apply.cpp
    bool applyAttention(const LessonScene& scene);  // false: the view held its runs
    void highlight(const LessonScene& scene);       // lesson_apply.cpp
    // The widget of `panel` (one of lessonHighlights(scene.view)) in the scene's view.
    QWidget* panelWidget(const LessonScene& scene, const std::string& panel) const;
    // lesson_reveal.cpp: the scene's covered panel under a plain card while its question waits
    // for the reveal; no card otherwise.
    void updateCover();
    void applyHidden();  // the scene's hidden controls out of the view; all back without one
    void updateShortcuts();
    // The scene's filled-in figures ({{id}}), measured on its view's runs once they stand at
    // the scene's pretrain_steps: from the frames of the runs the scene started (m_generation).
    void watchRuns();
    void fillFigures();
    // lesson_reveal.cpp: the question's figures measured on `runs` (at the scene's step).
    void measureQuestion(const LessonScene& scene, const LessonSceneSnapshots& runs);
    void showQuestionControls();
    QJsonObject questionState() const;  // revealed, hands, measured (sessions)
    void restoreQuestionState(const QJsonObject& state);

    MainWindow& m_window;
    std::optional<Lesson> m_lesson;
    QString m_fileName;
    bool m_builtIn = false;
    int m_scene = 0;
    QString m_language;  // empty: follow the UI
    int m_pretrainTarget = 0;
    quint64 m_generation = 0;                      // of the runs the scene trains
    std::vector<std::optional<double>> m_figures;  // the scene's figures as measured, by index
    QDockWidget* m_dock;
    ui::LessonPanel* m_panel;
    QAction* m_nextAction;
    QAction* m_previousAction;
    bool m_focusKeepsKeys = false;  // a spin box, slider or combo box has the focus
    bool m_focusInText = false;     // a text field has it (Enter is its own)
    bool m_revealed = false;
    std::optional<LessonQuestionOutcome> m_outcome;
    std::vector<int> m_tallies;
    std::vector<double> m_guesses;  // a number question's, as read from m_guessText
    QString m_guessText, m_guessProblem;
    QAction* m_revealAction;
    QPointer<QWidget> m_highlightFrame;
    ClassVisibility* m_visibility;
    std::vector<QPointer<QWidget>> m_coverCards;  // one per covered widget (run A's and B's)
    // The Attention runs the last scene applied: the scene's configurations, the controls'
    // (as the view normalised them) and the step, so that a next scene showing the same runs
    // keeps them (lesson_apply.cpp).
    struct AppliedRuns {
        std::string scene, sceneB, controls, controlsB;
        int steps = -1;
    };
    AppliedRuns m_attentionRuns;
};

}  // namespace actlab::gui
