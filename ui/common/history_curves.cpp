// The thinning of a history for display, and the charts the curves go to.
#include "ui/common/history_curves.h"

namespace actlab::ui {

std::vector<size_t> shownHistoryIndices(size_t count, int maxPoints) {
    std::vector<size_t> indices;
    size_t stride = 1;
    while (count / stride > size_t(maxPoints)) stride *= 2;
    for (size_t i = 0; i < count; i += stride) indices.push_back(i);
    if (count > 0 && indices.back() != count - 1) indices.push_back(count - 1);
    return indices;
}

std::vector<CurveChart::Curve> stepSeriesCurves(const std::vector<StepBucket>& buckets,
                                                int maxPoints, const QString& key,
                                                const QString& label, const QColor& color,
                                                Qt::PenStyle style) {
    const std::vector<StepBucket> shown = thinBuckets(buckets, size_t(std::max(1, maxPoints)));
    CurveChart::Curve mean{key, label, color, style, {}, {}};
    QColor pale = color;
    pale.setAlphaF(0.3f);
    CurveChart::Curve band{key + "/band", label, pale, Qt::SolidLine, {}, {}};
    band.inLegend = false;
    bool spread = false;
    for (const StepBucket& b : shown) {
        if (!std::isfinite(b.mean)) continue;  // never the case: a step's loss is finite
        const double x = 0.5 * (b.firstStep + b.lastStep);
        mean.x.push_back(x);
        mean.y.push_back(b.mean);
        band.x.insert(band.x.end(), {x, x});
        band.y.insert(band.y.end(), {b.min, b.max});
        spread = spread || b.max > b.min;
    }
    if (!spread) return {std::move(mean)};
    return {std::move(band), std::move(mean)};  // the band first: drawn behind the mean
}

CurveChart* historyChart(const QString& title, QWidget* parent) {
    auto* chart = new CurveChart(parent);
    chart->setTitle(title);
    chart->setAxisTitles(CurveChart::tr("step"), QString());
    chart->setLineWidth(2.0);
    chart->setMinimumSize(110, 140);
    return chart;
}

}  // namespace actlab::ui
