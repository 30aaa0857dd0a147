// Presentation on two screens (issue 28), on Qt's offscreen platform with a laptop and a
// projector (fixtures/two_screens.json): the projector is asked once and remembered; the view
// fills the projector, alone; the presenter window on the laptop shows the scene, the next
// title, the clock and the elapsed time, and its Next / Step / Play / Reset act on the projected
// view; leaving puts the window and the lesson panel back. With ACTLAB_PRESENTER_SCREENSHOTS=DIR
// both windows are saved there as PNGs.
#include <gtest/gtest.h>

#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QGuiApplication>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QTest>
#include <QTextBrowser>
#include <memory>

#include "backends/backend_factory.h"
#include "gui_test_support.h"
#include "lesson_controller.h"
#include "main_window.h"
#include "presenter_window.h"
#include "question_lessons.h"
#include "ui/training/training_controller.h"
#include "ui/training/training_view.h"

using namespace actlab;

namespace {

// Before the shared main makes the QApplication: two screens for the offscreen platform.
const bool kTwoScreens = [] {
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" ACTLAB_TWO_SCREENS);
    return true;
}();

class PresenterView : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(kTwoScreens);
        ASSERT_EQ(QGuiApplication::screens().size(), 2) << "the fixture's two screens";
        QSettings().remove(QStringLiteral("presentation/projector"));
        m_selection = createBackend(BackendChoice::Cpu);
        window = std::make_unique<gui::MainWindow>(*m_selection.backend,
                                                   QString::fromStdString(m_selection.reason));
        window->setQuitQuestion(
            [](const QString&) { return gui::MainWindow::QuitAnswer::Discard; });
        window->twoScreens()->setProjectorQuestion([this](const QStringList& names, int) {
            ++asked;
            EXPECT_EQ(names, QStringList({"laptop", "projector"}));
            return QStringLiteral("projector");
        });
        window->resize(1200, 700);
        window->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(window.get()));
    }
    void save(QWidget* widget, const QString& name) const {
        const QString dir = qEnvironmentVariable("ACTLAB_PRESENTER_SCREENSHOTS");
        if (!dir.isEmpty()) widget->grab().save(QDir(dir).filePath(name));
    }

    BackendSelection m_selection;
    std::unique_ptr<gui::MainWindow> window;
    int asked = 0;
};

QScreen* screenNamed(const QString& name) {
    for (QScreen* screen : QGuiApplication::screens())
        if (screen->name() == name) return screen;
    return nullptr;
}

TEST_F(PresenterView, TheViewFillsTheProjectorAndThePresenterDrivesIt) {
    gui::LessonController* lessons = window->lessons();
    ASSERT_TRUE(lessons->openAtScene(QStringLiteral("dying-relu"), 2, nullptr));
    ASSERT_TRUE(lessons->waitForPretraining(60000));
    const QRect before = window->geometry();
    window->setPresentation(true);
    EXPECT_EQ(asked, 1);
    EXPECT_EQ(QSettings().value(QStringLiteral("presentation/projector")).toString(),
              QStringLiteral("projector"));
    ASSERT_TRUE(test::waitFor([&] { return window->isFullScreen(); }, 5000));
    EXPECT_EQ(window->screen()->name(), QStringLiteral("projector"));
    EXPECT_EQ(window->geometry(), screenNamed(QStringLiteral("projector"))->geometry());
    EXPECT_FALSE(lessons->dock()->isVisible()) << "the view alone on the projector";

    gui::PresenterWindow* presenter = window->twoScreens()->presenter();
    ASSERT_NE(presenter, nullptr);
    ASSERT_TRUE(QTest::qWaitForWindowExposed(presenter));
    EXPECT_EQ(presenter->screen()->name(), QStringLiteral("laptop"));
    const QRect frame = presenter->frameGeometry();
    EXPECT_TRUE(screenNamed(QStringLiteral("laptop"))->geometry().contains(frame))
        << frame.x() << "," << frame.y() << " " << frame.width() << "x" << frame.height();
    EXPECT_GT(frame.width(), 1000) << "the presenter takes the laptop's screen";
    EXPECT_EQ(presenter->sceneTitle()->text(), lessons->sceneTitle(1));
    EXPECT_TRUE(presenter->text()->toPlainText().contains(QStringLiteral("crossed cell")));
    EXPECT_EQ(presenter->nextTitle()->text(), QStringLiteral("Next: ") + lessons->sceneTitle(2));
    EXPECT_TRUE(presenter->clock()->text().contains(QLatin1Char(':')));
    EXPECT_TRUE(presenter->elapsed()->text().startsWith(QStringLiteral("0:00:0")));

    // Step, Play and Reset act on the projected Training view.
    ui::TrainingView* training = window->trainingView();
    ASSERT_TRUE(test::waitFor([&] { return presenter->button("step")->isEnabled(); }, 5000));
    presenter->button("step")->click();
    EXPECT_TRUE(test::waitFor([&] { return training->currentStep() > 0; }, 10000))
        << training->currentStep() << " " << presenter->button("step")->isEnabled();
    const int stepped = training->currentStep();
    test::waitFor([] { return false; }, 300);
    EXPECT_EQ(training->currentStep(), stepped) << "Step trains and stops";
    presenter->button("play")->click();
    EXPECT_TRUE(test::waitFor([&] { return training->currentStep() > 5; }, 10000));
    EXPECT_TRUE(test::waitFor([&] { return presenter->button("play")->text() == "Pause"; }, 2000));
    presenter->button("play")->click();
    EXPECT_TRUE(test::waitFor([&] { return !training->controller()->isPlaying(); }, 5000));
    presenter->button("reset")->click();
    EXPECT_TRUE(test::waitFor([&] { return training->currentStep() == 0; }, 10000));

    // Next goes on in the lesson; the presenter follows, the panel stays hidden.
    presenter->button("next")->click();
    EXPECT_EQ(lessons->sceneIndex(), 2);
    EXPECT_EQ(presenter->sceneTitle()->text(), lessons->sceneTitle(2));
    EXPECT_FALSE(lessons->dock()->isVisible());
    ASSERT_TRUE(lessons->waitForPretraining(60000));
    test::waitFor([] { return false; }, 600);  // the pictures and the figures settle
    save(window.get(), QStringLiteral("projector.png"));
    save(presenter, QStringLiteral("presenter.png"));

    // Leaving: the presenter closes, the window and the lesson panel come back.
    presenter->button("end")->click();
    EXPECT_FALSE(window->presenting());
    EXPECT_FALSE(presenter->isVisible());
    EXPECT_TRUE(test::waitFor([&] { return !window->isFullScreen(); }, 5000));
    EXPECT_TRUE(lessons->dock()->isVisible());
    EXPECT_EQ(window->geometry(), before);

    // The projector is remembered: the second presentation does not ask.
    window->setPresentation(true);
    EXPECT_EQ(asked, 1);
    EXPECT_TRUE(presenter->isVisible());
    window->setPresentation(false);
}

