// Ramer–Douglas–Peucker with an explicit stack (no recursion depth limit on long curves).
#include "ui/charts/polyline_simplification.h"

#include <cmath>
#include <utility>

namespace actlab::ui {
namespace {

// Squared distance from p to the segment a–b.
double squaredSegmentDistance(const QPointF& p, const QPointF& a, const QPointF& b) {
    const double dx = b.x() - a.x(), dy = b.y() - a.y();
    const double lengthSquared = dx * dx + dy * dy;
    double t = 0;
    if (lengthSquared > 0) t = ((p.x() - a.x()) * dx + (p.y() - a.y()) * dy) / lengthSquared;
    t = t < 0 ? 0 : (t > 1 ? 1 : t);
    const double ex = a.x() + t * dx - p.x(), ey = a.y() + t * dy - p.y();
    return ex * ex + ey * ey;
}

}  // namespace

std::vector<int> simplifyPolyline(const std::vector<QPointF>& points, double tolerance) {
    const int n = static_cast<int>(points.size());
    std::vector<int> kept;
    if (n <= 2) {
        for (int i = 0; i < n; ++i) kept.push_back(i);
        return kept;
    }
    const double limit = tolerance * tolerance;
    std::vector<char> keep(n, 0);
    keep[0] = keep[n - 1] = 1;
    std::vector<std::pair<int, int>> stack{{0, n - 1}};
    while (!stack.empty()) {
        const auto [first, last] = stack.back();
        stack.pop_back();
        double worst = -1;
        int worstIndex = -1;
        for (int i = first + 1; i < last; ++i) {
            const double d = squaredSegmentDistance(points[i], points[first], points[last]);
            if (d > worst) {
                worst = d;
                worstIndex = i;
            }
        }
        if (worstIndex < 0 || worst <= limit) continue;
        keep[worstIndex] = 1;
        stack.push_back({first, worstIndex});
        stack.push_back({worstIndex, last});
    }
    for (int i = 0; i < n; ++i)
        if (keep[i]) kept.push_back(i);
    return kept;
}

}  // namespace actlab::ui
