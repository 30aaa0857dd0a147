// Lessons in the window (issue 9): every built-in lesson opens in both languages and each scene
// applies (the view shows its state, the pre-training reaches its step; an Attention scene that
// shows the previous scene's runs keeps them); PgDn/PgUp step the scenes but not inside a focused
// spin box; a bad lesson changes nothing; `actlab --lesson BAD --screenshot` exits 2 with one
// line; the dying-ReLU lesson in Chinese at 2× in presentation saves into a session that reopens
// at the same scene, its run where it stood; a Training scene at 2× fits a 1920 × 1080 screen. With
// ACTLAB_LESSON_SCREENSHOTS=DIR the presented scene is saved there.
#include <gtest/gtest.h>

#include <QAbstractSpinBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QJsonDocument>
#include <QScrollArea>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <memory>

#include "backends/backend_factory.h"
#include "gui_test_support.h"
#include "lesson_controller.h"
#include "lesson_window.h"
#include "lessons/lesson_figures.h"
#include "main_window.h"
#include "session_manager.h"
#include "ui/attention/attention_controls.h"
#include "ui/attention/attention_view.h"
#include "ui/common/status_label.h"
#include "ui/common/ui_scale.h"
#include "ui/lessons/lesson_panel.h"
#include "ui/panels/explorer_panel.h"
#include "ui/panels/gelu_approximation_panel.h"
#include "ui/training/training_view.h"

using namespace actlab;
using test::LessonWindow;

namespace {

// Whether the panel has filled in every figure of the scene that has an id.
bool figuresFilled(const gui::LessonController& lessons, const LessonScene& scene) {
    for (size_t i = 0; i < scene.figures.size(); ++i)
        if (!scene.figures[i].id.empty() &&
            (i >= lessons.figures().size() || !lessons.figures()[i]))
            return false;
    return true;
}

// The scene's text with the figures the panel filled in.
QString sceneText(const LessonScene& scene, const char* language,
                  const gui::LessonController& lessons) {
    return QString::fromStdString(
        lessonTextWithFigures(scene.text.at(language), scene, lessons.figures(), "…"));
}

}  // namespace

// The course (issue 9): the nine lessons, in its order, in Help → Lessons, and the questions'
// lesson of issue 28 after them, and issue 27's on your own text.
TEST(BuiltInLessons, AreTheElevenOfTheCourse) {
    EXPECT_EQ(gui::LessonController::builtInNames(),
              QStringLiteral(
                  "dying-relu gelu-approximations sigmoid-tanh leaky-prelu glu-family "
                  "swish-mish pre-post-ln qkv-activations gelu-vs-relu predict-reveal own-text")
                  .split(QLatin1Char(' ')));
}

// One test per built-in lesson (its own timeout: the Attention lessons pre-train Transformers).
class EveryBuiltInLesson : public LessonWindow,
                           public ::testing::WithParamInterface<std::string> {};

std::vector<std::string> builtInLessonNames() {
    std::vector<std::string> names;
    for (const QString& name : gui::LessonController::builtInNames())
        names.push_back(name.toStdString());
    return names;
}

