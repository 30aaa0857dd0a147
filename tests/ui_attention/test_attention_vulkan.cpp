// The Attention lab trains on the backend the window was opened with (issue 26): with Vulkan
// (lavapipe here and in CI, required), run A's ops are Vulkan's and its held-out loss after 200
// steps matches the same preset's on the CPU within 1%; compare mode's run B trains on the same
// backend (its mixture of activations, which has no shader, named in the status bar as the ops
// that fell back);
// runs put back from saved states train there too; and the status bar says per lab where its
// runs train, and on the CPU why.
#include <gtest/gtest.h>

#include <cmath>

#include "../ui/gui_test_support.h"
#include "attention_test_view.h"
#include "backends/backend_factory.h"
#include "main_window.h"
#include "ui/attention/attention_controller.h"
#include "ui/attention/attention_view.h"
#include "ui/training/training_view.h"

using namespace actlab;
using namespace actlab::ui;

namespace {

bool waitLong(const std::function<bool()>& done) { return actlab::test::waitFor(done, 300000); }

struct AttentionRun {
    double testLoss = NAN;
    std::string ops;      // the view's engineOps(): what the worker's table describes
    QString backendLine;  // the window's status bar line
};

// The reverse-heads preset trained `steps` steps in a window opened on `backend`.
AttentionRun trainedInWindow(Backend& backend, const QString& reason, int steps) {
    gui::MainWindow window(backend, reason);
    window.resize(1280, 720);
    window.show();
    EXPECT_TRUE(window.setCurrentView("attention"));
    AttentionView* view = window.attentionView();
    EXPECT_TRUE(view->applyPreset("reverse-heads"));
    EXPECT_TRUE(view->trainAndWait(steps, 300000));
    const AttentionController& controller = *view->controller();
    // The held-out figures of the paused run's last (full) snapshot, at the step reached.
    EXPECT_TRUE(waitLong([&] {
        const auto& s = controller.latest().snapshot;
        return s && s->step == steps && s->evaluatedStep == steps;
    }));
    EXPECT_TRUE(waitLong([&] { return !window.trainingView()->engineOps().isEmpty(); }));
    AttentionRun run;
    run.testLoss = controller.latest().snapshot->testLoss;
    run.ops = view->engineOps().toStdString();
    run.backendLine = window.backendText();
    return run;
}

}  // namespace

TEST(AttentionOnVulkan, TrainsOnTheWindowsBackendAndMatchesTheCpu) {
    BackendSelection vulkan = createBackend(BackendChoice::Vulkan);
    ASSERT_FALSE(vulkan.fellBack) << "Vulkan is required for this test: " << vulkan.reason;
    const QString device = QString::fromStdString(vulkan.backend->deviceName());
    const AttentionRun onVulkan = trainedInWindow(*vulkan.backend, "asked for", 200);
    EXPECT_EQ(onVulkan.ops, "vulkan") << "every op of the preset has a shader";
    EXPECT_TRUE(onVulkan.backendLine.contains("Attention lab: vulkan (" + device + ")"))
        << onVulkan.backendLine.toStdString();
    EXPECT_TRUE(onVulkan.backendLine.contains("Training lab: vulkan (" + device + ")"))
        << onVulkan.backendLine.toStdString();

    BackendSelection cpu = createBackend(BackendChoice::Cpu);
    const AttentionRun onCpu =
        trainedInWindow(*cpu.backend, "the vulkan backend could not start: test", 200);
    EXPECT_EQ(onCpu.ops, "cpu");
    EXPECT_TRUE(
        onCpu.backendLine.contains("Attention lab: cpu — the vulkan backend could not start: test"))
        << onCpu.backendLine.toStdString();
    EXPECT_TRUE(
        onCpu.backendLine.contains("Training lab: cpu — the vulkan backend could not start"))
        << onCpu.backendLine.toStdString();
    EXPECT_FALSE(onCpu.backendLine.contains("vulkan (")) << onCpu.backendLine.toStdString();

    ASSERT_TRUE(std::isfinite(onVulkan.testLoss) && std::isfinite(onCpu.testLoss));
    EXPECT_NEAR(onVulkan.testLoss, onCpu.testLoss, 0.01 * onCpu.testLoss)
        << "Vulkan " << onVulkan.testLoss << ", CPU " << onCpu.testLoss;
}

TEST(AttentionOnVulkan, CompareModesRunBAndRestoredRunsTrainThereToo) {
    BackendSelection vulkan = createBackend(BackendChoice::Vulkan);
    ASSERT_FALSE(vulkan.fellBack) << vulkan.reason;
    gui::MainWindow window(*vulkan.backend, QStringLiteral("asked for"));
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(window.setCurrentView("attention"));
    AttentionView& view = *window.attentionView();
    view.controls()->setConfig(actlab::test::smallReverse());
    view.reset();
    ASSERT_TRUE(view.trainAndWait(3, 120000));
    EXPECT_EQ(view.controller()->latest().engine.ops.toStdString(), "vulkan");

    // Run B with a mixture of activations on Q, K and V: on Vulkan but for the mixture's ops.
    SequenceTrainingConfig b = actlab::test::smallReverse();
    b.model.qkvActivation = ActivationConfig::withDefaults(ActivationId::Mix);
    const quint64 request = view.controller()->setCompare(b);
    ASSERT_TRUE(waitLong([&] {
        const AttentionFrame& f = view.controller()->latest();
        return f.compareRequest >= request && f.compared.step() == 3;
    }));
    ASSERT_TRUE(view.trainAndWait(2, 120000));
    const AttentionFrame& frame = view.controller()->latest();
    EXPECT_EQ(frame.engine.ops.toStdString(), "vulkan");
    EXPECT_EQ(frame.engineB.ops.toStdString(), "vulkan (cpu: mix_forward, mix_backward)");
    EXPECT_EQ(view.engineOps().toStdString(), "vulkan (cpu: mix_forward, mix_backward)")
        << "A's and B's";
    const QString device = QString::fromStdString(vulkan.backend->deviceName());
    EXPECT_TRUE(window.backendText().contains("Attention lab: vulkan (" + device +
                                              "); on the CPU: mix_forward, mix_backward"))
        << window.backendText().toStdString();

    // A session's runs, put back: on the backend again.
    const std::vector<std::string> states = view.runStates();
    ASSERT_EQ(states.size(), 2u);
    view.restoreRuns(states);
    ASSERT_TRUE(view.trainAndWait(1, 120000));
    EXPECT_EQ(view.controller()->latest().engine.ops.toStdString(), "vulkan");
    EXPECT_EQ(view.controller()->latest().engineB.ops.toStdString(),
              "vulkan (cpu: mix_forward, mix_backward)");
}
