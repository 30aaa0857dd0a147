// The lesson editor (issue 28): Lessons → New lesson and Edit lesson open a lesson in a side
// panel (lesson_editor_panel.h) where a teacher builds it scene by scene — capture the view, the
// title, text and speaker notes per language, figures, the panel to highlight (or to cover until
// a question's reveal), hidden settings — with Undo/Redo for every edit (each a snapshot of the
// lesson on a QUndoStack), a preview through the lesson panel, and Save / Save as (atomic,
// QSaveFile) in the loader's format (lessonToJson). A built-in lesson opens as a copy; unsaved
// edits are asked about before they go.
#pragma once

#include <QObject>
#include <QString>
#include <QUndoStack>
#include <functional>

#include "lessons/lesson.h"

class QAction;
class QDockWidget;
class QMenu;

namespace actlab::gui {

class MainWindow;
class LessonEditorPanel;

class LessonEditor : public QObject {
    Q_OBJECT
public:
    explicit LessonEditor(MainWindow& window);
    ~LessonEditor() override;  // quietly: the window and its views are going

    void addMenu(QMenu* lessons);  // Lessons → New lesson, Edit lesson, Edit lesson file…

    // Start editing (after asking about unsaved edits: false if the teacher cancels). A lesson
    // with an empty path (a new one, a built-in copy) asks for a file on Save.
    bool newLesson();
    bool editLesson(const Lesson& lesson, const QString& path);
    bool editCurrentLesson();  // the lesson the lesson panel shows, a built-in one as a copy
    bool editFile(const QString& path, QString* error);  // a draft too (texts still empty)
    // An autosaved draft put back after a crash (session_manager.h): edited as `path`'s lesson,
    // with scene `scene` shown and its edits unsaved until Save.
    bool recover(const Lesson& lesson, const QString& path, int scene);
    bool isEditing() const;
    void closeEditor();  // asks about unsaved edits first

    const Lesson& lesson() const { return m_lesson; }
    MainWindow& window() const { return m_window; }
    int currentScene() const { return m_scene; }
    void selectScene(int index);  // not an edit: no undo step
    QString path() const { return m_path; }
    bool isModified() const { return !m_undo.isClean() || m_recovered; }
    QUndoStack* undoStack() { return &m_undo; }
    QDockWidget* dock() const { return m_dock; }
    LessonEditorPanel* panel() const { return m_panel; }
    // The loader's verdict on the lesson as it stands ("scene 2: text.zh_CN: missing"), or "".
    QString problem() const;

    // The edits, each one undo step.
    void addScene();        // after the current one: the current view, empty texts
    void duplicateScene();  // a copy after the current one
    void deleteScene();     // not the last one
    void moveScene(int from, int to);
    void captureView();  // the current scene takes the view's state
    void setLessonTitle(const std::string& language, const QString& title);
    void setSceneTitle(const std::string& language, const QString& title);
    void setSceneText(const std::string& language, const QString& markup);
    void setSceneNotes(const std::string& language, const QString& notes);  // speaker notes
    void setHighlight(const QString& panel);                                // "" for none
    // The panels covered until the reveal (lessonHighlights; none: empty).
    void setCovers(const std::vector<std::string>& panels);
    // What the class sees: a control or panel (lessonHideables) hidden from the class or shown
    // again, or all shown.
    void toggleHidden(const std::string& name);
    void showEverything();
    // "Choose what the class sees" (not an edit): the current scene's view shows every control,
    // those the class will not see marked, and a click on one toggles it (toggleHidden). It ends
    // with setChoosing(false), another scene, Preview or the editor's closing.
    void setChoosing(bool on);
    bool choosing() const;
    void setHiddenControls(bool hidden);
    // The scene's question (lesson_question_editor.h): `change` edits it (nullopt: none; a new
    // one starts as two empty choices), one undo step (typing in one field merges by mergeKey).
    void editQuestion(const QString& what,
                      const std::function<void(std::optional<LessonQuestion>&)>& change,
                      const QString& mergeKey = {});
    // A new figure of the scene's runs to fill in (`what` of run "a" or "b"): its id, which the
    // text editor then writes as {{id}}; the text edit that first shows it adds the figure to the
    // scene (one undo step). "" if the scene's view cannot measure it.
    QString prepareFigure(const QString& what, const QString& run);

    void
    preview();  // the current scene applied, its text in the lesson panel, as the class sees it
    // Writes the lesson to `path` at once or not at all; false with *error.
    bool save(const QString& path, QString* error);
    bool saveInteractively(bool askForPath);
    // Before unsaved edits go: Save, Discard or Cancel (a message box unless replaced, as tests
    // do); true when the edits may go (saved or discarded).
    enum class UnsavedAnswer { Save, Discard, Cancel };
    void setUnsavedQuestion(std::function<UnsavedAnswer()> question);
    bool maySwitch();

    // The undo command's way in: the lesson and the selected scene become `lesson` and `scene`.
    void setState(const Lesson& lesson, int scene);

signals:
    void changed();  // the lesson, the scene shown or the saved state changed

private:
    void edit(const QString& what, const std::function<void(Lesson&, int& scene)>& change,
              const QString& mergeKey = {});
    void start(const Lesson& lesson, const QString& path);
    LessonScene& scene() { return m_lesson.scenes[size_t(m_scene)]; }
    void updateTitle();
    void updateChoosing();  // after a change: the marks redrawn, or the mode ended

    MainWindow& m_window;
    Lesson m_lesson;
    std::vector<LessonFigure> m_preparedFigures;  // prepareFigure's, until a text shows them
    int m_scene = 0;
    QString m_path;
    bool m_editing = false;
    bool m_recovered = false;  // a recovered draft, not saved since
    QUndoStack m_undo;
    QDockWidget* m_dock;
    LessonEditorPanel* m_panel;
    std::function<UnsavedAnswer()> m_askUnsaved;
    std::optional<std::string> m_choosingView;  // the view being chosen in
};

// The editor's new scene before it captures the view: an Explorer scene without texts.
LessonScene emptyLessonScene();

}  // namespace actlab::gui
