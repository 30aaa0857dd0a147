// TrainingControls: writing a config into the fields (presets, restored state), the saved state
// (the configuration in core's JSON form plus what only the view keeps) and the user's points
// (clicks and CSV import through core's parsePointsCsv).
#include <QAbstractButton>
#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

#include "config/training_config_json.h"
#include "training/presets.h"
#include "ui/common/control_choices.h"
#include "ui/common/core_text.h"
#include "ui/training/training_controls.h"

namespace actlab::ui {
namespace {

// The fields of states saved before "config" (and of scripts that set one field), with their
// place in the configuration's JSON: "section" empty for a top-level field.
struct FlatField {
    const char* key;
    const char* section;
    const char* field;
    double scale;  // saved value × scale = the configuration's value
};
// clang-format off
constexpr FlatField kFlatFields[] = {
    {"task",         "",          "task",        1},
    {"noise",        "data",      "noise",       1},
    {"trainShare",   "data",      "train_share", 0.01},  // a percentage
    {"points",       "data",      "points",      1},
    {"seed",         "data",      "seed",        1},
    {"seed",         "model",     "seed",        1},
    {"model",        "model",     "kind",        1},
    {"dModel",       "model",     "d_model",     1},
    {"blocks",       "model",     "blocks",      1},
    {"activation",   "model",     "activations", 1},
    {"init",         "model",     "init",        1},
    {"biasInit",     "model",     "bias_init",   1},
    {"optimizer",    "optimizer", "kind",        1},
    {"learningRate", "optimizer", "lr",          1},
    {"batch",        "",          "batch",       1},
    {"l1",           "",          "l1",          1},
    {"l2",           "",          "l2",          1},
};
// clang-format on

// Writes the flat fields present in `state` into `config` (the reader then checks them).
void mergeFlatFields(const QJsonObject& state, QJsonObject& config) {
    for (const FlatField& f : kFlatFields) {
        if (!state.contains(f.key)) continue;
        QJsonValue value = state[f.key];
        if (value.isDouble() && f.scale != 1) value = value.toDouble() * f.scale;
        if (*f.section == 0) {
            config[f.field] = value;
            continue;
        }
        QJsonObject section = config[f.section].toObject();
        section[f.field] = value;
        config[f.section] = section;
    }
}

}  // namespace

void TrainingControls::writeFields(const TrainingConfig& c) {
    m_writing = true;
    m_base = c;
    m_task->setCurrentIndex(std::max(0, m_task->findData(QString::fromStdString(c.task))));
    m_noise->setValue(c.data.noise);
    m_trainShare->setValue(int(std::lround(c.data.trainShare * 100)));
    m_points->setValue(c.data.points);
    m_seed->setValue(int(c.data.seed));
    m_modelKind->setCurrentIndex(c.model.kind == ModelKind::GluFfn ? 1 : 0);
    QStringList widths;
    for (int width : c.model.hidden) widths << QString::number(width);
    m_hidden->setText(widths.join(QLatin1Char(',')));
    m_dModel->setValue(c.model.dModel);
    m_blocks->setValue(c.model.blocks);
    m_activation = c.model.activations.empty() ? ActivationConfig::withDefaults(ActivationId::Relu)
                                               : c.model.activations.front();
    rebuildActivationChoices();
    m_init->setCurrentIndex(std::max(0, m_init->findData(int(c.model.init))));
    m_biasInit->setValue(c.model.biasInit);
    m_optimizer->setCurrentIndex(std::max(0, m_optimizer->findData(int(c.optimizer.kind))));
    m_learningRate->setValue(c.optimizer.learningRate);
    m_batch->setValue(c.batch);
    m_l1->setValue(c.l1);
    m_l2->setValue(c.l2);
    updateVisibility();
    m_writing = false;
}

bool TrainingControls::applyPreset(const QString& name) {
    const TrainingPreset* preset = findTrainingPreset(name.toStdString());
    if (!preset) return false;
    TrainingConfig config;
    preset->apply(config);
    writeFields(config);
    m_preset->setCurrentIndex(std::max(0, m_preset->findData(name)));
    m_presetText->setText(coreText(preset->description));
    emit messageChanged(problem());
    emit rebuildRequested();
    return true;
}

QString TrainingControls::presetName() const { return m_preset->currentData().toString(); }

void TrainingControls::setCompare(bool on, const QString& activationName) {
    m_writing = true;
    if (!activationName.isEmpty()) {
        if (const auto id = findActivationId(activationName.toStdString())) {
            const int index = m_compareActivation->findData(int(*id));
            if (index >= 0) m_compareActivation->setCurrentIndex(index);
        }
    }
    m_compare->setChecked(on);
    rebuildParameterEditorB();
    m_writing = false;
    emit rebuildRequested();
}

bool TrainingControls::compare() const { return m_compare->isChecked(); }

void TrainingControls::setSeed(int seed) { m_seed->setValue(seed); }

int TrainingControls::chosenClass() const { return std::max(0, m_classButtons->checkedId()); }

bool TrainingControls::drawingPoints() const { return m_drawPoints->isChecked(); }

void TrainingControls::setDrawingPoints(bool on) { m_drawPoints->setChecked(on); }

void TrainingControls::addUserPoint(double x1, double x2, bool otherClass) {
    int label = chosenClass();
    if (otherClass) label = label == 0 ? 1 : 0;
    m_userPoints.rawDimension = 2;
    m_userPoints.inputs.push_back(x1);
    m_userPoints.inputs.push_back(x2);
    m_userPoints.targets.push_back(label);
    m_userClasses = std::max(m_userClasses, label + 1);
    m_task->setCurrentIndex(m_task->findData(QStringLiteral("user")));
    changed(true);
}

bool TrainingControls::importUserPoints(const QString& csvText, QString* error) {
    int classes = 2;
    std::string problem;
    const QByteArray utf8 = csvText.toUtf8();
    const auto points =
        parsePointsCsv(std::string_view(utf8.constData(), size_t(utf8.size())), &classes, &problem);
    if (!points) {
        if (error) *error = tr("Cannot import the points: %1").arg(coreMessage(problem));
        emit messageChanged(tr("Cannot import the points: %1").arg(coreMessage(problem)));
        return false;
    }
    if (classes > 3) {
        if (error) *error = tr("Cannot import the points: labels must be 0, 1 or 2.");
        emit messageChanged(tr("Cannot import the points: labels must be 0, 1 or 2."));
        return false;
    }
    m_userPoints = *points;
    m_userClasses = classes;
    m_task->setCurrentIndex(m_task->findData(QStringLiteral("user")));
    changed(true);
    return true;
}

void TrainingControls::importCsvFile() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Import points"), QString(),
                                                      tr("CSV files (*.csv);;All files (*)"));
    if (path.isEmpty()) return;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        emit messageChanged(tr("Cannot read %1.").arg(path));
        return;
    }
    importUserPoints(QString::fromUtf8(file.readAll()), nullptr);
}

