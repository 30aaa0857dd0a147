// Exact GELU against its tanh and sigmoid approximations: the three curves, their error curves
// (approximation − exact) and where each error is largest, on an editable x window.
#pragma once

#include <QImage>
#include <QJsonObject>
#include <QWidget>

#include "activations/properties.h"

class QCheckBox;
class QDoubleSpinBox;
class QLabel;

namespace actlab {
class Backend;
}

namespace actlab::ui {

class CurveChart;

class GeluApproximationPanel : public QWidget {
    Q_OBJECT
public:
    explicit GeluApproximationPanel(actlab::Backend& backend, QWidget* parent = nullptr);

    const ApproximationError& tanhError() const { return m_tanhError; }
    const ApproximationError& sigmoidError() const { return m_sigmoidError; }
    double windowLow() const;
    double windowHigh() const;
    void setWindow(double low, double high);  // ignored (with a message) unless low < high
    // Which error curves the error chart shows (the tanh error is ~40× smaller than the other).
    void setErrorCurvesShown(bool tanh, bool sigmoid);
    CurveChart* curveChart() const { return m_curves; }
    CurveChart* errorChart() const { return m_errors; }
    QString summaryText() const;
    QString errorText() const;  // why the window was rejected; empty when valid

    QImage renderImage();  // the whole panel, for export

    QJsonObject saveState() const;
    void restoreState(const QJsonObject& state);

public slots:
    void recompute();

private:
    void showCursor(double x);
    void showErrorCurves();

    actlab::Backend& m_backend;
    ApproximationError m_tanhError;
    ApproximationError m_sigmoidError;

    QDoubleSpinBox* m_low = nullptr;
    QDoubleSpinBox* m_high = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_cursor = nullptr;
    QLabel* m_error = nullptr;
    QCheckBox* m_showTanhError = nullptr;
    QCheckBox* m_showSigmoidError = nullptr;
    CurveChart* m_curves = nullptr;
    CurveChart* m_errors = nullptr;
};

}  // namespace actlab::ui