TEST_P(EveryBuiltInLesson, AppliesEachSceneInBothLanguages) {
    const QString name = QString::fromStdString(GetParam());
    SCOPED_TRACE(name.toStdString());
    QString error;
    ASSERT_TRUE(lessons->open(name, &error)) << error.toStdString();
    EXPECT_TRUE(lessons->dock()->isVisible());
    for (int i = 0; i < lessons->sceneCount(); ++i) {
        SCOPED_TRACE("scene " + std::to_string(i + 1));
        const LessonScene& scene = lessons->lesson()->scenes[size_t(i)];
        ASSERT_TRUE(lessons->goToScene(i));
        EXPECT_EQ(window->currentView().toStdString(), scene.view);
        if (scene.question) {  // held back until revealed (issue 28)
            EXPECT_LE(window->currentView() == QLatin1String("training")
                          ? window->trainingView()->currentStep()
                          : window->attentionView()->currentStep(),
                      0);
            EXPECT_TRUE(lessons->reveal());
        }
        EXPECT_TRUE(lessons->waitForPretraining(120000));
        if (scene.question) {  // the reveal measures its answer (test_lesson_question: claims)
            EXPECT_TRUE(
                actlab::test::waitFor([&] { return lessons->outcome().has_value(); }, 10000));
        }
        if (scene.view == "training") {
            EXPECT_EQ(window->trainingView()->currentStep(), scene.pretrainSteps);
            EXPECT_EQ(window->trainingView()->controlsShown(), !scene.hiddenControls);
        } else if (scene.view == "attention") {
            EXPECT_EQ(window->attentionView()->currentStep(), scene.pretrainSteps);
        } else if (scene.view == "explorer") {
            QStringList names;
            for (const ActivationConfig& f : scene.functions)
                names << QString::fromUtf8(f.info().name.data());
            if (!names.isEmpty()) {
                EXPECT_EQ(window->explorer()->visibleFunctions(), names);
            }
            if (scene.xRange) {
                EXPECT_DOUBLE_EQ(window->explorer()->xLow(), scene.xRange->first);
            }
        } else if (scene.view == "gelu" && scene.window) {
            EXPECT_DOUBLE_EQ(window->geluPanel()->windowLow(), scene.window->first);
        }
        // The figures the text fills in, measured on the view's runs, state what it claims.
        ASSERT_TRUE(actlab::test::waitFor([&] { return figuresFilled(*lessons, scene); }, 10000));
        for (size_t k = 0; k < scene.figures.size(); ++k) {
            const LessonFigure& figure = scene.figures[k];
            if (figure.id.empty()) continue;
            EXPECT_TRUE(lessonFigureAgrees(figure, *lessons->figures()[k]))
                << figure.id << ": " << *lessons->figures()[k] << ", the lesson says "
                << figure.value << " ± " << figure.tolerance;
        }
        for (const char* language : {"zh_CN", "en"}) {
            lessons->setLanguage(QLatin1String(language));
            QTextBrowser reference;
            reference.setHtml(sceneText(scene, language, *lessons) + lessons->questionHtml());
            EXPECT_FALSE(reference.toPlainText().contains(QStringLiteral("{{")));
            EXPECT_EQ(panelText(), reference.toPlainText()) << language;
        }
        EXPECT_EQ(lessons->panel()->counterText(),
                  QStringLiteral("Scene %1 of %2").arg(i + 1).arg(lessons->sceneCount()));
    }
}

INSTANTIATE_TEST_SUITE_P(Lessons, EveryBuiltInLesson, ::testing::ValuesIn(builtInLessonNames()),
                         [](const auto& info) {
                             std::string name = info.param;
                             for (char& c : name)
                                 if (c == '-') c = '_';
                             return name;
                         });

// An Attention scene that shows the runs the previous scene trained (the same configurations at
// the same step) keeps them instead of training them again; another scene's runs are rebuilt.
// The preset box names the preset a scene runs unchanged, else says Custom. A small lesson of its
// own, shaped as gelu-vs-relu's scenes 2 to 4 (those pre-train 600 steps: two minutes under ASan).
TEST_F(LessonWindow, AnAttentionSceneShowingThePreviousScenesRunsKeepsThem) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("kept.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    const char* own = R"("config": {"task": "histogram", "seq": 6, "vocab": 6, "batch": 16,
        "model": {"layers": 1, "heads": 2, "d_model": 16, "ffn": "plain", "ffn_activation": "gelu"}},
      "compare": {"config": {"model": {"ffn_activation": "relu"}}}, "pretrain_steps": 30)";
    file.write(QStringLiteral(R"({"format": "actlab-lesson", "version": 1, "title": {"en": "T"},
      "languages": ["en"], "scenes": [
      {"title": {"en": "1"}, "text": {"en": "a"}, "view": "attention", "preset": "reverse-heads",
       "compare": {"config": {"model": {"ffn_activation": "relu"}}}, "pretrain_steps": 10},
      {"title": {"en": "2"}, "text": {"en": "b"}, "view": "attention", %1},
      {"title": {"en": "3"}, "text": {"en": "c"}, "view": "attention", %1}]})")
                   .arg(QLatin1String(own))
                   .toUtf8());
    file.close();
    QString error;
    ASSERT_TRUE(lessons->openAtScene(path, 2, &error)) << error.toStdString();
    const int steps = lessons->lesson()->scenes[1].pretrainSteps;
    ASSERT_EQ(lessons->lesson()->scenes[2].pretrainSteps, steps);
    ASSERT_TRUE(lessons->waitForPretraining(120000));
    ui::AttentionView* view = window->attentionView();
    ASSERT_EQ(view->currentStep(), steps);
    EXPECT_EQ(view->controls()->presetName().toStdString(), "");  // its own configuration: Custom
    ASSERT_TRUE(lessons->goToScene(2));
    EXPECT_EQ(view->currentStep(), steps);  // at once: nothing was reset
    EXPECT_EQ(view->currentStepB(), steps);
    EXPECT_TRUE(view->comparing());
    ASSERT_TRUE(lessons->goToScene(0));  // the reverse task: other runs
    EXPECT_EQ(view->currentStep(), 0);
    EXPECT_EQ(view->controls()->presetName().toStdString(), "reverse-heads");
    ASSERT_TRUE(lessons->waitForPretraining(120000));
    EXPECT_EQ(view->currentStep(), lessons->lesson()->scenes[0].pretrainSteps);
}

