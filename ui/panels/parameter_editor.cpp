// One group box of parameter sliders + spin boxes, kept in step with each other.
#include "ui/panels/parameter_editor.h"

#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QSlider>
#include <QToolButton>
#include <cmath>

namespace actlab::ui {

ParameterEditor::ParameterEditor(const QString& function, const QString& title, const QColor& color,
                                 const std::vector<ParameterRow>& rows, QWidget* parent)
    : QGroupBox(title, parent) {
    setObjectName(QStringLiteral("parameters/") + function);
    // The title in the function's colour (darkened a little to stay readable on light grey).
    const QColor titleColor = color.isValid() ? color.darker(115) : palette().text().color();
    setStyleSheet(QStringLiteral("QGroupBox { font-weight: bold; } QGroupBox::title { color: %1; }")
                      .arg(titleColor.name()));
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(8, 4, 4, 4);
    int line = 0;
    for (const ParameterRow& row : rows) {
        auto* label = new QLabel(row.name, this);
        label->setToolTip(row.meaning);
        auto* slider = new QSlider(Qt::Horizontal, this);
        slider->setObjectName(QStringLiteral("slider/%1/%2").arg(function, row.name));
        slider->setRange(0, kSliderSteps);
        slider->setToolTip(tr("%1 (%2 to %3)").arg(row.meaning).arg(row.minimum).arg(row.maximum));
        auto* spin = new QDoubleSpinBox(this);
        spin->setObjectName(QStringLiteral("spin/%1/%2").arg(function, row.name));
        spin->setRange(row.minimum, row.maximum);
        spin->setDecimals(3);
        spin->setSingleStep((row.maximum - row.minimum) / 100.0);
        spin->setKeyboardTracking(false);  // act on Enter or focus loss, not on "0." half-typed
        spin->setToolTip(slider->toolTip());
        auto* reset = new QToolButton(this);
        reset->setText(QStringLiteral("↺"));
        reset->setObjectName(QStringLiteral("default/%1/%2").arg(function, row.name));
        reset->setToolTip(tr("Back to the default value %1").arg(row.defaultValue));
        // Named for a screen reader after the editor and the parameter: "ELU parameters: alpha".
        const QString accessibleName = tr("%1: %2").arg(title, row.name);
        slider->setAccessibleName(accessibleName);
        spin->setAccessibleName(accessibleName);
        reset->setAccessibleName(tr("Reset %1").arg(accessibleName));

        slider->setValue(sliderPosition(row, row.value));
        spin->setValue(row.value);
        grid->addWidget(label, line, 0);
        grid->addWidget(slider, line, 1);
        grid->addWidget(spin, line, 2);
        grid->addWidget(reset, line, 3);
        ++line;
        m_controls.push_back({row, slider, spin});

        const QString name = row.name;
        connect(slider, &QSlider::valueChanged, this, [this, row, spin, name](int position) {
            const double value =
                row.minimum + (row.maximum - row.minimum) * position / double(kSliderSteps);
            {
                const QSignalBlocker blocker(spin);
                spin->setValue(value);
            }
            emit valueChanged(name, spin->value());  // as displayed: rounded to 3 decimals
        });
        connect(spin, &QDoubleSpinBox::valueChanged, this, [this, row, slider, name](double value) {
            {
                const QSignalBlocker blocker(slider);
                slider->setValue(sliderPosition(row, value));
            }
            emit valueChanged(name, value);
        });
        connect(slider, &QSlider::sliderPressed, this, &ParameterEditor::dragStarted);
        connect(slider, &QSlider::sliderReleased, this, &ParameterEditor::dragFinished);
        connect(reset, &QToolButton::clicked, spin,
                [spin, row] { spin->setValue(row.defaultValue); });
    }
    grid->setColumnStretch(1, 1);
}

int ParameterEditor::sliderPosition(const ParameterRow& row, double value) const {
    if (!(row.maximum > row.minimum)) return 0;
    return static_cast<int>(
        std::lround((value - row.minimum) / (row.maximum - row.minimum) * kSliderSteps));
}

void ParameterEditor::setValue(const QString& name, double value) {
    for (Controls& controls : m_controls) {
        if (controls.row.name != name) continue;
        const QSignalBlocker sliderBlocker(controls.slider);
        const QSignalBlocker spinBlocker(controls.spinBox);
        controls.slider->setValue(sliderPosition(controls.row, value));
        controls.spinBox->setValue(value);
    }
}

QSlider* ParameterEditor::slider(const QString& name) const {
    for (const Controls& controls : m_controls)
        if (controls.row.name == name) return controls.slider;
    return nullptr;
}

QDoubleSpinBox* ParameterEditor::spinBox(const QString& name) const {
    for (const Controls& controls : m_controls)
        if (controls.row.name == name) return controls.spinBox;
    return nullptr;
}

}  // namespace actlab::ui