void TrainingControls::clearUserPoints() {
    m_userPoints = LabelledPoints{};
    m_userClasses = 2;
    if (m_task->currentData().toString() == QLatin1String("user"))
        changed(true);
    else
        updateVisibility();
}

QJsonObject TrainingControls::saveState() const {
    const std::vector<TrainingConfig> runs = configs();
    TrainingConfig c = runs.empty() ? m_base : runs.front();  // bad widths: the last good config
    c.userPoints.reset();  // the points are kept below, whichever task is chosen
    QJsonObject state;
    state["preset"] = presetName();
    state["config"] =
        QJsonDocument::fromJson(QByteArray::fromStdString(trainingConfigToJson(c))).object();
    state["hidden"] = m_hidden->text();  // as typed, even when not valid
    state["compare"] = m_compare->isChecked();
    state["compareActivation"] =
        qtText(activationInfo(ActivationId(m_compareActivation->currentData().toInt())).name);
    const ActivationConfig b = activationB();
    QJsonObject parametersB;  // run B's own activation parameters
    for (size_t i = 0; i < b.info().parameters.size(); ++i)
        parametersB[qtText(b.info().parameters[i].name)] = b.parameters[i];
    state["compareParameters"] = parametersB;
    state["class"] = chosenClass();
    QJsonArray points;
    for (size_t i = 0; i < m_userPoints.size(); ++i)
        points.append(QJsonArray{m_userPoints.inputs[2 * i], m_userPoints.inputs[2 * i + 1],
                                 m_userPoints.targets[i]});
    state["userPoints"] = points;
    return state;
}

void TrainingControls::restoreState(const QJsonObject& state) {
    const QString presetName = state["preset"].toString();
    const TrainingPreset* preset = findTrainingPreset(presetName.toStdString());
    // A state without "config" (saved before it existed) starts from its preset.
    QJsonObject config = state["config"].toObject(
        preset
            ? QJsonDocument::fromJson(QByteArray::fromStdString(std::string(preset->json))).object()
            : QJsonObject());
    mergeFlatFields(state, config);
    std::string error;
    std::optional<TrainingConfig> c = trainingConfigFromJson(
        QJsonDocument(config).toJson(QJsonDocument::Compact).toStdString(), &error);
    if (!c) {
        emit messageChanged(tr("The saved training settings were not read (%1); using defaults.")
                                .arg(coreMessage(error)));
        c = TrainingConfig{};
        if (preset) preset->apply(*c);
    }
    m_userPoints = LabelledPoints{};
    m_userClasses = 2;
    for (const QJsonValue& value : state["userPoints"].toArray()) {
        const QJsonArray point = value.toArray();
        if (point.size() != 3) continue;
        const int label = std::clamp(point[2].toInt(), 0, 2);
        m_userPoints.inputs.push_back(point[0].toDouble());
        m_userPoints.inputs.push_back(point[1].toDouble());
        m_userPoints.targets.push_back(label);
        m_userClasses = std::max(m_userClasses, label + 1);
    }
    writeFields(*c);
    m_writing = true;
    m_hidden->setText(state["hidden"].toString(m_hidden->text()));
    if (QAbstractButton* button = m_classButtons->button(state["class"].toInt(0)))
        button->setChecked(true);
    m_preset->setCurrentIndex(std::max(0, m_preset->findData(presetName)));
    m_presetText->setText(preset ? coreText(preset->description) : QString());
    m_writing = false;
    if (const auto id = findActivationId(state["compareActivation"].toString().toStdString())) {
        m_activationB = ActivationConfig::withDefaults(*id);
        const QJsonObject parametersB = state["compareParameters"].toObject();
        for (auto it = parametersB.begin(); it != parametersB.end(); ++it)
            if (it.value().isDouble())  // out of range: the default stays, as for run A
                (void)m_activationB.setParameter(it.key().toStdString(), it.value().toDouble());
    }
    setCompare(state["compare"].toBool(), state["compareActivation"].toString());
}

}  // namespace actlab::ui
