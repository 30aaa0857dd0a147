// Activity and gradient-flow diagnostics of a model over a whole data set: which neurons pass
// gradient (dying ReLU), activation histograms, per-layer weight and gradient norms, the share
// of vanishing gradients, and revivals between snapshots.
#pragma once

#include <string>
#include <vector>

#include "models/model.h"

namespace actlab {

inline constexpr double kPassThreshold = 1e-6;  // a unit passes gradient where |f′(z)| > this
inline constexpr double kVanishingThreshold = 1e-8;  // a parameter gradient below this vanishes
inline constexpr int kHistogramBins = 24;

struct LayerDiagnostics {
    std::string name;
    int width = 0;
    std::vector<float> passShare;  // (width) share of samples on which the neuron passes gradient
    // (width) share of samples with z > 0: the active region of the ReLU family, so that a leaky
    // unit that is "off" (passes only α of the gradient) shows without being dead
    std::vector<float> activeShare;
    std::vector<unsigned char> dead;  // (width) 1 where passShare is 0
    double deadFraction = 0;
    std::vector<int>
        histogram;  // (kHistogramBins) counts of f(z) over [histogramLow, histogramHigh]
    double histogramLow = 0;
    double histogramHigh = 0;
    double weightNorm = 0;    // Frobenius norm of the weights feeding this layer
    double gradientNorm = 0;  // and of their full-batch gradient
};

struct ModelDiagnostics {
    std::vector<LayerDiagnostics> layers;
    double deadFraction = 0;       // dead neurons / all hidden neurons
    double vanishingFraction = 0;  // parameters with |∂L/∂θ| < 1e-8 / all parameters
    double gradientNormFirst = 0;  // gradient norm of the first hidden layer's weights
    double gradientNormLast = 0;   // and of the last hidden layer's
};

// Reads the hidden views of the model's last forward() and the gradients in its parameters
// (a full-batch backward() must have run on the same rows).
ModelDiagnostics diagnoseModel(Model<float>& model, int rows);

// Neurons dead in `before` and alive in `after` (same shapes), summed over layers.
int countRevivals(const ModelDiagnostics& before, const ModelDiagnostics& after);

}  // namespace actlab
