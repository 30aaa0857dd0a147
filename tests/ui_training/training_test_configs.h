// A small, fast training configuration shared by the Training-view tests.
#pragma once

#include "training/trainer.h"

namespace actlab::test {

// Circle, 200 points, an 8-8 MLP; surfaces at the given resolutions.
inline TrainingConfig smallTrainingConfig(int surfaceResolution, int neuronResolution) {
    TrainingConfig c;
    c.task = "circle";
    c.data.points = 200;
    c.model.hidden = {8, 8};
    c.surfaceResolution = surfaceResolution;
    c.neuronResolution = neuronResolution;
    return c;
}

}  // namespace actlab::test
