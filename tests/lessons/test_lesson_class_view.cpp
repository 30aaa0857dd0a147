// What the class sees (issue 28, as Playground's hideable controls): every name a lesson may hide
// is a widget of its view and every named setting can be hidden; a scene hides its controls and
// panels until the next scene puts them back; the editor's "choose what the class sees" mode
// toggles a control by a click on it, without changing it, one undo step each; a question covers
// several panels until its reveal.
#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QTemporaryDir>
#include <QUndoStack>
#include <algorithm>

#include "class_visibility.h"
#include "gui_test_support.h"
#include "lesson_class_view_box.h"
#include "lesson_editor.h"
#include "lesson_editor_panel.h"
#include "lesson_window.h"
#include "question_lessons.h"
#include "ui/attention/attention_controls.h"
#include "ui/attention/attention_view.h"
#include "ui/training/run_panel.h"
#include "ui/training/training_controls.h"
#include "ui/training/training_view.h"

namespace actlab {
namespace {

bool holds(const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

// The label of a form row's field, if it is one.
QWidget* formLabel(QWidget* field) {
    for (QFormLayout* form : field->parentWidget()->findChildren<QFormLayout*>())
        if (QWidget* label = form->labelForField(field)) return label;
    return nullptr;
}

class ClassViewWindow : public test::LessonWindow {
protected:
    QString write(const QString& text) {
        const QString path = m_dir.filePath(QStringLiteral("class.json"));
        QFile file(path);
        EXPECT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(text.toUtf8());
        return path;
    }
    QWidget* control(const char* name) const {
        return window->trainingView()->findChild<QWidget*>(QLatin1String(name));
    }
    QTemporaryDir m_dir;
};

// Two Training scenes: the first hides the learning rate, Play and the runs' panels; the second
// hides nothing.
const char* kHidingLesson = R"j({"format": "actlab-lesson", "version": 1,
  "title": {"en": "Hide", "zh_CN": "隐藏"}, "languages": ["en", "zh_CN"], "scenes": [
  {"title": {"en": "A", "zh_CN": "甲"}, "text": {"en": "a", "zh_CN": "甲"}, "view": "training",
   "preset": "dying-relu", "hide": ["learningRate", "play", "run"]},
  {"title": {"en": "B", "zh_CN": "乙"}, "text": {"en": "b", "zh_CN": "乙"}, "view": "training",
   "preset": "dying-relu"}]})j";

}  // namespace

// Every name lessonHideables() offers is a widget of its view, and every named setting of the
// Training and Attention panels can be hidden (itself or a hideable box it lies in), so that a
// lesson file and the window cannot drift apart.
TEST_F(ClassViewWindow, EveryHideableNameIsAWidgetOfItsView) {
    gui::ClassVisibility* visibility = lessons->visibility();
    for (const std::string& view : lessonViews())
        for (const std::string& name : lessonHideables(view))
            EXPECT_FALSE(visibility->widgets(view, name).empty()) << view << ": " << name;
    const std::pair<const char*, QWidget*> panels[] = {
        {"training", window->trainingView()->controls()},
        {"attention", window->attentionView()->controls()}};
    for (const auto& [view, panel] : panels)
        for (QWidget* w : panel->findChildren<QWidget*>()) {
            const QString name = w->objectName();
            const bool control = qobject_cast<QAbstractButton*>(w) ||
                                 qobject_cast<QAbstractSpinBox*>(w) ||
                                 qobject_cast<QComboBox*>(w) || qobject_cast<QLineEdit*>(w);
            // qt_… are a widget's own parts; a name with '.' or '/' a function's parameter
            if (!control || name.isEmpty() || name.startsWith(QLatin1String("qt_")) ||
                name.contains(u'.') || name.contains(u'/'))
                continue;
            bool hideable = false;
            for (QWidget* a = w; a && a != panel && !hideable; a = a->parentWidget())
                hideable = holds(lessonControls(view), a->objectName().toStdString());
            EXPECT_TRUE(hideable) << view << ": " << name.toStdString();
        }
}

TEST_F(ClassViewWindow, ASceneHidesItsControlsUntilTheNextScene) {
    QString error;
    ASSERT_TRUE(lessons->openAtScene(write(QString::fromUtf8(kHidingLesson)), 1, &error))
        << error.toStdString();
    QTest::qWait(100);
    QWidget* rate = control("learningRate");
    ASSERT_TRUE(rate);
    QWidget* rateLabel = formLabel(rate);
    ASSERT_TRUE(rateLabel);
    QWidget* runA = window->trainingView()->runPanel(0);
    EXPECT_FALSE(rate->isVisible());
    EXPECT_FALSE(rateLabel->isVisible());  // the whole row
    EXPECT_FALSE(control("play")->isVisible());
    EXPECT_FALSE(runA->isVisible());
    EXPECT_TRUE(control("step")->isVisible());  // not hidden: in place
    EXPECT_TRUE(control("optimizer")->isVisible());
    lessons->next();
    QTest::qWait(100);
    EXPECT_TRUE(rate->isVisible());
    EXPECT_TRUE(rateLabel->isVisible());
    EXPECT_TRUE(control("play")->isVisible());
    EXPECT_TRUE(runA->isVisible());
    EXPECT_FALSE(window->trainingView()->runPanel(1)->isVisible());  // the view's own: no run B
    lessons->previous();
    EXPECT_FALSE(rate->isVisible());
    lessons->close();
    EXPECT_TRUE(rate->isVisible());
    EXPECT_TRUE(control("play")->isVisible());
}

