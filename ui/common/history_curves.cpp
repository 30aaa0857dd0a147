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

CurveChart* historyChart(const QString& title, QWidget* parent) {
    auto* chart = new CurveChart(parent);
    chart->setTitle(title);
    chart->setAxisTitles(CurveChart::tr("step"), QString());
    chart->setLineWidth(2.0);
    chart->setMinimumSize(110, 140);
    return chart;
}

}  // namespace actlab::ui
