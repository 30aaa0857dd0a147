// The Training lab's models in PyTorch: the MLP and the GLU-FFN with ActLab's parameter names,
// layouts and initial weights (each Linear weight drawn from its own Random stream).
#include "export/training_model_code.h"

#include <algorithm>

#include "export/python_text.h"

namespace actlab::pytorch_export {
namespace {

std::string join(const std::vector<std::string>& items, const std::string& separator) {
    std::string out;
    for (const std::string& item : items) out += (out.empty() ? "" : separator) + item;
    return out;
}

ActivationConfig layerActivation(const ModelConfig& m, size_t layer) {
    return m.activations.size() == 1 ? m.activations[0] : m.activations[layer];
}

// A gated unit's gate as a Python callable: "F.silu", "torch.sigmoid".
std::string gateCallable(const ActivationConfig& gated) {
    const std::string call = torchActivation(gated, "x");
    if (call.ends_with("(x)") && std::count(call.begin(), call.end(), '(') == 1)
        return call.substr(0, call.size() - 3);
    return "lambda x: " + call;
}

// The swish helper and the mix helper, when a layer's activation is written with them.
std::string helpers(const std::vector<ActivationConfig>& activations) {
    std::string text;
    if (needsSwish(activations))
        text +=
            R"PY(def swish(x, beta):  # x·σ(βx): Swish, SiLU at β = 1, ActLab's GELU approximation at 1.702
    return x * torch.sigmoid(beta * x)


)PY";
    if (needsMix(activations)) text += mixHelper();
    return text;
}

std::string initialWeightFunction(Initialiser init) {
    const InitialiserCode code = initialiserCode(init);
    return substitute(R"PY(def initial_weight(n_in, n_out, seed):
${DOC}
    random = Random(seed)
    ${SCALE}
    drawn = [${DRAW} for _ in range(n_in * n_out)]
    return torch.tensor(drawn, dtype=torch.float64).reshape(n_in, n_out).t()


)PY",
                      {{"DOC", docstring("A Linear weight (out, in) as ActLab draws it "
                                         "(core/models/weight_init.cpp): " +
                                             code.name +
                                             ", drawn in (in, out) order from Random(seed), "
                                             "then transposed to PyTorch's (out, in).",
                                         4)},
                       {"SCALE", code.scale},
                       {"DRAW", code.draw}});
}

