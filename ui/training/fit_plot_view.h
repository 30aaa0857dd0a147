// The 1D regression view (the sine task): training and test points and the model's fitted curve,
// painted directly (no chart library: it is a scatter plot with one line over it).
#pragma once

#include <QImage>
#include <QWidget>
#include <memory>
#include <vector>

#include "ui/training/training_frame.h"

namespace actlab::ui {

class FitPlotView : public QWidget {
    Q_OBJECT
public:
    explicit FitPlotView(QWidget* parent = nullptr);

    void setPoints(std::shared_ptr<const TrainingData> data);
    void setCurve(const std::vector<double>& x, const std::vector<double>& y);  // keeps the last
    int curvePointCount() const { return int(m_curveX.size()); }
    QImage renderImage() const;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void paintTo(QPainter& painter, const QSize& size) const;

    std::shared_ptr<const TrainingData> m_data;
    std::vector<double> m_curveX, m_curveY;
};

}  // namespace actlab::ui
