// ModelWeights: the parameters' values copied out of one model and into a fresh one.
#include "ui/attention/model_weights.h"

namespace actlab::ui {

ModelWeights weightsOf(Transformer<float>& model) {
    ModelWeights weights;
    weights.config = model.config();
    for (Parameter<float>* parameter : model.parameters())
        weights.values.push_back(parameter->value);
    return weights;
}

std::unique_ptr<Transformer<float>> modelFromWeights(const ModelWeights& weights) {
    std::string error;
    std::unique_ptr<Transformer<float>> model = Transformer<float>::create(weights.config, &error);
    if (!model) return nullptr;
    const std::vector<Parameter<float>*> parameters = model->parameters();
    if (parameters.size() != weights.values.size()) return nullptr;
    for (size_t i = 0; i < parameters.size(); ++i) {
        if (parameters[i]->value.size() != weights.values[i].size()) return nullptr;
        parameters[i]->value = weights.values[i];
    }
    return model;
}

}  // namespace actlab::ui