std::string mlpClass(const ModelConfig& m) {
    std::vector<int> widths{m.inputDimension};
    widths.insert(widths.end(), m.hidden.begin(), m.hidden.end());
    std::string layers, prelu, forward;
    std::vector<std::string> linears;
    for (size_t l = 0; l < m.hidden.size(); ++l) {
        const std::string name = "layer" + std::to_string(l + 1);
        layers += "        self." + name + " = nn.Linear(" + std::to_string(widths[l]) + ", " +
                  std::to_string(widths[l + 1]) + ")\n";
        linears.push_back("self." + name);
        const ActivationConfig a = layerActivation(m, l);
        const std::string z = "self." + name + "(" + (l == 0 ? "x" : "h") + ")";
        if (a.id == ActivationId::Prelu) {
            const int slopes = m.preluPerNeuron ? m.hidden[l] : 1;
            prelu += "        self." + name + ".prelu_alpha = nn.Parameter(torch.full((" +
                     std::to_string(slopes) + ",), " + pythonFloat(a.parameters[0]) +
                     "))  # PReLU's learnable slope" + (slopes > 1 ? "s" : "") + "\n";
            forward += "        h = F.prelu(" + z + ", self." + name + ".prelu_alpha)\n";
        } else if (a.id == ActivationId::Mix) {
            prelu += mixMembers("self." + name, a, m.hidden[l], m.mixPerUnit);
            forward += "        h = mix(" + z + ", self." + name + ".mix_weights, self." + name +
                       ".functions)\n";
        } else {
            forward += "        h = " + torchActivation(a, z) + "\n";
        }
    }
    linears.push_back("self.output");
    std::vector<std::string> shape;
    for (int w : widths) shape.push_back(std::to_string(w));
    shape.push_back(std::to_string(m.outputDimension));
    return substitute(
        R"PY(class Mlp(nn.Module):
${DOC}

    def __init__(self):
        super().__init__()
${LAYERS}        self.output = nn.Linear(${LAST}, ${OUTPUTS})
${PRELU}        with torch.no_grad():  # ActLab's initial weights: one Random stream per layer
            for l, layer in enumerate(self.linears()):
                seed = MODEL_SEED * 1000003 + l
                layer.weight.copy_(initial_weight(layer.in_features, layer.out_features, seed))
                layer.bias.fill_(${BIAS_INIT})
            self.output.bias.zero_()

    def linears(self):
        return ${LINEARS}

    def weights(self):  # the matrices that L1/L2 and weight decay act on (not biases or slopes)
        return [layer.weight for layer in self.linears()]

    def forward(self, x):  # x (batch, ${INPUTS}) -> logits (batch, ${OUTPUTS})
${FORWARD}        return self.output(h)


)PY",
        {{"DOC", docstring("ActLab's MLP (core/models/mlp.cpp): " + join(shape, " -> ") +
                               ", [Linear -> " + activationNames(m) +
                               "] per hidden layer, then a Linear. The parameters "
                               "have ActLab's names (layer1.weight (out, in), "
                               "layer1.bias, ..., output.bias), as in the "
                               "safetensors files ActLab writes.",
                           4)},
         {"LAYERS", layers},
         {"LAST", std::to_string(widths.back())},
         {"OUTPUTS", std::to_string(m.outputDimension)},
         {"INPUTS", std::to_string(m.inputDimension)},
         {"PRELU", prelu},
         {"BIAS_INIT", pythonFloat(m.biasInit)},
         {"LINEARS", pythonList(linears, 15, 12)},
         {"FORWARD", forward}});
}

// The GLU-FFN's classes: GluBlock, then GluFfn with ${DOC}, ${INPUT}, ${BLOCKS}, ${BIASES},
// ${MATRICES} and ${FORWARD} to fill in.
constexpr const char* kGluClasses =
    R"PY(class GluBlock(nn.Module):
    """One residual gated block (core/models/glu_ffn.cpp): h' = h + W_o·(act(W_g·h + b_g) *
    (W_v·h + b_v)) + b_o, with W_g, W_v (d_ff, d_model) and W_o (d_model, d_ff)."""

    def __init__(self, d_model, d_ff, biases):
        super().__init__()
        self.gate = nn.Parameter(torch.empty(d_ff, d_model))
        self.value = nn.Parameter(torch.empty(d_ff, d_model))
        self.out = nn.Parameter(torch.empty(d_model, d_ff))
        self.gate_bias = nn.Parameter(torch.zeros(d_ff)) if biases else None
        self.value_bias = nn.Parameter(torch.zeros(d_ff)) if biases else None
        self.out_bias = nn.Parameter(torch.zeros(d_model)) if biases else None

    def forward(self, h, act):  # h (batch, d_model) -> (batch, d_model)
        m = act(F.linear(h, self.gate, self.gate_bias)) * F.linear(h, self.value, self.value_bias)
        return h + F.linear(m, self.out, self.out_bias)


class GluFfn(nn.Module):
${DOC}

    def __init__(self):
        super().__init__()
${INPUT}${BLOCKS}        self.head = nn.Linear(${D_MODEL}, ${OUTPUTS})
        with torch.no_grad():  # ActLab's initial weights: one Random stream per matrix, in order
            for k, w in enumerate(self.weights()):
                w.copy_(initial_weight(w.shape[1], w.shape[0], MODEL_SEED * 1000003 + k))
${BIASES}
    def weights(self):  # the matrices that L1/L2 and weight decay act on (not the biases)
        return ${MATRICES}

    def forward(self, x):  # x (batch, ${INPUTS}) -> logits (batch, ${OUTPUTS})
${FORWARD}        return self.head(h)


)PY";

