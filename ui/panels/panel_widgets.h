// Small pieces the Explorer's panels build the same way: the spin box for one end of an x (or
// value) window, and a catalogue entry looked up by its QString name.
#pragma once

#include <QString>

#include "activations/catalogue.h"

class QDoubleSpinBox;

namespace actlab::ui {

inline constexpr double kWindowLimit = 1000.0;  // the largest |x| a window's end may have

// ±kWindowLimit, two decimals, steps of 0.5; it reports a value when editing ends, not on
// each keystroke (every value recomputes the panel's curves). `accessibleName`: what a screen
// reader calls it ("x from") where no form row's label names it.
QDoubleSpinBox* windowSpinBox(double value, const QString& accessibleName = QString());

// The catalogue's entry of this name, or nullptr.
const ActivationInfo* activationNamed(const QString& name);

}  // namespace actlab::ui
