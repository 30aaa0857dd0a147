// What the class sees (issue 28, as Playground's hideable controls): the controls and panels a
// lesson scene hides (LessonScene::hidden, names from lessonHideables(view)) taken out of the
// view while the scene shows, and put back as they were when the next scene or the end of the
// lesson comes; and the editor's "choose what the class sees" mode, in which a click on a control
// or panel of the view hides or shows it instead of acting on it.
#pragma once

#include <QObject>
#include <QPointer>
#include <functional>
#include <string>
#include <vector>

class QFormLayout;
class QWidget;

namespace actlab::gui {

// Shows `overlay` over the whole of its parent widget, on top, and keeps it so as the parent
// resizes (the cards over covered panels, the marks of hidden controls).
void keepOverParent(QWidget* overlay);

class ClassVisibility : public QObject {
    Q_OBJECT
public:
    // `page(view)`: the view's page in the window; `panels(view, name)`: the widgets of a panel
    // (lessonHighlights) of the view, both runs' where there are two.
    using PageOf = std::function<QWidget*(const std::string& view)>;
    using PanelsOf =
        std::function<std::vector<QWidget*>(const std::string& view, const std::string& panel)>;
    ClassVisibility(PageOf page, PanelsOf panels, QObject* parent = nullptr);
    ~ClassVisibility() override;

    // The widgets `name` stands for in `view`: a panel's, or the controls with that object name.
    std::vector<QWidget*> widgets(const std::string& view, const std::string& name) const;
    // The innermost control or panel of `view` that `widget` lies in (the name a click on it
    // toggles); "" where there is none.
    std::string nameAt(const std::string& view, QWidget* widget) const;

    // Hides `hidden` in `view`, after putting back what the last call hid. A control the view
    // hides itself stays as the view has it. show(): everything back.
    void apply(const std::string& view, const std::vector<std::string>& hidden);
    void show() { apply({}, {}); }

    // The choosing mode: every control and panel of `view` stays in place, those in `hidden`
    // marked (a hatched card over each); a mouse press in the view toggles the name under it
    // (toggled) and reaches no control. setChoiceMarks() redraws the marks after an edit.
    void startChoosing(const std::string& view, const std::vector<std::string>& hidden,
                       std::function<void(const std::string& name)> toggled);
    void setChoiceMarks(const std::vector<std::string>& hidden);
    void stopChoosing();
    bool choosing() const { return !m_choosingView.empty(); }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Hidden {
        QPointer<QWidget> widget;
        QPointer<QFormLayout> form;  // the form whose row it is (label and field hidden), or null
    };
    void clearMarks();

    PageOf m_page;
    PanelsOf m_panels;
    std::vector<Hidden> m_hidden;
    std::string m_choosingView;
    std::function<void(const std::string&)> m_toggled;
    std::vector<QPointer<QWidget>> m_marks;
};

}  // namespace actlab::gui