// Choosing by clicking: the click toggles the control under it in the scene (its value stays),
// the hidden ones are marked and named in the box, each toggle is one undo step, and Preview
// shows the scene without them.
TEST_F(ClassViewWindow, ChoosingByClickingTogglesAControl) {
    gui::LessonEditor* editor = window->lessonEditor();
    editor->setUnsavedQuestion([] { return gui::LessonEditor::UnsavedAnswer::Discard; });
    QString error;
    ASSERT_TRUE(editor->editFile(write(QString::fromUtf8(kHidingLesson)), &error))
        << error.toStdString();
    editor->selectScene(1);  // hides nothing
    gui::LessonClassViewBox* box = editor->panel()->classViewBox();
    EXPECT_EQ(box->hiddenLabel()->text(), QStringLiteral("The class sees every control."));
    box->chooseButton()->click();
    ASSERT_TRUE(editor->choosing());
    EXPECT_EQ(window->currentView(), QStringLiteral("training"));
    auto* rate = qobject_cast<QDoubleSpinBox*>(control("learningRate"));
    ASSERT_TRUE(rate);
    QTest::qWait(50);
    const double value = rate->value();
    const int steps = editor->undoStack()->count();
    QTest::mouseClick(rate->findChild<QLineEdit*>(), Qt::LeftButton);
    const auto hidden = [&] { return editor->lesson().scenes[1].hidden; };
    EXPECT_EQ(hidden(), std::vector<std::string>{"learningRate"});
    EXPECT_EQ(rate->value(), value);
    EXPECT_TRUE(rate->isVisible());  // in place while choosing, marked
    EXPECT_EQ(rate->findChildren<QWidget*>(QStringLiteral("hiddenFromClassMark")).size(), 1);
    EXPECT_EQ(box->hiddenLabel()->text(), QStringLiteral("Hidden from the class: Learning rate"));
    // A click in the neuron grid hides the innermost panel there: the grid, not the run.
    QWidget* grid = window->trainingView()->runPanel(0)->findChild<QWidget*>(
        QStringLiteral("neuronGridScroll"));
    ASSERT_TRUE(grid);
    QTest::mouseClick(grid, Qt::LeftButton, {}, QPoint(4, 4));
    EXPECT_EQ(hidden(), (std::vector<std::string>{"learningRate", "grid"}));
    if (const QByteArray dir = qgetenv("ACTLAB_EDITOR_SCREENSHOTS"); !dir.isEmpty())
        window->grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/choose-class-view.png"));
    QTest::mouseClick(rate->findChild<QLineEdit*>(), Qt::LeftButton);  // shown again
    EXPECT_EQ(hidden(), std::vector<std::string>{"grid"});
    EXPECT_TRUE(rate->findChildren<QWidget*>(QStringLiteral("hiddenFromClassMark")).empty());
    EXPECT_EQ(editor->undoStack()->count(), steps + 3);
    editor->undoStack()->undo();
    EXPECT_EQ(hidden(), (std::vector<std::string>{"learningRate", "grid"}));
    box->chooseButton()->click();
    EXPECT_FALSE(editor->choosing());
    EXPECT_TRUE(window->findChildren<QWidget*>(QStringLiteral("hiddenFromClassMark")).empty());
    editor->preview();
    QTest::qWait(100);
    EXPECT_FALSE(rate->isVisible());
    EXPECT_FALSE(grid->isVisible());
    if (const QByteArray dir = qgetenv("ACTLAB_EDITOR_SCREENSHOTS"); !dir.isEmpty())
        window->grab().save(QString::fromLocal8Bit(dir) +
                            QStringLiteral("/class-view-preview.png"));
    box->showEverythingButton()->click();
    EXPECT_TRUE(hidden().empty());
    // The saved lesson holds what was chosen, as the loader reads it.
    editor->undoStack()->undo();
    std::string problem;
    const auto saved = parseLesson(lessonToJson(editor->lesson()), "x.json", &problem);
    ASSERT_TRUE(saved) << problem;
    EXPECT_EQ(saved->scenes[1].hidden, (std::vector<std::string>{"learningRate", "grid"}));
}

// A question may cover several panels (both runs' grids and the charts) until the reveal.
TEST_F(ClassViewWindow, AQuestionCoversSeveralPanelsUntilTheReveal) {
    QString text = test::questionLesson();
    text.replace(QStringLiteral("\"question\":"),
                 QStringLiteral("\"cover\": [\"grid\", \"charts\"], \"question\":"));
    QString error;
    ASSERT_TRUE(lessons->openAtScene(write(text), 2, &error)) << error.toStdString();
    const auto covered = [&] {
        const std::vector<QWidget*> cards = lessons->coverCards();
        int grids = 0, charts = 0;
        for (QWidget* card : cards) {
            if (!card->isVisible()) return false;
            const QString parent = card->parentWidget()->objectName();
            grids += parent == QLatin1String("neuronGridScroll");
            charts += card->parentWidget()->inherits("actlab::ui::TrainingCharts");
        }
        return cards.size() == 3 && grids == 2 && charts == 1;
    };
    EXPECT_TRUE(test::waitFor(covered, 5000));
    ASSERT_TRUE(lessons->reveal());
    EXPECT_TRUE(lessons->coverCards().empty());
}

}  // namespace actlab
