// Internal to core/export: the pieces both PyTorch scripts share — Python text from templates
// with ${NAME} fields, Python literals, the torch form of each catalogue function, and the
// Python fragments (ActLab's random generator, the safetensors reader, the optimizer).
#pragma once

#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "activations/catalogue.h"
#include "models/model_factory.h"
#include "optimizers/optimizer.h"

namespace actlab::pytorch_export {

using Fields = std::initializer_list<std::pair<std::string_view, std::string>>;

// `text` with every ${NAME} replaced by its field; an unknown name is a programming error
// (std::logic_error), so that a template never leaves a hole in a script.
std::string substitute(std::string_view text, Fields fields);

// A Python literal that reads back to the same double ("0.01", "1e-05", "2.0").
std::string pythonFloat(double value);
// "[a, b, c]" for a line that starts at `column`, or the items on lines of their own at
// `indent` spaces, closed by "]" at indent − 4, when that is wider than 100 columns.
std::string pythonList(std::span<const std::string> items, int column, int indent);
// `text` broken at spaces into lines of at most `width` columns: the first line starts with
// `first`, the others with `prefix` ("    " in a docstring, "# " in a comment); no final newline.
std::string wrapText(std::string_view text, std::string_view first, std::string_view prefix,
                     int width = 100);
// A docstring at `indent` spaces: """text""", wrapped.
std::string docstring(std::string_view text, int indent);
// The items joined with ", " into lines of at most `width` columns, each line indented by
// `indent` spaces and ending in a comma (the body of a Python list).
std::string wrappedItems(std::span<const std::string> items, int indent, int width = 100);

// The torch expression of a scalar catalogue function applied to the Python expression `x`:
// "F.relu(x)", "F.leaky_relu(x, 0.01)", "x * torch.sigmoid(1.702 * x)". PReLU's α is fixed
// here (the MLP makes it a parameter itself). Gated units give their gate: act(x).
std::string torchActivation(const ActivationConfig& activation, const std::string& x);
// A mix's components as Python callables: "F.relu", "lambda x: swish(x, 1.702)".
std::vector<std::string> mixFunctions(const ActivationConfig& mix);
// The lines that give module `owner` ("self.layer1") a mix: its weights `owner.mix_weights`
// (zeros of mixShape) and its functions `owner.functions`, indented by 8.
std::string mixMembers(const std::string& owner, const ActivationConfig& mix, int units,
                       bool perUnit);
// The shape of a mix's weights: "(4,)" for one mixture per site, "(32, 4)" for one per unit.
std::string mixShape(const ActivationConfig& mix, int units, bool perUnit);
// The mix(z, weights, functions) function and the Mix module (weights named mix_weights).
std::string_view mixHelper();
// Whether a script needs the swish helper or mixHelper() for these activations.
bool needsSwish(std::span<const ActivationConfig> activations);
bool needsMix(std::span<const ActivationConfig> activations);

// A fan-based initialiser of core/models/weight_init.cpp in Python: what it is called, the line
// that computes its scale from n_in and n_out ("sd = …" or "limit = …"), and one draw from
// `random` at that scale.
struct InitialiserCode {
    std::string name, scale, draw;
};
InitialiserCode initialiserCode(Initialiser init);

// main(): with --weights FILE, load_weights(model, FILE) and print the logits of `inputs` (a
// Python expression; `rows` says what they are, `help` is the flag's help); without, `train`
// (Python lines at 8 spaces) trains and prints the figures.
std::string mainFunction(const std::string& model, const std::string& inputs,
                         const std::string& rows, const std::string& help,
                         const std::string& train);

// ActLab's Random (core/common/random.h) in Python: MASK, _rotate and class Random.
std::string_view randomClass();
// load_weights(model, path): a safetensors file's F32 tensors into the model by name, with a
// one-line error for a file that is not this model's.
std::string_view weightsLoader();

// make_optimizer(model): ActLab's optimizer over model.parameters(), weight decay on
// model.weights() only, and its learning-rate schedule (a LambdaLR); clipGradients(): the clip
// line of a training step (empty without clipping), indented for the loop.
std::string optimizerCode(const OptimizerConfig& optimizer);
std::string clipLine(const OptimizerConfig& optimizer, int indent);
// One line saying what the optimizer is: "adam (lr 0.001)", "sgd (lr 0.1, clip 1)".
std::string optimizerSummary(const OptimizerConfig& optimizer);

}  // namespace actlab::pytorch_export
