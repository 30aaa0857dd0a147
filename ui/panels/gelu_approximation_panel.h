// Exact GELU against its tanh and sigmoid approximations: the three curves, their error curves
// (approximation − exact) and where each error is largest, on an editable x window.
#pragma once

#include <QImage>
#include <QJsonObject>
#include <QWidget>

#include "activations/properties.h"
#include "ui/charts/curve_chart.h"
#include "ui/common/app_view.h"

class QCheckBox;
class QComboBox;
class QGroupBox;
class QDoubleSpinBox;
class QLabel;

namespace actlab {
class Backend;
}

namespace actlab::ui {

class CurveChart;

class GeluApproximationPanel : public QWidget, public AppView {
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
    // How the error is drawn: approximation − exact (a linear axis), |error| or the relative
    // error |error| / |GELU(x)| (both on a log axis, where the tanh form's 5e-4 and the sigmoid
    // form's 2e-2 are both readable).
    enum class ErrorScale { Signed, Absolute, Relative };
    void setErrorScale(ErrorScale scale);
    ErrorScale errorScale() const;
    // Each approximation's error in its own chart, on its own y range (the sigmoid form's chart
    // beside the tanh form's).
    void setSeparateErrorCharts(bool separate);
    bool separateErrorCharts() const;
    CurveChart* curveChart() const { return m_curves; }
    CurveChart* errorChart() const { return m_errors; }  // the tanh form's when separate
    CurveChart* sigmoidErrorChart() const { return m_sigmoidErrors; }  // shown when separate
    QString summaryText() const;
    QString errorText() const;  // why the window was rejected; empty when valid

    QImage renderImage();  // the whole panel, for export

    // AppView: "gelu", the curves chart as the plot.
    QString viewName() const override { return QStringLiteral("gelu"); }
    QString viewTitle() const override { return tr("GELU approximations"); }
    bool exportPlotPng(const QString& path, QString* error) override {
        return m_curves->exportPng(path, error);
    }
    bool exportPlotSvg(const QString& path, QString* error) override {
        return m_curves->exportSvg(path, error);
    }
    bool exportPlotCsv(const QString& path, QString* error) override {
        return m_curves->exportCsv(path, error);
    }
    void applyLessonScene(const LessonScene& scene) override;  // *_lesson_scene.cpp
    void captureLessonScene(LessonScene& scene) const override;
    QJsonObject saveState() const override;
    void restoreState(const QJsonObject& state) override;

public slots:
    void recompute();

private:
    QGroupBox* buildErrorBox();
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
    QComboBox* m_errorScale = nullptr;
    QCheckBox* m_separate = nullptr;
    CurveChart* m_curves = nullptr;
    CurveChart* m_errors = nullptr;
    CurveChart* m_sigmoidErrors = nullptr;
};

}  // namespace actlab::ui
