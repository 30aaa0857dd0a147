// TrainingControls: the form (built here) and its reading into TrainingConfigs. The state, the
// presets and the user's points are in training_controls_state.cpp.
#include "ui/training/training_controls.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "training/presets.h"
#include "ui/common/control_choices.h"
#include "ui/common/core_text.h"
#include "ui/common/wheel_guard.h"
#include "ui/panels/parameter_editor.h"

namespace actlab::ui {
namespace {

QDoubleSpinBox* numberBox(double low, double high, double step, int decimals) {
    auto* box = new QDoubleSpinBox;
    box->setRange(low, high);
    box->setSingleStep(step);
    box->setDecimals(decimals);
    box->setKeyboardTracking(false);
    return box;
}

// A tooltip that says what the box does and its range, as the box writes its ends.
void explain(QAbstractSpinBox* box, const QString& what) {
    QString low, high;
    if (auto* number = qobject_cast<QDoubleSpinBox*>(box)) {
        low = QString::number(number->minimum(), 'g', 6);
        high = QString::number(number->maximum(), 'g', 6);
    } else if (auto* count = qobject_cast<QSpinBox*>(box)) {
        low = QString::number(count->minimum());
        high = QString::number(count->maximum());
    }
    box->setToolTip(TrainingControls::tr("%1 (%2 to %3)").arg(what, low, high));
}

QSpinBox* countBox(int low, int high) {
    auto* box = new QSpinBox;
    box->setRange(low, high);
    box->setKeyboardTracking(false);
    return box;
}

// "32,32,32" → widths; nullopt when an item is not a width in [1, 512] or there are > 8.
std::optional<std::vector<int>> parseWidths(const QString& line) {
    std::vector<int> widths;
    for (const QString& item : line.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int width = item.trimmed().toInt(&ok);
        if (!ok || width < 1 || width > kMaxWidth) return std::nullopt;
        widths.push_back(width);
    }
    if (widths.empty() || widths.size() > size_t(kMaxHiddenLayers)) return std::nullopt;
    return widths;
}

// The data sets of the catalogue and the user's points.
QComboBox* taskBox() {
    auto* box = new QComboBox;
    box->setObjectName(QStringLiteral("task"));
    for (const DatasetInfo& info : datasetCatalogue())
        addChoice(box, qtText(info.name), qtText(info.name), coreText(info.description));
    box->addItem(TrainingControls::tr("your points"), QStringLiteral("user"));
    box->setToolTip(
        TrainingControls::tr("The data the network learns; \"your points\" are those you draw or "
                             "import"));
    return box;
}

// The row of class 0, 1 and 2 for Draw points, in `group` (ids 0 to 2), class 0 chosen.
QHBoxLayout* classChoiceRow(QButtonGroup* group) {
    auto* classes = new QHBoxLayout;
    for (int c = 0; c < 3; ++c) {
        auto* button = new QRadioButton(TrainingControls::tr("class %1").arg(c));
        button->setObjectName(QStringLiteral("class%1").arg(c));
        button->setToolTip(
            TrainingControls::tr("In Draw points mode, clicks on the plane add points of this "
                                 "class (Shift+click: the other of classes 0 and 1)"));
        group->addButton(button, c);
        classes->addWidget(button);
    }
    group->button(0)->setChecked(true);
    return classes;
}

}  // namespace

TrainingControls::TrainingControls(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);

    m_preset = new QComboBox;
    m_preset->setObjectName(QStringLiteral("preset"));
    m_preset->setAccessibleName(tr("Preset"));
    m_preset->addItem(tr("Custom"), QString());
    for (const TrainingPreset& preset : trainingPresets())
        m_preset->addItem(qtText(preset.name), qtText(preset.name));
    m_preset->setToolTip(
        tr("A ready set-up that shows one effect (its line below says which); editing any "
           "setting makes it Custom"));
    m_presetText = new QLabel;
    layout->addWidget(presetGroup(m_preset, m_presetText, this));
    layout->addWidget(buildDataBox());
    layout->addWidget(buildModelBox());
    layout->addWidget(buildOptimizerBox());
    layout->addWidget(buildCompareBox());
    layout->addStretch(1);

    connect(m_preset, &QComboBox::activated, this, [this] {
        const QString name = m_preset->currentData().toString();
        if (!name.isEmpty()) applyPreset(name);
    });
    WheelGuard::install();  // the wheel scrolls the panel past boxes without focus
    writeFields(TrainingConfig{});
}

