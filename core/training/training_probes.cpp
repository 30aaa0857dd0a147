// The Training lab's typed pictures: whether all is finite, and the bytes they hold.
#include "training/training_probes.h"

#include <cmath>

namespace actlab {
namespace {

bool finiteValues(const std::vector<float>& values) {
    for (float v : values)
        if (!std::isfinite(v)) return false;
    return true;
}

}  // namespace

bool allFinite(const TrainingProbes& probes) {
    bool ok = finiteValues(probes.surface.values) && finiteValues(probes.surface.confidence) &&
              finiteValues(probes.fittedCurve.x) && finiteValues(probes.fittedCurve.y);
    for (const NeuronMaps& maps : probes.neuronMaps) ok = ok && finiteValues(maps.values);
    return ok;
}

std::size_t probeBytes(const TrainingProbes& probes) {
    std::size_t values = probes.surface.values.size() + probes.surface.confidence.size() +
                         probes.fittedCurve.x.size() + probes.fittedCurve.y.size();
    for (const NeuronMaps& maps : probes.neuronMaps) values += maps.values.size();
    return values * sizeof(float) + probes.neuronMaps.size() * sizeof(NeuronMaps);
}

}  // namespace actlab
