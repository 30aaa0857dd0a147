// Pieces of a training view's settings panel that both views build the same way: core's UTF-8
// names as QStrings, combo-box choices with tooltips from the catalogues (optimizers,
// activations), and the "Preset" group at the top.
#pragma once

#include <QString>
#include <QVariant>
#include <string_view>

#include "activations/catalogue.h"

class QComboBox;
class QGroupBox;
class QLabel;
class QWidget;

namespace actlab::ui {

QString qtText(std::string_view text);  // core's catalogues are UTF-8
void addChoice(QComboBox* box, const QString& text, const QVariant& data, const QString& toolTip);
// Every optimizer by name (data: its OptimizerKind), its description as the tooltip.
void addOptimizerChoices(QComboBox* box);
// The activations of this kind by display name (data: the ActivationId), formulas as tooltips.
void addActivationChoices(QComboBox* box, ActivationKind kind);
// "Preset": the combo box of presets over the chosen one's description (which wraps).
QGroupBox* presetGroup(QComboBox* presets, QLabel* description, QWidget* parent);

}  // namespace actlab::ui
