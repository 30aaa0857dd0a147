// Properties computed from the formulas on a fine grid (h ≈ 5e-4 on the default window), with
// extrema refined by golden-section search; tails probed out to |x| = 1e12.
#include "activations/properties.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "activations/scalar_functions.h"

namespace actlab {
namespace {

constexpr int kGridPoints = 24001;

// Minimises g on [a, b] by golden-section search (g unimodal there); returns the argmin.
double goldenMinimum(const std::function<double(double)>& g, double a, double b) {
    const double ratio = 0.5 * (std::sqrt(5.0) - 1.0);
    double c = b - ratio * (b - a), d = a + ratio * (b - a);
    double gc = g(c), gd = g(d);
    for (int i = 0; i < 80 && b - a > 1e-13 * (1.0 + std::abs(a)); ++i) {
        if (gc < gd) {
            b = d;
            d = c;
            gd = gc;
            c = b - ratio * (b - a);
            gc = g(c);
        } else {
            a = c;
            c = d;
            gc = gd;
            d = a + ratio * (b - a);
            gd = g(d);
        }
    }
    return 0.5 * (a + b);
}

// Index of the smallest g over the grid, then refined between its neighbours.
struct Extremum {
    double at;
    double value;
    bool interior;
};
Extremum gridMinimum(const std::vector<double>& x, const std::vector<double>& g,
                     const std::function<double(double)>& evaluate) {
    const size_t best = size_t(std::min_element(g.begin(), g.end()) - g.begin());
    if (best == 0 || best + 1 == x.size()) return {x[best], g[best], false};
    const double at = goldenMinimum(evaluate, x[best - 1], x[best + 1]);
    const double value = evaluate(at);
    if (value <= g[best]) return {at, value, true};
    return {x[best], g[best], true};
}

// A jump: a step much larger than the steps on either side of it. Steps over one and over two
// grid intervals are both tested, so that a jump split by a grid point that takes a middle
// value (softsign's f″(0) = 0 between +2 and −2) is found too.
bool hasJump(const std::vector<double>& g) {
    for (size_t span = 1; span <= 2; ++span) {
        for (size_t i = 1; i + span + 1 < g.size(); ++i) {
            const double step = std::abs(g[i + span] - g[i]);
            const double around =
                std::max(std::abs(g[i] - g[i - 1]), std::abs(g[i + span + 1] - g[i + span]));
            if (step > 1e-6 && step > 20.0 * double(span) * around) return true;
        }
    }
    return false;
}

// f tends to −∞ (sign = −1) or +∞ (sign = +1) on either tail, probed at |x| up to 1e12.
bool unboundedTowards(const ActivationConfig& config, double sign) {
    for (double direction : {-1.0, 1.0}) {
        const double near = sign * evaluateScalar<double>(config, direction * 1e9).value;
        const double far = sign * evaluateScalar<double>(config, direction * 1e12).value;
        if (far > 1e6 && far > near) return true;
    }
    return false;
}

}  // namespace

ActivationProperties computeProperties(const ActivationConfig& config, double low, double high) {
    ActivationProperties p;
    p.windowLow = low;
    p.windowHigh = high;
    if (!(low < high)) return p;
    std::vector<double> x(kGridPoints), f(kGridPoints), df(kGridPoints), ddf(kGridPoints);
    int flat = 0;
    bool nonDecreasing = true;
    for (int i = 0; i < kGridPoints; ++i) {
        x[i] = low + (high - low) * double(i) / double(kGridPoints - 1);
        const Derivatives<double> d = evaluateScalar<double>(config, x[i]);
        f[i] = d.value;
        df[i] = d.first;
        ddf[i] = d.second;
        if (d.first == 0.0) ++flat;
        if (d.first < -1e-12) nonDecreasing = false;
    }
    p.monotonic = nonDecreasing;
    p.zeroGradientShare = double(flat) / double(kGridPoints);
    p.smooth = !hasJump(df) && !hasJump(ddf);
    p.boundedBelow = !unboundedTowards(config, -1.0);
    p.boundedAbove = !unboundedTowards(config, 1.0);

    const auto value = [&](double t) { return evaluateScalar<double>(config, t).value; };
    const Extremum minimum = gridMinimum(x, f, value);
    p.minimumValue = minimum.value;
    p.minimumAt = minimum.at;
    p.minimumInterior = minimum.interior;

    const auto first = [&](double t) { return evaluateScalar<double>(config, t).first; };
    const Extremum firstLow = gridMinimum(x, df, first);
    std::vector<double> negated(df.size());
    std::transform(df.begin(), df.end(), negated.begin(), [](double v) { return -v; });
    const Extremum firstHigh = gridMinimum(x, negated, [&](double t) { return -first(t); });
    p.firstMinimum = firstLow.value;
    p.firstMinimumAt = firstLow.at;
    p.firstMaximum = -firstHigh.value;
    p.firstMaximumAt = firstHigh.at;
    return p;
}

ApproximationError compareFunctions(const ActivationConfig& reference,
                                    const ActivationConfig& approximation, double low, double high,
                                    int n) {
    ApproximationError result;
    if (n < 2 || !(low < high)) return result;
    const auto error = [&](double t) {
        return evaluateScalar<double>(approximation, t).value -
               evaluateScalar<double>(reference, t).value;
    };
    result.x.resize(n);
    result.error.resize(n);
    std::vector<double> negatedAbs(n);
    for (int i = 0; i < n; ++i) {
        result.x[i] = low + (high - low) * double(i) / double(n - 1);
        result.error[i] = error(result.x[i]);
        negatedAbs[i] = -std::abs(result.error[i]);
    }
    const Extremum worst =
        gridMinimum(result.x, negatedAbs, [&](double t) { return -std::abs(error(t)); });
    result.maxAbsError = -worst.value;
    result.at = worst.at;
    return result;
}

}  // namespace actlab
