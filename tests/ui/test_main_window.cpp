// The actlab GUI: option parsing, the main window (tabs, menu shortcuts, status bar, exports,
// session state) and the executable itself (--screenshot writes a PNG; bad options exit 2).
#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QMenuBar>
#include <QProcess>
#include <QStatusBar>
#include <QTemporaryDir>
#include <memory>

#include "backends/backend_factory.h"
#include "gui_options.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "ui/charts/curve_chart.h"
#include "ui/common/status_label.h"
#include "ui/common/ui_scale.h"
#include "ui/panels/explorer_panel.h"
#include "ui/panels/properties_panel.h"
#include "ui/training/training_view.h"

using actlab::gui::parseGuiOptions;

namespace {

using actlab::test::args;
using actlab::test::ProcessResult;

ProcessResult runActlab(const QStringList& arguments) {
    return actlab::test::runGui(ACTLAB_GUI_BINARY, arguments, 60000);
}

}  // namespace

TEST(GuiOptions, DefaultsAndValidValues) {
    auto result = parseGuiOptions(args({}));
    ASSERT_TRUE(result.options);
    EXPECT_EQ(result.options->view, "explorer");
    EXPECT_EQ(result.options->size, QSize(1400, 900));
    result = parseGuiOptions(
        args({"--backend", "cpu", "--screenshot", "a.png", "--view", "gated", "--functions",
              "relu,gelu", "--derivatives", "f,f2", "--x-range", "-3:2.5", "--size", "800x600"}));
    ASSERT_TRUE(result.options) << result.error.toStdString();
    const auto& o = *result.options;
    EXPECT_EQ(o.backend, actlab::BackendChoice::Cpu);
    EXPECT_EQ(o.screenshotPath, "a.png");
    EXPECT_EQ(o.view, "gated");
    EXPECT_EQ(o.functions, (QStringList{"relu", "gelu"}));
    EXPECT_TRUE(o.derivatives->value && !o.derivatives->first && o.derivatives->second);
    EXPECT_DOUBLE_EQ(o.xRange->first, -3);
    EXPECT_DOUBLE_EQ(o.xRange->second, 2.5);
    EXPECT_EQ(o.size, QSize(800, 600));
    EXPECT_FALSE(o.uiScale);
    EXPECT_FALSE(o.presentation);
    result = parseGuiOptions(args({"--scale", "1.5", "--presentation"}));
    ASSERT_TRUE(result.options) << result.error.toStdString();
    EXPECT_EQ(result.options->uiScale, 1.5);
    EXPECT_TRUE(result.options->presentation);
}

TEST(GuiOptions, BadValuesAreErrors) {
    for (const QStringList& bad :
         {args({"--backend", "gpu"}), args({"--view", "nope"}), args({"--functions", "relu,nope"}),
          args({"--derivatives", "f3"}), args({"--x-range", "3:1"}), args({"--x-range", "a:b"}),
          args({"--x-range", "1"}), args({"--size", "10x10"}), args({"--size", "big"}),
          args({"--unknown"}), args({"stray"}), args({"--scale", "3"}), args({"--scale", "big"}),
          args({"--presentation=yes"})}) {
        const auto result = parseGuiOptions(bad);
        EXPECT_FALSE(result.options) << bad.join(' ').toStdString();
        EXPECT_FALSE(result.error.isEmpty()) << bad.join(' ').toStdString();
    }
}

class MainWindowTest : public ::testing::Test {
protected:
    void SetUp() override {
        selection = actlab::createBackend(actlab::BackendChoice::Cpu);
        window = std::make_unique<actlab::gui::MainWindow>(
            *selection.backend, QString::fromStdString(selection.reason));
        window->resize(1400, 900);
        window->show();
        QApplication::processEvents();
    }
    actlab::BackendSelection selection;
    std::unique_ptr<actlab::gui::MainWindow> window;
};

TEST_F(MainWindowTest, StatusBarNamesTheBackendAndWhy) {
    auto* label = window->statusBar()->findChild<QLabel*>("backendLabel");
    ASSERT_NE(label, nullptr);
    EXPECT_TRUE(label->text().startsWith("Backend: cpu — ")) << label->text().toStdString();
    EXPECT_GT(label->text().size(), QString("Backend: cpu — ").size());
}

