// Display-only simplification of a polyline in pixel space (Ramer–Douglas–Peucker), so a chart
// paints a few hundred points per curve instead of thousands; the full data stays for export.
#pragma once

#include <QPointF>
#include <vector>

namespace actlab::ui {

// Indices of the points to keep (first and last always kept, ascending) so that no dropped point
// lies farther than `tolerance` from the kept polyline. Points are in pixels.
// Ramer, "An iterative procedure for the polygonal approximation of plane curves", 1972.
std::vector<int> simplifyPolyline(const std::vector<QPointF>& points, double tolerance);

}  // namespace actlab::ui
