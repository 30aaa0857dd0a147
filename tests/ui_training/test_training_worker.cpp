// TrainingController + TrainingWorker: the thread, play/pause/advance/reset, frame pacing,
// stale frames after a reset, divergence, and live optimizer changes.
#include <gtest/gtest.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QThread>
#include <cmath>
#include <functional>

#include "../ui/gui_test_support.h"
#include "training/presets.h"
#include "training_test_configs.h"
#include "ui/training/training_controller.h"

using actlab::ui::TrainingController;

namespace {

actlab::TrainingConfig small() { return actlab::test::smallTrainingConfig(16, 8); }

bool waitFor(const std::function<bool()>& done, int milliseconds = 10000) {
    return actlab::test::waitFor(done, milliseconds);
}

}  // namespace

TEST(TrainingController, ResetGivesAPausedStepZeroFrameWithSurfaces) {
    TrainingController controller;
    controller.reset({small()});
    ASSERT_TRUE(waitFor([&] { return !controller.latest().runs.empty(); }));
    const auto& frame = controller.latest();
    EXPECT_EQ(frame.step(), 0);
    EXPECT_FALSE(controller.isPlaying());
    ASSERT_TRUE(frame.data);
    EXPECT_EQ(frame.data->rawDimension, 2);
    const actlab::TrainingProbes& probes = frame.runs.front().probes;
    EXPECT_EQ(probes.surface.resolution, 16);
    EXPECT_EQ(probes.surface.values.size(), 16u * 16u);
    EXPECT_EQ(probes.neuronMaps.size(), 2u);
}

TEST(TrainingController, PlayAdvancesAndPauseStops) {
    TrainingController controller;
    controller.reset({small()});
    ASSERT_TRUE(waitFor([&] { return !controller.latest().runs.empty(); }));
    controller.play();
    EXPECT_TRUE(controller.isPlaying());
    ASSERT_TRUE(waitFor([&] { return controller.latest().step() >= 50; }));
    controller.pause();
    EXPECT_FALSE(controller.isPlaying());
    ASSERT_TRUE(waitFor([&] { return !controller.latest().running; }));
    const int stopped = controller.latest().step();
    waitFor([] { return false; }, 200);
    EXPECT_EQ(controller.latest().step(), stopped);
}

TEST(TrainingController, AdvanceRunsExactlyThatManySteps) {
    TrainingController controller;
    controller.reset({small()});
    ASSERT_TRUE(waitFor([&] { return !controller.latest().runs.empty(); }));
    controller.advance(37);
    ASSERT_TRUE(
        waitFor([&] { return controller.latest().step() == 37 && !controller.isPlaying(); }));
    controller.advance(3);
    ASSERT_TRUE(
        waitFor([&] { return controller.latest().step() == 40 && !controller.isPlaying(); }));
}

TEST(TrainingController, ResetDropsTheOldRunsFrames) {
    TrainingController controller;
    controller.setStepsPerFrame(0);
    controller.reset({small()});
    ASSERT_TRUE(waitFor([&] { return !controller.latest().runs.empty(); }));
    controller.play();
    ASSERT_TRUE(waitFor([&] { return controller.latest().step() > 100; }));
    controller.reset({small()});
    EXPECT_TRUE(controller.latest().runs.empty());  // cleared at once
    ASSERT_TRUE(waitFor([&] { return !controller.latest().runs.empty(); }));
    waitFor([] { return false; }, 150);  // any late frame of the old run would arrive now
    EXPECT_EQ(controller.latest().step(), 0);
    EXPECT_TRUE(controller.latest().runs.front().history.size() <= 1u);
}

TEST(TrainingController, FramesComeAtMostAbout30ASecondAtFullSpeed) {
    TrainingController controller;
    controller.setStepsPerFrame(0);
    controller.reset({small()});
    ASSERT_TRUE(waitFor([&] { return !controller.latest().runs.empty(); }));
    const int before = controller.framesReceived();
    controller.play();
    waitFor([] { return false; }, 1000);
    controller.pause();
    const int frames = controller.framesReceived() - before;
    EXPECT_LE(frames, 40);  // ~30 per second, plus the pause's acknowledgement
    EXPECT_GE(frames, 5);
    EXPECT_GT(controller.latest().step(), 100);
}

TEST(TrainingController, StepsPerFrameIsHonoured) {
    TrainingController controller;
    controller.setStepsPerFrame(1);
    controller.reset({small()});
    ASSERT_TRUE(waitFor([&] { return !controller.latest().runs.empty(); }));
    controller.play();
    waitFor([] { return false; }, 500);
    controller.pause();
    waitFor([&] { return !controller.latest().running; });
    EXPECT_LE(controller.latest().step(), 30);  // one step per ~33 ms frame
    EXPECT_GE(controller.latest().step(), 3);
}

TEST(TrainingController, DivergenceStopsTheRunAndReportsTheStep) {
    actlab::TrainingConfig c;  // SGD at lr 10 on the circle, 3×32 ReLU: NaN within a few steps
    c.optimizer.kind = actlab::OptimizerKind::Sgd;
    c.optimizer.learningRate = 10;
    TrainingController controller;
    controller.reset({c});
    ASSERT_TRUE(waitFor([&] { return !controller.latest().runs.empty(); }));
    controller.play();
    ASSERT_TRUE(waitFor([&] { return controller.latest().diverged(); }));
    EXPECT_TRUE(waitFor([&] { return !controller.isPlaying(); }));
    const auto& run = controller.latest().runs.front();
    EXPECT_GE(run.divergedAtStep, 0);
    EXPECT_TRUE(std::isfinite(run.trainLoss));
    EXPECT_TRUE(actlab::allFinite(run.probes));
    for (const auto& point : run.history) EXPECT_TRUE(std::isfinite(point.trainLoss));
    controller.play();  // refused: the run stays stopped
    waitFor([] { return false; }, 100);
    EXPECT_FALSE(controller.isPlaying());
}

TEST(TrainingController, InvalidConfigurationIsReported) {
    actlab::TrainingConfig c = small();
    c.task = "user";
    c.userPoints = actlab::LabelledPoints{2, {0, 0, 1, 1}, {0, 1}};  // too few points
    TrainingController controller;
    controller.reset({c});
    ASSERT_TRUE(waitFor([&] { return !controller.latest().error.isEmpty(); }));
    EXPECT_TRUE(controller.latest().error.contains("4 points"))
        << controller.latest().error.toStdString();
    EXPECT_TRUE(controller.latest().runs.empty());
}

TEST(TrainingController, CompareRunsStepTogetherOnTheSameData) {
    actlab::TrainingConfig a;
    actlab::findTrainingPreset("dying-relu")->apply(a);
    actlab::TrainingConfig b = a;
    b.model.activations = {actlab::ActivationConfig::withDefaults(actlab::ActivationId::LeakyRelu)};
    TrainingController controller;
    controller.reset({a, b});
    ASSERT_TRUE(waitFor([&] { return !controller.latest().runs.empty(); }));
    controller.advance(300);
    ASSERT_TRUE(
        waitFor([&] { return controller.latest().step() == 300 && !controller.isPlaying(); }));
    const auto& runs = controller.latest().runs;
    ASSERT_EQ(runs.size(), 2u);
    EXPECT_EQ(runs[0].step, runs[1].step);
    EXPECT_GT(runs[0].diagnostics.deadFraction, runs[1].diagnostics.deadFraction);
}
