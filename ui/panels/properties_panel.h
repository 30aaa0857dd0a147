// What an activation is and how it behaves: name, formula, parameters and the properties core
// computes on an editable window (monotonic, bounded, smooth, minimum, range of f′, flat share).
#pragma once

#include <QImage>
#include <QJsonObject>
#include <QWidget>

#include "activations/catalogue.h"
#include "activations/properties.h"

class QDoubleSpinBox;
class QFormLayout;
class QLabel;

namespace actlab {
class Backend;
}

namespace actlab::ui {

class PropertiesPanel : public QWidget {
    Q_OBJECT
public:
    explicit PropertiesPanel(actlab::Backend& backend, QWidget* parent = nullptr);

    const ActivationConfig& activation() const { return m_config; }
    const ActivationProperties& properties() const { return m_properties; }
    double windowLow() const;
    double windowHigh() const;
    void setWindow(double low, double high);  // ignored (with a message) unless low < high
    QString errorText() const;                // why the window was rejected; empty when valid

    // The text shown for one property; keys: "monotonic", "boundedBelow", "boundedAbove",
    // "smooth", "minimum", "slopeRange", "flatShare".
    QString propertyText(const QString& key) const;

    QImage renderImage();  // the whole panel, for export

    QJsonObject saveState() const;
    void restoreState(const QJsonObject& state);

public slots:
    void setActivation(const actlab::ActivationConfig& config);

private:
    void recompute();
    void showHeader();
    QLabel* addProperty(const QString& key, const QString& label, const QString& tip);

    actlab::Backend& m_backend;  // kept for properties that will need sampling on a device
    ActivationConfig m_config;
    ActivationProperties m_properties;

    QLabel* m_name = nullptr;
    QLabel* m_formula = nullptr;
    QLabel* m_parameters = nullptr;
    QLabel* m_gatedNote = nullptr;
    QLabel* m_error = nullptr;
    QDoubleSpinBox* m_low = nullptr;
    QDoubleSpinBox* m_high = nullptr;
    QFormLayout* m_form = nullptr;
};

}  // namespace actlab::ui
