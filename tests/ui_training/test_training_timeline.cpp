// The Training view's replay timeline (issue 9), offscreen: scrubbed to a keyframe, the neuron
// grid, the summary and the curves are those of that step while training goes on; Live returns
// to the newest; Replay advances to the end and goes live; "Export run as frames" writes one
// numbered PNG per keyframe.
#include <gtest/gtest.h>

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QImage>
#include <QPushButton>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <map>

#include "../ui/gui_test_support.h"
#include "ui/charts/curve_chart.h"
#include "ui/common/frame_export.h"
#include "ui/common/timeline_bar.h"
#include "ui/training/neuron_grid_view.h"
#include "ui/training/run_panel.h"
#include "ui/training/training_charts.h"
#include "ui/training/training_controller.h"
#include "ui/training/training_view.h"

using namespace actlab::ui;
using actlab::test::waitFor;

namespace {

int deadUnits(const NeuronGridView* grid) {
    int dead = 0;
    for (int l = 0; l < grid->layerCount(); ++l) dead += grid->deadCount(l);
    return dead;
}

// The dying-relu preset trained in chunks; what the view showed at each chunk's end, by step.
struct Recorded {
    int dead = 0;
    QString summary;
};

struct TrainedView {
    TrainingView view;
    std::map<int, Recorded> shown;
    TrainedView() {
        view.resize(1280, 800);
        view.show();
        waitFor([this] { return view.framesDrawn() > 0; }, 15000);
        for (int chunk = 0; chunk < 8; ++chunk) {
            if (!view.trainAndWait(60, 30000)) break;
            shown[view.currentStep()] = {deadUnits(view.runPanel(0)->neuronGrid()),
                                         view.runPanel(0)->summaryText()};
        }
    }
    int indexOf(int step) const {
        const auto& steps = view.timeline()->steps();
        return int(std::find(steps.begin(), steps.end(), step) - steps.begin());
    }
};

}  // namespace

TEST(TrainingTimeline, AScrubbedKeyframeShowsWhatTheViewShowedAtThatStep) {
    TrainedView t;
    ASSERT_EQ(t.shown.size(), 8u);
    TimelineBar* timeline = t.view.timeline();
    EXPECT_TRUE(timeline->isLive());
    EXPECT_GE(timeline->steps().size(), 8u);
    EXPECT_EQ(timeline->steps().back(), t.view.currentStep());
    // The dead count changes over the run (dying ReLU): the check below can tell steps apart.
    EXPECT_NE(t.shown.begin()->second.dead, t.shown.rbegin()->second.dead);
    for (const auto& [step, recorded] : t.shown) {
        const int index = t.indexOf(step);
        ASSERT_LT(index, int(timeline->steps().size())) << "step " << step << " kept";
        if (step == t.view.currentStep()) continue;  // that one is live
        t.view.timeline()->slider()->setValue(index);
        EXPECT_FALSE(timeline->isLive());
        EXPECT_EQ(t.view.shownStep(), step);
        EXPECT_EQ(deadUnits(t.view.runPanel(0)->neuronGrid()), recorded.dead) << "step " << step;
        EXPECT_EQ(t.view.runPanel(0)->summaryText(), recorded.summary) << "step " << step;
        // The curves end at that step.
        const QList<QPointF> loss = t.view.charts()->lossChart()->curvePoints("0/train");
        ASSERT_FALSE(loss.isEmpty());
        EXPECT_LE(loss.back().x(), step);
        EXPECT_TRUE(t.view.statusText().contains(QString::number(step)));
    }
}

