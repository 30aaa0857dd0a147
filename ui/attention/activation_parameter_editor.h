// The parameters of one catalogue activation as spin boxes beside its combo box: one per
// parameter (leaky_relu's alpha, softplus's beta and threshold…), named as in the catalogue, its
// meaning as the tooltip, limited to the catalogue's range so that no invalid value can be
// entered. Empty (and hidden) for a function without parameters.
#pragma once

#include <QList>
#include <QWidget>

#include "activations/catalogue.h"

class QDoubleSpinBox;
class QHBoxLayout;

namespace actlab::ui {

class ActivationParameterEditor : public QWidget {
    Q_OBJECT
public:
    // Its boxes are named "<name>.<parameter>", e.g. "qkvActivation.alpha".
    explicit ActivationParameterEditor(const QString& name, QWidget* parent = nullptr);

    // Boxes for this function with these values; emits nothing.
    void setActivation(const ActivationConfig& activation);
    // The function `id` with the boxes' values when they are its, else its defaults.
    ActivationConfig activation(ActivationId id) const;
    bool hasParameters() const { return !m_boxes.isEmpty(); }
    QDoubleSpinBox* box(const QString& parameter) const;  // nullptr when it has none so named

signals:
    void changed();  // the user set a value

private:
    QString m_name;
    ActivationConfig m_activation;
    QList<QDoubleSpinBox*> m_boxes;
    QList<QWidget*> m_parts;  // the boxes and their labels
    QHBoxLayout* m_layout;
};

}  // namespace actlab::ui
