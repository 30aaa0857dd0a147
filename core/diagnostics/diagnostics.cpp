// Diagnostics from a full-batch forward/backward: pass shares per neuron, histograms, norms.
#include "diagnostics/diagnostics.h"

#include <algorithm>
#include <cmath>

namespace actlab {

ModelDiagnostics diagnoseModel(Model<float>& model, int rows) {
    ModelDiagnostics result;
    const std::vector<HiddenLayerView<float>> views = model.hiddenLayers();
    int neurons = 0, deadNeurons = 0;
    for (const HiddenLayerView<float>& view : views) {
        LayerDiagnostics layer;
        layer.name = view.name;
        layer.width = view.width;
        std::vector<int> passing(size_t(view.width), 0), active(size_t(view.width), 0);
        float low = INFINITY, high = -INFINITY;
        for (int r = 0; r < rows; ++r) {
            for (int j = 0; j < view.width; ++j) {
                const size_t i = size_t(r) * size_t(view.width) + size_t(j);
                if (std::abs(view.derivative[i]) > kPassThreshold) ++passing[size_t(j)];
                if (view.preActivation[i] > 0.0f) ++active[size_t(j)];
                const float a = view.postActivation[i];
                if (std::isfinite(a)) low = std::min(low, a), high = std::max(high, a);
            }
        }
        layer.passShare.resize(size_t(view.width));
        layer.activeShare.resize(size_t(view.width));
        layer.dead.resize(size_t(view.width));
        int dead = 0;
        for (int j = 0; j < view.width; ++j) {
            layer.passShare[size_t(j)] = rows > 0 ? float(passing[size_t(j)]) / float(rows) : 0.0f;
            layer.activeShare[size_t(j)] = rows > 0 ? float(active[size_t(j)]) / float(rows) : 0.0f;
            layer.dead[size_t(j)] = passing[size_t(j)] == 0 ? 1 : 0;
            dead += layer.dead[size_t(j)];
        }
        layer.deadFraction = view.width > 0 ? double(dead) / view.width : 0.0;
        neurons += view.width;
        deadNeurons += dead;
        layer.histogram.assign(kHistogramBins, 0);
        if (!(low <= high)) low = high = 0;
        if (high - low < 1e-6f) high = low + 1e-6f;
        layer.histogramLow = low;
        layer.histogramHigh = high;
        for (size_t i = 0; i < size_t(rows) * size_t(view.width); ++i) {
            const float a = view.postActivation[i];
            if (!std::isfinite(a)) continue;
            const int bin =
                std::clamp(int((a - low) / (high - low) * kHistogramBins), 0, kHistogramBins - 1);
            ++layer.histogram[size_t(bin)];
        }
        result.layers.push_back(std::move(layer));
    }
    size_t parameters = 0, vanishing = 0;
    std::vector<double> weightSquares(result.layers.size(), 0.0),
        gradientSquares(result.layers.size(), 0.0);
    for (const Parameter<float>* p : model.parameters()) {
        parameters += p->size();
        for (float g : p->grad)
            if (std::abs(g) < kVanishingThreshold) ++vanishing;
        if (!p->isWeight || p->hiddenLayer < 0 || size_t(p->hiddenLayer) >= result.layers.size())
            continue;
        for (size_t i = 0; i < p->size(); ++i) {
            weightSquares[size_t(p->hiddenLayer)] += double(p->value[i]) * p->value[i];
            gradientSquares[size_t(p->hiddenLayer)] += double(p->grad[i]) * p->grad[i];
        }
    }
    for (size_t l = 0; l < result.layers.size(); ++l) {
        result.layers[l].weightNorm = std::sqrt(weightSquares[l]);
        result.layers[l].gradientNorm = std::sqrt(gradientSquares[l]);
    }
    result.deadFraction = neurons > 0 ? double(deadNeurons) / neurons : 0.0;
    result.vanishingFraction = parameters > 0 ? double(vanishing) / double(parameters) : 0.0;
    if (!result.layers.empty()) {
        result.gradientNormFirst = result.layers.front().gradientNorm;
        result.gradientNormLast = result.layers.back().gradientNorm;
    }
    return result;
}

int countRevivals(const ModelDiagnostics& before, const ModelDiagnostics& after) {
    int revived = 0;
    for (size_t l = 0; l < std::min(before.layers.size(), after.layers.size()); ++l) {
        const auto& a = before.layers[l].dead;
        const auto& b = after.layers[l].dead;
        for (size_t j = 0; j < std::min(a.size(), b.size()); ++j)
            if (a[j] && !b[j]) ++revived;
    }
    return revived;
}

}  // namespace actlab