QWidget* TrainingControls::buildDataBox() {
    auto* box = new QGroupBox(tr("Data"), this);
    auto* form = new QFormLayout(box);
    m_task = taskBox();
    m_noise = numberBox(0, 1, 0.05, 2);
    m_noise->setObjectName(QStringLiteral("noise"));
    m_trainShare = countBox(10, 90);
    m_trainShare->setObjectName(QStringLiteral("trainShare"));
    m_trainShare->setSuffix(tr(" % train"));
    m_trainShare->setSingleStep(10);
    m_points = countBox(0, 5000);
    m_points->setObjectName(QStringLiteral("points"));
    m_points->setSingleStep(50);
    m_points->setSpecialValueText(tr("task default"));  // 0: the data set's own default
    explain(m_noise, tr("How far the points scatter from the data set's clean shape"));
    explain(m_trainShare, tr("Share of the points used for training; the rest test it"));
    explain(m_points, tr("Number of points before the split (0: the data set's own number; at "
                         "least 4)"));
    m_seed = countBox(0, 1'000'000);
    m_seed->setObjectName(QStringLiteral("seed"));
    explain(m_seed, tr("Seed of the points, the split and the initial weights: the same seed "
                       "gives the same run"));
    form->addRow(tr("Data set"), m_task);
    form->addRow(tr("Noise"), m_noise);
    form->addRow(tr("Split"), m_trainShare);
    form->addRow(tr("Points"), m_points);
    form->addRow(tr("Seed"), m_seed);

    m_userBox = new QWidget;
    m_userBox->setObjectName(QStringLiteral("userPoints"));
    auto* user = new QVBoxLayout(m_userBox);
    user->setContentsMargins(0, 0, 0, 0);
    m_classButtons = new QButtonGroup(this);
    m_drawPoints = new QPushButton(tr("Draw points"));
    m_drawPoints->setObjectName(QStringLiteral("drawPoints"));
    m_drawPoints->setCheckable(true);
    m_drawPoints->setToolTip(
        tr("While on, a click on the plane adds a point of the chosen class (Shift+click: the "
           "other of classes 0 and 1) and training starts again on your points"));
    QHBoxLayout* classes = classChoiceRow(m_classButtons);
    auto* buttons = new QHBoxLayout;
    auto* import = new QPushButton(tr("Import CSV…"));
    import->setToolTip(tr("Rows x1,x2,label; an optional header line"));
    auto* clear = new QPushButton(tr("Clear points"));
    clear->setToolTip(tr("Remove all your points"));
    buttons->addWidget(import);
    buttons->addWidget(clear);
    m_userText = new QLabel;
    m_userText->setWordWrap(true);
    user->addWidget(m_drawPoints);
    user->addLayout(classes);
    user->addLayout(buttons);
    user->addWidget(m_userText);
    form->addRow(m_userBox);

    connect(m_task, &QComboBox::activated, this, [this] { changed(true); });
    for (QDoubleSpinBox* spin : {m_noise})
        connect(spin, &QDoubleSpinBox::valueChanged, this, [this] { changed(true); });
    for (QSpinBox* spin : {m_trainShare, m_points, m_seed})
        connect(spin, &QSpinBox::valueChanged, this, [this] { changed(true); });
    connect(import, &QPushButton::clicked, this, &TrainingControls::importCsvFile);
    connect(clear, &QPushButton::clicked, this, &TrainingControls::clearUserPoints);
    connect(m_drawPoints, &QPushButton::toggled, this, [this](bool on) {
        updateVisibility();
        emit drawingPointsChanged(on);
    });
    return box;
}

