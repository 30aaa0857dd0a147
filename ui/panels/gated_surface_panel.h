// The gated-unit surface y = act(x)·v (GLU, ReGLU, GeGLU, SwiGLU) as a heatmap over an x window
// and a v window, with the formula, a cursor readout and a slice y(x) at one v.
#pragma once

#include <QImage>
#include <QJsonObject>
#include <QWidget>

#include "activations/catalogue.h"
#include "sampling/curve_sampling.h"
#include "ui/charts/curve_chart.h"
#include "ui/common/app_view.h"
#include "ui/heatmap/color_maps.h"

class QCheckBox;
class QComboBox;
class QGroupBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;
class QTimer;

namespace actlab {
class Backend;
}

namespace actlab::ui {

class CurveChart;
class HeatmapView;

class GatedSurfacePanel : public QWidget, public AppView {
    Q_OBJECT
public:
    explicit GatedSurfacePanel(actlab::Backend& backend, QWidget* parent = nullptr);

    const SurfaceSamples& surface() const { return m_surface; }  // the last computed surface
    ActivationConfig unit() const;
    HeatmapView* heatmap() const { return m_heatmap; }
    CurveChart* sliceChart() const { return m_slice; }
    QString readoutText() const;
    QString errorText() const;  // why the inputs were rejected; empty when valid

    void setUnit(ActivationId id);  // must be a gated id; others are ignored
    void setWindows(double xLow, double xHigh, double vLow, double vHigh);
    void setResolution(int pointsPerAxis);
    void setSliceValue(double v);
    void setColorMap(ColorMap map);  // keeps the colour combo box in step with the heatmap

    QImage renderImage();  // the whole panel, for export

    // AppView: "gated", the slice chart as the plot.
    QString viewName() const override { return QStringLiteral("gated"); }
    QString viewTitle() const override { return tr("Gated surfaces"); }
    bool exportPlotPng(const QString& path, QString* error) override {
        return m_slice->exportPng(path, error);
    }
    bool exportPlotSvg(const QString& path, QString* error) override {
        return m_slice->exportSvg(path, error);
    }
    bool exportPlotCsv(const QString& path, QString* error) override {
        return m_slice->exportCsv(path, error);
    }
    void applyLessonScene(const LessonScene& scene) override;  // *_lesson_scene.cpp
    void captureLessonScene(LessonScene& scene) const override;
    QJsonObject saveState() const override;
    void restoreState(const QJsonObject& state) override;

public slots:
    void recompute();  // samples the surface now (changes are otherwise coalesced on a timer)

private:
    QGroupBox* buildSurfaceBox();
    void connectControls();
    void scheduleRecompute();
    bool validate();
    void updateSlice();
    void showReadout(double x, double v, double value);

    actlab::Backend& m_backend;
    SurfaceSamples m_surface;

    QComboBox* m_unitBox = nullptr;
    QDoubleSpinBox* m_xLow = nullptr;
    QDoubleSpinBox* m_xHigh = nullptr;
    QDoubleSpinBox* m_vLow = nullptr;
    QDoubleSpinBox* m_vHigh = nullptr;
    QSpinBox* m_resolution = nullptr;
    QComboBox* m_colorMapBox = nullptr;
    QCheckBox* m_openGlBox = nullptr;
    QDoubleSpinBox* m_sliceV = nullptr;
    QLabel* m_formula = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_readout = nullptr;
    QLabel* m_error = nullptr;
    HeatmapView* m_heatmap = nullptr;
    CurveChart* m_slice = nullptr;
    QTimer* m_timer = nullptr;
};

}  // namespace actlab::ui
