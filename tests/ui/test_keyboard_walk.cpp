// Everything from the keyboard (issue 29): Tab reaches every control of every view (a control
// it never reaches fails, named), and a lesson walked with keys alone: Help → Lessons… (Alt+H,
// L), the browser's list, F5 to present, PgDn to step, Enter to reveal, Esc, Ctrl+S to save.
#include <gtest/gtest.h>

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QGraphicsView>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QRadioButton>
#include <QSet>
#include <QStatusBar>
#include <QTabBar>
#include <QTest>
#include <QTimer>
#include <functional>

#include "lesson_window.h"
#include "tests/ui/gui_test_support.h"
#include "ui/attention/attention_grid_view.h"
#include "ui/attention/attention_view.h"
#include "ui/charts/curve_chart.h"
#include "ui/common/audio_trace.h"
#include "ui/training/training_view.h"

namespace actlab::test {
namespace {

// A control Tab should reach: it takes focus by Tab, is shown (in the window, not scrolled
// away behind a hidden page), enabled, and has no focus proxy (Tab goes to the proxy).
bool tabbable(QWidget* widget, QWidget* window) {
    return (widget->focusPolicy() & Qt::TabFocus) && widget->isVisibleTo(window) &&
           widget->isEnabled() && !widget->focusProxy() && widget->window() == window;
}

QString describe(QWidget* widget) {
    QString text = QString::fromLatin1(widget->metaObject()->className());
    if (!widget->objectName().isEmpty()) text += " '" + widget->objectName() + "'";
    if (!widget->accessibleName().isEmpty()) text += " \"" + widget->accessibleName() + "\"";
    if (QWidget* parent = widget->parentWidget())
        text += " in " + QString::fromLatin1(parent->metaObject()->className());
    return text;
}

// Presses Tab from the first control until the focus comes back to it; the controls never
// focused on the way, and any that keeps Tab to itself.
QStringList unreachedByTab(QWidget* window) {
    QList<QWidget*> controls;
    for (QWidget* widget : window->findChildren<QWidget*>())
        if (tabbable(widget, window)) controls << widget;
    if (controls.isEmpty()) return {QStringLiteral("no control to reach")};
    QWidget* first = controls.front();
    first->setFocus(Qt::TabFocusReason);
    waitFor([&] { return first->hasFocus(); }, 1000);
    QSet<QWidget*> reached{QApplication::focusWidget()};
    QStringList problems;
    for (int press = 0; press < 3 * controls.size() + 20; ++press) {
        QWidget* before = QApplication::focusWidget();
        if (!before) return {QStringLiteral("the focus left the window")};
        QTest::keyClick(before, Qt::Key_Tab);
        QWidget* now = QApplication::focusWidget();
        if (now == before) {
            problems << "Tab stays in " + describe(before);
            break;
        }
        if (now == first) break;
        reached.insert(now);
    }
    // Tab reaches the checked button of a group of radio buttons; the arrows choose the others.
    const auto groupReached = [&](QWidget* control) {
        auto* radio = qobject_cast<QRadioButton*>(control);
        if (!radio || !radio->autoExclusive()) return false;
        for (QRadioButton* sibling : radio->parentWidget()->findChildren<QRadioButton*>(
                 QString(), Qt::FindDirectChildrenOnly))
            if (reached.contains(sibling)) return true;
        return false;
    };
    for (QWidget* control : controls)
        if (!reached.contains(control) && !groupReached(control) && control->isVisibleTo(window))
            problems << "not reached: " + describe(control);
    return problems;
}

class KeyboardWalk : public LessonWindow {};

TEST_F(KeyboardWalk, TabReachesEveryControlOfEachView) {
    for (const char* name : {"explorer", "gelu", "gated", "training", "attention"}) {
        ASSERT_TRUE(window->setCurrentView(QString::fromLatin1(name)));
        QApplication::processEvents();
        const QStringList problems = unreachedByTab(window.get());
        EXPECT_TRUE(problems.isEmpty()) << name << ":\n  " << qPrintable(problems.join("\n  "));
    }
}

// Runs `act` on the modal dialog once it is up (a dialog's exec() blocks the key press that
// opened it); the dialog is found by type.
template <class Dialog>
void whenModal(std::function<void(Dialog*)> act, bool* done) {
    auto* timer = new QTimer();
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, [timer, act, done] {
        if (auto* dialog = qobject_cast<Dialog*>(QApplication::activeModalWidget())) {
            timer->stop();
            timer->deleteLater();
            *done = true;
            act(dialog);
        }
    });
    timer->start();
}

TEST_F(KeyboardWalk, ALessonOpenedPresentedSteppedRevealedAndSavedWithKeysAlone) {
    ASSERT_TRUE(gui::LessonController::builtInNames().contains("predict-reveal"));
    // Help → Lessons…: the browser's list, End and Up to "predict-reveal", Enter opens it.
    bool browsed = false;
    whenModal<QDialog>(
        [](QDialog* dialog) {
            // Keys to the list (the dialog's first control; offscreen, without a window
            // manager, the dialog may not be made active to give it the focus itself).
            auto* list = dialog->findChild<QListWidget*>("lessonList");
            if (!list) return dialog->reject();
            QTest::keyClick(list, Qt::Key_End);
            QTest::keyClick(list, Qt::Key_Up);
            QTest::keyClick(list, Qt::Key_Return);
            if (dialog->isVisible()) dialog->reject();  // never left hanging
        },
        &browsed);
    QTest::keyClick(window.get(), Qt::Key_H, Qt::AltModifier);
    ASSERT_TRUE(
        waitFor([] { return qobject_cast<QMenu*>(QApplication::activePopupWidget()); }, 2000));
    QTest::keyClick(QApplication::activePopupWidget(), Qt::Key_L);
    ASSERT_TRUE(waitFor([&] { return lessons->isOpen(); }, 5000)) << "browsed: " << browsed;
    EXPECT_EQ(lessons->fileName(), "predict-reveal.json") << qPrintable(lessons->fileName());
    // The offscreen platform has no window manager to give the window back its activation
    // when the dialog closes (shortcuts need an active window); a desktop does this itself.
    window->activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(window.get()));

