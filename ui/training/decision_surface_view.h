// The decision surface of a 2D task: the model's output over the input plane as a heatmap
// (HeatmapView: OpenGL texture or raster) with the training and test points drawn over it.
// Clicking the plane asks for a user point (Shift: the other class); right-click exports the
// surface with its points.
#pragma once

#include <QJsonObject>
#include <QWidget>
#include <memory>

#include "ui/heatmap/heatmap_view.h"
#include "ui/training/training_frame.h"

namespace actlab::ui {

class PointsOverlay;

class DecisionSurfaceView : public QWidget, public PanelExportable {
    Q_OBJECT
public:
    explicit DecisionSurfaceView(QWidget* parent = nullptr);

    // Binary tasks show P(class 1) on a fixed 0..1 scale (white at 0.5, the decision boundary);
    // 3 classes show the predicted class. An empty surface keeps the last one (e.g. after a
    // divergence).
    void setSnapshot(const TrainingSnapshot& snapshot, int classes);
    void setPoints(std::shared_ptr<const TrainingData> data);
    void setExtraPoints(const LabelledPoints& points, int classes);  // user points not yet trained
    void clearSurface();
    // Draw points mode: a left click in the plot becomes pointRequested (a crosshair cursor);
    // otherwise clicks are the heatmap's own.
    void setDrawing(bool on);
    bool drawing() const { return m_drawing; }

    HeatmapView* heatmap() const { return m_heatmap; }
    HeatmapView::Renderer setRenderer(HeatmapView::Renderer renderer);  // keeps points on top
    int drawnPointCount() const;
    // Widget position of the data point (x1, x2), for tests and drawing.
    QPointF positionOf(double x1, double x2) const;
    QImage renderImage() const;

    // PanelExportable (the heatmap's right-click menu is this one): the surface and its points;
    // the CSV kind,x1,x2,value (value title),strength,class: kind "surface" per grid cell (value
    // as coloured, strength the paling of 3-class maps, else empty), "train", "test" or "drawn"
    // per point (class its label).
    QString exportTitle() const override { return tr("Decision surface"); }
    QSize exportSize() const override { return m_heatmap->exportSize(); }
    void paintExport(QPainter& painter, const QSize& size) const override;
    bool hasExportData() const override;
    QString csvText() const override;

    QJsonObject saveState() const { return m_heatmap->saveState(); }
    void restoreState(const QJsonObject& state) { m_heatmap->restoreState(state); }

    // The colour of class `label` out of `classes`, for points and legends.
    static QColor classColor(int label, int classes);
    // HeatmapView places its OpenGL canvas on resize only; new data can move the plot rectangle
    // (wider colour-bar labels). This re-places it (a no-op for raster).
    static void refitOpenGlCanvas(HeatmapView* heatmap);

signals:
    // A click at (x1, x2) in Draw points mode; `otherClass` when Shift was held.
    void pointRequested(double x1, double x2, bool otherClass);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    HeatmapView* m_heatmap;
    PointsOverlay* m_overlay;
    int m_classes = 2;
    bool m_drawing = false;
};

}  // namespace actlab::ui
