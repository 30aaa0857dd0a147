// "Nice" axis tick positions (1, 2, 5 × 10ⁿ steps) and their labels, for the heatmap axes.
#pragma once

#include <QString>
#include <vector>

namespace actlab::ui {

// Ticks within [low, high], about `targetCount` of them, at multiples of a 1/2/5 × 10ⁿ step.
// Where that leaves one tick, up to two finer steps are tried, if ticks `minSpacing` pixels
// apart fit an axis `extent` pixels long (a tiny map keeps its one label rather than a jumble).
std::vector<double> niceTicks(double low, double high, int targetCount, double extent = 1e9,
                              double minSpacing = 0);

// Short label with up to `significant` digits, in the UI locale; "0" for tiny values.
QString tickLabel(double value, int significant = 4);

}  // namespace actlab::ui
