// AttentionControls: the form (built here), the wheel guard, and its reading into a
// SequenceTrainingConfig. Writing a config into the fields, the presets and the saved state are
// in attention_controls_state.cpp.
#include "ui/attention/attention_controls.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

#include "training/sequence_presets.h"
#include "ui/common/control_choices.h"

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

// A wheel over a spin or combo box that has no focus scrolls the panel instead of changing the
// value: the event is ignored, so Qt passes it on to the parents (the scroll area).
class WheelGuard : public QObject {
public:
    using QObject::QObject;
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Wheel) {
            auto* widget = qobject_cast<QWidget*>(watched);
            if (widget && !widget->hasFocus()) {
                event->ignore();
                return true;
            }
        }
        return false;
    }
};

}  // namespace

AttentionControls::AttentionControls(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_preset = comboBox("preset");
    m_preset->addItem(tr("Custom"), QString());
    for (const SequencePreset& preset : sequencePresets())
        addChoice(m_preset, qtText(preset.name), qtText(preset.name), qtText(preset.description));
    m_presetText = new QLabel;
    layout->addWidget(presetGroup(m_preset, m_presetText, this));
    layout->addWidget(buildTaskBox());
    layout->addWidget(buildModelBox());
    layout->addWidget(buildOptimizerBox());
    layout->addStretch(1);

    connect(m_preset, &QComboBox::activated, this, [this] {
        const QString name = m_preset->currentData().toString();
        if (!name.isEmpty()) applyPreset(name);
    });
    auto* guard = new WheelGuard(this);
    for (QWidget* widget : findChildren<QWidget*>())
        if (qobject_cast<QSpinBox*>(widget) || qobject_cast<QDoubleSpinBox*>(widget) ||
            qobject_cast<QComboBox*>(widget)) {
            widget->setFocusPolicy(Qt::StrongFocus);
            widget->installEventFilter(guard);
        }
    setConfig(SequenceTrainingConfig{});
}

QWidget* AttentionControls::buildTaskBox() {
    auto* box = new QGroupBox(tr("Task"), this);
    auto* form = new QFormLayout(box);
    m_task = comboBox("task");
    for (const SequenceTaskInfo& info : sequenceTaskCatalogue())
        addChoice(m_task, qtText(info.name), qtText(info.name), qtText(info.description));
    m_taskText = new QLabel;
    m_taskText->setWordWrap(true);
    m_seed = countBox(0, 1'000'000, "seed");
    m_seed->setToolTip(tr("Seeds the data and the model's initialisation"));
    form->addRow(tr("Task"), m_task);
    form->addRow(m_taskText);
    form->addRow(tr("Seed"), m_seed);
    connect(m_task, &QComboBox::activated, this, [this] { changed(true); });
    connect(m_seed, &QSpinBox::valueChanged, this, [this] { changed(true); });
    return box;
}

QWidget* AttentionControls::buildModelBox() {
    auto* box = new QGroupBox(tr("Transformer"), this);
    auto* form = new QFormLayout(box);
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
    m_qkvActivation = comboBox("qkvActivation");
    m_qkvActivation->setToolTip(
        tr("Applied to the queries, keys and values after their "
           "projections; identity is the standard Transformer"));
    addActivationChoices(m_qkvActivation, ActivationKind::Scalar);
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
    form->addRow(tr("Q/K/V activation"), m_qkvActivation);
    form->addRow(tr("Norm"), m_norm);
    form->addRow(m_causal);
    for (QSpinBox* spin : {m_layers, m_heads, m_dModel})
        connect(spin, &QSpinBox::valueChanged, this, [this] { changed(true); });
    connect(m_ffn, &QComboBox::activated, this, [this] {
        fillFeedForwardActivations();
        changed(true);
    });
    for (QComboBox* combo : {m_ffnActivation, m_qkvActivation, m_norm})
        connect(combo, &QComboBox::activated, this, [this] { changed(true); });
    connect(m_causal, &QCheckBox::toggled, this, [this](bool on) {
        if (m_writing) return;
        m_causalChoice = on;
        changed(true);
    });
    return box;
}

QWidget* AttentionControls::buildOptimizerBox() {
    auto* box = new QGroupBox(tr("Optimizer"), this);
    auto* form = new QFormLayout(box);
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
    return box;
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

void AttentionControls::updateEnabled() {
    const SequenceTaskInfo* task = findSequenceTask(m_task->currentData().toString().toStdString());
    m_taskText->setText(task ? qtText(task->description) : QString());
    const bool forced = task && task->causal;
    m_causal->setEnabled(!forced);
    const bool writing = m_writing;
    m_writing = true;
    m_causal->setChecked(forced || m_causalChoice);
    m_writing = writing;
    m_causal->setToolTip(forced ? tr("This task needs the causal mask: a position may only look "
                                     "at itself and earlier positions")
                                : tr("Each position may only look at itself and earlier ones"));
    m_ffnActivation->setEnabled(FeedForwardKind(m_ffn->currentData().toInt()) !=
                                FeedForwardKind::None);
}

void AttentionControls::changed(bool rebuild) {
    if (m_writing) return;
    updateEnabled();
    if (rebuild && m_preset->currentIndex() != 0) {
        m_preset->setCurrentIndex(0);  // edited: no longer the preset as such
        m_presetText->setText(tr("Edited from a preset."));
    }
    if (rebuild)
        emit rebuildRequested();
    else
        emit optimizerChanged();
}

QString AttentionControls::problem() const {
    if (m_dModel->value() % m_heads->value() != 0)
        return tr("d_model %1 does not split into %2 heads: choose a d_model that is a multiple "
                  "of the number of heads.")
            .arg(m_dModel->value())
            .arg(m_heads->value());
    return QString();
}

SequenceTrainingConfig AttentionControls::config() const {
    SequenceTrainingConfig c = m_base;
    c.task = m_task->currentData().toString().toStdString();
    c.seed = std::uint64_t(m_seed->value());
    TransformerConfig& m = c.model;
    m.layers = m_layers->value();
    m.heads = m_heads->value();
    m.dModel = m_dModel->value();
    m.ffn = FeedForwardKind(m_ffn->currentData().toInt());
    if (m.ffn != FeedForwardKind::None)
        m.ffnActivation =
            ActivationConfig::withDefaults(ActivationId(m_ffnActivation->currentData().toInt()));
    m.qkvActivation =
        ActivationConfig::withDefaults(ActivationId(m_qkvActivation->currentData().toInt()));
    m.norm = NormPlacement(m_norm->currentData().toInt());
    m.causal = m_causal->isChecked();
    if (const SequenceTaskInfo* task = findSequenceTask(c.task); task && task->causal)
        m.causal = true;
    c.optimizer.kind = OptimizerKind(m_optimizer->currentData().toInt());
    c.optimizer.learningRate = m_learningRate->value();
    c.optimizer.warmupSteps = m_warmup->value();
    // Warm-up, then (practically) constant: a cosine over a billion steps.
    c.optimizer.schedule = c.optimizer.warmupSteps > 0 ? LearningRateSchedule::WarmupCosine
                                                       : LearningRateSchedule::Constant;
    c.optimizer.totalSteps = c.optimizer.warmupSteps > 0 ? 1'000'000'000 : 0;
    c.batch = m_batch->value();
    return c;
}

}  // namespace actlab::ui
