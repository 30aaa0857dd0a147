// The views' shared lesson-scene helpers.
#include "ui/common/lesson_scene_state.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace actlab::ui {

std::string jsonText(const QJsonObject& object) {
    return QJsonDocument(object).toJson(QJsonDocument::Compact).toStdString();
}

QJsonObject jsonObject(const std::string& text) {
    return QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
}

std::optional<std::pair<double, double>> savedRange(const QJsonValue& value) {
    const QJsonArray pair = value.toArray();
    if (pair.size() != 2 || !(pair[0].toDouble() < pair[1].toDouble())) return std::nullopt;
    return std::pair{pair[0].toDouble(), pair[1].toDouble()};
}

std::optional<ActivationConfig> savedActivation(const QString& name,
                                                const QJsonObject& parameters) {
    const ActivationInfo* info = findActivation(name.toStdString());
    if (!info) return std::nullopt;
    ActivationConfig config = ActivationConfig::withDefaults(info->id);
    for (const ParameterSpec& p : info->parameters) {
        const QJsonValue value = parameters.value(QString::fromUtf8(p.name.data(), p.name.size()));
        if (value.isDouble()) config.setParameter(p.name, value.toDouble());
    }
    return config;
}

}  // namespace actlab::ui
