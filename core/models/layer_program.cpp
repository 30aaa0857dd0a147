// The MLP's and the GLU-FFN's passes as layer programs (the same layers as mlp.cpp and
// glu_ffn.cpp, with their parameter names).
#include "models/layer_program.h"

namespace actlab {
namespace {

// Appends a tensor of `width` columns; returns its number.
int addTensor(LayerProgram& program, int width) {
    program.widths.push_back(width);
    return program.output();
}

void linear(LayerProgram& p, int& h, int out, const std::string& weight, const std::string& bias,
            int addend = -1) {
    LayerStep step;
    step.kind = LayerStep::Kind::Linear;
    step.x = h;
    step.in = p.widths[size_t(h)];
    step.out = out;
    step.weight = weight;
    step.bias = bias;
    step.addend = addend;
    step.y = addTensor(p, out);
    p.steps.push_back(std::move(step));
    h = p.steps.back().y;
}

const ActivationConfig& layerActivation(const ModelConfig& c, size_t layer) {
    return c.activations.size() == 1 ? c.activations[0] : c.activations[layer];
}

// MLP: z_l = h_{l−1}·W_lᵀ + b_l, h_l = f_l(z_l), then the output layer.
LayerProgram mlpProgram(const ModelConfig& c) {
    LayerProgram p;
    int h = addTensor(p, c.inputDimension);
    for (size_t l = 0; l < c.hidden.size(); ++l) {
        const std::string prefix = "layer" + std::to_string(l + 1);
        linear(p, h, c.hidden[l], prefix + ".weight", prefix + ".bias");
        LayerStep step;
        step.activation = layerActivation(c, l);
        step.kind = step.activation.id == ActivationId::Prelu ? LayerStep::Kind::Prelu
                                                              : LayerStep::Kind::Activation;
        if (step.kind == LayerStep::Kind::Prelu) step.alpha = prefix + ".prelu_alpha";
        step.x = h;
        step.in = step.out = c.hidden[l];
        step.y = addTensor(p, c.hidden[l]);
        p.steps.push_back(step);
        h = step.y;
    }
    linear(p, h, c.outputDimension, "output.weight", "output.bias");
    return p;
}

// GLU-FFN: an input projection when the input is not d_model wide; per block
// h′ = h + (act(h·W_gᵀ) ⊙ h·W_vᵀ)·W_oᵀ (biases when configured); the head.
LayerProgram gluProgram(const ModelConfig& c) {
    LayerProgram p;
    const int d = c.dModel, f = gluFeedForwardWidth(c);
    const auto bias = [&](const std::string& name) { return c.biases ? name : std::string(); };
    int h = addTensor(p, c.inputDimension);
    if (c.inputDimension != d) linear(p, h, d, "input.weight", "input.bias");
    for (int b = 0; b < c.blocks; ++b) {
        const std::string prefix = "block" + std::to_string(b + 1);
        const int residual = h;
        int g = h, v = h;
        linear(p, g, f, prefix + ".gate", bias(prefix + ".gate_bias"));
        linear(p, v, f, prefix + ".value", bias(prefix + ".value_bias"));
        LayerStep gated;
        gated.kind = LayerStep::Kind::Gated;
        gated.activation = layerActivation(c, size_t(b));
        gated.x = g;
        gated.addend = v;
        gated.in = gated.out = f;
        gated.y = addTensor(p, f);
        p.steps.push_back(gated);
        int m = gated.y;
        linear(p, m, d, prefix + ".out", bias(prefix + ".out_bias"), residual);
        h = m;
    }
    linear(p, h, c.outputDimension, "head.weight", "head.bias");
    return p;
}

}  // namespace

LayerProgram layerProgram(const ModelConfig& config) {
    return config.kind == ModelKind::Mlp ? mlpProgram(config) : gluProgram(config);
}

}  // namespace actlab
