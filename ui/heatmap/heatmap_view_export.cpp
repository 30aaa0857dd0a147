// HeatmapView's exports: the view rendered at a chosen size, and its PanelExportable side (the
// picture for PNG and SVG, the grid with its axis values as CSV).
#include <QPainter>
#include <cmath>
#include <limits>

#include "ui/heatmap/heatmap_view.h"

namespace actlab::ui {
namespace {

// Samples sit at the grid points (the hover probe reads them through sampleX and sampleV).
double sampleCoordinate(double low, double high, int count, int index) {
    return count > 1 ? low + (high - low) * index / (count - 1) : low;
}

}  // namespace

double HeatmapView::sampleX(int column) const {
    return sampleCoordinate(m_xLow, m_xHigh, m_nx, column);
}

double HeatmapView::sampleV(int row) const { return sampleCoordinate(m_vLow, m_vHigh, m_nv, row); }

float HeatmapView::strengthAt(int column, int row) const {
    if (column < 0 || row < 0 || column >= m_nx || row >= m_nv ||
        m_strength.size() != m_values.size())
        return std::numeric_limits<float>::quiet_NaN();
    return m_strength[size_t(row) * size_t(m_nx) + size_t(column)];
}

QRect HeatmapView::plotRectFor(const QSize& size) const { return layoutFor(size).plot; }

QImage HeatmapView::renderImage(const QSize& size) const {
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    QPainter painter(&image);
    painter.setFont(font());
    const QRect plot = layoutFor(size).plot;
    const QImage scaled =
        m_cellImage.isNull()
            ? QImage()
            : m_cellImage.scaled(plot.size(), Qt::IgnoreAspectRatio, Qt::FastTransformation);
    paintView(painter, size, true, &scaled);
    return image;
}

QString HeatmapView::exportTitle() const {
    return m_valueTitle.isEmpty() ? tr("Heatmap") : m_valueTitle;
}

QSize HeatmapView::exportSize() const {
    return isVisible() && width() >= 100 && height() >= 80 ? size() : QSize(960, 720);
}

// The cells scaled (nearest neighbour) to the plot at the device's pixel ratio: sharp cell
// edges in a 3× PNG, one embedded image at the plot's size in an SVG.
void HeatmapView::paintExport(QPainter& painter, const QSize& size) const {
    painter.save();
    painter.setFont(font());
    const QRect plot = layoutFor(size).plot;
    const double ratio = painter.device() ? painter.device()->devicePixelRatioF() : 1.0;
    QImage field;
    if (!m_cellImage.isNull()) {
        field = m_cellImage.scaled(
            QSize(int(std::lround(plot.width() * ratio)), int(std::lround(plot.height() * ratio))),
            Qt::IgnoreAspectRatio, Qt::FastTransformation);
        field.setDevicePixelRatio(ratio);
    }
    paintView(painter, size, true, &field);
    painter.restore();
}

QString HeatmapView::csvText() const {
    const auto titled = [](const char* name, const QString& title) {
        return PanelExport::csvField(
            title.isEmpty() ? QString::fromLatin1(name)
                            : QStringLiteral("%1 (%2)").arg(QLatin1String(name), title));
    };
    const bool strong = m_strength.size() == m_values.size() && !m_values.empty();
    QString text = QStringLiteral("column,row,") + titled("x", m_xTitle) + QLatin1Char(',') +
                   titled("v", m_vTitle) + QLatin1Char(',') + titled("value", m_valueTitle) +
                   (strong ? QStringLiteral(",strength\n") : QStringLiteral("\n"));
    for (int row = 0; row < m_nv; ++row)
        for (int column = 0; column < m_nx; ++column) {
            const size_t i = size_t(row) * size_t(m_nx) + size_t(column);
            text += QString::number(column) + QLatin1Char(',') + QString::number(row) +
                    QLatin1Char(',') + PanelExport::csvNumber(sampleX(column)) + QLatin1Char(',') +
                    PanelExport::csvNumber(sampleV(row)) + QLatin1Char(',') +
                    PanelExport::csvNumber(m_values[i]);
            if (strong) text += QLatin1Char(',') + PanelExport::csvNumber(m_strength[i]);
            text += QLatin1Char('\n');
        }
    return text;
}

}  // namespace actlab::ui
