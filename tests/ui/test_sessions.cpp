// Sessions in the GUI (issue 9, "nothing is lost"): a saved session opened in another window
// gives the same views and runs that continue bit for bit as the first window's; a file that
// does not restore changes nothing and names itself; quitting with unsaved work asks and can
// save; the autosave is written, found after a "crash" and offered back; `actlab --session`; the
// replay timelines are kept.
#include <gtest/gtest.h>

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <memory>

#include "backends/backend_factory.h"
#include "config/run_state_json.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "session_manager.h"
#include "ui/attention/attention_controller.h"
#include "ui/attention/attention_controls.h"
#include "ui/attention/attention_grid_view.h"
#include "ui/attention/attention_view.h"
#include "ui/common/timeline_bar.h"
#include "ui/panels/explorer_panel.h"
#include "ui/training/run_panel.h"
#include "ui/training/training_controller.h"
#include "ui/training/training_view.h"

namespace {

using actlab::gui::MainWindow;
using actlab::test::waitFor;
using actlab::ui::TrainingView;

class SessionTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(folder.isValid());
        backend = actlab::createBackend(actlab::BackendChoice::Cpu);
    }
    std::unique_ptr<MainWindow> makeWindow() {
        auto window =
            std::make_unique<MainWindow>(*backend.backend, QString::fromStdString(backend.reason));
        window->resize(1280, 720);
        window->show();
        QApplication::processEvents();
        // Closing at the end of a test asks nothing: what it leaves is not the user's work.
        window->setQuitQuestion([](const QString&) { return MainWindow::QuitAnswer::Discard; });
        return window;
    }
    // Waits until both labs show their runs (after an open, the restored ones).
    static bool settled(MainWindow& w) {
        return waitFor(
            [&] {
                return w.trainingView()->controller()->hasRun() &&
                       w.attentionView()->controller()->hasRun();
            },
            20000);
    }
    QString path(const QString& name) const { return folder.filePath(name); }
    QTemporaryDir folder;
    actlab::BackendSelection backend;
};

