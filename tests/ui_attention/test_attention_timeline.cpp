// The Attention view's replay timeline (issue 9), offscreen: scrubbed to a keyframe, the maps
// and the curves are those of that step while training goes on, also in compare mode; Live
// returns to the newest maps; Replay advances.
#include <gtest/gtest.h>

#include <QPushButton>
#include <QSlider>
#include <QTest>
#include <map>

#include "attention_test_view.h"
#include "ui/attention/attention_charts.h"
#include "ui/charts/curve_chart.h"
#include "ui/common/timeline_bar.h"

using namespace actlab;
using namespace actlab::test;

namespace {

// Trains in chunks and keeps, by step, the maps run A's grid showed then.
std::map<int, std::vector<float>> trainInChunks(AttentionTestView& t, int chunks, int steps) {
    std::map<int, std::vector<float>> shown;
    for (int chunk = 0; chunk < chunks; ++chunk) {
        if (!t.view.trainAndWait(steps, 30000)) break;
        waitUntil([&] { return t.view.grid()->layers() > 0; });
        shown[t.view.currentStep()] = weights(*t.view.grid());
    }
    return shown;
}

// Two layers of two heads, d_model 16: the keyframes of a run, not its learning, are under test
// (the default 4 heads of 64 took 73 s for 220 steps under ASan).
SequenceTrainingConfig smallTimelineRun() { return smallReverse(2, 16); }

int indexOf(const ui::AttentionView& view, int step) {
    const auto& steps = view.timeline()->steps();
    return int(std::find(steps.begin(), steps.end(), step) - steps.begin());
}

}  // namespace

TEST(AttentionTimeline, AScrubbedKeyframeShowsThatStepsMapsAndCurves) {
    AttentionTestView t(smallTimelineRun());
    const auto shown = trainInChunks(t, 5, 40);
    ASSERT_EQ(shown.size(), 5u);
    EXPECT_NE(shown.begin()->second, shown.rbegin()->second);  // the heads changed
    ui::TimelineBar* timeline = t.view.timeline();
    for (const auto& [step, maps] : shown) {
        if (step == t.view.currentStep()) continue;
        const int index = indexOf(t.view, step);
        ASSERT_LT(index, int(timeline->steps().size())) << "step " << step << " kept";
        timeline->slider()->setValue(index);
        EXPECT_EQ(t.view.shownStep(), step);
        EXPECT_EQ(weights(*t.view.grid()), maps) << "step " << step;
        const QList<QPointF> loss = t.view.charts()->lossChart()->curvePoints(
            t.view.charts()->lossChart()->curveKeys().front());
        ASSERT_FALSE(loss.isEmpty());
        EXPECT_LE(loss.back().x(), step);
    }
    // Training goes on behind the replay; Live shows the newest maps again.
    const int scrubbed = t.view.shownStep();
    ASSERT_TRUE(t.view.trainAndWait(20, 30000));
    EXPECT_EQ(t.view.shownStep(), scrubbed);
    EXPECT_TRUE(t.view.statusText().contains("Replay"));
    QTest::mouseClick(timeline->liveButton(), Qt::LeftButton);
    EXPECT_EQ(t.view.shownStep(), t.view.currentStep());
    EXPECT_NE(weights(*t.view.grid()), shown.rbegin()->second);
    EXPECT_FALSE(t.view.statusText().contains("Replay"));
}

TEST(AttentionTimeline, CompareModeKeyframesShowBothRuns) {
    AttentionTestView t(smallTimelineRun());
    t.view.setCompare(true);
    ASSERT_TRUE(waitUntil([&] { return t.view.gridB()->layers() > 0; }));
    std::map<int, std::vector<float>> shownB;
    for (int chunk = 0; chunk < 3; ++chunk) {
        ASSERT_TRUE(t.view.trainAndWait(30, 30000));
        ASSERT_TRUE(waitUntil([&] { return t.view.currentStepB() == t.view.currentStep(); }));
        shownB[t.view.currentStep()] = weights(*t.view.gridB());
    }
    const int step = shownB.begin()->first;
    t.view.timeline()->choose(indexOf(t.view, step));
    EXPECT_EQ(weights(*t.view.gridB()), shownB.begin()->second);
}

TEST(AttentionTimeline, ReplayAdvances) {
    AttentionTestView t(smallTimelineRun());
    trainInChunks(t, 4, 25);
    ui::TimelineBar* timeline = t.view.timeline();
    timeline->setReplaySpeed(4.0);
    timeline->startReplay();
    EXPECT_EQ(t.view.shownStep(), timeline->steps().front());
    ASSERT_TRUE(waitUntil([&] { return t.view.shownStep() > timeline->steps().front(); }, 5000));
    ASSERT_TRUE(waitUntil([&] { return timeline->isLive(); }, 20000));
    EXPECT_EQ(t.view.shownStep(), t.view.currentStep());
}