// A projector that is not there (another room): asked again.
// A scene's question on two screens: the presenter shows it with Reveal (Enter), which trains the
// projected runs and shows the answer there and on the presenter.
TEST_F(PresenterView, ThePresenterRevealsTheQuestion) {
    gui::LessonController* lessons = window->lessons();
    const QString path = QDir::temp().filePath(QStringLiteral("actlab-presenter-question.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(test::questionLesson().toUtf8());
    file.close();
    ASSERT_TRUE(lessons->openAtScene(path, 2, nullptr));
    window->setPresentation(true);
    gui::PresenterWindow* presenter = window->twoScreens()->presenter();
    ASSERT_NE(presenter, nullptr);
    ASSERT_TRUE(QTest::qWaitForWindowExposed(presenter));
    EXPECT_TRUE(presenter->text()->toPlainText().contains(QStringLiteral("Predict first")));
    // The speaker notes: on the presenter, nowhere in the projected window.
    const QString notes = QStringLiteral("Wait for every hand before the reveal.");
    EXPECT_EQ(presenter->notes()->toPlainText(), notes);
    EXPECT_TRUE(presenter->notes()->isVisible());
    EXPECT_FALSE(presenter->text()->toPlainText().contains(notes));
    for (const QTextEdit* text : window->findChildren<QTextEdit*>())
        EXPECT_FALSE(text->toPlainText().contains(notes)) << text->objectName().toStdString();
    for (const QPlainTextEdit* text : window->findChildren<QPlainTextEdit*>())
        EXPECT_FALSE(text->toPlainText().contains(notes)) << text->objectName().toStdString();
    QPushButton* reveal = presenter->button("reveal");
    ASSERT_TRUE(reveal->isEnabled());
    reveal->click();
    EXPECT_FALSE(reveal->isEnabled());
    ASSERT_TRUE(test::waitFor([&] { return lessons->outcome().has_value(); }, 60000));
    EXPECT_EQ(window->trainingView()->currentStep(), 1500);
    EXPECT_TRUE(presenter->text()->toPlainText().contains(QStringLiteral("The answer: A (ReLU).")));
    save(presenter, QStringLiteral("presenter-question.png"));
    save(window.get(), QStringLiteral("projector-question.png"));
    window->setPresentation(false);
    QFile::remove(path);
}

TEST_F(PresenterView, AProjectorThatIsNotThereIsAskedAgain) {
    QSettings().setValue(QStringLiteral("presentation/projector"), QStringLiteral("HDMI-9"));
    window->setPresentation(true);
    EXPECT_EQ(asked, 1);
    EXPECT_EQ(window->screen()->name(), QStringLiteral("projector"));
    window->setPresentation(false);
}

}  // namespace
