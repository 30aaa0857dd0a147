// Curve and surface sampling through a backend, with the CPU reference as the fallback and
// non-finite points filtered out before anything is plotted.
#include "sampling/curve_sampling.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "activations/scalar_functions.h"

namespace actlab {
namespace {

std::vector<double> evenlySpaced(double low, double high, int n) {
    std::vector<double> x(n);
    for (int i = 0; i < n; ++i) x[i] = low + (high - low) * (double(i) / double(n - 1));
    x[n - 1] = high;
    return x;
}

// value/first through the backend, in f64 if offered, else f32; false if it declined.
bool backendCurve(Backend& backend, const ActivationConfig& config, CurveSamples& s, double v) {
    const size_t n = s.x.size();
    const bool gated = config.info().kind == ActivationKind::Gated;
    const BackendOp op = gated ? BackendOp::ActivationGated : BackendOp::ActivationScalar;
    if (backend.supports(op, Precision::F64)) {
        if (!gated) return backend.evaluateScalar(config, {s.x, s.value, s.first, {}});
        std::vector<double> values(n, v), dv(n);
        return backend.evaluateGated(config, {s.x, values, s.value, s.first, dv});
    }
    if (!backend.supports(op, Precision::F32)) return false;
    std::vector<float> x(s.x.begin(), s.x.end()), y(n), dy(n);
    bool ok = false;
    if (!gated) {
        ok = backend.evaluateScalar(config, {x, y, dy, {}});
    } else {
        std::vector<float> values(n, float(v)), dv(n);
        ok = backend.evaluateGated(config, {x, values, y, dy, dv});
    }
    if (!ok) return false;
    std::copy(y.begin(), y.end(), s.value.begin());
    std::copy(dy.begin(), dy.end(), s.first.begin());
    return true;
}

}  // namespace

CurveSamples sampleCurve(Backend& backend, const ActivationConfig& config, double low, double high,
                         int n, bool withSecond, double gateValue) {
    CurveSamples all;
    if (n < 2 || !(low < high)) return all;
    all.x = evenlySpaced(low, high, n);
    all.value.resize(n);
    all.first.resize(n);
    if (!backendCurve(backend, config, all, gateValue)) {
        for (int i = 0; i < n; ++i) {
            const auto d = evaluateGated<double>(config, all.x[i], gateValue);
            all.value[i] = d.value;
            all.first[i] = d.dValueDx;
        }
    }
    if (withSecond) {  // f″ (or ∂²y/∂x²) always from the double reference
        all.second.resize(n);
        for (int i = 0; i < n; ++i)
            all.second[i] = evaluateGated<double>(config, all.x[i], gateValue).secondDx;
    }
    // Keep only points whose every output is finite.
    CurveSamples kept;
    for (int i = 0; i < n; ++i) {
        const bool finite = std::isfinite(all.value[i]) && std::isfinite(all.first[i]) &&
                            (!withSecond || std::isfinite(all.second[i]));
        if (!finite) {
            ++kept.nonFinite;
            continue;
        }
        kept.x.push_back(all.x[i]);
        kept.value.push_back(all.value[i]);
        kept.first.push_back(all.first[i]);
        if (withSecond) kept.second.push_back(all.second[i]);
    }
    return kept;
}

SurfaceSamples sampleGatedSurface(Backend& backend, const ActivationConfig& config, double xLow,
                                  double xHigh, double vLow, double vHigh, int nx, int nv) {
    SurfaceSamples s;
    if (nx < 2 || nv < 2 || !(xLow < xHigh) || !(vLow < vHigh)) return s;
    s.nx = nx;
    s.nv = nv;
    s.xLow = xLow;
    s.xHigh = xHigh;
    s.vLow = vLow;
    s.vHigh = vHigh;
    const size_t n = size_t(nx) * size_t(nv);
    const std::vector<double> xs = evenlySpaced(xLow, xHigh, nx);
    const std::vector<double> vs = evenlySpaced(vLow, vHigh, nv);
    std::vector<float> x(n), v(n), y(n), dydx(n), dydv(n);
    for (int row = 0; row < nv; ++row) {
        for (int col = 0; col < nx; ++col) {
            x[size_t(row) * nx + col] = float(xs[col]);
            v[size_t(row) * nx + col] = float(vs[row]);
        }
    }
    const bool gated = config.info().kind == ActivationKind::Gated;
    bool ok = gated && backend.supports(BackendOp::ActivationGated, Precision::F32) &&
              backend.evaluateGated(config, {x, v, y, dydx, dydv});
    if (!ok) {
        for (size_t i = 0; i < n; ++i)
            y[i] = float(evaluateGated<double>(config, double(x[i]), double(v[i])).value);
    }
    s.values = std::move(y);
    double lowest = std::numeric_limits<double>::infinity(), highest = -lowest;
    for (float value : s.values) {
        if (!std::isfinite(value)) continue;
        lowest = std::min(lowest, double(value));
        highest = std::max(highest, double(value));
    }
    s.minimum = std::isfinite(lowest) ? lowest : 0;
    s.maximum = std::isfinite(highest) ? highest : 0;
    return s;
}

}  // namespace actlab