TEST(TrainingTimeline, TrainingGoesOnWhileScrubbedAndLiveReturnsToTheNewest) {
    TrainedView t;
    TimelineBar* timeline = t.view.timeline();
    const int step = t.shown.begin()->first;
    timeline->choose(t.indexOf(step));
    ASSERT_TRUE(t.view.trainAndWait(60, 30000));  // the view does not block
    EXPECT_EQ(t.view.shownStep(), step);
    EXPECT_EQ(deadUnits(t.view.runPanel(0)->neuronGrid()), t.shown.begin()->second.dead);
    EXPECT_TRUE(t.view.statusText().contains("Replay"));
    EXPECT_GT(timeline->steps().back(), t.shown.rbegin()->first);  // the newest keyframe kept
    ASSERT_TRUE(timeline->liveButton()->isEnabled());
    QTest::mouseClick(timeline->liveButton(), Qt::LeftButton);
    EXPECT_TRUE(timeline->isLive());
    EXPECT_EQ(t.view.shownStep(), t.view.currentStep());
    const auto& latest = t.view.controller()->latest().runs.front();
    int dead = 0;
    for (const auto& layer : latest.diagnostics.layers)
        dead += int(std::count(layer.dead.begin(), layer.dead.end(), 1));
    EXPECT_EQ(deadUnits(t.view.runPanel(0)->neuronGrid()), dead);
    EXPECT_GE(t.view.charts()->lossChart()->curvePoints("0/train").back().x(),
              t.shown.rbegin()->first);
}

TEST(TrainingTimeline, ReplayAdvancesToTheEndAndGoesLive) {
    TrainedView t;
    TimelineBar* timeline = t.view.timeline();
    timeline->setReplaySpeed(4.0);
    QTest::mouseClick(timeline->replayButton(), Qt::LeftButton);
    EXPECT_TRUE(timeline->replaying());
    EXPECT_EQ(t.view.shownStep(), timeline->steps().front());
    ASSERT_TRUE(waitFor([&] { return t.view.shownStep() > timeline->steps().front(); }, 5000));
    EXPECT_FALSE(timeline->isLive());
    ASSERT_TRUE(waitFor([&] { return timeline->isLive(); }, 20000));
    EXPECT_FALSE(timeline->replaying());
    EXPECT_FALSE(timeline->replayButton()->isChecked());
}

TEST(TrainingTimeline, TheCommaAndPeriodKeysStepThroughTheKeyframes) {
    TrainedView t;
    TimelineBar* timeline = t.view.timeline();
    t.view.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&t.view, 5000));
    t.view.setFocus();
    QTest::keyClick(&t.view, Qt::Key_Comma);
    EXPECT_EQ(timeline->index(), int(timeline->steps().size()) - 2);
    QTest::keyClick(&t.view, Qt::Key_Comma);
    EXPECT_EQ(timeline->index(), int(timeline->steps().size()) - 3);
    QTest::keyClick(&t.view, Qt::Key_Period);
    QTest::keyClick(&t.view, Qt::Key_Period);
    EXPECT_EQ(timeline->index(), int(timeline->steps().size()) - 1);
    EXPECT_FALSE(timeline->isLive());  // the last keyframe, scrubbed to
    QTest::keyClick(&t.view, Qt::Key_Period);
    EXPECT_TRUE(timeline->isLive());
}

TEST(TrainingTimeline, ExportRunAsFramesWritesOneNumberedPngPerKeyframe) {
    TrainedView t;
    QTemporaryDir folder;
    ASSERT_TRUE(folder.isValid());
    const size_t keyframes = t.view.timeline()->steps().size();
    const FrameExportResult result = exportRunFrames(t.view, folder.path());
    EXPECT_TRUE(result.error.isEmpty()) << result.error.toStdString();
    EXPECT_FALSE(result.cancelled);
    EXPECT_EQ(result.written, int(keyframes));
    const QStringList files = QDir(folder.path()).entryList({"*.png"}, QDir::Files, QDir::Name);
    ASSERT_EQ(files.size(), qsizetype(keyframes));
    EXPECT_EQ(files.front(), "frame-00001.png");
    EXPECT_EQ(files.back(), QString("frame-%1.png").arg(keyframes, 5, 10, QChar('0')));
    const QImage first(folder.filePath(files.front()));
    EXPECT_EQ(first.size(), t.view.size() * t.view.devicePixelRatioF());
    EXPECT_NE(first, QImage(folder.filePath(files.back())));  // the run changed meanwhile
    EXPECT_TRUE(t.view.timeline()->isLive());                 // as it was before
    // No image format here writes animations (Qt 6.4's plugins): only the frames are written.
    EXPECT_TRUE(animatedImageFormats().isEmpty()) << animatedImageFormats().join(' ').toStdString();
}
