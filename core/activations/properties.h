// Properties of an activation computed from its formula on a window: monotonicity, bounds,
// smoothness, minimum, range of f′ and the share of the window where f′ vanishes.
#pragma once

#include <functional>
#include <vector>

#include "activations/catalogue.h"

namespace actlab {

struct ActivationProperties {
    double windowLow = -6;
    double windowHigh = 6;
    bool monotonic = false;       // f never decreases on the window: f′ ≥ 0 and no jump down
    bool continuous = false;      // f has no jump on the window ...
    std::vector<double> jumpsAt;  // ... else where it jumps (x midway across each step)
    bool boundedBelow = false;  // f stays above a finite bound as x → ±∞ (checked to |x| = 1e8)
    bool boundedAbove = false;
    bool smooth = false;           // no jump in f, f′ or f″ on the window (C² there)
    double minimumValue = 0;       // smallest f on the window ...
    double minimumAt = 0;          // ... and where (the first such x)
    bool minimumInterior = false;  // true when that minimum is a turning point inside the window
    double firstMinimum = 0;       // range of f′ on the window: [firstMinimum, firstMaximum]
    double firstMinimumAt = 0;
    double firstMaximum = 0;
    double firstMaximumAt = 0;
    double zeroGradientShare = 0;  // share of the window where f′ is exactly 0
};

// For gated units the properties are those of the gate act(x). Requires low < high.
ActivationProperties computeProperties(const ActivationConfig& config, double low = -6,
                                       double high = 6);

// A jump of a function g: where, and the three values a plot of it must tell apart there.
struct Jump {
    double at = 0;     // the x of the jump (a round number where one lies within ~1e-12 of it)
    double left = 0;   // the limit of g from the left ...
    double value = 0;  // ... the value g takes at x = at (a filled dot) ...
    double right = 0;  // ... and the limit from the right (open dots where they differ)
};

// The jumps of g on a grid: `samples` are g(x) on the increasing grid x; each jump the grid
// shows (a step far larger than those beside it) is located by bisection on g itself.
std::vector<Jump> findJumps(const std::vector<double>& x, const std::vector<double>& samples,
                            const std::function<double(double)>& g);

// Largest |approximation − reference| on [low, high], where it occurs, and the error curve.
struct ApproximationError {
    double maxAbsError = 0;
    double at = 0;
    std::vector<double> x;         // (n)
    std::vector<double> error;     // (n) approximation(x) − reference(x)
    std::vector<double> relative;  // (n) |error| / |reference(x)|; NaN where reference(x) = 0
};

ApproximationError compareFunctions(const ActivationConfig& reference,
                                    const ActivationConfig& approximation, double low, double high,
                                    int n = 2001);

}  // namespace actlab
