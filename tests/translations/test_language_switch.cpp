// View → Language at run time (issue 9): the menus, the tab titles and the tooltips change to
// Chinese and back without a restart, a trained Training run keeps its step and weights exactly
// (and its replay timeline), and at 1280 × 720 in Chinese no main label or chart text is cut.
// `actlab --language` picks the language at start. With ACTLAB_LANGUAGE_SCREENSHOTS=DIR each
// zh_CN tab is saved there.
#include <gtest/gtest.h>

#include <QAction>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QGraphicsWidget>
#include <QMenuBar>
#include <QPushButton>
#include <QTabWidget>

#include "elided_text.h"
#include "gui_test_support.h"
#include "translations.h"
#include "ts_file.h"  // PrintTo(QString)
#include "ui/attention/attention_view.h"
#include "ui/training/training_view.h"
#include "window_at_size.h"

using namespace actlab;

namespace {

QStringList menuTitles(const QMainWindow& window) {
    QStringList titles;
    for (const QAction* action : window.menuBar()->actions()) titles << action->text();
    return titles;
}

QString tabTitle(const gui::MainWindow& window, int index) {
    return window.findChild<QTabWidget*>()->tabText(index);
}

class LanguageSwitch : public actlab::test::WindowAtSize {
protected:
    void TearDown() override {
        window.reset();
        gui::installLanguage(QStringLiteral("en"));
    }
};

}  // namespace

TEST_P(LanguageSwitch, MenusTabsAndTooltipsFollowAndTheRunIsKept) {
    ASSERT_TRUE(gui::installLanguage(QStringLiteral("en")));
    openWindow("training");
    ASSERT_TRUE(window->trainingView()->trainAndWait(40, 60000));
    const std::vector<std::string> trained = window->trainingView()->runStates();
    const std::vector<int> keyframes = window->trainingView()->keyframes().steps();
    const QString unsaved = window->unsavedWork();  // the trained run, not lost by a switch
    const QStringList english = menuTitles(*window);
    EXPECT_TRUE(english.contains(QStringLiteral("&File"))) << english.join(' ').toStdString();
    EXPECT_EQ(tabTitle(*window, 3), QStringLiteral("Training"));
    EXPECT_EQ(window->trainingView()->playButton()->toolTip(),
              QStringLiteral("Train continuously (Space)"));

    // Through the menu, as a user does: the switch waits for the menu to close.
    auto* chinese = window->findChild<QAction*>(QStringLiteral("language_zh_CN"));
    ASSERT_NE(chinese, nullptr);
    chinese->trigger();
    ASSERT_TRUE(waitFor([] { return gui::currentLanguage() == QLatin1String("zh_CN"); }, 5000));
    actlab::test::settle();
    const QStringList titles = menuTitles(*window);
    EXPECT_TRUE(titles.contains(QStringLiteral("文件(&F)"))) << titles.join(' ').toStdString();
    EXPECT_TRUE(titles.contains(QStringLiteral("视图(&V)")));
    EXPECT_TRUE(titles.contains(QStringLiteral("帮助(&H)")));
    EXPECT_EQ(tabTitle(*window, 3), QStringLiteral("训练"));
    EXPECT_EQ(window->trainingView()->playButton()->toolTip(),
              QStringLiteral("连续训练（空格键）"));
    EXPECT_EQ(window->currentView(), QStringLiteral("training"));
    ASSERT_TRUE(waitFor([&] { return window->trainingView()->currentStep() == 40; }, 10000));
    EXPECT_TRUE(window->trainingView()->runStates() == trained) << "the run changed";
    EXPECT_EQ(window->trainingView()->keyframes().steps(), keyframes) << "the timeline is kept";
    EXPECT_FALSE(window->unsavedWork().isEmpty()) << "was: " << unsaved.toStdString();
    auto* checked = window->findChild<QAction*>(QStringLiteral("language_zh_CN"));
    ASSERT_NE(checked, nullptr);
    EXPECT_TRUE(checked->isChecked());

    ASSERT_TRUE(window->setLanguage(QStringLiteral("en")));
    EXPECT_EQ(menuTitles(*window), english);
    EXPECT_EQ(tabTitle(*window, 3), QStringLiteral("Training"));
    EXPECT_EQ(window->trainingView()->playButton()->toolTip(),
              QStringLiteral("Train continuously (Space)"));
    ASSERT_TRUE(waitFor([&] { return window->trainingView()->currentStep() == 40; }, 10000));
    EXPECT_TRUE(window->trainingView()->runStates() == trained) << "the run changed";
    // It trains on from there.
    ASSERT_TRUE(window->trainingView()->trainAndWait(5, 60000));
    EXPECT_EQ(window->trainingView()->currentStep(), 45);
}

// Chinese takes other widths than English: every tab at 1280 × 720 shows its labels and chart
// texts whole.
TEST_P(LanguageSwitch, NothingIsCutInChinese) {
    ASSERT_TRUE(gui::installLanguage(QStringLiteral("zh_CN")));
    openWindow("explorer");
    for (const char* view : {"explorer", "gelu", "gated", "training", "attention"}) {
        ASSERT_TRUE(window->setCurrentView(view));
        actlab::test::settle();
        saveScreenshot("ACTLAB_LANGUAGE_SCREENSHOTS", QStringLiteral("zh_CN-%1").arg(view));
        const QStringList cut = actlab::test::elidedTexts(*window);
        EXPECT_TRUE(cut.isEmpty()) << view << ":\n" << cut.join(QLatin1Char('\n')).toStdString();
    }
}

INSTANTIATE_TEST_SUITE_P(Classroom, LanguageSwitch,
                         ::testing::Combine(::testing::Values(QSize(1280, 720)),
                                            ::testing::Values(false)),
                         actlab::test::windowSizeName);

TEST(LanguageOption, PicksTheLanguageOrRefusesAnUnknownOne) {
    const QString png = QDir::temp().filePath(QStringLiteral("actlab-language-test.png"));
    const auto ok = actlab::test::runGui(
        QStringLiteral(ACTLAB_GUI_BINARY),
        {QStringLiteral("--language"), QStringLiteral("zh_CN"), QStringLiteral("--screenshot"), png,
         QStringLiteral("--size"), QStringLiteral("640x480")},
        60000);
    EXPECT_EQ(ok.exitCode, 0) << ok.standardError.toStdString();
    EXPECT_FALSE(QImage(png).isNull());
    QFile::remove(png);
    const auto bad = actlab::test::runGui(
        QStringLiteral(ACTLAB_GUI_BINARY),
        {QStringLiteral("--language"), QStringLiteral("fr"), QStringLiteral("--screenshot"), png},
        60000);
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_TRUE(bad.standardError.contains(QStringLiteral("--language")))
        << bad.standardError.toStdString();
}
