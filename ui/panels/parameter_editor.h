// Sliders with numeric entry for one function's parameters (and v of a gated unit): dragging a
// slider reports every step, so the curves follow continuously. Object names, for tests and
// scripts: "slider/<function>/<parameter>" and "spin/<function>/<parameter>".
#pragma once

#include <QColor>
#include <QGroupBox>
#include <vector>

class QDoubleSpinBox;
class QSlider;

namespace actlab::ui {

struct ParameterRow {
    QString name;     // identifier, e.g. "beta"
    QString meaning;  // tooltip
    double minimum;
    double maximum;
    double defaultValue;
    double value;
};

class ParameterEditor : public QGroupBox {
    Q_OBJECT
public:
    static constexpr int kSliderSteps = 1000;

    ParameterEditor(const QString& function, const QString& title, const QColor& color,
                    const std::vector<ParameterRow>& rows, QWidget* parent = nullptr);

    void setValue(const QString& name, double value);  // without emitting valueChanged
    QSlider* slider(const QString& name) const;
    QDoubleSpinBox* spinBox(const QString& name) const;

signals:
    void valueChanged(const QString& name, double value);
    void dragStarted();  // a slider was pressed: values follow until dragFinished
    void dragFinished();

private:
    struct Controls {
        ParameterRow row;
        QSlider* slider;
        QDoubleSpinBox* spinBox;
    };
    int sliderPosition(const ParameterRow& row, double value) const;
    std::vector<Controls> m_controls;
};

}  // namespace actlab::ui