QWidget* TrainingControls::buildModelBox() {
    auto* box = new QGroupBox(tr("Model"), this);
    auto* form = new QFormLayout(box);
    m_modelKind = new QComboBox;
    m_modelKind->setObjectName(QStringLiteral("modelKind"));
    m_modelKind->addItem(tr("MLP"), QStringLiteral("mlp"));
    m_modelKind->addItem(tr("GLU feed-forward"), QStringLiteral("glu"));
    m_modelKind->setToolTip(
        tr("MLP: layers of neurons, each act(Wx + b). GLU feed-forward: blocks x + "
           "out(act(gate x) ⊙ value x), as in a Transformer's FFN"));
    m_hidden = new QLineEdit;
    m_hidden->setObjectName(QStringLiteral("hidden"));
    m_hidden->setToolTip(
        tr("Widths of the hidden layers, comma-separated: 1 to 8 layers of 1 to "
           "512 neurons"));
    m_mlpRow = m_hidden;
    m_gluRow = new QWidget;
    m_gluRow->setObjectName(QStringLiteral("gluBlocks"));
    auto* glu = new QHBoxLayout(m_gluRow);
    glu->setContentsMargins(0, 0, 0, 0);
    m_dModel = countBox(1, kMaxWidth);
    m_dModel->setPrefix(tr("d_model "));
    m_blocks = countBox(1, kMaxHiddenLayers);
    m_blocks->setSuffix(tr(" blocks"));
    explain(m_dModel, tr("Width of the GLU feed-forward's residual stream"));
    explain(m_blocks, tr("Number of GLU blocks"));
    m_dModel->setAccessibleName(tr("d_model"));
    m_blocks->setAccessibleName(tr("GLU blocks"));
    glu->addWidget(m_dModel);
    glu->addWidget(m_blocks);
    m_activationBox = new QComboBox;
    m_activationBox->setObjectName(QStringLiteral("activation"));
    m_activationBox->setToolTip(
        tr("The nonlinearity of every hidden layer (of every gate for a "
           "GLU feed-forward)"));
    auto* holder = new QWidget;
    m_parameterHolder = new QVBoxLayout(holder);
    m_parameterHolder->setContentsMargins(0, 0, 0, 0);
    m_init = new QComboBox;
    m_init->setObjectName(QStringLiteral("init"));
    for (Initialiser init :
         {Initialiser::HeNormal, Initialiser::HeUniform, Initialiser::Xavier, Initialiser::Lecun})
        m_init->addItem(qtText(initialiserName(init)), int(init));
    m_init->setToolTip(
        tr("How the initial weights are drawn: He (for ReLU-like units), Xavier "
           "(for tanh, sigmoid), LeCun"));
    m_biasInit = numberBox(-10, 10, 0.5, 2);
    m_biasInit->setObjectName(QStringLiteral("biasInit"));
    explain(m_biasInit, tr("Initial value of every hidden bias; a large negative one starts ReLU "
                           "units dead"));
    form->addRow(tr("Model"), m_modelKind);
    form->addRow(tr("Hidden layers"), m_hidden);
    form->addRow(tr("GLU blocks"), m_gluRow);
    form->addRow(tr("Activation"), m_activationBox);
    form->addRow(holder);
    form->addRow(tr("Init"), m_init);
    form->addRow(tr("Bias init"), m_biasInit);

    connect(m_modelKind, &QComboBox::activated, this, [this] {
        rebuildActivationChoices();
        updateVisibility();
        changed(true);
    });
    connect(m_hidden, &QLineEdit::editingFinished, this, [this] { changed(true); });
    for (QSpinBox* spin : {m_dModel, m_blocks})
        connect(spin, &QSpinBox::valueChanged, this, [this] { changed(true); });
    connect(m_activationBox, &QComboBox::activated, this, [this] {
        m_activation =
            ActivationConfig::withDefaults(ActivationId(m_activationBox->currentData().toInt()));
        rebuildParameterEditor();
        changed(true);
    });
    connect(m_init, &QComboBox::activated, this, [this] { changed(true); });
    connect(m_biasInit, &QDoubleSpinBox::valueChanged, this, [this] { changed(true); });
    return box;
}

QWidget* TrainingControls::buildOptimizerBox() {
    auto* box = new QGroupBox(tr("Optimizer"), this);
    auto* form = new QFormLayout(box);
    m_optimizer = new QComboBox;
    m_optimizer->setObjectName(QStringLiteral("optimizer"));
    addOptimizerChoices(m_optimizer);
    m_learningRate = numberBox(0.00001, 10, 0.001, 5);
    m_learningRate->setObjectName(QStringLiteral("learningRate"));
    m_batch = countBox(1, 1024);
    m_l1 = numberBox(0, 1, 0.0001, 5);
    m_l2 = numberBox(0, 1, 0.0001, 5);
    m_batch->setObjectName(QStringLiteral("batch"));
    m_l1->setObjectName(QStringLiteral("l1"));
    m_l2->setObjectName(QStringLiteral("l2"));
    m_optimizer->setToolTip(
        tr("How each step moves the weights along the gradient; changes "
           "live, without a new run"));
    explain(m_learningRate, tr("Size of each step; changes live"));
    explain(m_batch, tr("Training points per step (a new run)"));
    explain(m_l1, tr("Weight of the L1 penalty λ·Σ|w|, which pushes weights to 0; changes live"));
    explain(m_l2, tr("Weight of the L2 penalty λ·Σw², which keeps weights small; changes live"));
    form->addRow(tr("Optimizer"), m_optimizer);
    form->addRow(tr("Learning rate"), m_learningRate);
    form->addRow(tr("Batch"), m_batch);
    form->addRow(tr("L1"), m_l1);
    form->addRow(tr("L2"), m_l2);
    connect(m_optimizer, &QComboBox::activated, this, [this] { changed(false); });
    for (QDoubleSpinBox* spin : {m_learningRate, m_l1, m_l2})
        connect(spin, &QDoubleSpinBox::valueChanged, this, [this] { changed(false); });
    connect(m_batch, &QSpinBox::valueChanged, this, [this] { changed(true); });
    return box;
}

