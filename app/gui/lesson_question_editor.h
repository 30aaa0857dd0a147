// The lesson editor's question (issue 28): "Ask the class a question" for the selected scene —
// its text in English and 简体中文, multiple choice (a table: each choice's text per language and
// its condition on the runs' figures, "dead_fraction(a) > dead_fraction(b)") or a number (the
// figure that answers it and a tolerance), with the figures the scene's runs measure listed for
// the conditions. Each change is one of LessonEditor's edits (undoable); the loader's verdict at
// the panel's foot names a condition it cannot read.
#pragma once

#include <QGroupBox>

#include "lessons/lesson.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace actlab::gui {

class LessonEditor;

class LessonQuestionEditor : public QGroupBox {
    Q_OBJECT
public:
    explicit LessonQuestionEditor(LessonEditor& editor, QWidget* parent = nullptr);

    void refresh(const LessonScene& scene);  // from the selected scene (signals blocked)

    QLineEdit* questionText(const std::string& language) const;
    QComboBox* kindBox() const { return m_kind; }
    QTableWidget* choiceTable() const { return m_choices; }  // columns: the languages, condition
    QLineEdit* answerEdit() const { return m_answer; }
    QDoubleSpinBox* toleranceBox() const { return m_tolerance; }
    QPushButton* addChoiceButton() const { return m_addChoice; }
    QPushButton* removeChoiceButton() const { return m_removeChoice; }

private:
    void buildChoices();
    void buildNumberRow();
    void choiceEdited(int row, int column);
    void setKind(bool number);

    LessonEditor& m_editor;
    std::vector<std::pair<std::string, QLineEdit*>> m_texts;
    QComboBox* m_kind;
    QTableWidget* m_choices;
    QPushButton* m_addChoice;
    QPushButton* m_removeChoice;
    QWidget* m_numberRow;
    QLineEdit* m_answer;
    QDoubleSpinBox* m_tolerance;
    QLabel* m_figures;  // the figures the scene's runs measure
};

}  // namespace actlab::gui
