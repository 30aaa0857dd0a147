// Ramer–Douglas–Peucker with an explicit stack (no recursion depth limit on long curves), and
// Liang–Barsky clipping segment by segment.
#include "ui/charts/polyline_simplification.h"

#include <algorithm>
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

// Clips the segment a–b to box: false when no part of it is inside, else the parameters
// 0 ≤ t0 ≤ t1 ≤ 1 of the part that is.
bool clipSegment(const QPointF& a, const QPointF& b, const QRectF& box, double& t0, double& t1) {
    const double dx = b.x() - a.x(), dy = b.y() - a.y();
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {a.x() - box.left(), box.right() - a.x(), a.y() - box.top(),
                         box.bottom() - a.y()};
    t0 = 0;
    t1 = 1;
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0) return false;  // parallel to this edge and outside it
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0) {
            t0 = std::max(t0, t);
        } else {
            t1 = std::min(t1, t);
        }
        if (t0 > t1) return false;
    }
    return true;
}

}  // namespace

std::vector<std::vector<QPointF>> clipPolyline(const std::vector<QPointF>& points,
                                               const QRectF& box) {
    std::vector<std::vector<QPointF>> parts;
    std::vector<QPointF> part;
    auto endPart = [&] {
        if (part.size() >= 2) parts.push_back(std::move(part));
        part.clear();
    };
    for (size_t i = 1; i < points.size(); ++i) {
        const QPointF a = points[i - 1], b = points[i];
        double t0 = 0, t1 = 1;
        if (!clipSegment(a, b, box, t0, t1)) {
            endPart();
            continue;
        }
        const QPointF from = t0 > 0 ? a + t0 * (b - a) : a;
        const QPointF to = t1 < 1 ? a + t1 * (b - a) : b;
        if (t0 > 0) endPart();  // entered the box here: a new part begins
        if (part.empty()) part.push_back(from);
        part.push_back(to);
        if (t1 < 1) endPart();  // left the box here
    }
    endPart();
    return parts;
}

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
