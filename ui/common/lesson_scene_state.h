// What every view's lesson-scene code shares (ui/common/app_view.h's applyLessonScene and
// captureLessonScene): a JSON object and its text, an x range read back from a view's saved
// state, and an activation with the parameters a view saved by name.
#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <optional>
#include <string>
#include <utility>

#include "activations/catalogue.h"

namespace actlab::ui {

std::string jsonText(const QJsonObject& object);
QJsonObject jsonObject(const std::string& text);
// A [low, high] pair with low < high, else nullopt.
std::optional<std::pair<double, double>> savedRange(const QJsonValue& value);
// The activation `name` (nullopt when the catalogue has none) with the parameters of a
// {name: value} object.
std::optional<ActivationConfig> savedActivation(const QString& name, const QJsonObject& parameters);

}  // namespace actlab::ui
