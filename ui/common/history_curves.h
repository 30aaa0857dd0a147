// A run's history as curves over its steps, shared by the Training and Attention charts: which
// points to draw (thinned for display), one curve of one quantity, and a chart set up for them.
#pragma once

#include <QColor>
#include <QString>
#include <cmath>
#include <utility>
#include <vector>

#include "training/run_history.h"
#include "ui/charts/curve_chart.h"

namespace actlab::ui {

// Indices of a history of `count` points to draw: all of them, or every stride-th one and the
// last, at most about maxPoints. The stride is a power of two, so that the drawn points stay put
// from frame to frame as the history grows.
std::vector<size_t> shownHistoryIndices(size_t count, int maxPoints);

// value(point) over point.step for the points of run.history at `indices`. NaN and infinities
// never reach a chart; positiveOnly also leaves out y ≤ 0 (a log axis cannot show them).
template <typename Run, typename Value>
CurveChart::Curve historyCurve(const Run& run, const std::vector<size_t>& indices, Value value,
                               QString key, QString label, QColor color,
                               Qt::PenStyle style = Qt::SolidLine, bool positiveOnly = false) {
    CurveChart::Curve curve{std::move(key), std::move(label), std::move(color), style, {}, {}};
    for (size_t i : indices) {
        const auto& point = run.history[i];
        const double y = value(point);
        if (!std::isfinite(y) || (positiveOnly && y <= 0)) continue;
        curve.x.push_back(point.step);
        curve.y.push_back(y);
    }
    return curve;
}

// A per-step series (every step's train loss, in buckets) as curves: each bucket's mean over
// its steps (thinned to at most maxPoints buckets), and where a drawn bucket holds several
// steps, a pale band from their min to their max behind it (key + "/band", no legend entry: a
// vertical stroke per bucket, the strokes joined), so that a long run's spikes stay in sight.
std::vector<CurveChart::Curve> stepSeriesCurves(const std::vector<StepBucket>& buckets,
                                                int maxPoints, const QString& key,
                                                const QString& label, const QColor& color,
                                                Qt::PenStyle style = Qt::SolidLine);

// A chart of curves over "step", titled, with 2 px lines and a small minimum size.
CurveChart* historyChart(const QString& title, QWidget* parent);

}  // namespace actlab::ui
