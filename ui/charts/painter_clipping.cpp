// The parts of a dot inside a box, as filled paths: the disc, and its outline as the stroke
// Qt would draw (QPainterPathStroker with the pen's width, cap and join).
#include "ui/charts/painter_clipping.h"

#include <QPaintEngine>
#include <QPainterPath>
#include <QPainterPathStroker>

namespace actlab::ui {

bool painterClips(const QPainter& painter) {
    return !painter.paintEngine() || painter.paintEngine()->type() != QPaintEngine::SVG;
}

void drawDotWithin(QPainter& painter, const QPointF& centre, double radius, const QRectF& box) {
    const QPen pen = painter.pen();
    const double reach = radius + (pen.style() == Qt::NoPen ? 0 : pen.widthF() / 2);
    const QRectF ink(centre.x() - reach, centre.y() - reach, 2 * reach, 2 * reach);
    if (painterClips(painter) || box.contains(ink)) {
        painter.drawEllipse(centre, radius, radius);
        return;
    }
    if (!box.intersects(ink)) return;
    QPainterPath inside;
    inside.addRect(box);
    QPainterPath disc;
    disc.addEllipse(centre, radius, radius);
    painter.fillPath(disc.intersected(inside), painter.brush());
    if (pen.style() != Qt::NoPen) {
        QPainterPathStroker stroker(pen);
        painter.fillPath(stroker.createStroke(disc).intersected(inside), pen.brush());
    }
}

}  // namespace actlab::ui