// Issue 26: "auto" on a machine without a GPU gives a long reason (every device and why not). The
// status bar shows its first words and each lab's backend, whole at 1280 × 720; the tooltip and
// backendText() (About) have the reason in full.
TEST(MainWindowBackendLine, ALongReasonStaysWholeAt1280x720) {
    actlab::BackendSelection cpu = actlab::createBackend(actlab::BackendChoice::Cpu);
    const QString detail = QStringLiteral(
        "llvmpipe (LLVM 15.0.6, 256 bits) is a CPU device; no discrete or integrated GPU");
    const QString reason = "auto: no usable GPU (" + detail + "); using the CPU";
    actlab::gui::MainWindow window(*cpu.backend, reason);
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(actlab::test::waitFor(
        [&] { return window.trainingView() && !window.trainingView()->engineOps().isEmpty(); },
        60000));
    QApplication::processEvents();
    auto* label = window.findChild<actlab::ui::ElidedLabel*>(QStringLiteral("backendLabel"));
    ASSERT_NE(label, nullptr);
    EXPECT_TRUE(label->fullText().startsWith("Backend: cpu — auto: no usable GPU · "))
        << label->fullText().toStdString();
    EXPECT_TRUE(label->fullText().contains("Training lab: cpu")) << label->fullText().toStdString();
    EXPECT_FALSE(label->fullText().contains(detail));
    EXPECT_EQ(label->text(), label->fullText()) << "cut at 1280 × 720";
    EXPECT_TRUE(label->toolTip().contains(detail)) << label->toolTip().toStdString();
    EXPECT_TRUE(window.backendText().contains(reason)) << window.backendText().toStdString();
}

TEST_F(MainWindowTest, FileMenuHasTheExportShortcuts) {
    QStringList shortcuts;
    for (QAction* menu : window->menuBar()->actions())
        for (QAction* action : menu->menu()->actions())
            shortcuts << action->shortcut().toString(QKeySequence::PortableText);
    for (const char* expected : {"Ctrl+E", "Ctrl+Shift+E", "Ctrl+Shift+C", "Ctrl+Q"})
        EXPECT_TRUE(shortcuts.contains(expected)) << expected;
}

// Ctrl+Q (or closing the window) with a run that has trained asks first; cancelled, the
// window and the run stay (tests/ui/test_sessions.cpp answers Save).
TEST_F(MainWindowTest, QuittingWithATrainedRunAsksFirst) {
    QStringList asked;
    bool quit = false;
    window->setQuitQuestion([&](const QString& unsaved) {
        asked << unsaved;
        return quit ? actlab::gui::MainWindow::QuitAnswer::Discard
                    : actlab::gui::MainWindow::QuitAnswer::Cancel;
    });
    EXPECT_TRUE(window->unsavedWork().isEmpty());
    ASSERT_TRUE(window->trainingView()->trainAndWait(20, 20000));
    QAction* quitAction = nullptr;
    for (QAction* menu : window->menuBar()->actions())
        for (QAction* action : menu->menu()->actions())
            if (action->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_Q)) quitAction = action;
    ASSERT_TRUE(quitAction);
    quitAction->trigger();
    QApplication::processEvents();
    ASSERT_EQ(asked.size(), 1);
    EXPECT_TRUE(asked[0].contains("Training run (step 20)")) << asked[0].toStdString();
    EXPECT_TRUE(window->isVisible());
    EXPECT_EQ(window->trainingView()->currentStep(), 20);

    quit = true;
    EXPECT_TRUE(window->close());
    EXPECT_EQ(asked.size(), 2);
    EXPECT_FALSE(window->isVisible());
}

TEST_F(MainWindowTest, OptionsChooseViewFunctionsAndRange) {
    const auto parsed = parseGuiOptions(args(
        {"--view", "gelu", "--functions", "mish,elu", "--derivatives", "f", "--x-range", "-2:2"}));
    ASSERT_TRUE(parsed.options);
    window->applyOptions(*parsed.options);
    EXPECT_EQ(window->currentView(), "gelu");
    EXPECT_EQ(window->explorer()->visibleFunctions(), (QStringList{"mish", "elu"}));
    EXPECT_EQ(window->explorer()->chart()->curveKeys(), (QStringList{"mish/f", "elu/f"}));
    EXPECT_DOUBLE_EQ(window->explorer()->xLow(), -2);
    EXPECT_EQ(window->explorer()->selectedActivation().id, actlab::ActivationId::Mish);
    EXPECT_EQ(window->propertiesPanel()->activation().id, actlab::ActivationId::Mish);
}

