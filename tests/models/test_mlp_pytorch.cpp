// The MLP and the GLU-FFN against PyTorch: outputs and every parameter gradient of Model<double>
// and Model<float> on the cases of fixtures/mlp_torch.json, made by scripts/make_mlp_fixtures.py
// (nn.Linear, nn.PReLU, the gated units and the mix in float64 autograd). The parameters go in by
// name and shape, so this also pins ActLab's layouts to PyTorch's ((out, in) weights).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/model_factory.h"
#include "torch_fixture.h"

namespace actlab {
namespace {

using Json = nlohmann::ordered_json;  // keeps the fixture's parameter order

const test::TorchFixture<Json>& fixture() {
    static const test::TorchFixture<Json> cases(ACTLAB_MLP_FIXTURE);
    return cases;
}
const Json& findCase(const std::string& name) { return fixture().find(name); }
std::vector<std::string> caseNames() { return fixture().names(); }

ModelConfig configFrom(const Json& j) {
    ModelConfig c;
    std::string error;
    const auto activation = parseActivationSpec(j.at("activation").get<std::string>(), &error);
    if (!activation) throw std::runtime_error(error);
    c.activations = {*activation};
    c.mixPerUnit = j.value("mix_per_unit", false);
    c.inputDimension = j.at("input");
    c.outputDimension = j.at("outputs");
    if (j.at("kind") == "mlp") {
        c.kind = ModelKind::Mlp;
        c.hidden = j.at("hidden").get<std::vector<int>>();
        c.preluPerNeuron = j.at("prelu_per_neuron");
    } else {
        c.kind = ModelKind::GluFfn;
        c.dModel = j.at("d_model");
        c.blocks = j.at("blocks");
        c.dFf = j.at("d_ff");
        c.biases = j.at("biases");
    }
    return c;
}

std::vector<double> numbers(const Json& tensor) {
    return tensor.at("values").get<std::vector<double>>();
}

// PyTorch's shape of a parameter: (out, in) for a weight, (n) for a vector.
std::string shapeOf(const std::vector<int>& extents) {
    std::string text = "(";
    for (size_t i = 0; i < extents.size(); ++i)
        text += (i ? ", " : "") + std::to_string(extents[i]);
    return text + ")";
}

template <typename T>
std::string shapeOf(const Parameter<T>& p) {
    return p.isWeight || p.rows > 1 ? shapeOf({p.rows, p.cols}) : shapeOf({p.cols});
}

// max |actual − expected| / max |expected| over one tensor, or over `scale` when given.
template <typename T>
double relativeError(std::span<const T> actual, const std::vector<double>& expected, double scale) {
    if (actual.size() != expected.size()) return INFINITY;
    double difference = 0;
    for (size_t i = 0; i < expected.size(); ++i)
        difference = std::max(difference, std::abs(double(actual[i]) - expected[i]));
    return difference / scale;
}

double largestMagnitude(const std::vector<double>& values) {
    double largest = 0;
    for (double v : values) largest = std::max(largest, std::abs(v));
    return largest;
}

struct Errors {
    double output = 0, gradient = 0;
    std::string where;
};

// Builds Model<T> from the case, loads its parameters by name, runs forward and backward of
// L = Σ r ⊙ output, and measures each result against PyTorch.
template <typename T>
Errors runCase(const Json& k) {
    std::string error;
    std::unique_ptr<Model<T>> model = createModel<T>(configFrom(k.at("config")), &error);
    if (!model) throw std::runtime_error(error);

    // The same names with the same shapes as PyTorch's parameters.
    std::vector<std::string> ours, theirs;
    for (const Parameter<T>* p : model->parameters()) ours.push_back(p->name + " " + shapeOf(*p));
    for (const auto& [name, tensor] : k.at("parameters").items())
        theirs.push_back(name + " " + shapeOf(tensor.at("shape").template get<std::vector<int>>()));
    EXPECT_EQ(ours, theirs);
    for (Parameter<T>* p : model->parameters()) {
        const std::vector<double> values = numbers(k.at("parameters").at(p->name));
        if (values.size() != p->value.size()) throw std::runtime_error("size of " + p->name);
        std::transform(values.begin(), values.end(), p->value.begin(),
                       [](double v) { return T(v); });
    }

    const std::vector<double> inputValues = numbers(k.at("input"));
    const std::vector<T> input(inputValues.begin(), inputValues.end());
    const int batch = k.at("input").at("shape").at(0);
    const std::span<const T> output = model->forward(input, batch);
    const std::vector<double> expected = numbers(k.at("output"));
    Errors errors;
    errors.output = relativeError(output, expected, largestMagnitude(expected));

    const std::vector<double> r = numbers(k.at("output_gradient"));
    const std::vector<T> outputGradient(r.begin(), r.end());
    model->zeroGradients();
    model->backward(outputGradient);
    double scale = 0;
    for (const auto& [name, tensor] : k.at("gradients").items())
        scale = std::max(scale, largestMagnitude(numbers(tensor)));
    for (Parameter<T>* p : model->parameters()) {
        const double e = relativeError(std::span<const T>(p->grad),
                                       numbers(k.at("gradients").at(p->name)), scale);
        if (e > errors.gradient || errors.where.empty())
            errors.gradient = e, errors.where = p->name;
    }
    return errors;
}

void report(const char* precision, const std::string& name, const Errors& e) {
    std::cout << "[" << precision << "] " << name << ": output " << e.output << ", worst gradient "
              << e.gradient << " (" << e.where << ")\n";
}

class LayerModelVersusPyTorch : public ::testing::TestWithParam<std::string> {};

// Double: both sides compute in float64, so only summation order differs.
TEST_P(LayerModelVersusPyTorch, DoubleMatchesToRounding) {
    const Errors e = runCase<double>(findCase(GetParam()));
    report("double", GetParam(), e);
    EXPECT_LE(e.output, 1e-13);
    EXPECT_LE(e.gradient, 1e-13) << "d" << e.where;
}

// Float: single-precision ActLab against PyTorch's float64 results.
TEST_P(LayerModelVersusPyTorch, FloatMatchesToSinglePrecision) {
    const Errors e = runCase<float>(findCase(GetParam()));
    report("float", GetParam(), e);
    EXPECT_LE(e.output, 1e-5);
    EXPECT_LE(e.gradient, 1e-5) << "d" << e.where;
}

INSTANTIATE_TEST_SUITE_P(Fixture, LayerModelVersusPyTorch, ::testing::ValuesIn(caseNames()),
                         [](const auto& info) { return info.param; });

// The fixture covers both models, PReLU both ways, and gated blocks with and without biases
// and projection (a regenerated file that lost a case would otherwise pass silently).
TEST(LayerModelFixture, CoversEveryKindOfLayer) {
    std::set<std::string> seen;
    for (const Json& c : fixture().cases()) {
        const Json& j = c.at("config");
        const std::string activation = j.at("activation");
        seen.insert(std::string(j.at("kind")) + " " + activation);
        if (activation == "prelu")
            seen.insert(j.at("prelu_per_neuron") ? "per neuron" : "per layer");
        if (j.at("kind") == "glu") {
            seen.insert(j.at("biases") ? "biases" : "no biases");
            seen.insert(j.at("input") == j.at("d_model") ? "square" : "projected");
        }
    }
    for (const char* expected :
         {"mlp tanh", "mlp relu", "mlp gelu", "mlp prelu", "per neuron", "per layer", "glu swiglu",
          "glu geglu", "glu reglu", "glu glu", "biases", "no biases", "square", "projected"})
        EXPECT_TRUE(seen.count(expected)) << expected;
}

}  // namespace
}  // namespace actlab
