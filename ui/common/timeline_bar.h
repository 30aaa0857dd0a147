// The replay timeline under a training view: a slider over the run's kept keyframes with the
// step shown, ◀ ▶ one keyframe at a time (also the , and . keys), Replay at a chosen speed, and
// Live to follow the run again. It only chooses a keyframe; the view shows it.
#pragma once

#include <QTimer>
#include <QWidget>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QSlider;

namespace actlab::ui {

class TimelineBar : public QWidget {
    Q_OBJECT
public:
    static constexpr int kKeyframesPerSecond = 10;  // Replay at 1×

    explicit TimelineBar(QWidget* parent = nullptr);

    // The kept keyframes' steps, ascending. Live, the slider follows the latest; scrubbed, it
    // stays on the step it shows (or the nearest kept one after a thinning).
    void setSteps(const std::vector<int>& steps);
    const std::vector<int>& steps() const { return m_steps; }
    bool isLive() const { return m_live; }
    int index() const;       // the keyframe shown; the latest when live
    int shownStep() const;   // its step (0 when there is none)
    void choose(int index);  // scrubs to it (emits keyframeChosen), or live past the end
    void goLive();           // emits liveChosen when it was scrubbed
    void startReplay();      // from the shown keyframe (the first when live)
    void stopReplay();
    bool replaying() const { return m_replay.isActive(); }
    void setReplaySpeed(double times);  // 0.5, 1, 2 or 4
    double replaySpeed() const;
    // ',' and '.' step back and forth anywhere in scope (unless a text field takes the key).
    void addShortcuts(QWidget* scope);

    QSlider* slider() const { return m_slider; }
    QPushButton* previousButton() const { return m_previous; }
    QPushButton* nextButton() const { return m_next; }
    QPushButton* replayButton() const { return m_replayButton; }
    QPushButton* liveButton() const { return m_liveButton; }
    QComboBox* speedBox() const { return m_speed; }

signals:
    void keyframeChosen(int index);
    void liveChosen();

private:
    void showPosition();
    void fixStepWidth();  // the step label as wide as its widest text, at the current font
    void advanceReplay();

    std::vector<int> m_steps;
    bool m_live = true;
    int m_index = 0;
    QTimer m_replay;
    QSlider* m_slider;
    QPushButton* m_previous;
    QPushButton* m_next;
    QLabel* m_step;
    QPushButton* m_replayButton;
    QComboBox* m_speed;
    QPushButton* m_liveButton;
};

}  // namespace actlab::ui
