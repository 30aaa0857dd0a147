// A copy of a Transformer's weights that the Attention worker hands the UI in its frames, and a
// model of the UI's own rebuilt from it: generation and the head scores run forward passes on
// that model, never on the worker's.
#pragma once

#include <memory>
#include <vector>

#include "models/transformer.h"

namespace actlab::ui {

struct ModelWeights {
    TransformerConfig config;                // as the model was built
    std::vector<std::vector<float>> values;  // each parameter's, in parameters() order
};

ModelWeights weightsOf(Transformer<float>& model);
// A new model holding these weights; nullptr when the configuration does not build.
std::unique_ptr<Transformer<float>> modelFromWeights(const ModelWeights& weights);

}  // namespace actlab::ui
