// The Training tab: the controls on the left; Play/Pause, Step, Reset and the speed on top; one
// run (or two, comparing activations) with its decision surface, neuron grid and neuron map;
// the loss, accuracy, dead-fraction and gradient-flow curves below; the replay timeline under
// them. Training runs in a worker thread (TrainingController); this view draws the newest frame
// it hands over, or the keyframe the timeline is scrubbed to (training_view_timeline.cpp).
#pragma once

#include <QElapsedTimer>
#include <QJsonObject>
#include <QStringList>
#include <string>
#include <vector>

#include "config/timeline_json.h"
#include "training/keyframe_timeline.h"
#include "ui/common/run_view.h"
#include "ui/training/training_frame.h"

class QLabel;
class QSplitter;

namespace actlab {
class Backend;
}

namespace actlab::ui {

class RunPanel;
class TrainingCharts;
class TrainingController;
class TrainingControls;

// RunView: the buttons, Play/Pause, the speed, trainAndWait, the status, the panel image.
class TrainingView : public RunView {
    Q_OBJECT
public:
    explicit TrainingView(QWidget* parent = nullptr);
    ~TrainingView() override;

    TrainingControls* controls() const { return m_controls; }
    TrainingController* controller() const { return m_controller; }
    TrainingCharts* charts() const { return m_charts; }
    RunPanel* runPanel(int run) const { return run == 0 ? m_runA : m_runB; }

    void step() override;   // one frame's worth of steps (the speed setting; 10 at full speed)
    void reset() override;  // the runs start again from step 0, paused
    bool applyPreset(const QString& name) override;
    // AppView: "training", its tab's title, the loss chart as the plot.
    QString viewName() const override { return QStringLiteral("training"); }
    QString viewTitle() const override;
    bool exportPlotPng(const QString& path, QString* error) override;
    bool exportPlotSvg(const QString& path, QString* error) override;
    bool exportPlotCsv(const QString& path, QString* error) override;
    void showPytorchCode(QWidget* parent) override;
    // The runs train on this backend where it offers a training engine (the CPU otherwise, and
    // for null); starts them again from step 0. The backend outlives the view.
    void setTrainingBackend(Backend* backend);
    QString trainingEngine() const { return m_engine; }  // what the runs train on: "cpu", "vulkan"

    void setCompare(bool on, const QString& activationName = QString());

    // The pictures File → Export training picture offers, each {id, title}: every shown run's
    // decision surface (or fitted curve), neuron grid and neuron map, each chart, and the whole
    // view. renderPicture(id) draws one as shown (null for an unknown or hidden id).
    QList<Picture> pictures() const override;
    QImage renderPicture(const QString& id) const override;

    QString messageText() const;
    double framesPerSecond() const { return m_fps; }  // frames drawn per second, last second

    void applyLessonScene(const LessonScene& scene) override;  // *_lesson_scene.cpp
    void captureLessonScene(LessonScene& scene) const override;
    QJsonObject saveState() const override;
    void restoreState(const QJsonObject& state) override;
    // The runs' whole states (sessions: config/run_state_json.h), read from the worker between
    // two of its frames; and the runs put back from such states, paused where they stood (after
    // restoreState, which sets the controls they were built from).
    std::vector<std::string> runStates() override;
    void restoreRuns(const std::vector<std::string>& states) override;
    // The timeline's keyframes (sessions: config/timeline_json.h); and such keyframes put back,
    // after restoreRuns.
    const KeyframeTimeline<std::vector<TrainingSnapshot>>& keyframes() const { return m_keyframes; }
    // The keyframes of another view of the same runs (the views made again in a new language).
    void setKeyframes(const KeyframeTimeline<std::vector<TrainingSnapshot>>& keyframes);
    std::string timelineJson() const override;
    std::optional<SavedRuns> readSavedRuns(const std::vector<std::string>& runs,
                                           const std::string& timeline,
                                           QString* error) const override;
    QJsonObject stateForRuns(const std::vector<std::string>& runs) const override;
    void restoreTimeline(const TimelineRecord<TrainingSnapshot>& timeline);

protected:
    std::any keyframeRecord() const override { return m_keyframes; }
    void setKeyframeRecord(const std::any& keyframes) override;
    void restoreTimelineRecord(const std::any& timeline) override;

private:
    void scheduleRebuild();
    void rebuildIfConfirmed();  // settings that need new runs: asks first if the runs trained
    void rebuild();
    void drawFrame();
    void drawRuns(const TrainingFrame& frame, bool live);  // live: the newest; else a keyframe
    void recordKeyframe(const TrainingFrame& frame);
    void showKeyframe(int index);
    void showLive();
    void restartGrids(const std::vector<TrainingSnapshot>* previous);
    void showTimeline();  // the kept steps to the timeline bar

    TrainingControls* m_controls;
    TrainingController* m_controller;
    TrainingCharts* m_charts;
    RunPanel* m_runA;
    RunPanel* m_runB;
    QLabel* m_sharedCaption;
    QString m_engine;  // compare mode: what the planes show, once for both
    QSplitter* m_splitter;
    QStringList m_runNames;
    bool m_classification = true;
    QJsonObject m_keptControls;  // the controls' state that built the current runs
    bool m_restoringKept = false;
    int m_fpsCount = 0;
    double m_fps = 0;
    QElapsedTimer m_fpsClock;
    KeyframeTimeline<std::vector<TrainingSnapshot>> m_keyframes;  // the runs', no histories
};

}  // namespace actlab::ui
