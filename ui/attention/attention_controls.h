// The settings of the Attention view: preset, task (its length T and vocabulary V where the task
// leaves them free) and seed, the Transformer (layers, heads, d_model, feed-forward kind and
// activation, Q/K/V activation with their parameters, Pre/Post-LN, causal mask), the optimizer
// (kind, learning rate, warm-up, batch) and compare mode (run B: run A with the settings the
// user changes for it; the same form edits either run). It turns them into
// SequenceTrainingConfigs; it trains nothing itself. Spin and combo boxes take the wheel only
// when focused.
#pragma once

#include <QJsonObject>
#include <QWidget>

#include "training/sequence_trainer.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace actlab::ui {

class ActivationParameterEditor;
class TextSourcePanel;

class AttentionControls : public QWidget {
    Q_OBJECT
public:
    explicit AttentionControls(QWidget* parent = nullptr);

    SequenceTrainingConfig config() const;   // run A's
    SequenceTrainingConfig configB() const;  // run B's (A with B's differences)
    QString problem() const;                 // what is wrong with the fields, "" if nothing
    // Run A's config into the fields (B keeps its differences); emits nothing.
    void setConfig(const SequenceTrainingConfig& config);
    void setConfigB(const SequenceTrainingConfig& config);  // B's settings; emits nothing
    bool applyPreset(const QString& name);  // false for an unknown name; emits rebuildRequested
    QString presetName() const;             // "" when custom
    void showPreset(
        const QString& name);  // the preset the fields hold ("" custom); applies nothing

    TextSourcePanel* textSource() const { return m_textSource; }  // the text task's text
    void addPanelBelowTask(QWidget* panel);  // a panel of the view's under the Task box
    void addPanelAtEnd(QWidget* panel);      // and one under all the boxes

    bool compare() const;
    void setCompare(bool on);                      // emits nothing; off: the form edits run A again
    int editedRun() const { return m_editedRun; }  // 0: A, 1: B
    void setEditedRun(int run);                    // the form shows and edits this run

    // The preset, run A's and B's configurations as core's JSON (config/config_json.h) and the
    // compare settings; restoreState emits rebuildRequested.
    QJsonObject saveState() const;
    void restoreState(const QJsonObject& state);

signals:
    void rebuildRequested();   // A's task, model, batch or seed changed: new models are needed
    void optimizerChanged();   // A's optimizer, learning rate or warm-up: applied to the run
    void compareChanged();     // compare toggled, or B's model or batch changed: a new run B
    void optimizerBChanged();  // B's optimizer, learning rate or warm-up

private:
    QWidget* buildTaskBox();
    QWidget* buildModelBox();
    QWidget* buildOptimizerBox();
    QWidget* buildCompareBox();
    void fillFeedForwardActivations();
    void updateEnabled();
    void updateTaskShape();  // T and V: the task's limits, disabled where the task fixes them
    void updateParameterEditors();
    void updateCompareText();
    void changed(bool rebuild);
    SequenceTrainingConfig readFields() const;  // the edited run's config from the fields
    void writeFields(const SequenceTrainingConfig& config);

    // The stored configs; the edited one is also in the fields, and read from them.
    SequenceTrainingConfig m_configA, m_configB;
    int m_editedRun = 0;
    bool m_writing = false;
    bool m_causalChoice = false;  // the user's own, shown when the task does not force it

    QComboBox* m_preset;
    QLabel* m_presetText;
    QWidget* m_presetBox;
    QGroupBox* m_taskBox;
    QGroupBox* m_modelBox;
    QGroupBox* m_optimizerBox;
    QComboBox* m_task;
    QLabel* m_taskText;
    QFormLayout* m_taskForm;
    TextSourcePanel* m_textSource;
    QSpinBox* m_sequence;
    QSpinBox* m_vocabulary;
    QSpinBox* m_seed;
    QSpinBox* m_layers;
    QSpinBox* m_heads;
    QSpinBox* m_dModel;
    QComboBox* m_ffn;
    QComboBox* m_ffnActivation;
    ActivationParameterEditor* m_ffnParameters;
    QComboBox* m_qkvActivation;
    ActivationParameterEditor* m_qkvParameters;
    QFormLayout* m_modelForm;
    QComboBox* m_norm;
    QCheckBox* m_causal;
    QComboBox* m_optimizer;
    QDoubleSpinBox* m_learningRate;
    QSpinBox* m_warmup;
    QSpinBox* m_batch;
    QCheckBox* m_compare;
    QPushButton* m_editA;
    QPushButton* m_editB;
    QWidget* m_editRow;
    QLabel* m_compareText;
};

}  // namespace actlab::ui
