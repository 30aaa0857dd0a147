// Questions in the window (issue 28, "predict, then reveal"): a scene with a question holds back
// its pre-training; the teacher types the hands; Enter (or Reveal) trains the runs, measures the
// question's figures and marks the right choice with the measured values and the hands; a
// question two choices answer says so; a session keeps the reveal and the hands.
#include <gtest/gtest.h>

#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <algorithm>
#include <memory>

#include "backends/backend_factory.h"
#include "gui_test_support.h"
#include "lesson_controller.h"
#include "lesson_window.h"
#include "main_window.h"
#include "question_lessons.h"
#include "ui/lessons/lesson_panel.h"
#include "ui/training/training_controller.h"
#include "ui/training/training_view.h"

using namespace actlab;

namespace {

class RevealWindow : public test::LessonWindow {
protected:
    // Opens `text` as a lesson file at its second scene (the question's).
    void openQuestion(const QString& text) {
        const QString path = m_dir.filePath(QStringLiteral("question.json"));
        QFile file(path);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(text.toUtf8());
        file.close();
        QString error;
        ASSERT_TRUE(lessons->openAtScene(path, 2, &error)) << error.toStdString();
    }
    QTemporaryDir m_dir;
};

TEST_F(RevealWindow, EnterTrainsMeasuresAndMarksTheAnswerWithTheHands) {
    openQuestion(test::questionLesson());
    ui::TrainingView* training = window->trainingView();
    QTest::qWait(300);
    // Held back: the runs stand at step 0, the panel asks and offers Reveal.
    EXPECT_LE(training->currentStep(), 0);
    EXPECT_FALSE(training->controller()->isPlaying());
    EXPECT_TRUE(panelText().contains(QStringLiteral("will more units be dead")));
    EXPECT_TRUE(panelText().contains(QStringLiteral("Predict first")));
    EXPECT_FALSE(panelText().contains(QStringLiteral("The answer")));
    ui::LessonPanel* panel = lessons->panel();
    ASSERT_TRUE(panel->revealButton()->isVisible());
    EXPECT_TRUE(panel->revealButton()->isEnabled());
    ASSERT_NE(panel->tallyBox(1), nullptr);
    panel->tallyBox(0)->setValue(12);
    panel->tallyBox(1)->setValue(7);
    EXPECT_EQ(lessons->tallies(), (std::vector<int>{12, 7}));

    window->setFocus();
    QTest::keyClick(window.get(), Qt::Key_Return);
    EXPECT_TRUE(lessons->revealed());
    EXPECT_FALSE(panel->revealButton()->isEnabled());
    ASSERT_TRUE(test::waitFor([&] { return lessons->outcome().has_value(); }, 60000));
    EXPECT_EQ(training->currentStep(), 1500);
    EXPECT_EQ(lessons->outcome()->right, std::vector<int>{0});
    const QString text = panelText();
    EXPECT_TRUE(text.contains(QStringLiteral("The answer: A (ReLU)."))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("dead_fraction(a) = "))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("dead_fraction(b) = ")));
    EXPECT_TRUE(text.contains(QStringLiteral("ReLU — hands: 12")));
    EXPECT_TRUE(text.contains(QStringLiteral("Leaky ReLU — hands: 7")));
    EXPECT_FALSE(lessons->reveal());  // once

    // A session keeps the reveal, the hands and what was measured.
    const QJsonObject state = window->sessionState();
    auto other = makeWindow();
    other->restoreSessionState(state);
    ASSERT_TRUE(other->lessons()->revealed());
    ASSERT_TRUE(other->lessons()->outcome());
    EXPECT_EQ(other->lessons()->outcome()->right, std::vector<int>{0});
    EXPECT_EQ(other->lessons()->tallies(), (std::vector<int>{12, 7}));
    EXPECT_TRUE(other->lessons()->panel()->textBrowser()->toPlainText().contains(
        QStringLiteral("The answer: A (ReLU).")));
}

// Two choices hold: the reveal says so instead of marking one; the Reveal button reveals too.
TEST_F(RevealWindow, AQuestionTwoChoicesAnswerSaysSo) {
    openQuestion(test::questionLesson(R"j({"text": {"en": "?", "zh_CN": "？"}, "choices": [
        {"text": {"en": "some die with ReLU", "zh_CN": "甲"}, "when": "dead_fraction(a) >= 0"},
        {"text": {"en": "some die with Leaky", "zh_CN": "乙"}, "when": "dead_fraction(b) >= 0"}]})j"));
    lessons->panel()->revealButton()->click();
    ASSERT_TRUE(test::waitFor([&] { return lessons->outcome().has_value(); }, 60000));
    EXPECT_EQ(lessons->outcome()->right, (std::vector<int>{0, 1}));
    EXPECT_TRUE(panelText().contains(QStringLiteral("Choices A, B all hold")));
    EXPECT_FALSE(panelText().contains(QStringLiteral("✓")));
}

