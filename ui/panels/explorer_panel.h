// The Explorer: f and f′ (f″ on demand) of any set of catalogue functions overlaid on one chart,
// with a check-box list, per-function parameter sliders, an editable x range, pan/zoom, a
// cursor readout, exports and a JSON state for lessons and sessions.
#pragma once

#include <QImage>
#include <QJsonObject>
#include <QMetaType>
#include <QWidget>
#include <map>
#include <optional>

#include "activations/catalogue.h"
#include "ui/common/app_view.h"
#include "ui/common/panel_export.h"
#include "ui/panels/explorer_curves.h"

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QTimer;
class QVBoxLayout;

namespace actlab {
class Backend;
}

namespace actlab::ui {

class CurveChart;
class CursorReadout;
class FunctionListWidget;
class ParameterEditor;

// Its chart's right-click menu exports the chart as drawn and this CSV (f, f′, f″ per function).
class ExplorerPanel : public QWidget, public PanelExportable, public AppView {
    Q_OBJECT
public:
    static constexpr double kRangeLimit = 1e4;          // |x| the x range may reach
    static constexpr double kMinimumRangeWidth = 1e-6;  // narrowest x range

    explicit ExplorerPanel(actlab::Backend& backend, QWidget* parent = nullptr);
    ~ExplorerPanel() override;

    CurveChart* chart() const { return m_chart; }
    FunctionListWidget* functionList() const { return m_functionList; }
    ParameterEditor* parameterEditor(ActivationId id) const;  // nullptr unless shown with sliders

    // Shows exactly these functions (catalogue names), in this order; false on an unknown name.
    bool setVisibleFunctions(const QStringList& names, QString* error = nullptr);
    QStringList visibleFunctions() const;
    void setFunctionVisible(ActivationId id, bool visible);
    // A catalogue parameter, or "v" of a gated unit; false (and a message) on bad input.
    bool setParameter(const QString& function, const QString& parameter, double value,
                      QString* error = nullptr);
    double parameter(const QString& function, const QString& parameter) const;
    void setDerivatives(DerivativeSet derivatives);
    DerivativeSet derivatives() const { return m_curves.derivatives(); }
    // Sets the x range (and the view's home); false with a message unless low < high.
    bool setXRange(double low, double high, QString* error = nullptr);
    double xLow() const { return m_curves.low(); }
    double xHigh() const { return m_curves.high(); }
    void setCursorX(double x);    // as if the pointer were at x
    QString cursorText() const;   // the readout as text
    QString messageText() const;  // the last message shown under the controls ("" if none)

    ActivationConfig selectedActivation() const;
    bool exportPng(const QString& path, QString* error) const;
    bool exportSvg(const QString& path, QString* error) const;
    bool exportCsv(const QString& path, QString* error);
    QImage renderImage();  // the whole panel, for "Export panel image"

    // PanelExportable, for the chart's menu: the chart's picture, the curves' CSV.
    QString exportTitle() const override;
    QSize exportSize() const override;
    void paintExport(QPainter& painter, const QSize& size) const override;
    bool hasExportData() const override;
    QString csvText() const override;

    // AppView: "explorer", the chart as the plot, the curves' f, f′, f″ as its data.
    QString viewName() const override { return QStringLiteral("explorer"); }
    QString viewTitle() const override { return tr("Explorer"); }
    bool exportPlotPng(const QString& path, QString* error) override {
        return exportPng(path, error);
    }
    bool exportPlotSvg(const QString& path, QString* error) override {
        return exportSvg(path, error);
    }
    bool exportPlotCsv(const QString& path, QString* error) override {
        return exportCsv(path, error);
    }
    void applyLessonScene(const LessonScene& scene) override;  // *_lesson_scene.cpp
    void captureLessonScene(LessonScene& scene) const override;
    QJsonObject saveState() const override;
    void restoreState(const QJsonObject& state) override;

signals:
    void selectedActivationChanged(const actlab::ActivationConfig& config);

private:
    QWidget* buildControls();
    void refresh(bool fitY);
    void rebuildParameterEditors();
    void setDragging(bool dragging);
    void updateSwatches();
    void updateReadout();
    void showMessage(const QString& text);
    void applyRangeFromBoxes();
    void onViewChanged(double low, double high);
    void onFunctionToggled(ActivationId id, bool visible);
    void onParameterEdited(ActivationId id, const QString& name, double value);
    void onDerivativeBoxToggled();

    ExplorerCurves m_curves;
    std::optional<double> m_cursorX;
    bool m_dragging = false;
    double m_homeLow = -5;
    QString m_rangeProblem;  // the x range message shown, while the boxes hold that range
    double m_homeHigh = 5;

    FunctionListWidget* m_functionList = nullptr;
    QCheckBox* m_showValue = nullptr;
    QCheckBox* m_showFirst = nullptr;
    QCheckBox* m_showSecond = nullptr;
    QDoubleSpinBox* m_lowBox = nullptr;
    QDoubleSpinBox* m_highBox = nullptr;
    QLabel* m_message = nullptr;
    QVBoxLayout* m_parameterLayout = nullptr;
    QLabel* m_noParameters = nullptr;
    std::map<ActivationId, ParameterEditor*> m_editors;
    CurveChart* m_chart = nullptr;
    CursorReadout* m_readout = nullptr;
    QTimer* m_selectionTimer = nullptr;  // coalesces selectedActivationChanged during drags
};

}  // namespace actlab::ui

Q_DECLARE_METATYPE(actlab::ActivationConfig)
