// The lesson editor's "what the class sees" box (issue 28): the panels a question covers until
// its reveal (a checkable list), and the controls and panels the scene hides from the class,
// chosen by clicking them in the view ("Choose what the class sees", as Playground's hideable
// controls), listed by name, with "Show everything".
#pragma once

#include <QWidget>
#include <string>

class QLabel;
class QListWidget;
class QPushButton;

namespace actlab {
struct LessonScene;
}

namespace actlab::gui {

class LessonEditor;

class LessonClassViewBox : public QWidget {
    Q_OBJECT
public:
    LessonClassViewBox(LessonEditor& editor, QWidget* parent);

    void refresh(const LessonScene& scene);  // from the editor's current scene (no edit)

    QListWidget* coverList() const { return m_covers; }  // a checkable item per panel
    QPushButton* chooseButton() const { return m_choose; }
    QLabel* hiddenLabel() const { return m_hiddenText; }
    QPushButton* showEverythingButton() const { return m_showAll; }
    // A control or panel of `view` as the teacher sees it ("Learning rate", "the neuron grid").
    QString hideableName(const std::string& view, const std::string& name) const;

private:
    void coversEdited();

    LessonEditor& m_editor;
    QListWidget* m_covers;
    QPushButton* m_choose;
    QLabel* m_hiddenText;
    QPushButton* m_showAll;
    bool m_refreshing = false;
};

}  // namespace actlab::gui
