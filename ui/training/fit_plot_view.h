// The 1D regression view (the sine task): training and test points and the model's fitted curve,
// painted directly (no chart library: it is a scatter plot with one line over it). Right-click
// exports it.
#pragma once

#include <QImage>
#include <QWidget>
#include <memory>
#include <vector>

#include "ui/common/panel_export.h"
#include "ui/training/training_frame.h"

namespace actlab::ui {

class FitPlotView : public QWidget, public PanelExportable {
    Q_OBJECT
public:
    explicit FitPlotView(QWidget* parent = nullptr);

    void setPoints(std::shared_ptr<const TrainingData> data);
    // The snapshot's fitted curve, x and ŷ per point; an empty or ragged one keeps the last curve.
    void setCurve(const FittedCurve& curve);
    int curvePointCount() const { return int(m_curveX.size()); }
    QImage renderImage() const;

    // PanelExportable: the plot at any size; the CSV kind,x,y with kind train, test (the points,
    // y the target) or fit (the model's curve, y = ŷ).
    QString exportTitle() const override { return tr("Fitted curve"); }
    QSize exportSize() const override;  // the on-screen size, else 800×500
    void paintExport(QPainter& painter, const QSize& size) const override;
    bool hasExportData() const override;  // points or a curve
    QString csvText() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void paintTo(QPainter& painter, const QSize& size) const;

    std::shared_ptr<const TrainingData> m_data;
    std::vector<double> m_curveX, m_curveY;
};

}  // namespace actlab::ui
