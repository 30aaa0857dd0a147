// Display-only polyline geometry in pixel space: simplification (Ramer–Douglas–Peucker), so a
// chart paints a few hundred points per curve instead of thousands (the full data stays for
// export), and clipping to a rectangle, for painters that cannot clip (Qt 6.4's SVG generator).
#pragma once

#include <QPointF>
#include <QRectF>
#include <vector>

namespace actlab::ui {

// Indices of the points to keep (first and last always kept, ascending) so that no dropped point
// lies farther than `tolerance` from the kept polyline. Points are in pixels.
// Ramer, "An iterative procedure for the polygonal approximation of plane curves", 1972.
std::vector<int> simplifyPolyline(const std::vector<QPointF>& points, double tolerance);

// The parts of the polyline inside `box` (edges included), each a polyline of two or more
// points, in order: a segment that leaves the box ends on its edge, one that comes back starts a
// new part there. Liang and Barsky, "A new concept and method for line clipping", 1984.
std::vector<std::vector<QPointF>> clipPolyline(const std::vector<QPointF>& points,
                                               const QRectF& box);

}  // namespace actlab::ui
