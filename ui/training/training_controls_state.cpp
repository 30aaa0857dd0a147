// TrainingControls: writing a config into the fields (presets, restored state) and the user's
// points (clicks and CSV import through core's parsePointsCsv).
#include <QAbstractButton>
#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>

#include "training/presets.h"
#include "ui/common/control_choices.h"
#include "ui/training/training_controls.h"

namespace actlab::ui {
namespace {}  // namespace

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
    m_presetText->setText(qtText(preset->description));
    emit messageChanged(problem());
    emit rebuildRequested();
    return true;
}

QString TrainingControls::presetName() const { return m_preset->currentData().toString(); }

void TrainingControls::setCompare(bool on, const QString& activationName) {
    m_writing = true;
    if (!activationName.isEmpty()) {
        if (const ActivationInfo* info = findActivation(activationName.toStdString())) {
            const int index = m_compareActivation->findData(int(info->id));
            if (index >= 0) m_compareActivation->setCurrentIndex(index);
        }
    }
    m_compare->setChecked(on);
    m_writing = false;
    emit rebuildRequested();
}

bool TrainingControls::compare() const { return m_compare->isChecked(); }

void TrainingControls::setSeed(int seed) { m_seed->setValue(seed); }

int TrainingControls::chosenClass() const { return std::max(0, m_classButtons->checkedId()); }

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
        if (error) *error = tr("Cannot import the points: %1").arg(QString::fromStdString(problem));
        emit messageChanged(
            tr("Cannot import the points: %1").arg(QString::fromStdString(problem)));
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
    QJsonObject state;
    state["preset"] = presetName();
    state["task"] = m_task->currentData().toString();
    state["noise"] = m_noise->value();
    state["trainShare"] = m_trainShare->value();
    state["points"] = m_points->value();
    state["seed"] = m_seed->value();
    state["model"] = m_modelKind->currentData().toString();
    state["hidden"] = m_hidden->text();
    state["dModel"] = m_dModel->value();
    state["blocks"] = m_blocks->value();
    state["activation"] = qtText(m_activation.info().name);
    QJsonArray parameters;
    for (size_t i = 0; i < m_activation.info().parameters.size(); ++i)
        parameters.append(m_activation.parameters[i]);
    state["activationParameters"] = parameters;
    state["init"] = qtText(initialiserName(Initialiser(m_init->currentData().toInt())));
    state["biasInit"] = m_biasInit->value();
    state["optimizer"] = qtText(optimizerName(OptimizerKind(m_optimizer->currentData().toInt())));
    state["learningRate"] = m_learningRate->value();
    state["batch"] = m_batch->value();
    state["l1"] = m_l1->value();
    state["l2"] = m_l2->value();
    state["compare"] = m_compare->isChecked();
    state["compareActivation"] =
        qtText(activationInfo(ActivationId(m_compareActivation->currentData().toInt())).name);
    state["class"] = chosenClass();
    QJsonArray points;
    for (size_t i = 0; i < m_userPoints.size(); ++i)
        points.append(QJsonArray{m_userPoints.inputs[2 * i], m_userPoints.inputs[2 * i + 1],
                                 m_userPoints.targets[i]});
    state["userPoints"] = points;
    return state;
}

void TrainingControls::restoreState(const QJsonObject& state) {
    TrainingConfig c;
    if (const TrainingPreset* preset = findTrainingPreset(state["preset"].toString().toStdString()))
        preset->apply(c);
    c.task = state["task"].toString(QString::fromStdString(c.task)).toStdString();
    c.data.noise = std::clamp(state["noise"].toDouble(c.data.noise), 0.0, 1.0);
    c.data.trainShare = std::clamp(state["trainShare"].toInt(50), 10, 90) / 100.0;
    c.data.points = state["points"].toInt(c.data.points);
    c.data.seed = std::uint64_t(std::max(0, state["seed"].toInt(int(c.data.seed))));
    c.model.kind =
        state["model"].toString() == QLatin1String("glu") ? ModelKind::GluFfn : ModelKind::Mlp;
    c.model.dModel = state["dModel"].toInt(c.model.dModel);
    c.model.blocks = state["blocks"].toInt(c.model.blocks);
    if (const ActivationInfo* info = findActivation(state["activation"].toString().toStdString())) {
        ActivationConfig activation = ActivationConfig::withDefaults(info->id);
        const QJsonArray parameters = state["activationParameters"].toArray();
        for (size_t i = 0; i < info->parameters.size() && i < size_t(parameters.size()); ++i)
            activation.setParameter(info->parameters[i].name, parameters[qsizetype(i)].toDouble());
        c.model.activations = {activation};
    }
    if (auto init = parseInitialiser(state["init"].toString().toStdString())) c.model.init = *init;
    c.model.biasInit = state["biasInit"].toDouble(c.model.biasInit);
    if (auto kind = parseOptimizer(state["optimizer"].toString().toStdString()))
        c.optimizer.kind = *kind;
    c.optimizer.learningRate = state["learningRate"].toDouble(c.optimizer.learningRate);
    c.batch = state["batch"].toInt(c.batch);
    c.l1 = state["l1"].toDouble(c.l1);
    c.l2 = state["l2"].toDouble(c.l2);
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
    writeFields(c);
    m_writing = true;
    m_hidden->setText(state["hidden"].toString(m_hidden->text()));
    if (QAbstractButton* button = m_classButtons->button(state["class"].toInt(0)))
        button->setChecked(true);
    m_preset->setCurrentIndex(std::max(0, m_preset->findData(state["preset"].toString())));
    const TrainingPreset* preset = findTrainingPreset(state["preset"].toString().toStdString());
    m_presetText->setText(preset ? qtText(preset->description) : QString());
    m_writing = false;
    setCompare(state["compare"].toBool(), state["compareActivation"].toString());
}

}  // namespace actlab::ui
