// Helpers for the optimizer tests: a tiny parameter with chosen values and gradients.
#pragma once

#include <vector>

#include "models/model.h"
#include "optimizers/optimizer.h"

namespace actlab::test {

template <typename T = double>
Parameter<T> makeParameter(std::vector<T> values, bool isWeight = true) {
    Parameter<T> p;
    p.name = isWeight ? "layer1.weight" : "layer1.bias";
    p.rows = 1;
    p.cols = int(values.size());
    p.isWeight = isWeight;
    p.value = std::move(values);
    p.grad.assign(p.value.size(), T(0));
    return p;
}

inline OptimizerConfig optimizerConfig(OptimizerKind kind, double learningRate,
                                       double weightDecay = 0.0) {
    OptimizerConfig c;
    c.kind = kind;
    c.learningRate = learningRate;
    c.weightDecay = weightDecay;
    return c;  // momentum 0.9, betas (0.9, 0.999), eps 1e-8: PyTorch's defaults
}

}  // namespace actlab::test
