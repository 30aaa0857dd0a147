// Compare mode of the Attention tab, offscreen: turning it on makes run B (which first trains up
// to A's step), Step and Play move both runs together, B's different Q/K/V activation gives
// different maps, the titles and legends name the difference, and turning it off leaves run A as
// it was.
#include <gtest/gtest.h>

#include <QElapsedTimer>
#include <QLabel>
#include <QPushButton>
#include <QTest>
#include <cmath>
#include <cstdio>

#include "attention_test_view.h"
#include "training/sequence_presets.h"
#include "ui/attention/attention_charts.h"
#include "ui/attention/attention_controller.h"
#include "ui/attention/attention_controls.h"
#include "ui/attention/attention_maps_pair.h"
#include "ui/charts/curve_chart.h"

using namespace actlab;
using namespace actlab::ui;
using actlab::test::AttentionTestView;
using actlab::test::waitUntil;

namespace {

double difference(const std::vector<float>& a, const std::vector<float>& b) {
    double sum = 0;
    for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) sum += std::abs(a[i] - b[i]);
    return sum;
}

}  // namespace

TEST(AttentionCompare, TurningItOnMakesRunBAndStepAdvancesBothTogether) {
    AttentionTestView shown;
    EXPECT_FALSE(shown.view.gridB()->isVisibleTo(&shown.view));
    shown.view.setCompare(true);
    ASSERT_TRUE(waitUntil([&] { return shown.view.gridB()->layers() == 2; }));
    EXPECT_TRUE(shown.view.comparing());
    EXPECT_TRUE(shown.view.gridB()->isVisibleTo(&shown.view));
    EXPECT_EQ(shown.view.gridB()->heads(), 4);
    for (int n = 1; n <= 3; ++n) {
        ASSERT_TRUE(shown.stepOnce());
        EXPECT_EQ(shown.view.currentStep(), n);
        EXPECT_EQ(shown.view.currentStepB(), n) << "both runs show the same step";
    }
    QTest::mouseClick(shown.view.playButton(), Qt::LeftButton);
    ASSERT_TRUE(waitUntil([&] { return shown.view.currentStep() >= 25; }));
    QTest::mouseClick(shown.view.playButton(), Qt::LeftButton);
    ASSERT_TRUE(waitUntil([&] { return !shown.view.controller()->isPlaying(); }));
    waitUntil([] { return false; }, 100);
    EXPECT_EQ(shown.view.currentStepB(), shown.view.currentStep()) << "Play advances both";
    EXPECT_TRUE(shown.view.statusText().contains("loss A"))
        << shown.view.statusText().toStdString();
}

TEST(AttentionCompare, RunBCatchesUpToRunAsStepWhenTurnedOnLater) {
    AttentionTestView shown(actlab::test::smallReverse(2, 16));  // the steps, not the learning
    ASSERT_TRUE(shown.view.trainAndWait(25, 30000));
    shown.view.setCompare(true);
    ASSERT_TRUE(waitUntil([&] { return shown.view.currentStepB() == 25; }))
        << "B trains up to A's step while paused; B at " << shown.view.currentStepB();
    EXPECT_EQ(shown.view.currentStep(), 25) << "A waits";
    EXPECT_EQ(shown.questions, 0) << "nothing was discarded";
    ASSERT_TRUE(shown.stepOnce());
    EXPECT_EQ(shown.view.currentStepB(), 26);
}

TEST(AttentionCompare, ADifferentQkvActivationGivesDifferentMapsAndNamesIt) {
    SequenceTrainingConfig config = actlab::test::smallReverse();
    config.model.qkvActivation = ActivationConfig::withDefaults(ActivationId::Relu);
    AttentionTestView shown(config);
    shown.view.setCompare(true);
    shown.view.controls()->setEditedRun(1);  // the form edits run B
    ASSERT_TRUE(shown.choose("qkvActivation", int(ActivationId::Identity)));
    EXPECT_EQ(shown.view.controls()->config().model.qkvActivation.id, ActivationId::Relu)
        << "A keeps its own";
    EXPECT_EQ(shown.view.controls()->configB().model.qkvActivation.id, ActivationId::Identity);
    ASSERT_TRUE(waitUntil([&] {
        const AttentionFrame& f = shown.view.controller()->latest();
        return f.compared.info &&
               f.compared.info->config.model.qkvActivation.id == ActivationId::Identity &&
               shown.view.gridB()->layers() == 2;
    }));
    ASSERT_TRUE(shown.view.trainAndWait(30, 60000));
    waitUntil([&] { return shown.view.currentStepB() == 30; });
    EXPECT_EQ(shown.view.currentStepB(), 30);
    EXPECT_GT(difference(actlab::test::weights(*shown.view.grid()),
                         actlab::test::weights(*shown.view.gridB())),
              0.1)
        << "relu and identity on Q, K, V train different maps";

    const QString titleA = shown.view.maps()->title(0)->text();
    const QString titleB = shown.view.maps()->title(1)->text();
    EXPECT_TRUE(titleA.startsWith("A · qkv relu · Pre-LN")) << titleA.toStdString();
    EXPECT_TRUE(titleB.startsWith("B · qkv identity · Pre-LN")) << titleB.toStdString();
    const CurveChart* loss = shown.view.charts()->lossChart();
    EXPECT_TRUE(loss->curveKeys().contains("A/train"));
    EXPECT_TRUE(loss->curveKeys().contains("B/train"));
    EXPECT_GE(loss->curvePoints("B/train").size(), 2);
    auto* differences = shown.view.controls()->findChild<QLabel*>("compareDifferences");
    ASSERT_NE(differences, nullptr);
    EXPECT_TRUE(differences->text().contains("qkv identity")) << differences->text().toStdString();
}

