// The Training tab: the controls on the left; Play/Pause, Step, Reset and the speed on top; one
// run (or two, comparing activations) with its decision surface, neuron grid and neuron map;
// the loss, accuracy, dead-fraction and gradient-flow curves below. Training runs in a worker
// thread (TrainingController); this view only draws the newest frame it hands over.
#pragma once

#include <QElapsedTimer>
#include <QImage>
#include <QJsonObject>
#include <QTimer>
#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QSplitter;

namespace actlab::ui {

class RunPanel;
class TrainingCharts;
class TrainingController;
class TrainingControls;

class TrainingView : public QWidget {
    Q_OBJECT
public:
    explicit TrainingView(QWidget* parent = nullptr);
    ~TrainingView() override;

    TrainingControls* controls() const { return m_controls; }
    TrainingController* controller() const { return m_controller; }
    TrainingCharts* charts() const { return m_charts; }
    RunPanel* runPanel(int run) const { return run == 0 ? m_runA : m_runB; }
    QPushButton* playButton() const { return m_play; }
    QPushButton* stepButton() const { return m_step; }
    QPushButton* resetButton() const { return m_reset; }
    QComboBox* speedBox() const { return m_speed; }

    void play();
    void pause();
    void togglePlay();
    void step();   // one frame's worth of steps (the speed setting; 10 at full speed)
    void reset();  // the runs start again from step 0, paused
    void setStepsPerFrame(int steps);  // 0: full speed
    bool applyPreset(const QString& name);
    void setCompare(bool on, const QString& activationName = QString());

    // Trains `steps` more steps and waits (processing events) until they are drawn; false on
    // timeout, an invalid configuration or a divergence.
    bool trainAndWait(int steps, int timeoutMilliseconds);

    int currentStep() const;  // of the newest frame drawn
    bool diverged() const;
    QString statusText() const;
    QString messageText() const;
    int framesDrawn() const { return m_framesDrawn; }
    double framesPerSecond() const { return m_fps; }  // frames drawn per second, last second

    QImage renderImage();  // the whole view, for "Export panel image"
    QJsonObject saveState() const;
    void restoreState(const QJsonObject& state);

private:
    QWidget* buildToolbar();
    void scheduleRebuild();
    void rebuild();
    void drawFrame();
    void updateButtons();
    void showMessage(const QString& text);

    TrainingControls* m_controls;
    TrainingController* m_controller;
    TrainingCharts* m_charts;
    RunPanel* m_runA;
    RunPanel* m_runB;
    QSplitter* m_splitter;
    QPushButton* m_play;
    QPushButton* m_step;
    QPushButton* m_reset;
    QComboBox* m_speed;
    QLabel* m_status;
    QLabel* m_message;
    QTimer m_rebuildTimer;
    QStringList m_runNames;
    bool m_classification = true;
    int m_drawnStep = 0;
    int m_framesDrawn = 0;
    int m_fpsCount = 0;
    double m_fps = 0;
    QElapsedTimer m_fpsClock;
};

}  // namespace actlab::ui
