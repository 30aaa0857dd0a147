// The lesson editor's side panel: the lesson's title, the scene list (add, duplicate, delete,
// reorder by dragging), Capture this view, the scene's title and rich text in English and 简体中文
// side by side (a mark where a translation is missing) with bold, italic, sub/superscript, lists
// and the figures its runs measure as {{id}}, speaker notes per language, the panel to highlight
// and the one a question covers until its reveal, hidden settings, Undo/Redo,
// Preview, Save / Save as and what the loader would say of the lesson. It shows LessonEditor's
// lesson and turns each change into one of its edits.
#pragma once

#include <QWidget>
#include <map>
#include <string>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QTextEdit;
class QToolButton;

namespace actlab::gui {

class LessonClassViewBox;
class LessonEditor;
class LessonQuestionEditor;

// A panel of a view (lessonHighlights) as the teacher sees it: "the neuron grid".
QString lessonPanelName(const std::string& panel);

class LessonEditorPanel : public QWidget {
    Q_OBJECT
public:
    explicit LessonEditorPanel(LessonEditor& editor, QWidget* parent = nullptr);

    // One language's column: its title, its text and the mark of a missing translation.
    struct Column {
        QLineEdit* lessonTitle;
        QLineEdit* title;
        QTextEdit* text;
        QPlainTextEdit* notes;  // the speaker notes: the presenter window's, never the class's
        QLabel* missing;
    };
    const Column& column(const std::string& language) const { return m_columns.at(language); }
    QListWidget* sceneList() const { return m_scenes; }
    QComboBox* highlightBox() const { return m_highlight; }
    // The panels a question covers until Reveal and what the class sees.
    LessonClassViewBox* classViewBox() const { return m_classView; }
    QCheckBox* hiddenControlsBox() const { return m_hidden; }
    QComboBox* figureBox() const { return m_figures; }
    QLabel* problemLabel() const { return m_problem; }
    QLabel* viewLabel() const { return m_view; }
    LessonQuestionEditor* questionEditor() const { return m_question; }
    // The text editor last focused (English at first): where the format buttons and figures go.
    QTextEdit* activeText() const;
    // Writes {{id}} of the figure chosen in the figure box at the active text's cursor.
    void insertChosenFigure();
    // The format buttons: bold, italic, subscript, superscript, bulleted list, on the active text.
    void toggleBold();
    void toggleItalic();
    void toggleScript(bool superscript);
    void toggleList();

private:
    QWidget* buildSceneList();
    QWidget* buildSceneSettings();
    QWidget* buildTexts();
    Column buildColumn(const std::string& language, const QString& name, QWidget* box);
    QWidget* buildFormatBar();
    QWidget* buildFileBar();
    void refresh();  // every widget from the editor's lesson (signals blocked)
    void refreshSceneList();
    void refreshScene();
    void refreshFigureBox();

    LessonEditor& m_editor;
    std::map<std::string, Column> m_columns;
    std::string m_activeLanguage = "en";
    QListWidget* m_scenes;
    QLabel* m_view;
    QComboBox* m_highlight;
    LessonClassViewBox* m_classView;
    QCheckBox* m_hidden;
    QComboBox* m_figures;
    QLabel* m_problem;
    QPushButton* m_delete;
    QPushButton* m_insertFigure;
    LessonQuestionEditor* m_question;
    bool m_refreshingList = false;
};

}  // namespace actlab::gui
