// ClassVisibility: a scene's hidden controls and panels, and the editor's mode of choosing them.
#include "class_visibility.h"

#include <QApplication>
#include <QFormLayout>
#include <QMouseEvent>
#include <QPainter>
#include <QWidget>
#include <algorithm>
#include <map>

#include "lessons/lesson.h"

namespace actlab::gui {
namespace {

bool isHighlight(const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

// The form layout that holds `widget` as a row's field (or spanning row), if any.
QFormLayout* formOf(QWidget* widget) {
    QWidget* parent = widget->parentWidget();
    if (!parent) return nullptr;
    for (QFormLayout* form : parent->findChildren<QFormLayout*>()) {
        int row = -1;
        QFormLayout::ItemRole role{};
        form->getWidgetPosition(widget, &row, &role);
        if (row >= 0 && role != QFormLayout::LabelRole) return form;
    }
    return nullptr;
}

// The mark over a control the class will not see, while the teacher chooses: a hatched,
// translucent card with an orange frame; the mouse goes through it to the filter.
class HiddenMark : public QWidget {
public:
    explicit HiddenMark(QWidget* target) : QWidget(target) {
        setObjectName(QStringLiteral("hiddenFromClassMark"));
        setAttribute(Qt::WA_TransparentForMouseEvents);
        setAttribute(Qt::WA_NoSystemBackground);
        setToolTip(ClassVisibility::tr("Hidden from the class"));
        keepOverParent(this);
    }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter painter(this);
        QColor fill = palette().color(QPalette::Window);
        fill.setAlpha(170);
        painter.fillRect(rect(), fill);
        painter.fillRect(rect(), QBrush(QColor(0xe8, 0xa0, 0x00, 150), Qt::BDiagPattern));
        painter.setPen(QPen(QColor(0xe8, 0xa0, 0x00), 2, Qt::DashLine));
        painter.drawRect(QRectF(rect()).adjusted(1, 1, -1, -1));
    }
};

// Follows its overlay's parent: the overlay over the whole of it, on top, as it resizes.
class OverParent : public QObject {
public:
    explicit OverParent(QWidget* overlay) : QObject(overlay), m_overlay(overlay) {
        overlay->parentWidget()->installEventFilter(this);
    }
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (watched == m_overlay->parentWidget() && event->type() == QEvent::Resize) {
            m_overlay->setGeometry(m_overlay->parentWidget()->rect());
            m_overlay->raise();
        }
        return false;
    }

private:
    QWidget* m_overlay;
};

}  // namespace

void keepOverParent(QWidget* overlay) {
    overlay->setGeometry(overlay->parentWidget()->rect());
    new OverParent(overlay);
    overlay->raise();
    overlay->show();
}

ClassVisibility::ClassVisibility(PageOf page, PanelsOf panels, QObject* parent)
    : QObject(parent), m_page(std::move(page)), m_panels(std::move(panels)) {}

ClassVisibility::~ClassVisibility() {
    if (choosing()) qApp->removeEventFilter(this);
}

std::vector<QWidget*> ClassVisibility::widgets(const std::string& view,
                                               const std::string& name) const {
    if (isHighlight(lessonHighlights(view), name)) return m_panels(view, name);
    QWidget* page = m_page(view);
    if (!page) return {};
    const QList<QWidget*> found = page->findChildren<QWidget*>(QString::fromStdString(name));
    return {found.begin(), found.end()};
}

std::string ClassVisibility::nameAt(const std::string& view, QWidget* widget) const {
    QWidget* page = m_page(view);
    if (!page || !widget || !(widget == page || page->isAncestorOf(widget))) return {};
    std::map<QWidget*, std::string> names;
    for (const std::string& name : lessonHideables(view))
        for (QWidget* w : widgets(view, name)) names.emplace(w, name);
    for (QWidget* w = widget; w && w != page; w = w->parentWidget()) {
        const auto it = names.find(w);
        if (it != names.end()) return it->second;
    }
    return {};
}

void ClassVisibility::apply(const std::string& view, const std::vector<std::string>& hidden) {
    for (const Hidden& h : m_hidden) {
        if (!h.widget) continue;
        if (h.form)
            h.form->setRowVisible(h.widget, true);
        else
            h.widget->show();
    }
    m_hidden.clear();
    for (const std::string& name : hidden)
        for (QWidget* w : widgets(view, name)) {
            QFormLayout* form = formOf(w);
            if (form && form->isRowVisible(w)) {
                form->setRowVisible(w, false);
                m_hidden.push_back({w, form});
            } else if (!form && !w->isHidden()) {
                w->hide();
                m_hidden.push_back({w, nullptr});
            }
        }
}

void ClassVisibility::startChoosing(const std::string& view, const std::vector<std::string>& hidden,
                                    std::function<void(const std::string&)> toggled) {
    stopChoosing();
    show();  // everything in place, so that a hidden one can be clicked back
    m_choosingView = view;
    m_toggled = std::move(toggled);
    qApp->installEventFilter(this);
    setChoiceMarks(hidden);
}

void ClassVisibility::setChoiceMarks(const std::vector<std::string>& hidden) {
    clearMarks();
    if (!choosing()) return;
    for (const std::string& name : hidden)
        for (QWidget* w : widgets(m_choosingView, name)) {
            m_marks.emplace_back(new HiddenMark(w));
            if (QFormLayout* form = formOf(w))
                if (QWidget* label = form->labelForField(w))
                    m_marks.emplace_back(new HiddenMark(label));
        }
}

void ClassVisibility::stopChoosing() {
    if (!choosing()) return;
    qApp->removeEventFilter(this);
    clearMarks();
    m_choosingView.clear();
    m_toggled = nullptr;
}

void ClassVisibility::clearMarks() {
    for (const QPointer<QWidget>& mark : m_marks) delete mark;
    m_marks.clear();
}

bool ClassVisibility::eventFilter(QObject* watched, QEvent* event) {
    const QEvent::Type type = event->type();
    if (type != QEvent::MouseButtonPress && type != QEvent::MouseButtonRelease &&
        type != QEvent::MouseButtonDblClick)
        return false;
    auto* widget = qobject_cast<QWidget*>(watched);
    QWidget* page = m_page(m_choosingView);
    if (!widget || !page || !(widget == page || page->isAncestorOf(widget))) return false;
    if (type == QEvent::MouseButtonPress &&
        static_cast<QMouseEvent*>(event)->button() == Qt::LeftButton) {
        const std::string name = nameAt(m_choosingView, widget);
        if (!name.empty() && m_toggled) m_toggled(name);
    }
    return true;  // while choosing, no click in the view acts on it
}

}  // namespace actlab::gui