    QTest::keyClick(window.get(), Qt::Key_F5);
    ASSERT_TRUE(waitFor([&] { return window->presenting(); }, 2000));
    ASSERT_GT(lessons->sceneCount(), 1);
    QTest::keyClick(window.get(), Qt::Key_PageDown);  // step on
    EXPECT_EQ(lessons->sceneIndex(), 1);
    while (!lessons->question() && lessons->sceneIndex() + 1 < lessons->sceneCount())
        QTest::keyClick(window.get(), Qt::Key_PageDown);
    while (!lessons->question() && lessons->sceneIndex() > 0)  // back to the first question
        QTest::keyClick(window.get(), Qt::Key_PageUp);
    ASSERT_NE(lessons->question(), nullptr) << "a scene with a question";
    EXPECT_FALSE(lessons->revealed());
    QTest::keyClick(window.get(), Qt::Key_Return);
    EXPECT_TRUE(lessons->revealed());
    QTest::keyClick(window.get(), Qt::Key_Escape);
    ASSERT_TRUE(waitFor([&] { return !window->presenting(); }, 2000));

    // The file dialog opens in the session folder; a plain file name is saved there (a typed
    // path would meet the name field's completion list, which takes keys as they come).
    QString path;
    bool saved = false;
    whenModal<QFileDialog>(
        [&path](QFileDialog* dialog) {
            auto* field = dialog->findChild<QLineEdit*>("fileNameEdit");
            if (!field) return dialog->reject();
            const QString name =
                QStringLiteral("walked-%1.actlab").arg(QCoreApplication::applicationPid());
            path = QDir(dialog->directory()).filePath(name);
            QFile::remove(path);
            QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);  // over the suggested name
            QTest::keyClicks(field, name);
            QTest::keyClick(field, Qt::Key_Return);
            EXPECT_FALSE(dialog->isVisible()) << qPrintable(field->text());
            if (dialog->isVisible()) dialog->reject();
        },
        &saved);
    QTest::keyClick(window.get(), Qt::Key_S, Qt::ControlModifier);
    ASSERT_TRUE(waitFor([&] { return !path.isEmpty() && QFile::exists(path); }, 5000))
        << "dialog: " << saved << " " << qPrintable(path);
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_TRUE(file.readAll().contains("predict-reveal")) << "the session holds the lesson";
    file.close();
    QFile::remove(path);
}

