// The Attention tab: the controls on the left; Play/Pause, Step, Reset and the speed on top; the
// layers × heads grid of attention maps for a probe sequence (or the user's own, with its
// prediction) and the loss, accuracy, entropy and gradient curves below. Training runs in a
// worker thread (AttentionController); this view only draws the newest frame it hands over.
// A second run beside the first (compare mode) would add a second maps pane.
#pragma once

#include <QJsonObject>
#include <functional>
#include <memory>

#include "training/sequence_trainer.h"
#include "ui/common/run_view.h"

class QComboBox;
class QLabel;
class QSplitter;

namespace actlab::ui {

class AttentionCharts;
class AttentionController;
class AttentionControls;
class AttentionGridView;
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
    AttentionGridView* grid() const { return m_grid; }
    SequenceInputPanel* sequenceInput() const { return m_input; }
    QComboBox* probeBox() const { return m_probe; }

    void step() override;   // exactly one training step
    void reset() override;  // a fresh model from the controls, step 0, paused
    bool applyPreset(const QString& name);
    // Who is asked before settings discard a run that has trained (a QMessageBox by default);
    // returns whether to discard. Tests answer without a dialog.
    void setDiscardQuestion(std::function<bool(int step)> question);

    QString messageText() const;
    QString readoutText() const;
    QString probeText() const;  // the shown probe's tokens and predictions, plain

    QJsonObject saveState() const;
    void restoreState(const QJsonObject& state);

private:
    QWidget* buildMapsPane();
    void rebuildRequested();
    void rebuildIfConfirmed();
    void drawFrame();
    void startRun(const AttentionRunInfo& info);
    void drawMaps();
    void drawProbeText();

    AttentionControls* m_controls;
    AttentionController* m_controller;
    AttentionCharts* m_charts;
    AttentionGridView* m_grid;
    SequenceInputPanel* m_input;
    QSplitter* m_splitter;
    QComboBox* m_probe;
    QLabel* m_probeText;
    QLabel* m_readout;
    std::function<bool(int)> m_askDiscard;
    SequenceTrainingConfig m_runConfig;  // the controls' config of the run being trained
    std::shared_ptr<const AttentionRunInfo> m_info;  // of the run drawn
    const void* m_drawnMaps = nullptr;  // the snapshot or prediction whose maps are shown
    int m_drawnProbe = -1;
    int m_wantedProbe = 0;  // the probe to show once a run's first frame names them
    int m_chartedStep = -1;
};

}  // namespace actlab::ui