QString compact(const QJsonObject& o) {
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

// The same model, optimizer and data stream at the same step.
void expectSameRuns(const std::vector<std::string>& a, const std::vector<std::string>& b, int steps,
                    size_t runs = 1) {
    ASSERT_EQ(a.size(), runs);
    ASSERT_EQ(b.size(), runs);
    for (size_t run = 0; run < runs; ++run) {
        EXPECT_EQ(actlab::runStateSteps(a[run]), steps);
        const QJsonObject x = QJsonDocument::fromJson(QByteArray::fromStdString(a[run])).object();
        const QJsonObject y = QJsonDocument::fromJson(QByteArray::fromStdString(b[run])).object();
        for (const char* key : {"weights", "steps", "optimizer_steps", "config", "data_order",
                                "data_cursor", "shuffle_seed", "random"})
            EXPECT_TRUE(x[key] == y[key]) << key << " of run " << run << " differs";
    }
}

TEST_F(SessionTest, OpenedInAnotherWindowTheViewsAreTheSameAndTheRunsContinueExactly) {
    auto first = makeWindow();
    ASSERT_TRUE(settled(*first));
    first->explorer()->setVisibleFunctions({"mish", "gelu"});
    first->explorer()->setXRange(-2.5, 3);
    ASSERT_TRUE(first->trainingView()->applyPreset("dying-relu"));
    ASSERT_TRUE(first->trainingView()->trainAndWait(40, 60000));
    ASSERT_TRUE(first->attentionView()->trainAndWait(6, 60000));
    first->setCurrentView("training");
    EXPECT_FALSE(first->unsavedWork().isEmpty());
    const QString file = path("lesson.actlab");
    QString error;
    ASSERT_TRUE(first->sessions()->save(file, &error)) << error.toStdString();
    EXPECT_TRUE(first->unsavedWork().isEmpty()) << first->unsavedWork().toStdString();
    EXPECT_EQ(first->sessions()->currentPath(), file);

    auto second = makeWindow();
    ASSERT_TRUE(settled(*second));
    ASSERT_TRUE(second->sessions()->open(file, &error)) << error.toStdString();
    ASSERT_TRUE(waitFor([&] { return second->trainingView()->currentStep() == 40; }, 20000));
    ASSERT_TRUE(waitFor([&] { return second->attentionView()->currentStep() == 6; }, 20000));
    EXPECT_EQ(compact(second->sessionState()), compact(first->sessionState()));
    EXPECT_EQ(second->currentView(), "training");
    EXPECT_TRUE(waitFor([&] { return second->unsavedWork().isEmpty(); }, 5000))
        << second->unsavedWork().toStdString();

    // Both windows train on: the runs stay identical, bit for bit. (Their histories hold a point
    // per drawn frame, and frames follow the clock: they are not compared here; the core and CLI
    // tests compare them for runs stepped alike.)
    ASSERT_TRUE(first->trainingView()->trainAndWait(30, 60000));
    ASSERT_TRUE(second->trainingView()->trainAndWait(30, 60000));
    ASSERT_TRUE(first->attentionView()->trainAndWait(4, 60000));
    ASSERT_TRUE(second->attentionView()->trainAndWait(4, 60000));
    expectSameRuns(first->trainingView()->runStates(), second->trainingView()->runStates(), 70);
    expectSameRuns(first->attentionView()->runStates(), second->attentionView()->runStates(), 10);
    EXPECT_FALSE(second->unsavedWork().isEmpty());
    EXPECT_TRUE(second->unsavedWork().contains("Training run (step 70)"))
        << second->unsavedWork().toStdString();
}

// Issue 9: a session keeps both labs' replay timelines; opened, the keyframes are the saved
// ones and a scrubbed one shows what it showed before.
TEST_F(SessionTest, ASessionKeepsTheReplayTimelines) {
    auto first = makeWindow();
    ASSERT_TRUE(settled(*first));
    TrainingView* training = first->trainingView();
    for (int chunk = 0; chunk < 4; ++chunk) ASSERT_TRUE(training->trainAndWait(50, 60000));
    for (int chunk = 0; chunk < 3; ++chunk)
        ASSERT_TRUE(first->attentionView()->trainAndWait(3, 60000));
    const std::vector<int> trainingSteps = training->keyframes().steps();
    const std::vector<int> attentionSteps = first->attentionView()->keyframes().steps();
    ASSERT_GE(trainingSteps.size(), 4u);
    ASSERT_GE(attentionSteps.size(), 3u);
    training->timeline()->choose(1);
    const QString summary = training->runPanel(0)->summaryText();
    QString error;
    ASSERT_TRUE(first->sessions()->save(path("timeline.actlab"), &error)) << error.toStdString();

    auto second = makeWindow();
    ASSERT_TRUE(settled(*second));
    ASSERT_TRUE(second->sessions()->open(path("timeline.actlab"), &error)) << error.toStdString();
    ASSERT_TRUE(waitFor([&] { return second->trainingView()->currentStep() == 200; }, 20000));
    ASSERT_TRUE(waitFor([&] { return second->attentionView()->currentStep() == 9; }, 20000));
    EXPECT_EQ(second->trainingView()->keyframes().steps(), trainingSteps);
    EXPECT_EQ(second->attentionView()->keyframes().steps(), attentionSteps);
    const auto& a = *training->keyframes().keyframes()[1].snapshot;
    const auto& b = *second->trainingView()->keyframes().keyframes()[1].snapshot;
    ASSERT_EQ(a.size(), b.size());
    EXPECT_TRUE(a[0].probes == b[0].probes);
    EXPECT_EQ(a[0].diagnostics.layers[0].dead, b[0].diagnostics.layers[0].dead);
    second->trainingView()->timeline()->choose(1);
    EXPECT_EQ(second->trainingView()->runPanel(0)->summaryText(), summary);
    second->attentionView()->timeline()->choose(0);
    EXPECT_EQ(second->attentionView()->shownStep(), attentionSteps.front());
}

TEST_F(SessionTest, AComparisonIsSavedWithBothRuns) {
    auto first = makeWindow();
    first->trainingView()->setCompare(true, "leaky_relu");
    ASSERT_TRUE(first->trainingView()->trainAndWait(20, 60000));
    QString error;
    ASSERT_TRUE(first->sessions()->save(path("compare.actlab"), &error)) << error.toStdString();
    auto second = makeWindow();
    ASSERT_TRUE(second->sessions()->open(path("compare.actlab"), &error)) << error.toStdString();
    ASSERT_TRUE(waitFor([&] { return second->trainingView()->currentStep() == 20; }, 20000));
    expectSameRuns(second->trainingView()->runStates(), first->trainingView()->runStates(), 20, 2);
}

// A view state without its controls (a session written by hand, or by the CLI with a view
// setting added) takes them from the view's runs: the controls say what trains, not the
// defaults, and the rest of the state (here the enlarged head) still applies.
TEST_F(SessionTest, AViewStateWithoutControlsTakesThemFromItsRuns) {
    auto first = makeWindow();
    actlab::SequenceTrainingConfig config = first->attentionView()->controls()->config();
    config.task = "sort";
    first->attentionView()->controls()->setConfig(config);
    first->attentionView()->reset();
    ASSERT_TRUE(first->attentionView()->trainAndWait(6, 60000));
    QString error;
    ASSERT_TRUE(first->sessions()->save(path("full.actlab"), &error)) << error.toStdString();
    QFile full(path("full.actlab"));
    ASSERT_TRUE(full.open(QIODevice::ReadOnly));
    QJsonObject session = QJsonDocument::fromJson(full.readAll()).object();
    QJsonObject views = session.value("views").toObject();
    views["attention"] = QJsonObject{{"enlarged", QJsonArray{1, 2}}};
    session["views"] = views;
    QFile edited(path("edited.actlab"));
    ASSERT_TRUE(edited.open(QIODevice::WriteOnly));
    edited.write(QJsonDocument(session).toJson());
    edited.close();
    auto second = makeWindow();
    ASSERT_TRUE(second->sessions()->open(path("edited.actlab"), &error)) << error.toStdString();
    EXPECT_EQ(second->attentionView()->controls()->config().task, "sort");
    ASSERT_TRUE(waitFor([&] { return second->attentionView()->grid()->isEnlarged(); }, 20000));
    EXPECT_EQ(second->attentionView()->grid()->enlargedHead(), 2);
}

TEST_F(SessionTest, AFileThatDoesNotRestoreChangesNothingAndIsNamed) {
    auto window = makeWindow();
    ASSERT_TRUE(window->trainingView()->trainAndWait(10, 60000));
    const QString before = compact(window->sessionState());
    const auto runs = window->trainingView()->runStates();
    QString error;
    ASSERT_TRUE(window->sessions()->save(path("good.actlab"), &error));
    QFile good(path("good.actlab"));
    ASSERT_TRUE(good.open(QIODevice::ReadOnly));
    const QByteArray text = good.readAll();

    const auto refused = [&](const QString& name, const QByteArray& bytes, const char* what) {
        QFile file(path(name));
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(bytes);
        file.close();
        QString message;
        EXPECT_FALSE(window->sessions()->open(path(name), &message)) << name.toStdString();
        EXPECT_TRUE(message.contains(path(name))) << message.toStdString();
        EXPECT_TRUE(message.contains(what)) << message.toStdString();
        QApplication::processEvents();
        EXPECT_EQ(compact(window->sessionState()), before);
        EXPECT_TRUE(window->trainingView()->runStates() == runs) << name.toStdString();
        EXPECT_EQ(window->sessions()->currentPath(), path("good.actlab"));
    };
    refused("cut.actlab", text.left(text.size() / 2), "not valid JSON");
    QByteArray newer = text;
    // the session's own version (top level: one space of indent, before "view")
    newer.replace("\n \"version\": 2,\n \"view\"", "\n \"version\": 9,\n \"view\"");
    ASSERT_NE(newer, text);
    refused("newer.actlab", newer, "newer ActLab");
    QByteArray damaged = text;
    const qsizetype weights = damaged.indexOf("\"weights\"", damaged.indexOf("\"runs\""));
    ASSERT_GT(weights, 0);
    damaged[weights + 20] = '!';
    refused("damaged.actlab", damaged, "training run A: weights");
    refused("other.actlab", "{\"hello\": 1}", "not an ActLab session");
    QString message;
    EXPECT_FALSE(window->sessions()->open(path("missing.actlab"), &message));
    EXPECT_TRUE(message.contains("missing.actlab")) << message.toStdString();
    EXPECT_FALSE(window->sessions()->save(path("no/such/folder/x.actlab"), &message));
    EXPECT_FALSE(message.isEmpty());
}

TEST_F(SessionTest, QuittingWithUnsavedWorkAsksAndCanSave) {
    auto window = makeWindow();
    ASSERT_TRUE(settled(*window));
    EXPECT_TRUE(window->unsavedWork().isEmpty()) << window->unsavedWork().toStdString();
    ASSERT_TRUE(window->trainingView()->trainAndWait(20, 60000));
    QString error;
    ASSERT_TRUE(window->sessions()->save(path("quit.actlab"), &error));
    ASSERT_TRUE(window->trainingView()->trainAndWait(10, 60000));
    QStringList asked;
    MainWindow::QuitAnswer answer = MainWindow::QuitAnswer::Cancel;
    window->setQuitQuestion([&](const QString& unsaved) {
        asked << unsaved;
        return answer;
    });
    EXPECT_FALSE(window->close());
    ASSERT_EQ(asked.size(), 1);
    EXPECT_TRUE(asked[0].contains("Training run (step 30)")) << asked[0].toStdString();
    answer = MainWindow::QuitAnswer::Save;  // to the session's own file, no dialog
    EXPECT_TRUE(window->close());
    EXPECT_EQ(asked.size(), 2);
    auto again = makeWindow();
    ASSERT_TRUE(again->sessions()->open(path("quit.actlab"), &error)) << error.toStdString();
    EXPECT_TRUE(waitFor([&] { return again->trainingView()->currentStep() == 30; }, 20000));
}

// A language switch rebuilds the views around the same state: a saved session stays saved.
TEST_F(SessionTest, ALanguageSwitchIsNoUnsavedWork) {
    auto window = makeWindow();
    ASSERT_TRUE(window->trainingView()->trainAndWait(20, 60000));
    QString error;
    ASSERT_TRUE(window->sessions()->save(path("language.actlab"), &error));
    ASSERT_TRUE(window->unsavedWork().isEmpty());
    const QJsonObject before = window->sessionState();
    ASSERT_TRUE(window->setLanguage("zh_CN"));
    EXPECT_TRUE(waitFor([&] { return window->trainingView()->currentStep() == 20; }, 20000));
    EXPECT_TRUE(waitFor([&] { return window->unsavedWork().isEmpty(); }, 6000))
        << window->unsavedWork().toStdString();
    const QJsonObject after = window->sessionState();
    for (const QString& key : before.keys())
        EXPECT_TRUE(before[key] == after[key])
            << key.toStdString() << ": " << compact(QJsonObject{{key, before[key]}}).toStdString()
            << " became " << compact(QJsonObject{{key, after[key]}}).toStdString();
    ASSERT_TRUE(window->trainingView()->trainAndWait(5, 60000));
    EXPECT_FALSE(window->unsavedWork().isEmpty()) << "training on after the switch is new work";
    ASSERT_TRUE(window->setLanguage("en"));
}

TEST_F(SessionTest, TheAutosaveIsWrittenAndOfferedBackAfterACrash) {
    QStandardPaths::setTestModeEnabled(true);
    QDir(actlab::gui::SessionManager::autosaveFolder()).removeRecursively();
    auto window = makeWindow();
    window->sessions()->startAutosave();
    const QString own = window->sessions()->autosavePath();
    ASSERT_FALSE(own.isEmpty());
    EXPECT_TRUE(window->sessions()->autosaveNow());
    EXPECT_FALSE(QFile::exists(own)) << "nothing to keep yet";
    ASSERT_TRUE(window->trainingView()->trainAndWait(15, 60000));
    EXPECT_TRUE(window->sessions()->autosaveNow());
    ASSERT_TRUE(QFile::exists(own));
    // Its own autosave, held by its lock, is no abandoned one.
    EXPECT_TRUE(actlab::gui::SessionManager::abandonedAutosave().isEmpty());

    // A "crash": the file stays, as a process that died would leave it (no lock held).
    const QString left =
        QDir(actlab::gui::SessionManager::autosaveFolder()).filePath("autosave-999999999.actlab");
    ASSERT_TRUE(QFile::copy(own, left));
    window->sessions()->endCleanly();
    EXPECT_FALSE(QFile::exists(own)) << "a clean end removes its autosave";
    EXPECT_EQ(actlab::gui::SessionManager::abandonedAutosave(), left);

    auto next = makeWindow();
    bool asked = false;
    EXPECT_TRUE(next->sessions()->offerRecovery([&](const QDateTime&) { return asked = true; }));
    EXPECT_TRUE(asked);
    EXPECT_TRUE(waitFor([&] { return next->trainingView()->currentStep() == 15; }, 20000));
    EXPECT_FALSE(QFile::exists(left));
    EXPECT_EQ(next->unsavedWork(), "the recovered work");
    EXPECT_TRUE(next->sessions()->currentPath().isEmpty());
    EXPECT_FALSE(next->sessions()->offerRecovery([](const QDateTime&) { return true; }));
    QStandardPaths::setTestModeEnabled(false);
}

// Autosave started before the runs' first frames (a loaded machine: the ASan run): a run's
// step then read −1, which compared equal to every later step, and what was trained after it
// was never autosaved.
TEST_F(SessionTest, AnAutosaveStartedBeforeTheFirstFrameKeepsWhatIsTrainedAfter) {
    QStandardPaths::setTestModeEnabled(true);
    QDir(actlab::gui::SessionManager::autosaveFolder()).removeRecursively();
    MainWindow window(*backend.backend, QString::fromStdString(backend.reason));
    window.setQuitQuestion([](const QString&) { return MainWindow::QuitAnswer::Discard; });
    ASSERT_FALSE(window.trainingView()->controller()->hasRun()) << "no event loop ran yet";
    window.sessions()->startAutosave();
    const QString own = window.sessions()->autosavePath();
    ASSERT_FALSE(own.isEmpty());
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(window.trainingView()->trainAndWait(8, 60000));
    EXPECT_FALSE(window.unsavedWork().isEmpty());
    EXPECT_TRUE(window.sessions()->autosaveNow());
    EXPECT_TRUE(QFile::exists(own)) << "the trained run was not autosaved";
    window.sessions()->endCleanly();
    QStandardPaths::setTestModeEnabled(false);
}

TEST_F(SessionTest, TheCliSessionOpensInTheGuiAndBadFilesExitTwo) {
    auto window = makeWindow();
    ASSERT_TRUE(window->trainingView()->trainAndWait(12, 60000));
    QString error;
    ASSERT_TRUE(window->sessions()->save(path("run.actlab"), &error));
    const auto good = actlab::test::runGui(
        ACTLAB_GUI_BINARY, {"--session", path("run.actlab"), "--screenshot", path("s.png")}, 60000);
    EXPECT_EQ(good.exitCode, 0) << good.standardError.toStdString();
    EXPECT_TRUE(QFile::exists(path("s.png")));
    QFile bad(path("bad.actlab"));
    ASSERT_TRUE(bad.open(QIODevice::WriteOnly));
    bad.write("{\"format\": \"actlab-session\", \"version\": 5}");
    bad.close();
    for (const QString& file : {path("bad.actlab"), path("none.actlab")}) {
        const auto run = actlab::test::runGui(
            ACTLAB_GUI_BINARY, {"--session", file, "--screenshot", path("t.png")}, 60000);
        EXPECT_EQ(run.exitCode, 2) << run.standardError.toStdString();
        QStringList lines = run.standardError.split('\n', Qt::SkipEmptyParts);
        lines.removeIf([](const QString& l) { return !l.startsWith("actlab:"); });
        EXPECT_EQ(lines.size(), 1) << run.standardError.toStdString();
        EXPECT_TRUE(lines.value(0).contains(file)) << run.standardError.toStdString();
    }
}

}  // namespace
