#include "ui/panels/panel_widgets.h"

#include <QDoubleSpinBox>

namespace actlab::ui {

QDoubleSpinBox* windowSpinBox(double value, const QString& accessibleName) {
    auto* box = new QDoubleSpinBox;
    box->setAccessibleName(accessibleName);
    box->setRange(-kWindowLimit, kWindowLimit);
    box->setDecimals(2);
    box->setSingleStep(0.5);
    box->setValue(value);
    box->setKeyboardTracking(false);
    return box;
}

const ActivationInfo* activationNamed(const QString& name) {
    return findActivation(name.toStdString());
}

}  // namespace actlab::ui
