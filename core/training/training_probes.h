// The pictures of a Training-lab snapshot with surfaces, typed: the decision surface and its
// confidence (2D tasks), the hidden layers' neuron maps (2D tasks), the fitted curve (1D
// regression). Core fills them; the UI and the timeline read the members directly.
#pragma once

#include <cstddef>
#include <vector>

namespace actlab {

// The model's output on an n × n grid over [surfaceLow, surfaceHigh]² (TrainingSnapshot): row r at
// x2 = low + (high − low)·r/(n − 1), column c at x1 likewise.
struct DecisionSurface {
    int resolution = 0;         // n; 0: none (not a 2D task, or a snapshot without surfaces)
    std::vector<float> values;  // (n, n): probability of class 1, or the argmax class (3+ classes)
    // (n, n), 3+ classes: the probability of the predicted class (1/K to 1); else empty.
    std::vector<float> confidence;
    bool empty() const { return resolution == 0; }
    bool operator==(const DecisionSurface&) const = default;
};

// One hidden layer's outputs f(z), unit by unit, on an n × n grid over the surface's square.
struct NeuronMaps {
    int units = 0;              // the layer's width
    int resolution = 0;         // n
    std::vector<float> values;  // (units, n, n): unit j's map at j·n·n
    bool operator==(const NeuronMaps&) const = default;
};

// A 1D regression's fitted curve on an even grid over [−6, 6].
struct FittedCurve {
    std::vector<float> x;  // (points): the inputs, ascending
    std::vector<float> y;  // (points): the model's output ŷ at each
    bool empty() const { return x.empty(); }
    bool operator==(const FittedCurve&) const = default;
};

struct TrainingProbes {
    DecisionSurface surface;             // 2D tasks
    std::vector<NeuronMaps> neuronMaps;  // (hidden layers), 2D tasks: layer L's at L (0-based)
    FittedCurve fittedCurve;             // 1D regression
    bool empty() const { return surface.empty() && neuronMaps.empty() && fittedCurve.empty(); }
    bool operator==(const TrainingProbes&) const = default;
};

// Every value finite (a diverging model's pictures are not shown).
bool allFinite(const TrainingProbes& probes);
// The bytes the pictures hold beyond the struct (the replay timeline's budget).
std::size_t probeBytes(const TrainingProbes& probes);

}  // namespace actlab