// The figures the panel fills in are what core measures on the scene's own training (run A and
// run B of a training scene; an attention scene's negator attention reads the task's tokens),
// shown as "…" until the view's runs reach the scene's step.
TEST_F(LessonWindow, FillsInTheFiguresCoreMeasuresOnTheScenesRuns) {
    // A small attention scene of its own (the built-in ones pre-train for minutes under ASan).
    QTemporaryDir dir;
    const QString attention = dir.filePath(QStringLiteral("negation.json"));
    QFile file(attention);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "actlab-lesson", "version": 1, "title": {"en": "T"},
      "languages": ["en"], "scenes": [{"title": {"en": "A"}, "view": "attention",
      "text": {"en": "<b>{{acc_a}}</b> {{acc_b}}, on not: {{neg_a}} and {{neg_b}}, {{ent_a}}"},
      "pretrain_steps": 30,
      "config": {"task": "negation", "batch": 16, "probes": 16,
                 "model": {"layers": 1, "heads": 2, "d_model": 16}},
      "compare": {"config": {"model": {"qkv_activation": "relu"}}},
      "figures": [
        {"what": "token_accuracy", "value": 0.5, "tolerance": 0.5, "id": "acc_a", "format": "percent"},
        {"what": "token_accuracy", "value": 0.5, "tolerance": 0.5, "id": "acc_b", "format": "percent",
         "run": "b"},
        {"what": "negator_attention", "value": 0.5, "tolerance": 0.5, "id": "neg_a",
         "format": "percent", "digits": 2},
        {"what": "negator_attention", "value": 0.5, "tolerance": 0.5, "id": "neg_b",
         "format": "percent", "digits": 2, "run": "b"},
        {"what": "attention_entropy", "value": 1, "tolerance": 2, "id": "ent_a", "digits": 4}]}]})");
    file.close();
    for (const auto& [name, scene] :
         {std::pair{QStringLiteral("dying-relu"), 4}, std::pair{attention, 1}}) {
        SCOPED_TRACE(name.toStdString());
        QString error;
        ASSERT_TRUE(lessons->openAtScene(name, scene, &error)) << error.toStdString();
        const LessonScene& shown = lessons->lesson()->scenes[size_t(scene - 1)];
        EXPECT_FALSE(figuresFilled(*lessons, shown));
        EXPECT_TRUE(panelText().contains(QStringLiteral("…")));
        ASSERT_TRUE(lessons->waitForPretraining(120000));
        ASSERT_TRUE(actlab::test::waitFor([&] { return figuresFilled(*lessons, shown); }, 10000));
        const std::vector<FigureMeasurement> measured = measureLessonFigures(shown);
        int filled = 0;
        for (size_t k = 0; k < shown.figures.size(); ++k) {
            if (shown.figures[k].id.empty()) continue;
            SCOPED_TRACE(shown.figures[k].id);
            ASSERT_TRUE(measured[k].problem.empty()) << measured[k].problem;
            EXPECT_EQ(*lessons->figures()[k], measured[k].measured);
            EXPECT_TRUE(panelText().contains(QString::fromStdString(
                formatLessonFigure(shown.figures[k], measured[k].measured))));
            ++filled;
        }
        EXPECT_GE(filled, 4);
        EXPECT_FALSE(panelText().contains(QStringLiteral("…")));
    }
}

TEST_F(LessonWindow, PageKeysStepScenesButNotInsideAFocusedSpinBox) {
    ASSERT_TRUE(lessons->openAtScene(QStringLiteral("dying-relu"), 1, nullptr));
    QTest::keyClick(window.get(), Qt::Key_PageDown);
    EXPECT_EQ(lessons->sceneIndex(), 1);
    QTest::keyClick(window.get(), Qt::Key_PageUp);
    EXPECT_EQ(lessons->sceneIndex(), 0);
    // The Explorer's x-range box pages its value with these keys: the lesson stays.
    auto* box = window->explorer()->findChild<QAbstractSpinBox*>();
    ASSERT_NE(box, nullptr);
    box->setFocus();
    ASSERT_TRUE(actlab::test::waitFor([&] { return box->hasFocus(); }, 5000));
    QTest::keyClick(box, Qt::Key_PageDown);
    EXPECT_EQ(lessons->sceneIndex(), 0);
    window->lessons()->panel()->setFocus();
    ASSERT_TRUE(actlab::test::waitFor([&] { return !box->hasFocus(); }, 5000));
    QTest::keyClick(window.get(), Qt::Key_PageDown);
    EXPECT_EQ(lessons->sceneIndex(), 1);
}