// --scale goes through View → UI scale: the scale is applied and the menu shows it.
TEST_F(MainWindowTest, ScaleOptionChoosesTheUiScale) {
    const auto parsed = parseGuiOptions(args({"--scale", "1.25"}));
    ASSERT_TRUE(parsed.options);
    window->applyOptions(*parsed.options);
    EXPECT_DOUBLE_EQ(actlab::ui::uiScale(), 1.25);
    EXPECT_TRUE(window->findChild<QAction*>("uiScale125")->isChecked());
    window->findChild<QAction*>("uiScale100")->trigger();
    EXPECT_DOUBLE_EQ(actlab::ui::uiScale(), 1.0);
}

TEST_F(MainWindowTest, ExportsOfEveryViewWriteFiles) {
    QTemporaryDir dir;
    for (const char* view : {"explorer", "gelu", "gated"}) {
        ASSERT_TRUE(window->setCurrentView(view));
        QString error;
        const QString base = dir.filePath(view);
        EXPECT_TRUE(window->exportPlotPng(base + ".png", &error)) << view << error.toStdString();
        EXPECT_TRUE(window->exportPlotSvg(base + ".svg", &error)) << view << error.toStdString();
        EXPECT_TRUE(window->exportDataCsv(base + ".csv", &error)) << view << error.toStdString();
        EXPECT_TRUE(window->exportPanelImage(base + "-panel.png", &error)) << view;
        EXPECT_FALSE(QImage(base + ".png").isNull()) << view;
        EXPECT_FALSE(QImage(base + "-panel.png").isNull()) << view;
    }
}

TEST_F(MainWindowTest, SessionStateRoundTrips) {
    window->explorer()->setVisibleFunctions({"softplus"});
    window->explorer()->setParameter("softplus", "beta", 4.0);
    window->setCurrentView("gated");
    const QJsonObject state = window->sessionState();
    actlab::gui::MainWindow other(*selection.backend, "test");
    other.restoreSessionState(state);
    EXPECT_EQ(other.currentView(), "gated");
    EXPECT_EQ(other.explorer()->visibleFunctions(), QStringList{"softplus"});
    EXPECT_DOUBLE_EQ(other.explorer()->parameter("softplus", "beta"), 4.0);
}

TEST(ActlabExecutable, ScreenshotWritesAPngAndExitsZero) {
    QTemporaryDir dir;
    const QString path = dir.filePath("explorer.png");
    const ProcessResult run =
        runActlab({"--screenshot", path, "--functions", "relu,gelu,swish", "--derivatives", "f,f1",
                   "--x-range", "-4:4", "--size", "1000x700"});
    ASSERT_EQ(run.exitCode, 0) << run.standardError.toStdString();
    const QImage image(path);
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), QSize(1000, 700));
}

TEST(ActlabExecutable, ScreenshotsOfTheOtherViews) {
    QTemporaryDir dir;
    for (const char* view : {"gelu", "gated"}) {
        const QString path = dir.filePath(QString(view) + ".png");
        const ProcessResult run = runActlab({"--screenshot", path, "--view", view});
        EXPECT_EQ(run.exitCode, 0) << view << run.standardError.toStdString();
        EXPECT_FALSE(QImage(path).isNull()) << view;
    }
}

TEST(ActlabExecutable, BadOptionsExitTwoWithAMessage) {
    for (const QStringList& bad : {QStringList{"--backend", "gpu"}, QStringList{"--x-range", "2:1"},
                                   QStringList{"--bogus"}}) {
        const ProcessResult run = runActlab(bad);
        EXPECT_EQ(run.exitCode, 2) << bad.join(' ').toStdString();
        EXPECT_TRUE(run.standardError.contains("actlab: ")) << run.standardError.toStdString();
    }
}

TEST(ActlabExecutable, UnwritableScreenshotPathExitsNonZero) {
    const ProcessResult run = runActlab({"--screenshot", "/nonexistent-dir/x.png"});
    EXPECT_NE(run.exitCode, 0);
    EXPECT_FALSE(run.standardError.isEmpty());
}
