// A feed-forward model's forward pass as a straight-line program of layer steps over numbered
// tensors, written by the model's own code (MLP, GLU-FFN) so that a backend can record the pass
// and derive its backward without knowing which model it is (the Vulkan training engine). Every
// tensor is (rows, width); tensor 0 is the input, and each step writes one new tensor.
#pragma once

#include <string>
#include <vector>

#include "activations/catalogue.h"
#include "models/model_factory.h"

namespace actlab {

struct LayerStep {
    enum class Kind {
        Linear,      // y = x·Wᵀ + b (+ addend) with W (out, in); bias "" for none
        Activation,  // y = f(x), any scalar catalogue function; f′(x) kept for backward
        Prelu,       // y = max(0, x) + α·min(0, x), α learnable (`alpha`: (1) or (width))
        Gated,       // y = act(x) ⊙ value, a gated catalogue unit (glu, reglu, geglu, swiglu)
    };
    Kind kind = Kind::Linear;
    int x = 0, y = 0;     // the tensors read and written
    int addend = -1;      // Linear: a tensor added to y (a residual); Gated: the value tensor
    int in = 0, out = 0;  // Linear: widths; the others: in = out = the width
    std::string weight, bias, alpha;  // parameter names of the host model
    ActivationConfig activation;
};

struct LayerProgram {
    std::vector<int> widths;  // per tensor: its columns (widths[0] = the input dimension)
    std::vector<LayerStep> steps;
    int output() const { return int(widths.size()) - 1; }  // the last tensor written
};

// The program of an MLP or a GLU-FFN configuration, with the host model's parameter names.
LayerProgram layerProgram(const ModelConfig& config);

}  // namespace actlab
