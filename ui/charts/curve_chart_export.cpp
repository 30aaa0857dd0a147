// CurveChart exports: the chart rendered at a chosen size, and its PanelExportable side (PNG
// and SVG through PanelExport at the presentation scale, the full curve data as CSV). Exports
// never use the display simplification.
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPaintEngine>
#include <QPainter>
#include <cmath>

#include "ui/charts/curve_chart_impl.h"
#include "ui/charts/painter_clipping.h"
#include "ui/charts/polyline_simplification.h"

namespace actlab::ui {

std::vector<QXYSeries*> CurveChart::Impl::keepInsideTheAxes() {
    std::vector<QXYSeries*> extra;
    const double yLow = logY ? logAxisY->min() : axisY->min();
    const double yHigh = logY ? logAxisY->max() : axisY->max();
    // In the chart's linear space (log10 y on a log axis), where its segments are straight.
    const QRectF box(QPointF(axisX->min(), yToPixelSpace(yLow)),
                     QPointF(axisX->max(), yToPixelSpace(yHigh)));
    auto toData = [this](const QPointF& p) {
        return logY ? QPointF(p.x(), std::pow(10.0, p.y())) : p;
    };
    for (auto& [key, entry] : entries) {
        std::vector<QPointF> linear;
        for (const QPointF& p : entry.series->points())
            linear.emplace_back(p.x(), yToPixelSpace(p.y()));
        if (entry.mark != Curve::Mark::Line) {
            QList<QPointF> inside;
            for (const QPointF& p : linear)
                if (box.left() <= p.x() && p.x() <= box.right() && box.top() <= p.y() &&
                    p.y() <= box.bottom())
                    inside.append(toData(p));
            entry.series->replace(inside);
            continue;
        }
        const std::vector<std::vector<QPointF>> parts = clipPolyline(linear, box);
        for (size_t i = 0; i < std::max<size_t>(parts.size(), 1); ++i) {
            QList<QPointF> shown;
            if (i < parts.size())
                for (const QPointF& p : parts[i]) shown.append(toData(p));
            if (i == 0) {
                entry.series->replace(shown);
                continue;
            }
            auto* piece = new QLineSeries();
            piece->setPen(entry.series->pen());
            chart->addSeries(piece);
            piece->attachAxis(axisX);
            piece->attachAxis(shownAxisY());
            for (QLegendMarker* marker : chart->legend()->markers(piece)) marker->setVisible(false);
            piece->replace(shown);
            extra.push_back(piece);
        }
    }
    if (!extra.empty() && chart->layout()) chart->layout()->activate();
    return extra;
}

void CurveChart::Impl::renderTo(QPainter& painter, const QSize& size, bool fullResolution) {
    const QSizeF oldSize = chart->size();
    const bool wasDecimating = decimation;
    const bool cursorWasVisible = cursorLine->isVisible();
    cursorLine->hide();
    const bool keyCursorWasShown = keyShown;
    keyShown = false;
    keyLine->hide();
    decimation = wasDecimating && !fullResolution;
    const bool resized = oldSize != QSizeF(size);
    if (resized) chart->resize(QSizeF(size));
    // Laid out now, resized or not: a title or legend entry set since the last event loop pass
    // is placed only by a pending layout request.
    if (chart->layout()) chart->layout()->activate();
    updateTicks();
    redisplayAll();
    const std::vector<QXYSeries*> extra =
        painterClips(painter) ? std::vector<QXYSeries*>{} : keepInsideTheAxes();
    chart->scene()->render(&painter, QRectF(QPointF(0, 0), QSizeF(size)),
                           chart->mapRectToScene(QRectF(QPointF(0, 0), chart->size())));
    for (QXYSeries* piece : extra) {
        chart->removeSeries(piece);
        delete piece;
    }
    decimation = wasDecimating;
    if (resized) {
        chart->resize(oldSize);
        if (chart->layout()) chart->layout()->activate();
    }
    updateTicks();
    redisplayAll();
    cursorLine->setVisible(cursorWasVisible);
    keyShown = keyCursorWasShown;
    placeKeyCursor();
}

QSize CurveChart::exportSize() const {
    const QSize size = m_impl->view->size();
    if (isVisible() && size.width() >= 200 && size.height() >= 150) return size;
    return QSize(1200, 800);
}

QImage CurveChart::renderImage(const QSize& size) const {
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    m_impl->renderTo(painter, size, true);
    return image;
}

QString CurveChart::exportTitle() const {
    return m_impl->chart->title().isEmpty() ? tr("Plot") : m_impl->chart->title();
}

void CurveChart::paintExport(QPainter& painter, const QSize& size) const {
    m_impl->renderTo(painter, size, true);
}

bool CurveChart::hasExportData() const {
    for (const auto& [key, entry] : m_impl->entries)
        if (!entry.points.isEmpty()) return true;
    return false;
}

// One row per point of every curve, in the order of setCurves(): curve,label,x,y.
QString CurveChart::csvText() const {
    QString text = QStringLiteral("curve,label,x,y\n");
    for (const QString& key : m_impl->order) {
        const Impl::Entry& entry = m_impl->entries.at(key);
        const QString prefix =
            PanelExport::csvField(key) + QLatin1Char(',') + PanelExport::csvField(entry.label);
        for (const QPointF& p : entry.points)
            text += prefix + QLatin1Char(',') + PanelExport::csvNumber(p.x()) + QLatin1Char(',') +
                    PanelExport::csvNumber(p.y()) + QLatin1Char('\n');
    }
    return text;
}

bool CurveChart::exportPng(const QString& path, QString* error) const {
    return PanelExport::writePng(*this, path, error);
}

bool CurveChart::exportSvg(const QString& path, QString* error) const {
    return PanelExport::writeSvg(*this, path, error);
}

bool CurveChart::exportCsv(const QString& path, QString* error) const {
    return PanelExport::writeCsv(*this, path, error);
}

}  // namespace actlab::ui
