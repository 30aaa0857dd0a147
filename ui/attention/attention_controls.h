// The settings of the Attention view: preset, task and seed, the Transformer (layers, heads,
// d_model, feed-forward kind and activation, Q/K/V activation, Pre/Post-LN, causal mask) and the
// optimizer (kind, learning rate, warm-up, batch). It turns them into a SequenceTrainingConfig;
// it trains nothing itself. Spin and combo boxes take the wheel only when focused.
#pragma once

#include <QJsonObject>
#include <QWidget>

#include "training/sequence_trainer.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace actlab::ui {

class AttentionControls : public QWidget {
    Q_OBJECT
public:
    explicit AttentionControls(QWidget* parent = nullptr);

    SequenceTrainingConfig config() const;  // the fields over the preset's config
    QString problem() const;                // what is wrong with the fields, "" if nothing
    void setConfig(const SequenceTrainingConfig& config);  // writes the fields, emits nothing
    bool applyPreset(const QString& name);  // false for an unknown name; emits rebuildRequested
    QString presetName() const;             // "" when custom

    QJsonObject saveState() const;
    void restoreState(const QJsonObject& state);  // emits rebuildRequested

signals:
    void rebuildRequested();  // task, model, batch or seed changed: a new model is needed
    void optimizerChanged();  // optimizer, learning rate or warm-up: applied to the running run

private:
    QWidget* buildTaskBox();
    QWidget* buildModelBox();
    QWidget* buildOptimizerBox();
    void fillFeedForwardActivations();
    void updateEnabled();
    void changed(bool rebuild);

    SequenceTrainingConfig m_base;  // the preset's config: fields without a control come from it
    bool m_writing = false;
    bool m_causalChoice = false;  // the user's own, shown when the task does not force it

    QComboBox* m_preset;
    QLabel* m_presetText;
    QComboBox* m_task;
    QLabel* m_taskText;
    QSpinBox* m_seed;
    QSpinBox* m_layers;
    QSpinBox* m_heads;
    QSpinBox* m_dModel;
    QComboBox* m_ffn;
    QComboBox* m_ffnActivation;
    QComboBox* m_qkvActivation;
    QComboBox* m_norm;
    QCheckBox* m_causal;
    QComboBox* m_optimizer;
    QDoubleSpinBox* m_learningRate;
    QSpinBox* m_warmup;
    QSpinBox* m_batch;
};

}  // namespace actlab::ui
