// CurveChart exports: the chart rendered at a chosen size into a QImage, PNG (2× pixel
// density), SVG (QSvgGenerator) and the full curve data as CSV. Exports never use the
// display simplification.
#include <QCoreApplication>
#include <QFile>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QTextStream>

#include "common/number_format.h"
#include "ui/charts/curve_chart_impl.h"

namespace actlab::ui {
namespace {

QString csvField(const QString& text) {
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) &&
        !text.contains(QLatin1Char('\n')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QString number(double value) { return QString::fromStdString(actlab::formatNumber(value)); }

}  // namespace

void CurveChart::Impl::renderTo(QPainter& painter, const QSize& size, bool fullResolution) {
    const QSizeF oldSize = chart->size();
    const bool wasDecimating = decimation;
    const bool cursorWasVisible = cursorLine->isVisible();
    cursorLine->hide();
    decimation = wasDecimating && !fullResolution;
    const bool resized = oldSize != QSizeF(size);
    if (resized) {
        chart->resize(QSizeF(size));
        if (chart->layout()) chart->layout()->activate();
    }
    updateTicks();
    redisplayAll();
    chart->scene()->render(&painter, QRectF(QPointF(0, 0), QSizeF(size)),
                           chart->mapRectToScene(QRectF(QPointF(0, 0), chart->size())));
    decimation = wasDecimating;
    if (resized) {
        chart->resize(oldSize);
        if (chart->layout()) chart->layout()->activate();
    }
    updateTicks();
    redisplayAll();
    cursorLine->setVisible(cursorWasVisible);
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

bool CurveChart::exportPng(const QString& path, QString* error) const {
    const QSize size = exportSize();
    constexpr qreal kScale = 2;  // crisp on projectors and in documents
    QImage image(size * kScale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(kScale);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        m_impl->renderTo(painter, size, true);
    }
    if (image.save(path, "PNG")) return true;
    if (error) *error = tr("Could not write the PNG file %1.").arg(path);
    return false;
}

bool CurveChart::exportSvg(const QString& path, QString* error) const {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        if (error) *error = tr("Could not write %1: %2").arg(path, file.errorString());
        return false;
    }
    const QSize size = exportSize();
    QSvgGenerator generator;
    generator.setOutputDevice(&file);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(m_impl->chart->title().isEmpty() ? tr("ActLab plot")
                                                        : m_impl->chart->title());
    generator.setDescription(tr("Exported by ActLab"));
    QPainter painter;
    if (!painter.begin(&generator)) {
        if (error) *error = tr("Could not start the SVG export to %1.").arg(path);
        return false;
    }
    painter.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    m_impl->renderTo(painter, size, true);
    painter.end();
    file.close();
    if (file.error() != QFileDevice::NoError) {
        if (error) *error = tr("Could not write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

bool CurveChart::exportCsv(const QString& path, QString* error) const {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) {
        if (error) *error = tr("Could not write %1: %2").arg(path, file.errorString());
        return false;
    }
    QTextStream out(&file);
    out << "curve,label,x,y\n";
    for (const QString& key : m_impl->order) {
        const Impl::Entry& entry = m_impl->entries.at(key);
        const QString prefix = csvField(key) + QLatin1Char(',') + csvField(entry.label);
        for (const QPointF& p : entry.points)
            out << prefix << ',' << number(p.x()) << ',' << number(p.y()) << '\n';
    }
    out.flush();
    if (!file.commit()) {
        if (error) *error = tr("Could not write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

}  // namespace actlab::ui
