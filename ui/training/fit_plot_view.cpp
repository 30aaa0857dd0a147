// FitPlotView: axes with nice ticks, points (train filled, test hollow), the fitted curve.
#include "ui/training/fit_plot_view.h"

#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

#include "ui/charts/painter_clipping.h"
#include "ui/common/appearance.h"
#include "ui/heatmap/axis_ticks.h"

namespace actlab::ui {
namespace {

constexpr double kXLow = -6, kXHigh = 6, kYLow = -1.6, kYHigh = 1.6;

}  // namespace

FitPlotView::FitPlotView(QWidget* parent) : QWidget(parent) {
    setMinimumSize(170, 150);
    connect(&AppearanceNotifier::instance(), &AppearanceNotifier::changed, this,
            qOverload<>(&QWidget::update));
    PanelExport::attachMenu(this, this);
}

void FitPlotView::setPoints(std::shared_ptr<const TrainingData> data) {
    m_data = std::move(data);
    update();
}

void FitPlotView::setCurve(const FittedCurve& curve) {
    if (curve.x.empty() || curve.x.size() != curve.y.size()) return;
    m_curveX.assign(curve.x.begin(), curve.x.end());
    m_curveY.assign(curve.y.begin(), curve.y.end());
    update();
}

QImage FitPlotView::renderImage() const {
    QImage image(size(), QImage::Format_ARGB32_Premultiplied);
    QPainter painter(&image);
    painter.setFont(font());
    paintTo(painter, size());
    return image;
}

QSize FitPlotView::exportSize() const {
    return isVisible() && width() >= 100 && height() >= 80 ? size() : QSize(800, 500);
}

void FitPlotView::paintExport(QPainter& painter, const QSize& size) const {
    painter.save();
    painter.setFont(font());
    paintTo(painter, size);
    painter.restore();
}

bool FitPlotView::hasExportData() const {
    return !m_curveX.empty() || (m_data && m_data->rawDimension == 1 && m_data->train.size() > 0);
}

QString FitPlotView::csvText() const {
    QString text = QStringLiteral("kind,x,y\n");
    const auto points = [&](const char* kind, const LabelledPoints& set) {
        for (size_t i = 0; i < set.size(); ++i)
            text += QLatin1String(kind) + QLatin1Char(',') + PanelExport::csvNumber(set.inputs[i]) +
                    QLatin1Char(',') + PanelExport::csvNumber(set.targets[i]) + QLatin1Char('\n');
    };
    if (m_data && m_data->rawDimension == 1) {
        points("train", m_data->train);
        points("test", m_data->test);
    }
    for (size_t i = 0; i < m_curveX.size(); ++i)
        text += QStringLiteral("fit,") + PanelExport::csvNumber(m_curveX[i]) + QLatin1Char(',') +
                PanelExport::csvNumber(m_curveY[i]) + QLatin1Char('\n');
    return text;
}

void FitPlotView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    paintTo(painter, size());
}

void FitPlotView::paintTo(QPainter& painter, const QSize& size) const {
    painter.fillRect(QRect(QPoint(0, 0), size), palette().color(QPalette::Base));
    const QFontMetrics metrics(painter.font());
    const QRect plot(metrics.horizontalAdvance(QStringLiteral("−1.5")) + 14, 8,
                     size.width() - metrics.horizontalAdvance(QStringLiteral("−1.5")) - 24,
                     size.height() - 2 * metrics.height() - 20);
    const auto toPixel = [&](double x, double y) {
        return QPointF(plot.left() + (x - kXLow) / (kXHigh - kXLow) * plot.width(),
                       plot.bottom() - (std::clamp(y, kYLow, kYHigh) - kYLow) / (kYHigh - kYLow) *
                                           plot.height());
    };
    const QColor ink = palette().color(QPalette::Text);
    painter.setPen(QPen(QColor(220, 220, 220), 1));
    for (double t : niceTicks(kXLow, kXHigh, 6))
        painter.drawLine(toPixel(t, kYLow), toPixel(t, kYHigh));
    for (double t : niceTicks(kYLow, kYHigh, 6))
        painter.drawLine(toPixel(kXLow, t), toPixel(kXHigh, t));
    painter.setPen(ink);
    painter.drawRect(plot);
    for (double t : niceTicks(kXLow, kXHigh, 6)) {
        const QPointF at = toPixel(t, kYLow);
        const QString label = tickLabel(t);
        painter.drawText(QPointF(at.x() - metrics.horizontalAdvance(label) / 2.0,
                                 plot.bottom() + 4 + metrics.ascent()),
                         label);
    }
    for (double t : niceTicks(kYLow, kYHigh, 6)) {
        const QPointF at = toPixel(kXLow, t);
        const QString label = tickLabel(t);
        painter.drawText(QPointF(plot.left() - 6 - metrics.horizontalAdvance(label),
                                 at.y() + metrics.ascent() / 2.5),
                         label);
    }
    painter.drawText(
        QRect(plot.left(), plot.bottom() + 4 + metrics.height(), plot.width(), metrics.height()),
        Qt::AlignCenter, tr("x   (points: data; line: the model's fit)"));

    painter.setRenderHint(QPainter::Antialiasing);
    painter.setClipRect(plot);
    if (m_data && m_data->rawDimension == 1) {
        const auto draw = [&](const LabelledPoints& points, const QBrush& brush) {
            painter.setBrush(brush);
            painter.setPen(QPen(markColor(Mark::Negative), 1.2));
            for (size_t i = 0; i < points.size(); ++i)
                drawDotWithin(painter, toPixel(points.inputs[i], points.targets[i]), 3.0, plot);
        };
        QColor data = markColor(Mark::Negative);
        data.setAlpha(160);
        draw(m_data->train, data);
        draw(m_data->test, Qt::NoBrush);
    }
    if (!m_curveX.empty()) {
        QPainterPath path;
        for (size_t i = 0; i < m_curveX.size(); ++i) {
            if (!std::isfinite(m_curveY[i])) continue;
            const QPointF at = toPixel(m_curveX[i], m_curveY[i]);
            if (path.elementCount() == 0)
                path.moveTo(at);
            else
                path.lineTo(at);
        }
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(markColor(Mark::Positive), 3 * contrastLineFactor()));
        painter.drawPath(path);
    }
}

}  // namespace actlab::ui
