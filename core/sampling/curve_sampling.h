// Sampling of curves and gated surfaces through a backend: what the Explorer plots and exports.
// It lives outside activations/, which stays pure maths (the catalogue and its properties).
#pragma once

#include <vector>

#include "activations/catalogue.h"
#include "backends/backend.h"

namespace actlab {

// n evenly spaced points on [low, high] with f, f′ and (optionally) f″.
struct CurveSamples {
    std::vector<double> x;
    std::vector<double> value;
    std::vector<double> first;
    std::vector<double> second;  // empty unless asked for
    int nonFinite = 0;  // points whose f, f′ or f″ is NaN/Inf (replaced by NaN-free gaps)
};

// Evaluates on `backend` in f64 when it supports it, else in f32; if the backend declines or
// fails, the CPU reference computes it. f″ always comes from the double reference. For a gated
// unit the curve is y = act(x)·gateValue with ∂y/∂x (and ∂²y/∂x²). Returns no points unless
// n ≥ 2 and low < high. Non-finite outputs are counted in nonFinite and their points removed,
// so no NaN reaches a chart.
CurveSamples sampleCurve(Backend& backend, const ActivationConfig& config, double low, double high,
                         int n, bool withSecond, double gateValue = 1.0);

// Gated surface y = act(x)·v on an nx × nv grid; values row-major, row 0 at vLow, column 0 at
// xLow. minimum/maximum over finite values.
struct SurfaceSamples {
    int nx = 0;
    int nv = 0;
    double xLow = 0, xHigh = 0, vLow = 0, vHigh = 0;
    std::vector<float> values;  // (nv, nx)
    double minimum = 0;
    double maximum = 0;
};

SurfaceSamples sampleGatedSurface(Backend& backend, const ActivationConfig& config, double xLow,
                                  double xHigh, double vLow, double vHigh, int nx, int nv);

}  // namespace actlab
