// LessonClassViewBox: covered panels and hidden controls of the editor's current scene.
#include "lesson_class_view_box.h"

#include <QAbstractButton>
#include <QFormLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>

#include "class_visibility.h"
#include "lesson_controller.h"
#include "lesson_editor.h"
#include "lesson_editor_panel.h"
#include "lessons/lesson.h"
#include "main_window.h"

namespace actlab::gui {
namespace {

bool holds(const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

// The text a control shows the user: its form row's label, a button's text, else its name for
// assistive technology; "" when it has none.
QString controlText(QWidget* widget) {
    QString text;
    if (QWidget* parent = widget->parentWidget())
        for (QFormLayout* form : parent->findChildren<QFormLayout*>())
            if (auto* label = qobject_cast<QLabel*>(form->labelForField(widget)))
                text = label->text();
    if (text.isEmpty())
        if (auto* button = qobject_cast<QAbstractButton*>(widget)) text = button->text();
    if (text.isEmpty()) text = widget->accessibleName();
    return text.remove(u'&').remove(QRegularExpression(QStringLiteral(":$"))).trimmed();
}

}  // namespace

LessonClassViewBox::LessonClassViewBox(LessonEditor& editor, QWidget* parent)
    : QWidget(parent), m_editor(editor) {
    setObjectName(QStringLiteral("classViewBox"));
    auto* coverLabel = new QLabel(tr("&Cover until Reveal:"), this);
    m_covers = new QListWidget(this);
    m_covers->setObjectName(QStringLiteral("sceneCovers"));
    m_covers->setAccessibleName(tr("Panels covered until Reveal"));
    m_covers->setToolTip(
        tr("Panels that would give the question's answer away: the class sees "
           "\"Answer hidden until Reveal\" in their place until you reveal"));
    m_covers->setMaximumHeight(m_covers->fontMetrics().height() * 6);
    coverLabel->setBuddy(m_covers);
    connect(m_covers, &QListWidget::itemChanged, this, &LessonClassViewBox::coversEdited);

    m_choose = new QPushButton(tr("Choose &what the class sees"), this);
    m_choose->setObjectName(QStringLiteral("chooseClassView"));
    m_choose->setCheckable(true);
    m_choose->setAccessibleName(tr("Choose what the class sees"));
    m_choose->setToolTip(
        tr("While on, a click on a control or panel of the view hides it from "
           "the class (it is marked) or shows it again; nothing in the view "
           "changes otherwise"));
    connect(m_choose, &QPushButton::toggled, &m_editor, &LessonEditor::setChoosing);
    m_hiddenText = new QLabel(this);
    m_hiddenText->setObjectName(QStringLiteral("hiddenFromClass"));
    m_hiddenText->setWordWrap(true);
    m_showAll = new QPushButton(tr("Show everything"), this);
    m_showAll->setObjectName(QStringLiteral("showEverything"));
    m_showAll->setAccessibleName(tr("Show every control to the class"));
    connect(m_showAll, &QPushButton::clicked, &m_editor, &LessonEditor::showEverything);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(coverLabel);
    layout->addWidget(m_covers);
    layout->addWidget(m_choose);
    layout->addWidget(m_hiddenText);
    layout->addWidget(m_showAll);
}

QString LessonClassViewBox::hideableName(const std::string& view, const std::string& name) const {
    if (holds(lessonHighlights(view), name)) return lessonPanelName(name);
    ClassVisibility* visibility = m_editor.window().lessons()->visibility();
    for (QWidget* widget : visibility->widgets(view, name)) {
        const QString text = controlText(widget);
        if (!text.isEmpty()) return text;
    }
    return QString::fromStdString(name);
}

void LessonClassViewBox::refresh(const LessonScene& scene) {
    m_refreshing = true;
    m_covers->clear();
    for (const std::string& panel : lessonHighlights(scene.view)) {
        auto* item = new QListWidgetItem(lessonPanelName(panel), m_covers);
        item->setData(Qt::UserRole, QString::fromStdString(panel));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(holds(scene.covers, panel) ? Qt::Checked : Qt::Unchecked);
    }
    m_covers->setEnabled(scene.question.has_value());  // covered until the question's reveal
    m_refreshing = false;
    {
        const QSignalBlocker block(m_choose);
        m_choose->setChecked(m_editor.choosing());
    }
    QStringList names;
    for (const std::string& name : scene.hidden) names << hideableName(scene.view, name);
    m_hiddenText->setText(names.isEmpty()
                              ? tr("The class sees every control.")
                              : tr("Hidden from the class: %1").arg(names.join(tr(", "))));
    m_showAll->setEnabled(!scene.hidden.empty());
}

void LessonClassViewBox::coversEdited() {
    if (m_refreshing) return;
    std::vector<std::string> covers;
    for (int i = 0; i < m_covers->count(); ++i)
        if (m_covers->item(i)->checkState() == Qt::Checked)
            covers.push_back(m_covers->item(i)->data(Qt::UserRole).toString().toStdString());
    m_editor.setCovers(covers);
}

}  // namespace actlab::gui
