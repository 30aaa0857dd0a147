#include "ui/panels/panel_widgets.h"

#include <QDoubleSpinBox>

namespace actlab::ui {

QDoubleSpinBox* windowSpinBox(double value) {
    auto* box = new QDoubleSpinBox;
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