QWidget* TrainingControls::buildCompareBox() {
    auto* box = new QGroupBox(tr("Compare"), this);
    auto* layout = new QVBoxLayout(box);
    m_compare = new QCheckBox(tr("Train a second run side by side"));
    m_compare->setObjectName(QStringLiteral("compare"));
    m_compare->setToolTip(
        tr("Same data, seed and settings; only the activation differs. Both "
           "runs step together."));
    m_compareActivation = new QComboBox;
    m_compareActivation->setObjectName(QStringLiteral("compareActivation"));
    m_compareActivation->setAccessibleName(tr("Activation of run B"));
    m_compareActivation->setToolTip(tr("The activation of run B"));
    m_parameterHolderB = new QVBoxLayout;
    m_parameterHolderB->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_compare);
    layout->addWidget(m_compareActivation);
    layout->addLayout(m_parameterHolderB);
    connect(m_compare, &QCheckBox::toggled, this, [this] {
        rebuildParameterEditorB();
        changed(true);
    });
    connect(m_compareActivation, &QComboBox::activated, this, [this] {
        rebuildParameterEditorB();
        changed(true);
    });
    return box;
}

void TrainingControls::rebuildActivationChoices() {
    const bool glu = m_modelKind->currentData().toString() == QLatin1String("glu");
    const ActivationKind wanted = glu ? ActivationKind::Gated : ActivationKind::Scalar;
    const int previousB =
        m_compareActivation->count() > 0 ? m_compareActivation->currentData().toInt() : -1;
    m_activationBox->clear();
    m_compareActivation->clear();
    for (QComboBox* box : {m_activationBox, m_compareActivation}) addActivationChoices(box, wanted);
    if (m_activation.info().kind != wanted)
        m_activation =
            ActivationConfig::withDefaults(glu ? ActivationId::Swiglu : ActivationId::Relu);
    m_activationBox->setCurrentIndex(std::max(0, m_activationBox->findData(int(m_activation.id))));
    int b = m_compareActivation->findData(previousB);
    if (b < 0 || m_compareActivation->count() < 2)
        b = m_compareActivation->findData(int(glu ? ActivationId::Geglu : ActivationId::LeakyRelu));
    m_compareActivation->setCurrentIndex(std::max(0, b));
    rebuildParameterEditor();
    rebuildParameterEditorB();
}

ActivationConfig TrainingControls::activationB() const {
    const auto id = ActivationId(m_compareActivation->currentData().toInt());
    return m_activationB.id == id ? m_activationB : ActivationConfig::withDefaults(id);
}

// Run B's own parameters (the leaky slope of B's Leaky ReLU, say), shown while comparing: a
// new choice of activation starts from its defaults.
void TrainingControls::rebuildParameterEditorB() {
    delete m_parametersB;
    m_parametersB = nullptr;
    m_activationB = activationB();
    const ActivationInfo& info = m_activationB.info();
    if (info.parameters.empty() || !m_compare->isChecked()) return;
    std::vector<ParameterRow> rows;
    for (size_t i = 0; i < info.parameters.size(); ++i) {
        const ParameterSpec& spec = info.parameters[i];
        rows.push_back({qtText(spec.name), coreText(spec.meaning), spec.minimum, spec.maximum,
                        spec.defaultValue, m_activationB.parameters[i]});
    }
    m_parametersB = new ParameterEditor(qtText(info.name) + QStringLiteral("-b"),
                                        tr("Run B: %1 parameters").arg(coreText(info.displayName)),
                                        QColor(), rows);
    m_parametersB->setObjectName(QStringLiteral("parametersB"));
    m_parameterHolderB->addWidget(m_parametersB);
    connect(m_parametersB, &ParameterEditor::valueChanged, this,
            [this](const QString& name, double value) {
                if (!m_activationB.setParameter(name.toStdString(), value)) changed(true);
            });
}