// View → Play curve as sound (Ctrl+Shift+P): the focused chart's curve, core's samples of it;
// without a focused chart, or without a sound output, the status bar says so.
TEST_F(KeyboardWalk, CtrlShiftPPlaysTheFocusedChartOrSaysWhatIsMissing) {
    ASSERT_TRUE(window->setCurrentView("explorer"));
    auto* tabs = window->findChild<QTabBar*>();
    ASSERT_NE(tabs, nullptr);
    tabs->setFocus();
    QTest::keyClick(window.get(), Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_TRUE(window->statusBar()->currentMessage().startsWith("Move the focus to a chart"))
        << qPrintable(window->statusBar()->currentMessage());
    ui::CurveChart* chart = nullptr;
    for (auto* candidate : window->findChildren<ui::CurveChart*>())
        if (candidate->isVisible() && !candidate->soundCurve().isEmpty()) chart = candidate;
    ASSERT_NE(chart, nullptr);
    auto* view = chart->findChild<QGraphicsView*>();
    view->setFocus();
    ASSERT_TRUE(waitFor([&] { return view->hasFocus(); }, 2000));
    QTest::keyClick(view, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
    const QString said = window->statusBar()->currentMessage();
    EXPECT_TRUE(said.startsWith("Playing") || said.startsWith("No sound output"))
        << qPrintable(said);
    EXPECT_FALSE(ui::lastAudioTrace().empty());
    EXPECT_EQ(ui::lastAudioTrace(), chart->curveSound());
}

// A focused map or chart takes its cursor keys before the lab's shortcuts: → moves the cursor
// and does not step the run, R on a chart resets the chart, not the run; with the focus
// elsewhere → steps the run as before.
TEST_F(KeyboardWalk, AFocusedMapOrChartKeepsItsKeysFromTheLabsShortcuts) {
    ASSERT_TRUE(window->setCurrentView("attention"));
    ui::AttentionView* lab = window->attentionView();
    ASSERT_TRUE(lab->trainAndWait(3, 60000));
    ui::AttentionGridView* map = lab->grid();
    map->setFocus(Qt::TabFocusReason);
    ASSERT_TRUE(waitFor([&] { return map->hasFocus(); }, 2000));
    QTest::keyClick(map, Qt::Key_Right);  // shows the cursor
    QTest::keyClick(map, Qt::Key_Right);
    QTest::keyClick(map, Qt::Key_Down);
    QTest::qWait(500);  // a step, had one been asked for, is drawn by then
    EXPECT_EQ(lab->currentStep(), 3) << "the arrows went to the lab's Step";
    ASSERT_TRUE(map->cursorCell().has_value());
    EXPECT_EQ(map->cursorCell()->key, 1);
    EXPECT_EQ(map->cursorCell()->query, 1);
    EXPECT_EQ(lab->readoutText(), map->cursorReading()) << "the reading is shown, not only said";

    ASSERT_TRUE(window->setCurrentView("training"));
    ui::TrainingView* training = window->trainingView();
    ASSERT_TRUE(training->trainAndWait(4, 60000));
    ui::CurveChart* chart = nullptr;
    for (auto* candidate : training->findChildren<ui::CurveChart*>())
        if (candidate->isVisible()) chart = candidate;
    ASSERT_NE(chart, nullptr);
    auto* view = chart->findChild<QGraphicsView*>();
    view->setFocus(Qt::TabFocusReason);
    ASSERT_TRUE(waitFor([&] { return view->hasFocus(); }, 2000));
    QTest::keyClick(view, Qt::Key_Right);
    QTest::keyClick(view, Qt::Key_R);
    QTest::qWait(500);
    EXPECT_EQ(training->currentStep(), 4) << "→ or R on a chart reached the lab's Step or Reset";
    EXPECT_FALSE(chart->cursorReading().isEmpty());

    QWidget* button = nullptr;  // a push button of the lab: it has no use for →
    for (auto* candidate : training->findChildren<QPushButton*>())
        if (candidate->isVisible() && candidate->isEnabled()) button = candidate;
    ASSERT_NE(button, nullptr);
    button->setFocus(Qt::TabFocusReason);
    ASSERT_TRUE(waitFor([&] { return button->hasFocus(); }, 2000));
    QTest::keyClick(button, Qt::Key_Right);
    EXPECT_TRUE(waitFor([&] { return training->currentStep() > 4; }, 20000))
        << "→ steps the run when no chart or map has the focus; at " << training->currentStep();
}

}  // namespace
}  // namespace actlab::test
