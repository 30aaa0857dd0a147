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

// Where g jumps: the grid intervals [x_a, x_b] of the steps hasJump() would find, one per jump (a
// jump seen over one and over two grid intervals, or on neighbouring cells, is reported once).
std::vector<std::pair<double, double>> jumpIntervals(const std::vector<double>& x,
                                                     const std::vector<double>& g) {
    std::vector<std::pair<double, double>> at;
    std::vector<size_t> cells;
    for (size_t span = 1; span <= 2; ++span) {
        for (size_t i = 1; i + span + 1 < g.size(); ++i) {
            const double step = std::abs(g[i + span] - g[i]);
            const double around =
                std::max(std::abs(g[i] - g[i - 1]), std::abs(g[i + span + 1] - g[i + span]));
            if (!(step > 1e-6 && step > 20.0 * double(span) * around)) continue;
            const bool known = std::any_of(cells.begin(), cells.end(), [&](size_t cell) {
                return cell + 3 >= i && i + 3 >= cell;
            });
            if (known) continue;
            cells.push_back(i);
            at.emplace_back(x[i], x[i + span]);
        }
    }
    std::sort(at.begin(), at.end());
    return at;
}

// The bracket [a, b] of a jump of f, by bisection: the jump stays in the half across which f
// changes more (to ~1e-12, or where the halves stop differing).
std::pair<double, double> bracketJump(const std::function<double(double)>& f, double a, double b) {
    double fa = f(a), fb = f(b);
    for (int i = 0; i < 100 && b - a > 1e-12 * (1.0 + std::abs(a)); ++i) {
        const double m = 0.5 * (a + b), fm = f(m);
        if (std::abs(fm - fa) > std::abs(fb - fm)) {
            b = m;
            fb = fm;
        } else {
            a = m;
            fa = fm;
        }
    }
    return {a, b};
}

double locateJump(const std::function<double(double)>& f, double a, double b) {
    const auto [low, high] = bracketJump(f, a, b);
    return 0.5 * (low + high);
}

// The number with the fewest decimals in [a, b] (0 for ReLU′, 6 for ReLU6, −3 for hardsigmoid),
// else its middle.
double roundestIn(double a, double b) {
    const double middle = 0.5 * (a + b);
    for (int decimals = 0; decimals <= 12; ++decimals) {
        const double scale = std::pow(10.0, decimals);
        const double rounded = std::round(middle * scale) / scale;
        if (rounded >= a && rounded <= b) return rounded;
    }
    return middle;
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

std::vector<Jump> findJumps(const std::vector<double>& x, const std::vector<double>& samples,
                            const std::function<double(double)>& g) {
    std::vector<Jump> jumps;
    if (x.size() != samples.size() || x.size() < 4) return jumps;
    for (const auto& [a, b] : jumpIntervals(x, samples)) {
        const auto [low, high] = bracketJump(g, a, b);
        Jump jump;
        jump.at = roundestIn(low, high);
        const double h = 1e-9 * (1.0 + std::abs(jump.at));
        jump.left = g(jump.at - h);
        jump.value = g(jump.at);
        jump.right = g(jump.at + h);
        jumps.push_back(jump);
    }
    return jumps;
}

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
    // A jump down (softplus with a small threshold falls from 1.31 to 1 at x = 1) breaks
    // monotonicity though f′ ≥ 0 on both sides.
    for (int i = 1; i < kGridPoints && nonDecreasing; ++i)
        if (f[i] < f[i - 1] - 1e-12 * (1.0 + std::abs(f[i - 1]))) nonDecreasing = false;
    const auto value = [&](double t) { return evaluateScalar<double>(config, t).value; };
    for (const auto& [a, b] : jumpIntervals(x, f)) p.jumpsAt.push_back(locateJump(value, a, b));
    p.continuous = p.jumpsAt.empty();
    p.monotonic = nonDecreasing;
    p.zeroGradientShare = double(flat) / double(kGridPoints);
    p.smooth = p.continuous && !hasJump(df) && !hasJump(ddf);
    p.boundedBelow = !unboundedTowards(config, -1.0);
    p.boundedAbove = !unboundedTowards(config, 1.0);

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
    result.relative.resize(n);
    std::vector<double> negatedAbs(n);
    for (int i = 0; i < n; ++i) {
        result.x[i] = low + (high - low) * double(i) / double(n - 1);
        const double exact = evaluateScalar<double>(reference, result.x[i]).value;
        result.error[i] = evaluateScalar<double>(approximation, result.x[i]).value - exact;
        result.relative[i] =
            exact != 0.0 ? std::abs(result.error[i]) / std::abs(exact) : std::nan("");
        negatedAbs[i] = -std::abs(result.error[i]);
    }
    const Extremum worst =
        gridMinimum(result.x, negatedAbs, [&](double t) { return -std::abs(error(t)); });
    result.maxAbsError = -worst.value;
    result.at = worst.at;
    return result;
}

}  // namespace actlab