// A number question takes the class's guesses (typed in the answer's unit, here percent): the
// panel lists them, the reveal marks those within the tolerance of what was measured and counts
// them, a guess that cannot be read is named, and a session keeps them.
TEST_F(RevealWindow, ANumberQuestionTakesTheClassGuesses) {
    openQuestion(test::questionLesson(R"j({"text": {"en": "How many die?", "zh_CN": "多少？"},
        "answer": "dead_fraction(a)", "tolerance": 0.1, "format": "percent", "digits": 0})j"));
    ui::LessonPanel* panel = lessons->panel();
    QLineEdit* field = panel->guessesField();
    ASSERT_TRUE(field->isVisible());
    EXPECT_EQ(panel->tallyBox(0), nullptr);  // no choices, no hands
    field->setFocus();
    QTest::keyClicks(field, QStringLiteral("10, 4o"));
    QTest::keyClick(field, Qt::Key_Return);
    EXPECT_FALSE(lessons->revealed());  // Enter in the field is the field's
    EXPECT_TRUE(panelText().contains(QStringLiteral("could not be read: '4o' is not a number")));
    ASSERT_TRUE(lessons->reveal());
    ASSERT_TRUE(test::waitFor([&] { return lessons->outcome().has_value(); }, 60000));
    const double answer = *lessons->outcome()->answer;
    // one guess on the answer, one 30 points off, one at 0
    const int near = int(std::lround(answer * 100));
    const int far = near >= 50 ? near - 30 : near + 30;
    ASSERT_TRUE(lessons->setGuesses(QStringLiteral("%1, %2, 0").arg(near).arg(far)));
    EXPECT_EQ(lessons->guesses().size(), 3u);
    EXPECT_NEAR(lessons->guesses()[0], near / 100.0, 1e-12);
    EXPECT_TRUE(panelText().contains(
        QStringLiteral("The class guessed: %1% ✓, %2%, 0%").arg(near).arg(far)))
        << panelText().toStdString();
    const int within = 1 + (answer <= 0.1);
    EXPECT_TRUE(
        panelText().contains(QStringLiteral("%1 of the class's guesses within it").arg(within)));
    // A session keeps them.
    const QJsonObject state = window->sessionState();
    std::unique_ptr<gui::MainWindow> other = makeWindow();
    other->restoreSessionState(state);
    EXPECT_EQ(other->lessons()->guesses(), lessons->guesses());
    EXPECT_EQ(other->lessons()->panel()->guessesField()->text(), field->text());
}

// Going to another scene and back asks again: the question is held back anew.
TEST_F(RevealWindow, ComingBackToTheSceneAsksAgain) {
    openQuestion(test::questionLesson());
    ASSERT_TRUE(lessons->reveal());
    ASSERT_TRUE(lessons->goToScene(0));
    EXPECT_FALSE(lessons->revealAction()->isEnabled());  // no question on this scene
    ASSERT_TRUE(lessons->goToScene(1));
    EXPECT_FALSE(lessons->revealed());
    EXPECT_TRUE(lessons->revealAction()->isEnabled());
    EXPECT_LE(window->trainingView()->currentStep(), 0);
}

// The panel a scene covers (issue 28): both runs' neuron grids under a card until the reveal, bare
// after it, covered again when the class comes back to the scene.
TEST_F(RevealWindow, TheCoveredPanelShowsOnlyAfterTheReveal) {
    QString lesson = test::questionLesson();
    lesson.replace(QStringLiteral("\"question\":"),
                   QStringLiteral("\"cover\": \"grid\", \"question\":"));
    openQuestion(lesson);
    const auto covered = [&] {
        const std::vector<QWidget*> cards = lessons->coverCards();
        return cards.size() == 2 && std::all_of(cards.begin(), cards.end(), [](QWidget* card) {
                   const auto* label = qobject_cast<QLabel*>(card);
                   return label && label->isVisible() &&
                          label->text() == QStringLiteral("Answer hidden until Reveal") &&
                          label->parentWidget()->objectName() == "neuronGridScroll" &&
                          label->geometry() == label->parentWidget()->rect();
               });
    };
    EXPECT_TRUE(test::waitFor(covered, 5000));
    ASSERT_TRUE(lessons->reveal());
    EXPECT_TRUE(lessons->coverCards().empty());
    ASSERT_TRUE(lessons->goToScene(0));
    EXPECT_TRUE(lessons->coverCards().empty());
    ASSERT_TRUE(lessons->goToScene(1));
    EXPECT_TRUE(test::waitFor(covered, 5000));
}

}  // namespace