// The GLU-FFN's layers as its docstring describes them: "an input projection 2 -> 16, 2 residual
// gated blocks (d_model 16, d_ff 43), a linear head 16 -> 3".
std::string gluShape(const ModelConfig& m, int f, bool project) {
    return (project ? "an input projection " + std::to_string(m.inputDimension) + " -> " +
                          std::to_string(m.dModel) + ", "
                    : std::string()) +
           std::to_string(m.blocks) + " residual gated blocks (d_model " +
           std::to_string(m.dModel) + ", d_ff " + std::to_string(f) + "), a linear head " +
           std::to_string(m.dModel) + " -> " + std::to_string(m.outputDimension);
}

// The biases' initial values after the weights': input and head biases 0, each block's gate
// bias m.biasInit when it is not 0.
std::string gluBiases(const ModelConfig& m, bool project,
                      const std::vector<std::string>& blockNames) {
    std::string biases = project ? "            self.input.bias.zero_()\n" : "";
    biases += "            self.head.bias.zero_()\n";
    if (m.biases && m.biasInit != 0)
        biases += "            for block in [" + join(blockNames, ", ") +
                  "]:\n                block.gate_bias.fill_(" + pythonFloat(m.biasInit) + ")\n";
    return biases;
}

std::string gluClasses(const ModelConfig& m) {
    const int f = gluFeedForwardWidth(m);
    const bool project = m.inputDimension != m.dModel;
    std::string blocks, forward = project ? "        h = self.input(x)\n" : "        h = x\n";
    std::vector<std::string> matrices, blockNames;
    if (project) matrices.push_back("self.input.weight");
    for (int b = 0; b < m.blocks; ++b) {
        const std::string name = "block" + std::to_string(b + 1);
        blockNames.push_back("self." + name);
        blocks += "        self." + name + " = GluBlock(" + std::to_string(m.dModel) + ", " +
                  std::to_string(f) + ", biases=" + (m.biases ? "True" : "False") + ")\n";
        const ActivationConfig a = layerActivation(m, size_t(b));
        if (a.id == ActivationId::Mix) {  // the gate's learnable function, after the block's own
            blocks += mixMembers("self." + name, a, f, m.mixPerUnit);
            forward += "        h = self." + name + "(h, lambda g: mix(g, self." + name +
                       ".mix_weights, self." + name + ".functions))\n";
        } else {
            forward += "        h = self." + name + "(h, " + gateCallable(a) + ")  # " +
                       std::string(a.info().name) + "\n";
        }
        for (const char* w : {".gate", ".value", ".out"}) matrices.push_back("self." + name + w);
    }
    matrices.push_back("self.head.weight");
    return substitute(
        kGluClasses,
        {{"DOC", docstring("ActLab's GLU-FFN: " + gluShape(m, f, project) +
                               ". The parameters have ActLab's names (block1.gate, "
                               "..., head.bias), as in the safetensors files ActLab "
                               "writes.",
                           4)},
         {"INPUT", project ? "        self.input = nn.Linear(" + std::to_string(m.inputDimension) +
                                 ", " + std::to_string(m.dModel) + ")\n"
                           : std::string()},
         {"BLOCKS", blocks},
         {"D_MODEL", std::to_string(m.dModel)},
         {"OUTPUTS", std::to_string(m.outputDimension)},
         {"INPUTS", std::to_string(m.inputDimension)},
         {"BIASES", gluBiases(m, project, blockNames)},
         {"MATRICES", pythonList(matrices, 15, 12)},
         {"FORWARD", forward}});
}

}  // namespace

std::string activationNames(const ModelConfig& m) {
    std::vector<std::string> names;
    for (const ActivationConfig& a : m.activations) names.push_back(activationSpec(a));
    return join(names, ",");
}

std::string trainingModelCode(const ModelConfig& m) {
    if (m.kind == ModelKind::GluFfn)  // its gates are torch functions, or a mix
        return (needsMix(m.activations) ? std::string(mixHelper()) : std::string()) +
               initialWeightFunction(m.init) + gluClasses(m);
    return helpers(m.activations) + initialWeightFunction(m.init) + mlpClass(m);
}

}  // namespace actlab::pytorch_export
