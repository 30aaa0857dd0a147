// "Nice" axis tick positions (1, 2, 5 × 10ⁿ steps) and their labels, for the heatmap axes.
#pragma once

#include <QString>
#include <vector>

namespace actlab::ui {

// Ticks within [low, high], about `targetCount` of them, at multiples of a 1/2/5 × 10ⁿ step.
std::vector<double> niceTicks(double low, double high, int targetCount);

// Short label with up to `significant` digits, in the UI locale; "0" for tiny values.
QString tickLabel(double value, int significant = 4);

}  // namespace actlab::ui