void TrainingControls::rebuildParameterEditor() {
    delete m_parameters;
    m_parameters = nullptr;
    const ActivationInfo& info = m_activation.info();
    if (info.parameters.empty()) return;
    std::vector<ParameterRow> rows;
    for (size_t i = 0; i < info.parameters.size(); ++i) {
        const ParameterSpec& spec = info.parameters[i];
        rows.push_back({qtText(spec.name), coreText(spec.meaning), spec.minimum, spec.maximum,
                        spec.defaultValue, m_activation.parameters[i]});
    }
    m_parameters = new ParameterEditor(
        qtText(info.name), tr("%1 parameters").arg(coreText(info.displayName)), QColor(), rows);
    m_parameterHolder->addWidget(m_parameters);
    connect(m_parameters, &ParameterEditor::valueChanged, this,
            [this](const QString& name, double value) {
                if (!m_activation.setParameter(name.toStdString(), value)) changed(true);
            });
}

void TrainingControls::updateVisibility() {
    const bool glu = m_modelKind->currentData().toString() == QLatin1String("glu");
    m_mlpRow->setEnabled(!glu);
    m_gluRow->setEnabled(glu);
    const bool user = m_task->currentData().toString() == QLatin1String("user");
    const bool drawing = m_drawPoints->isChecked();
    m_userText->setText(
        user ? (drawing
                    ? tr("%n point(s). Click the plane to add more.", "", int(m_userPoints.size()))
                    : tr("%n point(s). Draw points adds more.", "", int(m_userPoints.size())))
             : (drawing ? tr("Click the plane to start your own data set.")
                        : tr("Draw points to make your own data set.")));
}

void TrainingControls::changed(bool rebuild) {
    if (m_writing) return;
    if (rebuild && m_preset->currentIndex() != 0) {
        m_preset->setCurrentIndex(0);  // edited: no longer the preset as such
        m_presetText->setText(tr("Edited from a preset."));
    }
    updateVisibility();
    emit messageChanged(problem());
    if (rebuild)
        emit rebuildRequested();
    else
        emit optimizerChanged();
}

QString TrainingControls::problem() const {
    if (m_modelKind->currentData().toString() == QLatin1String("mlp") &&
        !parseWidths(m_hidden->text()))
        return tr("Hidden layers: give 1 to 8 widths from 1 to 512, e.g. 32,32,32.");
    return QString();
}

std::vector<TrainingConfig> TrainingControls::configs() const {
    if (!problem().isEmpty()) return {};
    TrainingConfig c = m_base;
    c.task = m_task->currentData().toString().toStdString();
    c.data.noise = m_noise->value();
    c.data.trainShare = m_trainShare->value() / 100.0;
    c.data.points = m_points->value();
    c.data.seed = std::uint64_t(m_seed->value());
    c.model.seed = c.data.seed;
    if (c.task == "user") {
        c.userPoints = m_userPoints;
        c.userClasses = m_userClasses;
    } else {
        c.userPoints.reset();
    }
    if (const DatasetInfo* info = findDataset(c.task); info && info->rawDimension != 2)
        c.data.features.clear();
    else if (c.data.features.empty())
        c.data.features = {Feature::X1, Feature::X2};
    const bool glu = m_modelKind->currentData().toString() == QLatin1String("glu");
    c.model.kind = glu ? ModelKind::GluFfn : ModelKind::Mlp;
    if (!glu) c.model.hidden = *parseWidths(m_hidden->text());
    c.model.dModel = m_dModel->value();
    c.model.blocks = m_blocks->value();
    c.model.activations = {m_activation};
    c.model.init = Initialiser(m_init->currentData().toInt());
    c.model.biasInit = m_biasInit->value();
    c.optimizer.kind = OptimizerKind(m_optimizer->currentData().toInt());
    c.optimizer.learningRate = m_learningRate->value();
    c.batch = m_batch->value();
    c.l1 = m_l1->value();
    c.l2 = m_l2->value();
    std::vector<TrainingConfig> runs{c};
    if (m_compare->isChecked()) {
        TrainingConfig b = c;
        b.model.activations = {activationB()};
        runs.push_back(std::move(b));
    }
    return runs;
}

// "Leaky ReLU", or "Leaky ReLU (alpha 0.2)" where a parameter is not its default: two runs of
// one activation are told apart.
QString TrainingControls::runName(const ActivationConfig& config) {
    QStringList changed;
    const auto specs = config.info().parameters;
    for (size_t i = 0; i < specs.size(); ++i)
        if (config.parameters[i] != specs[i].defaultValue)
            changed << QStringLiteral("%1 %2").arg(qtText(specs[i].name)).arg(config.parameters[i]);
    const QString name = coreText(config.info().displayName);
    return changed.isEmpty() ? name : tr("%1 (%2)").arg(name, changed.join(QStringLiteral(", ")));
}

QStringList TrainingControls::runNames() const {
    QStringList names{runName(m_activation)};
    if (m_compare->isChecked()) names << runName(activationB());
    return names;
}

}  // namespace actlab::ui
