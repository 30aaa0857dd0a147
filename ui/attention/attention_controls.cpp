// AttentionControls: the form (built here), the task's shape limits, and its reading into run
// A's or run B's SequenceTrainingConfig. Compare mode (run B's box, which run the form edits) is
// in attention_controls_compare.cpp; writing a config into the fields, the presets and the saved
// state in attention_controls_state.cpp.
#include "ui/attention/attention_controls.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "training/sequence_presets.h"
#include "ui/attention/activation_parameter_editor.h"
#include "ui/attention/attention_task_shape.h"
#include "ui/attention/compare_runs.h"
#include "ui/attention/text_source_panel.h"
#include "ui/common/control_choices.h"
#include "ui/common/core_text.h"
#include "ui/common/wheel_guard.h"

namespace actlab::ui {
namespace {

QSpinBox* countBox(int low, int high, const char* name) {
    auto* box = new QSpinBox;
    box->setRange(low, high);
    box->setKeyboardTracking(false);
    box->setObjectName(QString::fromLatin1(name));
    return box;
}

QComboBox* comboBox(const char* name) {
    auto* box = new QComboBox;
    box->setObjectName(QString::fromLatin1(name));
    return box;
}

}  // namespace

AttentionControls::AttentionControls(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_preset = comboBox("preset");
    m_preset->setAccessibleName(tr("Preset"));
    m_preset->addItem(tr("Custom"), QString());
    for (const SequencePreset& preset : sequencePresets())
        addChoice(m_preset, qtText(preset.name), qtText(preset.name), coreText(preset.description));
    m_presetText = new QLabel;
    m_presetBox = presetGroup(m_preset, m_presetText, this);
    layout->addWidget(m_presetBox);
    layout->addWidget(buildCompareBox());
    layout->addWidget(buildTaskBox());
    layout->addWidget(buildModelBox());
    layout->addWidget(buildOptimizerBox());
    layout->addStretch(1);

    connect(m_preset, &QComboBox::activated, this, [this] {
        const QString name = m_preset->currentData().toString();
        if (!name.isEmpty()) applyPreset(name);
    });
    WheelGuard::install();  // the wheel scrolls the panel past boxes without focus
    setConfig(SequenceTrainingConfig{});
}

void AttentionControls::addPanelBelowTask(QWidget* panel) {
    auto* column = static_cast<QVBoxLayout*>(layout());
    column->insertWidget(column->indexOf(m_taskBox) + 1, panel);
}

void AttentionControls::addPanelAtEnd(QWidget* panel) {
    auto* column = static_cast<QVBoxLayout*>(layout());
    column->insertWidget(column->count() - 1, panel);  // before the stretch
}

QWidget* AttentionControls::buildTaskBox() {
    m_taskBox = new QGroupBox(tr("Task"), this);
    auto* form = m_taskForm = new QFormLayout(m_taskBox);
    m_task = comboBox("task");
    for (const SequenceTaskInfo& info : sequenceTaskCatalogue())
        addChoice(m_task, qtText(info.name), qtText(info.name), coreText(info.description));
    m_taskText = new QLabel;
    m_taskText->setWordWrap(true);
    m_textSource = new TextSourcePanel(m_taskBox);
    m_textSource->setObjectName(QStringLiteral("textSource"));
    m_textSource->setAccessibleName(tr("The text to learn"));
    connect(m_textSource, &TextSourcePanel::textChosen, this, [this] { changed(true); });
    m_sequence = countBox(2, kMaxTransformerSequence, "sequenceLength");
    m_vocabulary = countBox(2, kMaxTransformerVocabulary, "vocabulary");
    m_seed = countBox(0, 1'000'000, "seed");
    m_seed->setToolTip(tr("Seeds the data and the model's initialisation"));
    form->addRow(tr("Task"), m_task);
    form->addRow(m_taskText);
    form->addRow(m_textSource);
    form->addRow(tr("Length T"), m_sequence);
    form->addRow(tr("Vocabulary V"), m_vocabulary);
    form->addRow(tr("Seed"), m_seed);
    connect(m_task, &QComboBox::activated, this, [this] {
        const TaskShape shape = taskShape(m_task->currentData().toString());
        m_writing = true;  // the new task's own T and V
        updateTaskShape();
        m_sequence->setValue(shape.sequence);
        m_vocabulary->setValue(shape.vocabulary);
        m_writing = false;
        changed(true);
    });
    for (QSpinBox* spin : {m_sequence, m_vocabulary, m_seed})
        connect(spin, &QSpinBox::valueChanged, this, [this] { changed(true); });
    return m_taskBox;
}

QWidget* AttentionControls::buildModelBox() {
    m_modelBox = new QGroupBox(tr("Transformer"), this);
    auto* form = m_modelForm = new QFormLayout(m_modelBox);
    m_layers = countBox(1, kMaxTransformerLayers, "layers");
    m_heads = countBox(1, kMaxTransformerHeads, "heads");
    m_dModel = countBox(8, kMaxTransformerWidth, "dModel");
    m_dModel->setSingleStep(8);
    m_dModel->setToolTip(tr("Width of the residual stream; the heads split it evenly"));
    m_ffn = comboBox("ffn");
    m_ffn->addItem(tr("plain (MLP)"), int(FeedForwardKind::Plain));
    m_ffn->addItem(tr("gated (GLU)"), int(FeedForwardKind::Gated));
    m_ffn->addItem(tr("none (attention only)"), int(FeedForwardKind::None));
    m_ffnActivation = comboBox("ffnActivation");
    m_ffnParameters = new ActivationParameterEditor(QStringLiteral("ffnActivation"));
    m_qkvActivation = comboBox("qkvActivation");
    m_qkvActivation->setToolTip(
        tr("Applied to the queries, keys and values after their "
           "projections; identity is the standard Transformer"));
    addActivationChoices(m_qkvActivation, ActivationKind::Scalar);
    m_qkvParameters = new ActivationParameterEditor(QStringLiteral("qkvActivation"));
    m_norm = comboBox("norm");
    m_norm->addItem(tr("Pre-LN"), int(NormPlacement::Pre));
    m_norm->addItem(tr("Post-LN"), int(NormPlacement::Post));
    m_norm->setToolTip(
        tr("Pre-LN: x + f(LN(x)), as GPT-2; Post-LN: LN(x + f(x)), as the "
           "original Transformer"));
    m_causal = new QCheckBox(tr("Causal mask"));
    m_causal->setObjectName(QStringLiteral("causal"));
    form->addRow(tr("Layers"), m_layers);
    form->addRow(tr("Heads"), m_heads);
    form->addRow(tr("d_model"), m_dModel);
    form->addRow(tr("Feed-forward"), m_ffn);
    form->addRow(tr("FFN activation"), m_ffnActivation);
    form->addRow(QString(), m_ffnParameters);  // its parameters, right under it
    form->addRow(tr("Q/K/V activation"), m_qkvActivation);
    form->addRow(QString(), m_qkvParameters);
    form->addRow(tr("Norm"), m_norm);
    form->addRow(m_causal);
    for (QSpinBox* spin : {m_layers, m_heads, m_dModel})
        connect(spin, &QSpinBox::valueChanged, this, [this] { changed(true); });
    connect(m_ffn, &QComboBox::activated, this, [this] {
        fillFeedForwardActivations();
        updateParameterEditors();
        changed(true);
    });
    for (QComboBox* combo : {m_ffnActivation, m_qkvActivation})
        connect(combo, &QComboBox::activated, this, [this] {
            updateParameterEditors();
            changed(true);
        });
    connect(m_norm, &QComboBox::activated, this, [this] { changed(true); });
    for (ActivationParameterEditor* editor : {m_ffnParameters, m_qkvParameters})
        connect(editor, &ActivationParameterEditor::changed, this, [this] { changed(true); });
    connect(m_causal, &QCheckBox::toggled, this, [this](bool on) {
        if (m_writing) return;
        m_causalChoice = on;
        changed(true);
    });
    return m_modelBox;
}

QWidget* AttentionControls::buildOptimizerBox() {
    m_optimizerBox = new QGroupBox(tr("Optimizer"), this);
    auto* form = new QFormLayout(m_optimizerBox);
    m_optimizer = comboBox("optimizer");
    addOptimizerChoices(m_optimizer);
    m_learningRate = new QDoubleSpinBox;
    m_learningRate->setObjectName(QStringLiteral("learningRate"));
    m_learningRate->setRange(0.00001, 1);
    m_learningRate->setDecimals(5);
    m_learningRate->setSingleStep(0.0005);
    m_learningRate->setKeyboardTracking(false);
    m_warmup = countBox(0, 100'000, "warmup");
    m_warmup->setSingleStep(50);
    m_warmup->setSuffix(tr(" steps"));
    m_warmup->setToolTip(tr("The learning rate rises linearly over these steps, then stays"));
    m_batch = countBox(1, 512, "batch");
    m_batch->setToolTip(tr("Sequences per step"));
    form->addRow(tr("Optimizer"), m_optimizer);
    form->addRow(tr("Learning rate"), m_learningRate);
    form->addRow(tr("Warm-up"), m_warmup);
    form->addRow(tr("Batch"), m_batch);
    connect(m_optimizer, &QComboBox::activated, this, [this] { changed(false); });
    connect(m_learningRate, &QDoubleSpinBox::valueChanged, this, [this] { changed(false); });
    connect(m_warmup, &QSpinBox::valueChanged, this, [this] { changed(false); });
    connect(m_batch, &QSpinBox::valueChanged, this, [this] { changed(true); });
    return m_optimizerBox;
}

void AttentionControls::fillFeedForwardActivations() {
    const auto kind = FeedForwardKind(m_ffn->currentData().toInt());
    const int previous = m_ffnActivation->currentData().toInt();
    const ActivationKind wanted =
        kind == FeedForwardKind::Gated ? ActivationKind::Gated : ActivationKind::Scalar;
    m_ffnActivation->clear();
    addActivationChoices(m_ffnActivation, wanted);
    int index = m_ffnActivation->findData(previous);
    if (index < 0)
        index = m_ffnActivation->findData(
            int(kind == FeedForwardKind::Gated ? ActivationId::Swiglu : ActivationId::Gelu));
    m_ffnActivation->setCurrentIndex(std::max(0, index));
    updateEnabled();
}

void AttentionControls::updateParameterEditors() {
    // Another function: its own parameters at their defaults; the same: the values stay.
    m_ffnParameters->setActivation(
        m_ffnParameters->activation(ActivationId(m_ffnActivation->currentData().toInt())));
    m_qkvParameters->setActivation(
        m_qkvParameters->activation(ActivationId(m_qkvActivation->currentData().toInt())));
    updateEnabled();
}

void AttentionControls::updateTaskShape() {
    const QString task = m_task->currentData().toString();
    const TaskShape shape = taskShape(task);
    m_sequence->setRange(shape.minSequence,
                         shape.sequenceFree ? shape.maxSequence : shape.sequence);
    m_vocabulary->setRange(shape.minVocabulary,
                           shape.vocabularyFree ? shape.maxVocabulary : shape.vocabulary);
    m_sequence->setEnabled(shape.sequenceFree && m_editedRun == 0);
    m_vocabulary->setEnabled(shape.vocabularyFree && m_editedRun == 0);
    m_sequence->setToolTip(
        shape.sequenceFree
            ? tr("Tokens per sequence: %1 to %2 for %3; the maps have one row and column each")
                  .arg(shape.minSequence)
                  .arg(shape.maxSequence)
                  .arg(task)
            : tr("The %1 task fixes its length: %2 tokens").arg(task).arg(shape.sequence));
    m_vocabulary->setToolTip(
        shape.vocabularyFree
            ? tr("Distinct input tokens: %1 to %2 for %3")
                  .arg(shape.minVocabulary)
                  .arg(shape.maxVocabulary)
                  .arg(task)
            : tr("The %1 task has its own %2 tokens").arg(task).arg(shape.vocabulary));
}

void AttentionControls::updateEnabled() {
    const SequenceTaskInfo* task = findSequenceTask(m_task->currentData().toString().toStdString());
    m_taskText->setText(task ? coreText(task->description) : QString());
    const bool forced = task && task->causal;
    m_causal->setEnabled(!forced);
    const bool writing = m_writing;
    m_writing = true;
    m_causal->setChecked(forced || m_causalChoice);
    m_writing = writing;
    m_causal->setToolTip(forced ? tr("This task needs the causal mask: a position may only look "
                                     "at itself and earlier positions")
                                : tr("Each position may only look at itself and earlier ones"));
    const bool text = task && task->kind == SequenceTaskKind::Text;
    m_taskForm->setRowVisible(m_textSource, text);
    if (text) m_textSource->setShape(m_sequence->value(), m_vocabulary->value());
    const bool ffn = FeedForwardKind(m_ffn->currentData().toInt()) != FeedForwardKind::None;
    m_ffnActivation->setEnabled(ffn);
    m_modelForm->setRowVisible(m_ffnParameters, ffn && m_ffnParameters->hasParameters());
    m_modelForm->setRowVisible(m_qkvParameters, m_qkvParameters->hasParameters());

    // Run B shares A's task, data and seed, and a preset sets run A.
    const bool editingB = m_editedRun == 1;
    m_presetBox->setEnabled(!editingB);
    m_task->setEnabled(!editingB);
    m_textSource->setEnabled(!editingB);
    m_seed->setEnabled(!editingB);
    updateTaskShape();
    const QString shared =
        tr("Run B trains on run A's task, data and seed: edit run A to change "
           "them");
    m_taskBox->setToolTip(editingB ? shared : QString());
    m_presetBox->setToolTip(editingB ? tr("A preset sets run A: edit run A to choose one")
                                     : QString());
    m_modelBox->setTitle(editingB ? tr("Transformer · run B") : tr("Transformer"));
    m_optimizerBox->setTitle(editingB ? tr("Optimizer · run B") : tr("Optimizer"));
    m_editRow->setVisible(m_compare->isChecked());
    m_compareText->setVisible(m_compare->isChecked());
}

void AttentionControls::changed(bool rebuild) {
    if (m_writing) return;
    updateEnabled();
    const SequenceTrainingConfig fields = readFields();
    if (m_editedRun == 1) {
        m_configB = withSharedSettings(fields, m_configA);
        updateCompareText();
        if (rebuild)
            emit compareChanged();
        else
            emit optimizerBChanged();
        return;
    }
    m_configB = carryDifferences(m_configA, m_configB, fields);
    m_configA = fields;
    updateCompareText();
    if (rebuild && m_preset->currentIndex() != 0) {
        m_preset->setCurrentIndex(0);  // edited: no longer the preset as such
        m_presetText->setText(tr("Edited from a preset."));
    }
    if (rebuild) {
        emit rebuildRequested();
        return;
    }
    emit optimizerChanged();
    if (compare()) emit optimizerBChanged();  // B follows A where it does not differ
}

QString AttentionControls::problem() const {
    const auto split = [this](const SequenceTrainingConfig& c, const QString& run) {
        if (c.model.dModel % c.model.heads == 0) return QString();
        return tr("%1d_model %2 does not split into %3 heads: choose a d_model that is a multiple "
                  "of the number of heads.")
            .arg(run)
            .arg(c.model.dModel)
            .arg(c.model.heads);
    };
    const QString a = split(config(), QString());
    if (!a.isEmpty() || !compare()) return a;
    return split(configB(), tr("Run B: "));
}

SequenceTrainingConfig AttentionControls::readFields() const {
    SequenceTrainingConfig c =
        m_editedRun == 1 ? m_configB : m_configA;  // fields without a control
    c.task = m_task->currentData().toString().toStdString();
    const TaskShape shape = taskShape(m_task->currentData().toString());
    c.taskOptions.sequence = shape.sequenceFree ? m_sequence->value() : 0;
    c.taskOptions.vocabulary = shape.vocabularyFree ? m_vocabulary->value() : 0;
    const bool text = c.task == "text";
    c.text = text ? m_textSource->text() : nullptr;
    c.seed = std::uint64_t(m_seed->value());
    TransformerConfig& m = c.model;
    m.layers = m_layers->value();
    m.heads = m_heads->value();
    if (m.dModel != m_dModel->value()) m.dFf = 0;  // the default rule for the new width
    m.dModel = m_dModel->value();
    const auto ffn = FeedForwardKind(m_ffn->currentData().toInt());
    if (m.ffn != ffn) m.dFf = 0;
    m.ffn = ffn;
    if (m.ffn != FeedForwardKind::None)
        m.ffnActivation =
            m_ffnParameters->activation(ActivationId(m_ffnActivation->currentData().toInt()));
    m.qkvActivation =
        m_qkvParameters->activation(ActivationId(m_qkvActivation->currentData().toInt()));
    m.norm = NormPlacement(m_norm->currentData().toInt());
    m.causal = m_causal->isChecked();
    if (const SequenceTaskInfo* task = findSequenceTask(c.task); task && task->causal)
        m.causal = true;
    c.optimizer.kind = OptimizerKind(m_optimizer->currentData().toInt());
    c.optimizer.learningRate = m_learningRate->value();
    c.optimizer.warmupSteps = m_warmup->value();
    // Warm-up, then (practically) constant: a cosine over ten million steps, the most core's
    // JSON reads back (config/config_json.cpp), 99.99% of the rate after 20,000 steps.
    c.optimizer.schedule = c.optimizer.warmupSteps > 0 ? LearningRateSchedule::WarmupCosine
                                                       : LearningRateSchedule::Constant;
    c.optimizer.totalSteps = c.optimizer.warmupSteps > 0 ? 10'000'000 : 0;
    c.batch = m_batch->value();
    return c;
}

}  // namespace actlab::ui
