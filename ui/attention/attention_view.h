// The Attention tab: the controls on the left; Play/Pause, Step, Reset and the speed on top; the
// layers × heads grid of attention maps for a probe sequence (or the user's own, with its
// prediction) and the loss, accuracy, entropy and gradient curves below. In compare mode a second
// run (B: run A with the settings the user changed for it) trains in step with A and its maps
// stand beside A's, both runs on the curves; the replay timeline under them. Training runs in a
// worker thread (AttentionController); this view draws the newest frame it hands over, or the
// keyframe the timeline is scrubbed to (attention_view_timeline.cpp).
#pragma once

#include <QJsonObject>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "config/timeline_json.h"
#include "training/keyframe_timeline.h"
#include "training/sequence_trainer.h"
#include "ui/attention/attention_frame.h"
#include "ui/common/run_view.h"

class QComboBox;
class QLabel;
class QSplitter;

namespace actlab {
class Backend;
}

namespace actlab::ui {

class AttentionCharts;
class AttentionController;
class AttentionControls;
class AttentionGridView;
class AttentionMapsPair;
class GenerationPanel;
class HeadScoresPanel;
class SequenceInputPanel;
struct AttentionRunInfo;

// RunView: the buttons, Play/Pause, the speed, trainAndWait, the status, the panel image.
class AttentionView : public RunView {
    Q_OBJECT
public:
    explicit AttentionView(QWidget* parent = nullptr);
    ~AttentionView() override;

    AttentionControls* controls() const { return m_controls; }
    AttentionController* controller() const { return m_controller; }
    AttentionCharts* charts() const { return m_charts; }
    AttentionGridView* grid() const;   // run A's maps
    AttentionGridView* gridB() const;  // run B's (shown in compare mode)
    AttentionMapsPair* maps() const { return m_maps; }
    SequenceInputPanel* sequenceInput() const { return m_input; }
    QComboBox* probeBox() const { return m_probe; }
    GenerationPanel* generation() const { return m_generation; }  // shown for the text task
    HeadScoresPanel* headScores() const { return m_headScores; }  // run A's heads, measured

    // The runs train on this backend's tensor ops where it has them (the CPU otherwise, and for
    // null); starts them again from step 0. The backend outlives the view.
    void setTrainingBackend(Backend* backend);
    void step() override;   // exactly one training step (of both runs in compare mode)
    void reset() override;  // fresh models from the controls, step 0, paused
    bool applyPreset(const QString& name) override;
    // AppView: "attention", its tab's title, run A's maps as the plot.
    QString viewName() const override { return QStringLiteral("attention"); }
    QString viewTitle() const override;
    bool exportPlotPng(const QString& path, QString* error) override;
    bool exportPlotSvg(const QString& path, QString* error) override;
    bool exportPlotCsv(const QString& path, QString* error) override;
    void showPytorchCode(QWidget* parent) override;
    // Compare mode on: run B (the controls' run B) starts and trains up to A's step; off: B goes,
    // run A is untouched.
    void setCompare(bool on);
    bool comparing() const { return m_comparing; }
    int currentStepB() const { return m_drawnStepB; }  // of run B's newest frame drawn
    QString runTitle(int run) const;                   // "A · qkv relu · Pre-LN", 0: A, 1: B

    QString messageText() const;
    QString readoutText() const;
    QString probeText() const;  // the shown probe's tokens and predictions, plain

    void applyLessonScene(const LessonScene& scene) override;  // *_lesson_scene.cpp
    void captureLessonScene(LessonScene& scene) const override;
    QJsonObject saveState() const override;
    void restoreState(const QJsonObject& state) override;
    // The runs' whole states (sessions: config/run_state_json.h), read from the worker between
    // two of its frames; and the runs put back from such states, paused where they stood (after
    // restoreState, which sets the controls they were built from).
    std::vector<std::string> runStates() override;
    void restoreRuns(const std::vector<std::string>& states) override;
    // The timeline's keyframes (frames without histories; sessions: config/timeline_json.h);
    // and such keyframes put back, after restoreRuns.
    const KeyframeTimeline<AttentionFrame>& keyframes() const { return m_keyframes; }
    // The keyframes of another view of the same runs (the views made again in a new language).
    void setKeyframes(const KeyframeTimeline<AttentionFrame>& keyframes);
    std::string timelineJson() const override;
    std::optional<SavedRuns> readSavedRuns(const std::vector<std::string>& runs,
                                           const std::string& timeline,
                                           QString* error) const override;
    QJsonObject stateForRuns(const std::vector<std::string>& runs) const override;
    void restoreTimeline(const TimelineRecord<SequenceSnapshot>& timeline);

protected:
    std::any keyframeRecord() const override { return m_keyframes; }
    void setKeyframeRecord(const std::any& keyframes) override;
    void restoreTimelineRecord(const std::any& timeline) override;

private:
    // What one run's grid shows, so that an unchanged frame is not drawn again.
    struct ShownRun {
        std::shared_ptr<const AttentionRunInfo> info;
        const void* maps = nullptr;  // the snapshot or prediction whose maps are shown
        int probe = -1;
    };

    QWidget* buildMapsPane();
    void rebuildRequested();
    void rebuildIfConfirmed();
    void compareIfConfirmed();
    void applyCompare();  // run B from the controls (or none)
    void drawFrame();
    void drawShown();                                // shownFrame()'s maps, curves and text
    void giveWeights(const AttentionFrame& latest);  // to generation and the head scores
    const AttentionFrame& shownFrame() const;        // the newest, or the keyframe scrubbed to
    void recordKeyframe(const AttentionFrame& frame);
    void showKeyframe(int index);
    void showLive();
    void showTimeline();  // the kept steps to the timeline bar
    void startRun(int run, const std::shared_ptr<const AttentionRunInfo>& info);
    void drawMaps();
    void drawRunMaps(int run);
    void drawProbeText();
    void drawTitles();
    void drawStatus();
    void linkEnlarged(int run);

    AttentionControls* m_controls;
    AttentionController* m_controller;
    AttentionCharts* m_charts;
    AttentionMapsPair* m_maps;
    SequenceInputPanel* m_input;
    GenerationPanel* m_generation;
    HeadScoresPanel* m_headScores;
    QSplitter* m_splitter;
    QComboBox* m_probe;
    QLabel* m_probeText;
    QLabel* m_readout;
    QTimer m_compareTimer;                // like m_rebuildTimer, for run B alone
    SequenceTrainingConfig m_runConfig;   // the controls' config of run A being trained
    SequenceTrainingConfig m_runConfigB;  // and of run B, when comparing
    bool m_comparing = false;
    ShownRun m_shown[2];
    int m_drawnStepB = 0;
    int m_chartedStep = -1, m_chartedStepB = -1;
    int m_wantedProbe = 0;  // the probe to show once a run's first frame names them
    std::optional<std::pair<int, int>> m_wantedEnlarged;  // (layer, head) once the maps come
    KeyframeTimeline<AttentionFrame> m_keyframes;
    std::optional<AttentionFrame> m_replayFrame;  // the keyframe shown while scrubbed
};

}  // namespace actlab::ui