TEST(AttentionCompare, TurningItOffLeavesRunAsStepAndHistory) {
    AttentionTestView shown(actlab::test::smallReverse(2, 16));
    shown.view.setCompare(true);
    ASSERT_TRUE(waitUntil([&] { return shown.view.gridB()->layers() == 2; }));
    ASSERT_TRUE(shown.view.trainAndWait(20, 30000));
    const AttentionFrame before = shown.view.controller()->latest();
    const std::vector<float> mapsA = actlab::test::weights(*shown.view.grid());
    shown.view.setCompare(false);
    waitUntil([] { return false; }, 300);
    EXPECT_FALSE(shown.view.comparing());
    EXPECT_FALSE(shown.view.gridB()->isVisibleTo(&shown.view));
    EXPECT_EQ(shown.view.currentStep(), 20);
    EXPECT_EQ(shown.questions, 0);
    const AttentionFrame& after = shown.view.controller()->latest();
    ASSERT_TRUE(after.snapshot);
    EXPECT_EQ(after.snapshot->step, 20);
    EXPECT_EQ(after.snapshot, before.snapshot) << "the same snapshot of the same run";
    ASSERT_EQ(after.snapshot->history.size(), before.snapshot->history.size());
    EXPECT_EQ(actlab::test::weights(*shown.view.grid()), mapsA);
    EXPECT_GE(shown.view.charts()->lossChart()->curvePoints("train").size(), 2)
        << "the curves of A alone again";
    ASSERT_TRUE(shown.stepOnce());
    EXPECT_EQ(shown.view.currentStep(), 21) << "A trains on from where it was";
}

TEST(AttentionCompare, HoverAndEnlargeWorkInBothGrids) {
    AttentionTestView shown;
    shown.view.setCompare(true);
    ASSERT_TRUE(waitUntil([&] { return shown.view.gridB()->layers() == 2; }));
    AttentionGridView* b = shown.view.gridB();
    QTest::mouseClick(b, Qt::LeftButton, Qt::NoModifier, b->mapRect(1, 2).center());
    ASSERT_TRUE(b->isEnlarged());
    EXPECT_TRUE(shown.view.grid()->isEnlarged()) << "the same head enlarged in A";
    EXPECT_EQ(shown.view.grid()->enlargedLayer(), 1);
    EXPECT_EQ(shown.view.grid()->enlargedHead(), 2);
    QTest::mouseClick(b, Qt::LeftButton, Qt::NoModifier, b->mapRect(1, 2).center());
    EXPECT_FALSE(shown.view.grid()->isEnlarged());
    QMouseEvent move(QEvent::MouseMove, b->cellRect(0, 1, 2, 3).center(),
                     b->mapToGlobal(b->cellRect(0, 1, 2, 3).center()), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QApplication::sendEvent(b, &move);
    EXPECT_TRUE(shown.view.readoutText().startsWith("B: query"))
        << shown.view.readoutText().toStdString();
}

namespace actlab {
namespace {

// At full speed the maps keep being redrawn while many steps go into each frame, alone and in
// compare mode (two trainers in the worker). The frame rate is a measurement, printed, not
// asserted (a loaded machine lowers it with nothing wrong); the issue's ≥ 20 frames/s is read
// from this line on a quiet machine.
TEST(AttentionView, RedrawsWhileTrainingAtFullSpeedAloneAndInCompare) {
    for (bool compare : {false, true}) {
        SCOPED_TRACE(compare ? "compare" : "alone");
        SequenceTrainingConfig config;  // the README's screenshot run
        findSequencePreset("reverse-heads")->apply(config);
        test::AttentionTestView shown(config);
        if (compare) {
            SequenceTrainingConfig b = shown.view.controls()->configB();
            b.model.qkvActivation = ActivationConfig::withDefaults(ActivationId::Relu);
            shown.view.controls()->setConfigB(b);
            shown.view.setCompare(true);
        }
        shown.view.setStepsPerFrame(0);
        shown.view.play();
        // Warm up past step 64: until then the history measures the held-out figures and the
        // distributions at every step or every second one (issue 25), and a frame holds a step
        // or two; the redraw rate at full speed is that of the run that follows.
        test::waitUntil([&] { return shown.view.currentStep() >= 64; }, 30000);
        test::waitUntil([] { return false; }, 500);
        const int drawnBefore = shown.view.framesDrawn(), stepBefore = shown.view.currentStep();
        QElapsedTimer clock;
        clock.start();
        test::waitUntil([] { return false; }, 3000);
        const double milliseconds = double(clock.elapsed());
        const int drawn = shown.view.framesDrawn() - drawnBefore;
        const int steps = shown.view.currentStep() - stepBefore;
        shown.view.pause();
        std::printf("[ measure  ] %s: frames drawn %.1f/s, %.0f steps/s\n",
                    compare ? "compare" : "alone", drawn * 1000 / milliseconds,
                    steps * 1000 / milliseconds);
        EXPECT_GE(drawn, 3) << "the maps stopped being redrawn while training ran";
        EXPECT_GT(steps, drawn) << "the worker should step many times per drawn frame";
        if (compare) {
            EXPECT_EQ(shown.view.currentStepB(), shown.view.currentStep());
        }
    }
}

}  // namespace
}  // namespace actlab
