// The Training view trains on the backend the window was opened with (issue 7): with Vulkan
// (lavapipe in CI, required here), the runs train on Vulkan, the status line says so, and the
// result matches the same run on the CPU as the CLI's runs do (final loss within 1%). While
// the runs train at full speed on the worker thread, the Explorer samples its curves on the UI
// thread through the same device: the context serialises the two, and both stay right.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "../ui/gui_test_support.h"
#include "backends/backend_factory.h"
#include "main_window.h"
#include "ui/charts/curve_chart.h"
#include "ui/panels/explorer_panel.h"
#include "ui/training/training_controller.h"
#include "ui/training/training_view.h"

using namespace actlab;
using namespace actlab::ui;

namespace {

bool waitFor(const std::function<bool()>& done, int milliseconds = 60000) {
    return actlab::test::waitFor(done, milliseconds);
}

// The final training loss of the dying-relu preset after `steps` steps in a window opened on
// `backend`; *engine receives what the runs trained on, *status the status line.
double trainedLoss(Backend& backend, int steps, QString* engine, QString* status) {
    gui::MainWindow window(backend, QStringLiteral("test"));
    window.resize(1280, 720);
    window.show();
    EXPECT_TRUE(window.setCurrentView("training"));
    TrainingView* view = window.trainingView();
    EXPECT_TRUE(view->applyPreset("dying-relu"));
    EXPECT_TRUE(view->trainAndWait(steps, 120000));
    *engine = view->trainingEngine();
    *status = view->statusText();
    return view->controller()->latest().runs.at(0).trainLoss;
}

}  // namespace

TEST(TrainingOnVulkan, TrainsOnTheWindowsBackendAndMatchesTheCpu) {
    BackendSelection vulkan = createBackend(BackendChoice::Vulkan);
    ASSERT_FALSE(vulkan.fellBack) << "Vulkan is required for this test: " << vulkan.reason;
    ASSERT_EQ(vulkan.backend->name(), "vulkan");
    BackendSelection cpu = createBackend(BackendChoice::Cpu);
    QString engine, status;
    const double onVulkan = trainedLoss(*vulkan.backend, 200, &engine, &status);
    EXPECT_EQ(engine, "vulkan");
    EXPECT_TRUE(status.contains("on vulkan")) << status.toStdString();
    const double onCpu = trainedLoss(*cpu.backend, 200, &engine, &status);
    EXPECT_EQ(engine, "cpu");
    EXPECT_FALSE(status.contains("vulkan")) << status.toStdString();
    ASSERT_TRUE(std::isfinite(onVulkan) && std::isfinite(onCpu));
    EXPECT_NEAR(onVulkan, onCpu, 0.01 * onCpu) << "Vulkan " << onVulkan << ", CPU " << onCpu;
}

TEST(TrainingOnVulkan, TheExplorerSamplesWhileTheRunsTrainOnTheSameDevice) {
    BackendSelection vulkan = createBackend(BackendChoice::Vulkan);
    ASSERT_FALSE(vulkan.fellBack) << vulkan.reason;
    gui::MainWindow window(*vulkan.backend, QStringLiteral("test"));
    window.resize(1280, 720);
    window.show();
    TrainingView* view = window.trainingView();
    view->setStepsPerFrame(0);  // full speed
    view->play();
    ASSERT_TRUE(waitFor([&] { return view->controller()->latestStep() > 50; }));
    ExplorerPanel* explorer = window.explorer();
    ASSERT_TRUE(explorer->setVisibleFunctions({"gelu"}));
    for (int i = 0; i < 40; ++i) {
        const double high = 2.0 + 0.1 * i;
        ASSERT_TRUE(explorer->setXRange(-high, high));
        const QList<QPointF> curve = explorer->chart()->curvePoints("gelu/f");
        ASSERT_EQ(curve.size(), 2001);
        // GELU(x) = x·Φ(x): at the right end, within float rounding of the exact value.
        const double x = curve.back().x();
        EXPECT_NEAR(curve.back().y(), 0.5 * x * std::erfc(-x / std::sqrt(2.0)), 1e-5 * x);
        actlab::test::waitFor([] { return false; }, 10);
    }
    const int before = view->controller()->latestStep();
    ASSERT_TRUE(waitFor([&] { return view->controller()->latestStep() > before + 20; }))
        << "training went on while the Explorer sampled";
    view->pause();
    EXPECT_EQ(view->trainingEngine(), "vulkan");
    EXPECT_FALSE(view->controller()->latest().diverged());
}
