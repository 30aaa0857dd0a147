// AttentionControls: writing a config into the fields (presets, restored state) and the state
// as JSON (names, not indices, so that a saved session survives new catalogue entries).
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSpinBox>

#include "training/sequence_presets.h"
#include "ui/attention/attention_controls.h"
#include "ui/common/control_choices.h"

namespace actlab::ui {
namespace {

void select(QComboBox* box, const QVariant& data) {
    box->setCurrentIndex(std::max(0, box->findData(data)));
}

}  // namespace

void AttentionControls::setConfig(const SequenceTrainingConfig& c) {
    m_writing = true;
    m_base = c;
    select(m_task, QString::fromStdString(c.task));
    m_seed->setValue(int(std::min<std::uint64_t>(c.seed, 1'000'000)));
    m_layers->setValue(c.model.layers);
    m_heads->setValue(c.model.heads);
    m_dModel->setValue(c.model.dModel);
    select(m_ffn, int(c.model.ffn));
    fillFeedForwardActivations();
    if (c.model.ffn != FeedForwardKind::None)
        select(m_ffnActivation, int(c.model.ffnActivation.id));
    select(m_qkvActivation, int(c.model.qkvActivation.id));
    select(m_norm, int(c.model.norm));
    m_causalChoice = c.model.causal;
    select(m_optimizer, int(c.optimizer.kind));
    m_learningRate->setValue(c.optimizer.learningRate);
    m_warmup->setValue(c.optimizer.warmupSteps);
    m_batch->setValue(c.batch);
    updateEnabled();
    m_writing = false;
}

bool AttentionControls::applyPreset(const QString& name) {
    const SequencePreset* preset = findSequencePreset(name.toStdString());
    if (!preset) return false;
    SequenceTrainingConfig config;
    preset->apply(config);
    setConfig(config);
    select(m_preset, name);
    m_presetText->setText(qtText(preset->description));
    emit rebuildRequested();
    return true;
}

QString AttentionControls::presetName() const { return m_preset->currentData().toString(); }

QJsonObject AttentionControls::saveState() const {
    const SequenceTrainingConfig c = config();
    QJsonObject state;
    state["preset"] = presetName();
    state["task"] = QString::fromStdString(c.task);
    state["seed"] = int(c.seed);
    state["layers"] = c.model.layers;
    state["heads"] = c.model.heads;
    state["dModel"] = c.model.dModel;
    state["ffn"] = qtText(feedForwardName(c.model.ffn));
    state["ffnActivation"] = qtText(c.model.ffnActivation.info().name);
    state["qkvActivation"] = qtText(c.model.qkvActivation.info().name);
    state["norm"] = qtText(normPlacementName(c.model.norm));
    state["causal"] = m_causalChoice;
    state["optimizer"] = qtText(optimizerName(c.optimizer.kind));
    state["learningRate"] = c.optimizer.learningRate;
    state["warmup"] = c.optimizer.warmupSteps;
    state["batch"] = c.batch;
    return state;
}

void AttentionControls::restoreState(const QJsonObject& state) {
    SequenceTrainingConfig c;
    const QString presetName = state["preset"].toString();
    const SequencePreset* preset = findSequencePreset(presetName.toStdString());
    if (preset) preset->apply(c);
    if (findSequenceTask(state["task"].toString().toStdString()))
        c.task = state["task"].toString().toStdString();
    c.seed = std::uint64_t(std::max(0, state["seed"].toInt(int(c.seed))));
    c.model.layers = std::clamp(state["layers"].toInt(c.model.layers), 1, kMaxTransformerLayers);
    c.model.heads = std::clamp(state["heads"].toInt(c.model.heads), 1, kMaxTransformerHeads);
    c.model.dModel = std::clamp(state["dModel"].toInt(c.model.dModel), 8, kMaxTransformerWidth);
    if (auto ffn = parseFeedForward(state["ffn"].toString().toStdString())) c.model.ffn = *ffn;
    if (const ActivationInfo* info =
            findActivation(state["ffnActivation"].toString().toStdString()))
        c.model.ffnActivation = ActivationConfig::withDefaults(info->id);
    if (const ActivationInfo* info =
            findActivation(state["qkvActivation"].toString().toStdString()))
        c.model.qkvActivation = ActivationConfig::withDefaults(info->id);
    if (auto norm = parseNormPlacement(state["norm"].toString().toStdString()))
        c.model.norm = *norm;
    c.model.causal = state["causal"].toBool(c.model.causal);
    if (auto kind = parseOptimizer(state["optimizer"].toString().toStdString()))
        c.optimizer.kind = *kind;
    c.optimizer.learningRate = state["learningRate"].toDouble(c.optimizer.learningRate);
    c.optimizer.warmupSteps = std::max(0, state["warmup"].toInt(c.optimizer.warmupSteps));
    c.batch = std::clamp(state["batch"].toInt(c.batch), 1, 512);
    setConfig(c);
    select(m_preset, preset ? presetName : QString());
    m_presetText->setText(preset ? qtText(preset->description) : QString());
    emit rebuildRequested();
}

}  // namespace actlab::ui