TEST_F(LessonWindow, ABadLessonNamesFileSceneAndFieldAndChangesNothing) {
    ASSERT_TRUE(lessons->openAtScene(QStringLiteral("dying-relu"), 1, nullptr));
    const QJsonObject before = window->sessionState();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "actlab-lesson", "languages": ["en"], "title": {"en": "t"},
        "scenes": [{"title": {"en": "a"}, "text": {"en": "b"}, "view": "explorer"},
                   {"title": {"en": "a"}, "text": {"en": "b"}, "view": "explorer",
                    "functions": [{"name": "leaky_relu", "params": {"alpha": 3}}]}]})");
    file.close();
    QString error;
    EXPECT_FALSE(lessons->open(path, &error));
    EXPECT_TRUE(error.startsWith(path + QStringLiteral(": scene 2: functions[0].params: ")))
        << error.toStdString();
    EXPECT_FALSE(error.contains(QLatin1Char('\n')));
    EXPECT_EQ(lessons->fileName(), QStringLiteral("dying-relu.json"));
    EXPECT_EQ(window->sessionState(), before);
}

TEST(LessonCommandLine, ABadLessonWithAScreenshotExitsTwoWithOneLine) {
    QTemporaryDir dir;
    QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    qputenv("XDG_RUNTIME_DIR", dir.path().toLocal8Bit());  // no Qt warning on stderr
    const QString path = dir.filePath(QStringLiteral("bad.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "actlab-lesson", "languages": ["en", "zh_CN"], "title": {"en": "t",
        "zh_CN": "t"}, "scenes": [{"title": {"en": "a", "zh_CN": "a"}, "text": {"en": "b"},
        "view": "gelu"}]})");
    file.close();
    const QString png = dir.filePath(QStringLiteral("out.png"));
    auto result = actlab::test::runGui(
        ACTLAB_GUI_BINARY, {QStringLiteral("--lesson"), path, QStringLiteral("--screenshot"), png},
        60000);
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_EQ(result.standardError,
              QStringLiteral("actlab: %1: scene 1: text: missing the zh_CN text\n").arg(path));
    EXPECT_FALSE(QFile::exists(png));
    result = actlab::test::runGui(
        ACTLAB_GUI_BINARY,
        {QStringLiteral("--lesson"), QStringLiteral("dying-relu"), QStringLiteral("--scene"),
         QStringLiteral("2"), QStringLiteral("--screenshot"), png},
        60000);
    EXPECT_EQ(result.exitCode, 0) << result.standardError.toStdString();
    EXPECT_TRUE(QFile::exists(png));
}

