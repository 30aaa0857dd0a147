// A history whose memory stays bounded however long a run lasts: the points of a run's curves,
// thinned evenly as the run grows.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace actlab {

// Keeps at most `capacity` points (capacity ≥ 2) spread evenly over the whole run: when full, it
// drops every second point and from then on keeps every second offered point, so an hour-long
// run holds as many points as a minute-long one, always including the first.
template <typename Point>
class BoundedHistory {
public:
    explicit BoundedHistory(std::size_t capacity = 1024)
        : m_capacity(capacity < 2 ? 2 : capacity) {}

    void push(Point point) {
        if (m_offered++ % m_stride != 0) return;
        if (m_points.size() == m_capacity) {
            std::vector<Point> kept;
            kept.reserve(m_capacity);
            for (std::size_t i = 0; i < m_points.size(); i += 2)
                kept.push_back(std::move(m_points[i]));
            m_points = std::move(kept);
            m_stride *= 2;
            if ((m_offered - 1) % m_stride != 0) return;
        }
        m_points.push_back(std::move(point));
    }
    const std::vector<Point>& points() const { return m_points; }
    std::size_t capacity() const { return m_capacity; }
    std::size_t stride() const { return m_stride; }  // one point kept per `stride` offered
    std::size_t offered() const { return m_offered; }
    // Puts back a saved history (sessions); false, changing nothing, when the numbers could not
    // have come from push() (stride not a power of two, more points than fit, or than offered).
    bool restore(std::size_t stride, std::size_t offered, std::vector<Point> points) {
        const bool powerOfTwo = stride > 0 && (stride & (stride - 1)) == 0;
        if (!powerOfTwo || points.size() > m_capacity || points.size() > offered ||
            (offered + stride - 1) / stride != points.size())
            return false;
        m_stride = stride;
        m_offered = offered;
        m_points = std::move(points);
        return true;
    }

private:
    std::size_t m_capacity;
    std::size_t m_stride = 1;
    std::size_t m_offered = 0;
    std::vector<Point> m_points;
};

}  // namespace actlab
