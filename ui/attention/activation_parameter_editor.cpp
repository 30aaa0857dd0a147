// ActivationParameterEditor: a label and a spin box per catalogue parameter.
#include "ui/attention/activation_parameter_editor.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <cmath>

#include "ui/common/control_choices.h"
#include "ui/common/core_text.h"

namespace actlab::ui {

ActivationParameterEditor::ActivationParameterEditor(const QString& name, QWidget* parent)
    : QWidget(parent), m_name(name), m_layout(new QHBoxLayout(this)) {
    setObjectName(name + QStringLiteral("Parameters"));
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setSpacing(4);
    setActivation(ActivationConfig::withDefaults(ActivationId::Identity));
}

void ActivationParameterEditor::setActivation(const ActivationConfig& activation) {
    const bool sameFunction = activation.id == m_activation.id && !m_parts.isEmpty();
    m_activation = activation;
    if (sameFunction) {  // the boxes stay (one may be sending the signal that got us here)
        for (int i = 0; i < int(m_boxes.size()); ++i) {
            const QSignalBlocker blocker(m_boxes[i]);
            m_boxes[i]->setValue(activation.parameters[size_t(i)]);
        }
        return;
    }
    qDeleteAll(m_parts);
    m_parts.clear();
    m_boxes.clear();
    const ActivationInfo& info = activation.info();
    for (size_t i = 0; i < info.parameters.size(); ++i) {
        const ParameterSpec& spec = info.parameters[i];
        auto* label = new QLabel(qtText(spec.name), this);
        auto* box = new QDoubleSpinBox(this);
        box->setObjectName(m_name + QLatin1Char('.') + qtText(spec.name));
        box->setRange(spec.minimum, spec.maximum);  // the catalogue's valid range
        box->setDecimals(3);
        // About a hundredth of the range per step: 0.01 for 0..1, 0.1 for 1..50.
        box->setSingleStep(std::pow(10.0, std::floor(std::log10(spec.maximum - spec.minimum)) - 2));
        box->setValue(activation.parameters[i]);
        box->setKeyboardTracking(false);
        box->setFocusPolicy(Qt::StrongFocus);
        const QString tip = tr("%1 (%2 to %3, default %4)")
                                .arg(coreText(spec.meaning))
                                .arg(spec.minimum)
                                .arg(spec.maximum)
                                .arg(spec.defaultValue);
        label->setToolTip(tip);
        box->setToolTip(tip);
        label->setBuddy(box);
        box->setAccessibleName(tr("%1 %2").arg(coreText(info.displayName), qtText(spec.name)));
        connect(box, &QDoubleSpinBox::valueChanged, this, [this, i](double value) {
            m_activation.parameters[i] = value;
            emit changed();
        });
        m_layout->addWidget(label);
        m_layout->addWidget(box, 1);
        m_parts << label << box;
        m_boxes << box;
    }
}

ActivationConfig ActivationParameterEditor::activation(ActivationId id) const {
    ActivationConfig out = ActivationConfig::withDefaults(id);
    if (id != m_activation.id) return out;
    const ActivationInfo& info = out.info();
    for (int i = 0; i < int(m_boxes.size()) && i < int(info.parameters.size()); ++i)
        out.setParameter(info.parameters[size_t(i)].name, m_boxes[i]->value());  // in range
    return out;
}

QDoubleSpinBox* ActivationParameterEditor::box(const QString& parameter) const {
    return findChild<QDoubleSpinBox*>(m_name + QLatin1Char('.') + parameter);
}

}  // namespace actlab::ui