// The "Done when" of issue 9: the dying-ReLU lesson in Chinese, at 2×, full screen, stepped with
// the keyboard, saved; the session reopens in another window at that scene and run.
TEST_F(LessonWindow, DyingReluInChineseAtTwiceScalePresentedSavedAndReopened) {
    // The window settles first: scaling at once after show() crashed in QGraphicsScene::event
    // (QApplication::setFont), for the UI scale's owner to look at.
    actlab::test::waitFor([] { return false; }, 500);
    window->findChild<QAction*>(QStringLiteral("uiScale200"))->trigger();  // View → UI scale 200 %
    QTest::keyClick(window.get(), Qt::Key_F5);                             // View → Presentation
    EXPECT_TRUE(window->presenting());
    lessons->setLanguage(QStringLiteral("zh_CN"));
    ASSERT_TRUE(lessons->openAtScene(QStringLiteral("dying-relu"), 1, nullptr));
    EXPECT_TRUE(panelText().contains(QStringLiteral("处处连续")));
    QTest::keyClick(window.get(), Qt::Key_PageDown);
    QTest::keyClick(window.get(), Qt::Key_PageDown);
    ASSERT_EQ(lessons->sceneIndex(), 2);
    ASSERT_TRUE(lessons->waitForPretraining(120000));
    ASSERT_TRUE(actlab::test::waitFor(
        [&] { return figuresFilled(*lessons, lessons->lesson()->scenes[2]); }, 10000));
    EXPECT_TRUE(panelText().contains(QStringLiteral("神经元死亡")));
    EXPECT_TRUE(actlab::test::waitFor([&] { return window->isFullScreen(); }, 5000));
    EXPECT_DOUBLE_EQ(ui::uiScale(), 2.0);
    EXPECT_EQ(window->trainingView()->currentStep(), 1500);
    EXPECT_FALSE(window->trainingView()->controlsShown());
    if (const QString shots = qEnvironmentVariable("ACTLAB_LESSON_SCREENSHOTS"); !shots.isEmpty()) {
        actlab::test::waitFor([] { return false; }, 500);
        window->grab().save(shots + QStringLiteral("/dying-relu-zh-scale200-scene3.png"));
    }
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("class.actlab"));
    QString error;
    ASSERT_TRUE(window->sessions()->save(path, &error)) << error.toStdString();
    window->setPresentation(false);
    // Changing the scale right after a run trained through controller()->advance() crashes now
    // and then in QGraphicsScene::event (QApplication::setFont), lessons or not (reported with
    // this work): the charts settle first.
    actlab::test::waitFor([] { return false; }, 1500);
    window->findChild<QAction*>(QStringLiteral("uiScale100"))->trigger();

    auto home = makeWindow();
    home->lessons()->setLanguage(QStringLiteral("zh_CN"));
    ASSERT_TRUE(home->sessions()->open(path, &error)) << error.toStdString();
    EXPECT_TRUE(home->lessons()->isOpen());
    EXPECT_EQ(home->lessons()->sceneIndex(), 2);
    // The same text, its figures as measured before the save.
    EXPECT_EQ(home->lessons()->panel()->textBrowser()->toPlainText(), panelText());
    EXPECT_TRUE(home->lessons()->panel()->textBrowser()->toPlainText().contains(
        QStringLiteral("神经元死亡")));
    EXPECT_EQ(home->currentView(), QStringLiteral("training"));
    ASSERT_TRUE(
        actlab::test::waitFor([&] { return home->trainingView()->currentStep() == 1500; }, 20000));
    ASSERT_TRUE(home->trainingView()->trainAndWait(10, 60000));  // the student trains on
    EXPECT_EQ(home->trainingView()->currentStep(), 1510);
}

// A lesson's Training scene at 200 % on a 1920 × 1080 projector, the lesson panel beside the view:
// the page fits the screen (it scrolled, the charts' legends below its edge), with the plane, the
// whole neuron grid and the neuron map in one row; the status bar's backend line ends in "…"
// rather than run past the window's edge.
TEST_F(LessonWindow, ATrainingSceneAtTwiceScaleFitsAFullHdScreen) {
    actlab::test::waitFor([] { return false; }, 300);  // settled before scaling, as below
    window->resize(1920, 1080);
    window->findChild<QAction*>(QStringLiteral("uiScale200"))->trigger();
    ASSERT_TRUE(lessons->openAtScene(QStringLiteral("dying-relu"), 2, nullptr));
    ASSERT_TRUE(lessons->waitForPretraining(120000));
    ASSERT_EQ(window->currentView(), QStringLiteral("training"));
    auto* page = qobject_cast<QScrollArea*>(window->trainingView()->parentWidget()->parentWidget());
    ASSERT_NE(page, nullptr);
    actlab::test::waitFor([] { return false; }, 1000);  // the new scale's layouts settle
    EXPECT_LE(window->trainingView()->minimumSizeHint().height(), page->viewport()->height());
    EXPECT_FALSE(page->verticalScrollBar()->isVisible());
    // The grid's scroll area shows the whole grid.
    auto* gridScroll =
        window->trainingView()->findChild<QScrollArea*>(QStringLiteral("neuronGridScroll"));
    ASSERT_NE(gridScroll, nullptr);
    EXPECT_GE(gridScroll->viewport()->height(), gridScroll->widget()->minimumSizeHint().height());
    EXPECT_FALSE(gridScroll->verticalScrollBar()->isVisible());

    auto* backend = window->findChild<ui::ElidedLabel*>(QStringLiteral("backendLabel"));
    ASSERT_NE(backend, nullptr);
    const QFontMetrics metrics(backend->font());
    EXPECT_LE(metrics.horizontalAdvance(backend->text()), backend->contentsRect().width());
    if (metrics.horizontalAdvance(backend->fullText()) > backend->contentsRect().width()) {
        EXPECT_TRUE(backend->text().endsWith(QStringLiteral("…"))) << backend->text().toStdString();
        EXPECT_TRUE(backend->toolTip().startsWith(window->backendText().section(" · ", 0, 0)));
    }
}
