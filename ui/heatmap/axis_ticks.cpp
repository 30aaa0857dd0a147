// Tick placement after Heckbert, "Nice numbers for graph labels" (Graphics Gems, 1990).
#include "ui/heatmap/axis_ticks.h"

#include <QLocale>
#include <algorithm>
#include <cmath>

namespace actlab::ui {

namespace {

std::vector<double> ticksFor(double low, double high, int targetCount) {
    std::vector<double> ticks;
    const double rough = (high - low) / std::max(targetCount, 1);
    const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
    const double fraction = rough / magnitude;
    const double step = magnitude * (fraction <= 1.0   ? 1.0
                                     : fraction <= 2.0 ? 2.0
                                     : fraction <= 5.0 ? 5.0
                                                       : 10.0);
    const double first = std::ceil(low / step - 1e-9) * step;
    for (double t = first; t <= high + step * 1e-9; t += step) {
        ticks.push_back(std::abs(t) < step * 1e-9 ? 0.0 : t);
        if (ticks.size() > 1000) break;  // guard against a degenerate step
    }
    return ticks;
}

}  // namespace

// A short axis whose nice step leaves one tick (−6…6 over two ticks: only 0) asks for up to two
// more, so that its scale can be read (−5, 0, 5).
std::vector<double> niceTicks(double low, double high, int targetCount, double extent,
                              double minSpacing) {
    if (!std::isfinite(low) || !std::isfinite(high) || !(high > low)) return {};
    const std::vector<double> ticks = ticksFor(low, high, targetCount);
    if (ticks.size() >= 2 || targetCount < 2) return ticks;
    for (int more = 1; more <= 2; ++more) {
        std::vector<double> finer = ticksFor(low, high, targetCount + more);
        if (finer.size() < 2) continue;
        const double spacing = extent * (finer[1] - finer[0]) / (high - low);
        return spacing >= minSpacing ? finer : ticks;
    }
    return ticks;
}

QString tickLabel(double value, int significant) {
    if (std::abs(value) < 1e-12) return QStringLiteral("0");
    return QLocale().toString(value, 'g', significant);
}

}  // namespace actlab::ui
