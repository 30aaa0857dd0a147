// AttentionControls: writing a config into the fields (presets, restored state, the other run)
// and the state as JSON: run A's and B's configurations through core's one serialisation
// (config/config_json.h), in a small wrapper with the preset and the compare settings.
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QSpinBox>

#include "config/config_json.h"
#include "training/sequence_presets.h"
#include "ui/attention/activation_parameter_editor.h"
#include "ui/attention/attention_controls.h"
#include "ui/attention/attention_task_shape.h"
#include "ui/attention/compare_runs.h"
#include "ui/attention/text_source_panel.h"
#include "ui/common/control_choices.h"
#include "ui/common/core_text.h"

namespace actlab::ui {
namespace {

void select(QComboBox* box, const QVariant& data) {
    box->setCurrentIndex(std::max(0, box->findData(data)));
}

QJsonObject configToJson(const SequenceTrainingConfig& config) {
    return QJsonDocument::fromJson(QByteArray::fromStdString(sequenceTrainingConfigToJson(config)))
        .object();
}

// nullopt when absent or not a configuration core reads. d_ff written as the default rule gave
// it goes back to "the rule", so that a new d_model gets its own.
std::optional<SequenceTrainingConfig> configFromJson(const QJsonValue& value) {
    if (!value.isObject()) return std::nullopt;
    const QByteArray text = QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    std::string error;
    auto config = sequenceTrainingConfigFromJson(text.toStdString(), &error);
    if (!config) {
        qWarning("Attention view: the saved configuration is not used: %s", error.c_str());
        return std::nullopt;
    }
    TransformerConfig rule = config->model;
    rule.dFf = 0;
    if (config->model.dFf == transformerFeedForwardWidth(rule)) config->model.dFf = 0;
    return config;
}

}  // namespace

void AttentionControls::writeFields(const SequenceTrainingConfig& c) {
    m_writing = true;
    select(m_task, QString::fromStdString(c.task));
    if (c.text) m_textSource->setText(c.text);
    updateTaskShape();
    const TaskShape shape = taskShape(m_task->currentData().toString());
    m_sequence->setValue(c.taskOptions.sequence > 0 && shape.sequenceFree ? c.taskOptions.sequence
                                                                          : shape.sequence);
    m_vocabulary->setValue(c.taskOptions.vocabulary > 0 && shape.vocabularyFree
                               ? c.taskOptions.vocabulary
                               : shape.vocabulary);
    m_seed->setValue(int(std::min<std::uint64_t>(c.seed, 1'000'000)));
    m_layers->setValue(c.model.layers);
    m_heads->setValue(c.model.heads);
    m_dModel->setValue(c.model.dModel);
    select(m_ffn, int(c.model.ffn));
    fillFeedForwardActivations();
    if (c.model.ffn != FeedForwardKind::None) {
        select(m_ffnActivation, int(c.model.ffnActivation.id));
        m_ffnParameters->setActivation(c.model.ffnActivation);
    } else {
        m_ffnParameters->setActivation(
            m_ffnParameters->activation(ActivationId(m_ffnActivation->currentData().toInt())));
    }
    select(m_qkvActivation, int(c.model.qkvActivation.id));
    m_qkvParameters->setActivation(c.model.qkvActivation);
    select(m_norm, int(c.model.norm));
    m_causalChoice = c.model.causal;
    select(m_optimizer, int(c.optimizer.kind));
    m_learningRate->setValue(c.optimizer.learningRate);
    m_warmup->setValue(c.optimizer.warmupSteps);
    m_batch->setValue(c.batch);
    updateEnabled();
    m_writing = false;
}

void AttentionControls::setConfig(const SequenceTrainingConfig& c) {
    m_configB = carryDifferences(m_configA, m_configB, c);
    m_configA = c;
    writeFields(m_editedRun == 1 ? m_configB : m_configA);
    updateCompareText();
}

void AttentionControls::setConfigB(const SequenceTrainingConfig& c) {
    m_configB = withSharedSettings(c, m_configA);
    if (m_editedRun == 1) writeFields(m_configB);
    updateCompareText();
}

bool AttentionControls::applyPreset(const QString& name) {
    const SequencePreset* preset = findSequencePreset(name.toStdString());
    if (!preset) return false;
    SequenceTrainingConfig config;
    preset->apply(config);
    setConfig(config);
    select(m_preset, name);
    m_presetText->setText(coreText(preset->description));
    emit rebuildRequested();
    return true;
}

QString AttentionControls::presetName() const { return m_preset->currentData().toString(); }

void AttentionControls::showPreset(const QString& name) {
    const SequencePreset* preset = findSequencePreset(name.toStdString());
    select(m_preset, preset ? name : QString());
    m_presetText->setText(preset ? coreText(preset->description) : QString());
}

QJsonObject AttentionControls::saveState() const {
    const SequenceTrainingConfig a = config(), b = configB();
    QJsonArray differences;
    for (const RunDifference& d : runDifferences(a, b)) differences.append(d.field);
    return {{QStringLiteral("preset"), presetName()},
            {QStringLiteral("training"), configToJson(a)},
            {QStringLiteral("causalChoice"), m_causalChoice},
            {QStringLiteral("compare"),
             QJsonObject{{QStringLiteral("on"), compare()},
                         {QStringLiteral("editing"), m_editedRun == 1 ? "B" : "A"},
                         {QStringLiteral("runB"), configToJson(b)},
                         {QStringLiteral("differences"), differences}}}};
}

void AttentionControls::restoreState(const QJsonObject& state) {
    const QString presetName = state[QStringLiteral("preset")].toString();
    const SequencePreset* preset = findSequencePreset(presetName.toStdString());
    SequenceTrainingConfig a;
    if (preset) preset->apply(a);
    if (auto saved = configFromJson(state[QStringLiteral("training")])) a = *saved;
    const QJsonObject compareState = state[QStringLiteral("compare")].toObject();
    setCompare(false);  // the form edits A while both are written
    m_configA = m_configB = a;
    setConfig(a);
    if (auto b = configFromJson(compareState[QStringLiteral("runB")])) setConfigB(*b);
    m_causalChoice = state[QStringLiteral("causalChoice")].toBool(a.model.causal);
    updateEnabled();
    m_configA = readFields();
    setCompare(compareState[QStringLiteral("on")].toBool(false));
    if (compare() && compareState[QStringLiteral("editing")].toString() == QLatin1String("B"))
        setEditedRun(1);
    select(m_preset, preset ? presetName : QString());
    m_presetText->setText(preset ? coreText(preset->description) : QString());
    emit rebuildRequested();
}

}  // namespace actlab::ui
