// Clipping for painters that cannot clip: Qt 6.4's SVG generator ignores the painter's clip, so
// what a view cuts at its plot's edge on screen and in a PNG has to be cut by hand in an SVG.
#pragma once

#include <QPainter>
#include <QPointF>
#include <QRectF>

namespace actlab::ui {

// False for an SVG painter, whose clip is ignored.
bool painterClips(const QPainter& painter);

// A dot (the circle of `radius` about `centre`, filled with the painter's brush and outlined
// with its pen) as a clipping painter draws it within `box`: whole where the painter clips or
// the dot is inside, nothing where it is outside, else its fill and its outline cut to the box.
void drawDotWithin(QPainter& painter, const QPointF& centre, double radius, const QRectF& box);

}  // namespace actlab::ui
