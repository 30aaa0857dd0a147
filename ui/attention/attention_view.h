// The Attention tab: the controls on the left; Play/Pause, Step, Reset and the speed on top; the
// layers × heads grid of attention maps for a probe sequence (or the user's own, with its
// prediction) and the loss, accuracy, entropy and gradient curves below. Training runs in a
// worker thread (AttentionController); this view only draws the newest frame it hands over.
// A second run beside the first (compare mode) would add a second maps pane.
#pragma once

#include <QElapsedTimer>
#include <QImage>
#include <QJsonObject>
#include <QTimer>
#include <QWidget>
#include <functional>
#include <memory>

#include "training/sequence_trainer.h"

class QComboBox;
class QLabel;
class QPushButton;
class QSplitter;

namespace actlab::ui {

class AttentionCharts;
class AttentionController;
class AttentionControls;
class AttentionGridView;
class SequenceInputPanel;
struct AttentionRunInfo;

class AttentionView : public QWidget {
    Q_OBJECT
public:
    explicit AttentionView(QWidget* parent = nullptr);
    ~AttentionView() override;

    AttentionControls* controls() const { return m_controls; }
    AttentionController* controller() const { return m_controller; }
    AttentionCharts* charts() const { return m_charts; }
    AttentionGridView* grid() const { return m_grid; }
    SequenceInputPanel* sequenceInput() const { return m_input; }
    QComboBox* probeBox() const { return m_probe; }
    QPushButton* playButton() const { return m_play; }
    QPushButton* stepButton() const { return m_step; }
    QPushButton* resetButton() const { return m_reset; }
    QComboBox* speedBox() const { return m_speed; }

    void play();
    void pause();
    void togglePlay();
    void step();                       // exactly one training step
    void reset();                      // a fresh model from the controls, step 0, paused
    void setStepsPerFrame(int steps);  // 0: full speed
    bool applyPreset(const QString& name);
    // Who is asked before settings discard a run that has trained (a QMessageBox by default);
    // returns whether to discard. Tests answer without a dialog.
    void setDiscardQuestion(std::function<bool(int step)> question);

    // Trains `steps` more steps and waits (processing events) until they are drawn; false on
    // timeout, an invalid configuration or a divergence.
    bool trainAndWait(int steps, int timeoutMilliseconds);

    int currentStep() const { return m_drawnStep; }  // of the newest frame drawn
    bool diverged() const;
    QString statusText() const;
    QString messageText() const;
    QString readoutText() const;
    QString probeText() const;  // the shown probe's tokens and predictions, plain
    int framesDrawn() const { return m_framesDrawn; }

    QImage renderImage();  // the whole view, for "Export panel image"
    QJsonObject saveState() const;
    void restoreState(const QJsonObject& state);

private:
    QWidget* buildToolbar();
    QWidget* buildMapsPane();
    void rebuildRequested();
    void rebuildIfConfirmed();
    void drawFrame();
    void startRun(const AttentionRunInfo& info);
    void drawMaps();
    void drawProbeText();
    void updateButtons();
    void showMessage(const QString& text);

    AttentionControls* m_controls;
    AttentionController* m_controller;
    AttentionCharts* m_charts;
    AttentionGridView* m_grid;
    SequenceInputPanel* m_input;
    QSplitter* m_splitter;
    QComboBox* m_probe;
    QLabel* m_probeText;
    QLabel* m_readout;
    QPushButton* m_play;
    QPushButton* m_step;
    QPushButton* m_reset;
    QComboBox* m_speed;
    QLabel* m_status;
    QLabel* m_message;
    QTimer m_rebuildTimer;
    std::function<bool(int)> m_askDiscard;
    SequenceTrainingConfig m_runConfig;  // the controls' config of the run being trained
    std::shared_ptr<const AttentionRunInfo> m_info;  // of the run drawn
    const void* m_drawnMaps = nullptr;  // the snapshot or prediction whose maps are shown
    int m_drawnProbe = -1;
    int m_wantedProbe = 0;  // the probe to show once a run's first frame names them
    int m_drawnStep = 0;
    int m_chartedStep = -1;
    int m_framesDrawn = 0;
};

}  // namespace actlab::ui
