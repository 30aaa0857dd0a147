// CurveChart's look: fonts at the UI scale, the ink of the appearance (high contrast), the
// series' pens and markers, and the legend's place and size. The curves and the view are in
// curve_chart.cpp.
#include <QFontMetrics>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QLegend>
#include <QTimer>
#include <algorithm>

#include "ui/charts/curve_chart_impl.h"
#include "ui/common/appearance.h"
#include "ui/common/ui_scale.h"

namespace actlab::ui {

// Title 14 pt, axis titles 13 pt, tick labels and legend 12 pt, times the UI scale.
void CurveChart::Impl::applyFonts() {
    const double scale = uiScale();
    const auto sized = [scale](QFont font, double points, bool bold) {
        font.setPointSizeF(points * scale);
        font.setBold(bold);
        return font;
    };
    chart->setTitleFont(sized(chart->titleFont(), 14, true));
    chart->legend()->setFont(sized(chart->legend()->font(), kLegendPointSize, false));
    for (QAbstractAxis* axis :
         {static_cast<QAbstractAxis*>(axisX), static_cast<QAbstractAxis*>(axisY),
          static_cast<QAbstractAxis*>(logAxisY)}) {
        if (!axis) continue;
        axis->setLabelsFont(sized(axis->labelsFont(), 12, false));
        axis->setTitleFont(sized(axis->titleFont(), 13, true));
    }
}

// High contrast: black texts and axis lines, darker grid lines, a solid cursor line.
void CurveChart::Impl::applyInk() {
    if (!themeInk)
        themeInk = Ink{axisX->labelsBrush(),          axisX->titleBrush(),    chart->titleBrush(),
                       chart->legend()->labelBrush(), axisX->gridLineColor(), axisX->linePen()};
    const bool strong = appearance().highContrast;
    const QBrush ink = strong ? QBrush(chartInkColor()) : QBrush();
    for (QAbstractAxis* axis :
         {static_cast<QAbstractAxis*>(axisX), static_cast<QAbstractAxis*>(axisY),
          static_cast<QAbstractAxis*>(logAxisY)}) {
        if (!axis) continue;
        axis->setLabelsBrush(strong ? ink : themeInk->labels);
        axis->setTitleBrush(strong ? ink : themeInk->title);
        axis->setGridLineColor(strong ? chartGridColor() : themeInk->grid);
        axis->setLinePen(strong ? QPen(chartInkColor(), 1.5 * uiScale()) : themeInk->line);
    }
    chart->setTitleBrush(strong ? ink : themeInk->chartTitle);
    chart->legend()->setLabelBrush(strong ? ink : themeInk->legend);
    cursorLine->setPen(strong ? QPen(chartInkColor(), 1.5, Qt::DashLine)
                              : QPen(QColor(90, 90, 90), 1, Qt::DashLine));
}

QPen CurveChart::Impl::penFor(const Entry& entry) const {
    // Thicker lines at a larger UI scale and with high contrast.
    const double width = lineWidth * uiScale() * contrastLineFactor();
    if (entry.mark != Curve::Mark::Line) return QPen(entry.color, std::max(1.5, width * 0.8));
    QPen pen(entry.color, width, entry.style, Qt::FlatCap, Qt::RoundJoin);
    return pen;
}

void CurveChart::Impl::styleSeries(Entry& entry) {
    entry.series->setPen(penFor(entry));
    if (auto* dots = qobject_cast<QScatterSeries*>(entry.series)) {
        dots->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        dots->setMarkerSize(std::max(9.0, lineWidth * uiScale() * contrastLineFactor() * 3.6));
        dots->setBrush(entry.mark == Curve::Mark::FilledDots ? QBrush(entry.color)
                                                             : QBrush(Qt::white));
    }
}

bool CurveChart::Impl::fitsBelow(const QStringList& labels, const QFont& font) const {
    const QFontMetrics metrics(font);
    double needed = 0;
    for (const QString& label : labels) needed += metrics.horizontalAdvance(label) + 48;
    return needed <= 0.9 * chart->size().width();
}

void CurveChart::Impl::updateLegendPlacement() {
    QStringList shown;
    for (const auto& [key, entry] : entries)
        if (!legendHidden.contains(key)) shown << entry.label;
    const qreal chartWidth = chart->size().width();
    if (chartWidth != legendRoomChartWidth || shown != legendRoomLabels) {
        legendRoom = chartWidth / 2;
        legendRoomChartWidth = chartWidth;
        legendRoomLabels = shown;
    }
    bool cut = placeLegend(shown);
    if (!fittingLegend && chart->legend()->alignment() == Qt::AlignRight &&
        chart->legend()->isVisible()) {
        // Laid out now, the legend shows whether Qt Charts gave it its width (see legendRoom).
        fittingLegend = true;
        QGraphicsLayout* layout = chart->layout();
        if (layout) layout->activate();
        const qreal past =
            chart->legend()->geometry().right() - (chartWidth - chart->margins().right());
        if (past > 0.5) {
            legendRoom = std::max(0.0, chart->legend()->geometry().width() - past);
            cut = placeLegend(shown);
            if (layout) layout->activate();
        }
        fittingLegend = false;
    }
    const bool show = !legendOptional || !cut;
    if (chart->legend()->isVisible() != show) chart->legend()->setVisible(show);
}

bool CurveChart::Impl::placeLegend(const QStringList& shown) {
    // Below the plot in one row at 12 pt, or smaller down to 9 pt; else right of the plot, at
    // the size whose longest entry takes at most half of the chart, or less where Qt Charts
    // left less (legendRoom; Qt cuts longer ones to "..."), 9 pt at least. Sizes times the UI
    // scale.
    QFont font = chart->legend()->font();
    const double scale = uiScale();
    int size = kLegendPointSize;
    for (; size > kSmallestLegendPointSize; --size) {
        font.setPointSizeF(size * scale);
        if (fitsBelow(shown, font)) break;
    }
    font.setPointSizeF(size * scale);
    const bool below = fitsBelow(shown, font);
    qreal width = 0;  // right of the plot: as wide as the longest entry needs
    bool cut = false;
    if (!below) {
        for (size = kLegendPointSize; size >= kSmallestLegendPointSize; --size) {
            font.setPointSizeF(size * scale);
            const QFontMetrics metrics(font);
            int longest = 0;
            for (const QString& label : shown)
                longest = std::max(longest, metrics.horizontalAdvance(label));
            width = longest + 2 * metrics.height() + 16;
            if (width <= legendRoom || size == kSmallestLegendPointSize) break;
        }
        cut = width > legendRoom;
        width = std::min(width, legendRoom);
    }
    if (chart->legend()->font() != font) chart->legend()->setFont(font);
    if (chart->legend()->minimumWidth() != width) chart->legend()->setMinimumWidth(width);
    const qreal widest = below ? QWIDGETSIZE_MAX : width;  // right: the entries' width, or less
    if (chart->legend()->maximumWidth() != widest) chart->legend()->setMaximumWidth(widest);
    const Qt::Alignment wanted = below ? Qt::AlignBottom : Qt::AlignRight;
    if (chart->legend()->alignment() != wanted) chart->legend()->setAlignment(wanted);
    return cut;
}

// A curve drawn in a palette colour takes the same slot of the new palette; its owner's next
// setCurves() brings the same colour.
void CurveChart::applyAppearance() {
    for (auto& [key, entry] : m_impl->entries) {
        if (entry.paletteIndex >= 0) entry.color = seriesColor(entry.paletteIndex);
        m_impl->styleSeries(entry);
    }
    m_impl->applyInk();
}

void CurveChart::applyUiScale() {
    m_impl->applyFonts();
    m_impl->applyInk();
    for (auto& [key, entry] : m_impl->entries) m_impl->styleSeries(entry);
    // Ticks and legend for the plot area the new fonts leave, once the chart is laid out.
    QTimer::singleShot(0, this, [this] {
        // Qt Charts keeps the axes' room for the old font until its layout is redone.
        if (QGraphicsLayout* layout = m_impl->chart->layout()) {
            layout->invalidate();
            layout->activate();
        }
        m_impl->updateLegendPlacement();
        m_impl->updateTicks();
        m_impl->redisplayAll();
    });
}

bool CurveChart::legendFitsBelow(const QStringList& labels) const {
    QFont font = m_impl->chart->legend()->font();
    font.setPointSizeF(kLegendPointSize * uiScale());
    return m_impl->fitsBelow(labels, font);
}

}  // namespace actlab::ui
