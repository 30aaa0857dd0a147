// Questions in the window (issue 28, "predict, then reveal"): a scene with a question holds back
// its pre-training; the teacher types the hands; Enter (or Reveal) trains the runs, measures the
// question's figures and marks the right choice with the measured values and the hands; a
// question two choices answer says so; a session keeps the reveal and the hands.
#include <gtest/gtest.h>

#include <QFile>
#include <QLabel>
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
