// What a training view shares with the others (TrainingView, AttentionView): its controls
// scrolled on the left; on the right the RunToolbar (Play/Pause, Step, Reset, speed, status), a
// message line and the pictures, and the replay timeline under them; the commands every run
// takes; a rebuild timer for settings that need a new model; and trainAndWait() for tests and
// --steps. A view derives from it, creates its controller and pictures, and calls assemble().
#pragma once

#include <QImage>
#include <QJsonValue>
#include <QList>
#include <QTimer>
#include <QWidget>
#include <functional>
#include <optional>

#include "ui/common/app_view.h"
#include "ui/common/run_toolbar.h"

class QBoxLayout;
class QComboBox;
class QLabel;
class QPushButton;
class QScrollArea;
class QSplitter;

namespace actlab::ui {

class RunController;
class TimelineBar;

class RunView : public QWidget, public AppView {
    Q_OBJECT
public:
    RunView* runView() override { return this; }
    // What every lab offers the window: a preset by name (false: none such), its runs' whole
    // states (sessions: config/run_state_json.h) and such runs put back (after restoreState,
    // which sets the controls they were built from), and run A as a PyTorch script.
    virtual bool applyPreset(const QString& name) = 0;
    virtual std::vector<std::string> runStates() = 0;
    virtual void restoreRuns(const std::vector<std::string>& states) = 0;
    virtual void showPytorchCode(QWidget* parent) = 0;
    // The view made again in another language takes over this one's runs, timeline, playing
    // and settings panel (MainWindow::rebuildViews).
    RunHandover handover();
    void takeOver(const RunHandover& handover);

    // Sessions (app/gui/session_manager.cpp), under the view's name: the runs' timeline as JSON
    // ("" for none); a saved session's runs and timeline read whole before anything changes
    // (nullopt and a one-line *error naming the run or the timeline), then put back after
    // restoreState; and the view's state for runs a session holds without it (a CLI-made one).
    struct SavedRuns {
        std::vector<std::string> runs;
        std::any timeline;  // the view's own TimelineRecord; empty: none
        int step = 0;       // run A's
    };
    virtual std::string timelineJson() const = 0;
    virtual std::optional<SavedRuns> readSavedRuns(const std::vector<std::string>& runs,
                                                   const std::string& timeline,
                                                   QString* error) const = 0;
    void restoreSavedRuns(const SavedRuns& saved);
    virtual QJsonObject stateForRuns(const std::vector<std::string>& runs) const = 0;
    RunController* runController() const { return m_controller; }

    QPushButton* playButton() const;
    QPushButton* stepButton() const;
    QPushButton* resetButton() const;
    QComboBox* speedBox() const;

    void play();  // unless the run diverged
    void pause();
    void togglePlay();
    virtual void step() = 0;           // the Step button
    virtual void reset() = 0;          // a fresh model from the controls, step 0, paused
    void setStepsPerFrame(int steps);  // 0: full speed

    // Trains `steps` more steps and waits (processing events) until they are drawn; false on
    // timeout, an invalid configuration or a divergence.
    bool trainAndWait(int steps, int timeoutMilliseconds);

    int currentStep() const { return m_drawnStep; }  // of the newest frame drawn
    // The replay timeline: while it is scrubbed, the pictures and curves show the step it chose
    // (shownStep()) and training goes on behind them.
    TimelineBar* timeline() const { return m_timeline; }
    int shownStep() const;
    bool diverged() const;
    QString statusText() const;  // on one line, however it is shown
    int framesDrawn() const { return m_framesDrawn; }

    QImage renderImage();  // the whole view at uiScale(), for frames and "Export panel image"

    // Where the runs train, as the newest frame says: their ops ("vulkan", "vulkan (cpu:
    // mix_forward, …)", "cpu"; empty before the first frame) and, where they train on the CPU
    // although the window's backend is another, why. engineChanged() follows every change.
    QString engineOps() const { return m_engineOps; }
    QString engineNote() const { return m_engineNote; }

    // Asked before settings that need a new model discard a run trained to `step` (a message
    // box unless replaced, as tests do); true: discard it.
    void setDiscardQuestion(std::function<bool(int step)> question);

    // The settings panel beside the pictures, shown or hidden (a projector: only the pictures
    // and the toolbar stay). Part of the view's state.
    void setControlsShown(bool shown);
    bool controlsShown() const;

signals:
    void engineChanged();

protected:
    explicit RunView(QWidget* parent);
    void setEngine(const QString& ops, const QString& note);  // emits engineChanged on a change
    // The timeline's keyframes as handover() carries them, and such keyframes put back.
    virtual std::any keyframeRecord() const = 0;
    virtual void setKeyframeRecord(const std::any& keyframes) = 0;
    virtual void restoreTimelineRecord(const std::any& timeline) = 0;  // a read TimelineRecord
    // readSavedRuns' common part: each run rebuilt by readRun(state, &problem) (its steps, or
    // nullopt), the timeline by readTimeline(json, &problem) (a std::any, empty on a problem).
    std::optional<SavedRuns> readSaved(
        const std::vector<std::string>& runs, const std::string& timeline, QString* error,
        const std::function<std::optional<int>(const std::string&, std::string*)>& readRun,
        const std::function<std::any(const std::string&, std::string*)>& readTimeline) const;

    // The controls, scrolled vertically and at most as wide as they would like. Small minimum
    // sizes throughout: the main window's minimum is the largest tab's.
    QScrollArea* scrolledControls(QWidget* controls);
    // Pictures above, curves below (3 : 2), neither collapsible; sizes are scaled to the height.
    QSplitter* picturesAndCurves(QWidget* pictures, QWidget* curves, const QList<int>& sizes);
    // Creates the message line (named messageName) and the toolbar, and lays the view out:
    // controls | (toolbar, message, main). Anywhere in the view (unless a text field takes the
    // key): Space plays or pauses, → trains one Step, R is the Reset button; ',' and '.' step
    // through the timeline.
    void assemble(RunController* controller, QWidget* controls, QWidget* main,
                  const QString& messageName, const RunToolbarSpec& toolbar);
    // The timeline in this row of the pictures instead of under them all (before assemble()).
    void placeTimeline(QBoxLayout* row, int stretch);
    void showMessage(const QString& text);  // "" hides the message line
    void updateButtons() { m_toolbar->updateButtons(); }
    RunToolbar* toolbar() const { return m_toolbar; }
    QLabel* messageLabel() const { return m_message; }
    static QString splitterStateText(const QSplitter* splitter);
    static void restoreSplitterState(QSplitter* splitter, const QJsonValue& text);  // ignores ""
    // True when a run trained to `step` may be discarded: nothing trained, or the user agrees.
    bool confirmDiscard(int step) const;

    QTimer m_rebuildTimer;  // single shot, 60 ms: a dragged slider rebuilds once it pauses
    int m_drawnStep = 0;
    int m_framesDrawn = 0;

private:
    RunController* m_controller = nullptr;
    QWidget* m_controls = nullptr;
    RunToolbar* m_toolbar = nullptr;
    QLabel* m_message = nullptr;
    TimelineBar* m_timeline = nullptr;
    bool m_timelinePlaced = false;
    std::function<bool(int)> m_askDiscard;
    QString m_engineOps, m_engineNote;
};

}  // namespace actlab::ui
