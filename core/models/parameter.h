// One learnable tensor of a model: its values and the gradient of the loss with respect to them,
// in PyTorch's layout (weights (out, in) row-major, vectors (1, n)).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace actlab {

template <typename T>
struct Parameter {
    std::string name;  // e.g. "layer1.weight", "block1.gate", "layer2.prelu_alpha"
    int rows = 0;      // weights are (out, in) row-major, as PyTorch's; vectors are (1, n)
    int cols = 0;
    bool isWeight = false;  // L1/L2 regularisation and weight decay apply to weights only
    int hiddenLayer = -1;   // the hidden layer this parameter feeds (for per-layer norms), or −1
    std::vector<T> value;
    std::vector<T> grad;
    size_t size() const { return value.size(); }
};

// A zero-filled parameter (rows, cols) with its gradient; `hidden` is the hidden layer it feeds.
template <typename T>
Parameter<T> makeParameter(std::string name, int rows, int cols, bool isWeight, int hidden) {
    Parameter<T> p;
    p.name = std::move(name);
    p.rows = rows;
    p.cols = cols;
    p.isWeight = isWeight;
    p.hiddenLayer = hidden;
    p.value.assign(size_t(rows) * size_t(cols), T(0));
    p.grad.assign(p.value.size(), T(0));
    return p;
}

}  // namespace actlab
