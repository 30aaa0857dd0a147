// The row above a training view's pictures: Play/Pause, Step, Reset, the speed (steps per frame)
// and the status text, in a larger font. Play, Pause and the speed go straight to the view's
// RunController; Step and Reset are the view's to handle (it knows what a step is).
#pragma once

#include <QWidget>
#include <vector>

class QComboBox;
class QPushButton;

namespace actlab::ui {

class RunController;
class StatusLabel;

struct RunToolbarSpec {
    std::vector<int> speeds;    // the steps per frame offered; 0: full speed
    int defaultSpeedIndex = 0;  // into speeds
    QString stepToolTip;        // empty: none
    QString speedToolTip;
    QString statusName;  // the status label's object name
};

class RunToolbar : public QWidget {
    Q_OBJECT
public:
    RunToolbar(RunController* controller, const RunToolbarSpec& spec, QWidget* parent);

    QPushButton* playButton() const { return m_play; }
    QPushButton* stepButton() const { return m_step; }
    QPushButton* resetButton() const { return m_reset; }
    QComboBox* speedBox() const { return m_speed; }
    StatusLabel* status() const { return m_status; }

    void play();  // unless the run diverged
    void pause();
    void togglePlay();
    int stepsPerFrame() const;         // the speed chosen
    void setStepsPerFrame(int steps);  // chooses it where offered, and tells the controller
    void updateButtons();              // Play or Pause; Play and Step only for a usable run
    // Settings that cannot build a model (why, e.g. "Hidden layers: …"): Play, Step and Reset
    // wait until they are fixed, the run stays as it is; "" lifts it.
    void setBlocked(const QString& why);
    bool blocked() const { return !m_blocked.isEmpty(); }
    void addPlayShortcut(QWidget* scope);  // Space toggles Play anywhere in scope

signals:
    void stepClicked();
    void resetClicked();

private:
    static constexpr double kBigFont = 1.2;  // the buttons, the speed and the status
    void fitPlayButton();                    // "Pause" fits, at any UI scale

    RunController* m_controller;
    QPushButton* m_play;
    QPushButton* m_step;
    QPushButton* m_reset;
    QComboBox* m_speed;
    StatusLabel* m_status;
    QString m_blocked;
};

}  // namespace actlab::ui
