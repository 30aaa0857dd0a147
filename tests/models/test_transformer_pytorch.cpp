// The Transformer against PyTorch: logits, cross-entropy loss and every parameter gradient of
// Transformer<double> and Transformer<float> on the cases of fixtures/transformer_torch.json,
// made by scripts/make_transformer_fixtures.py (a minGPT-style twin in float64 autograd).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "layers/losses.h"
#include "models/transformer.h"
#include "torch_fixture.h"

namespace actlab {
namespace {

using Json = nlohmann::ordered_json;  // keeps the fixture's named_parameters order

const test::TorchFixture<Json>& fixture() {
    static const test::TorchFixture<Json> cases(ACTLAB_TRANSFORMER_FIXTURE);
    return cases;
}
const Json& findCase(const std::string& name) { return fixture().find(name); }
std::vector<std::string> caseNames() { return fixture().names(); }

ActivationConfig activation(const Json& name) {
    std::string error;
    const auto config = parseActivationSpec(name.get<std::string>(), &error);
    if (!config) throw std::runtime_error(error);
    return *config;
}

TransformerConfig configFrom(const Json& j) {
    TransformerConfig c;
    c.vocabulary = j.at("vocab");
    c.sequence = j.at("seq");
    c.dModel = j.at("d_model");
    c.heads = j.at("heads");
    c.layers = j.at("layers");
    c.dFf = j.at("d_ff");
    c.ffn = parseFeedForward(j.at("ffn").get<std::string>()).value();
    c.ffnActivation = activation(j.at("ffn_activation"));
    c.qkvActivation = activation(j.at("qkv_activation"));
    c.norm = parseNormPlacement(j.at("norm").get<std::string>()).value();
    c.causal = j.at("causal");
    c.outputs = j.at("outputs");
    c.pooled = j.at("pool");
    c.mixPerUnit = j.value("mix_per_unit", false);
    return c;
}

std::vector<double> numbers(const Json& values) { return values.get<std::vector<double>>(); }

Shape shapeFrom(const Json& extents) {
    const std::vector<Index> e = extents.get<std::vector<Index>>();
    return Shape(std::span<const Index>(e));
}

// The worst error of one comparison and where it was.
struct Worst {
    double error = 0;
    std::string where;
    void update(double e, const std::string& name) {
        if (e > error || where.empty()) error = e, where = name;
    }
};

double largestMagnitude(const Json& values) {
    double largest = 0;
    for (double v : numbers(values)) largest = std::max(largest, std::abs(v));
    return largest;
}

// max |actual − expected| / scale over one tensor, scale being max |expected| or, for a tensor
// that is zero to rounding (below 1e-12 · fallback), the fallback. Gradients vanish exactly
// where softmax ignores a parameter: with identity Q/K/V, k's bias shifts every score of a row
// by q·b (PyTorch gives ~1e-17 there), so the case's largest gradient is the scale.
template <typename T>
double relativeError(const std::vector<T>& actual, const Json& expected, double fallback) {
    const std::vector<double> e = numbers(expected);
    if (actual.size() != e.size()) return INFINITY;
    double difference = 0;
    for (size_t i = 0; i < e.size(); ++i)
        difference = std::max(difference, std::abs(double(actual[i]) - e[i]));
    const double scale = largestMagnitude(expected);
    return difference / (scale < 1e-12 * fallback ? fallback : scale);
}

struct Errors {
    double loss = 0;
    Worst logits, gradient;
};

// Builds Transformer<T> from the case, loads its parameters, runs forward, the mean
// cross-entropy and backward, and measures each result against PyTorch.
template <typename T>
Errors runCase(const Json& k) {
    std::string error;
    auto model = Transformer<T>::create(configFrom(k.at("config")), &error);
    if (!model) throw std::runtime_error(error);

    // The same names, in the same order, with the same shapes, as PyTorch's named_parameters.
    std::vector<std::string> ours, theirs;
    for (Parameter<T>* p : model->parameters())
        ours.push_back(p->name + " " + Transformer<T>::parameterShape(*p).toString());
    for (const auto& [name, tensor] : k.at("parameters").items())
        theirs.push_back(name + " " + shapeFrom(tensor.at("shape")).toString());
    EXPECT_EQ(ours, theirs);
    EXPECT_EQ(k.at("gradients").size(), k.at("parameters").size());
    for (const auto& [name, tensor] : k.at("parameters").items()) {
        Parameter<T>* p = model->findParameter(name);
        if (!p) throw std::runtime_error("the model has no " + name);
        const std::vector<double> values = numbers(tensor.at("values"));
        if (values.size() != p->value.size()) throw std::runtime_error("size of " + name);
        std::transform(values.begin(), values.end(), p->value.begin(),
                       [](double v) { return T(v); });
    }

    const TokenTensor tokens(shapeFrom(k.at("tokens").at("shape")),
                             k.at("tokens").at("values").get<std::vector<Token>>());
    const ConstTensorView<T> logits = model->forward(tokens);
    Errors errors;
    EXPECT_EQ(logits.shape(), shapeFrom(k.at("logits").at("shape")));
    const std::vector<T> logitValues(logits.data(), logits.data() + logits.size());
    const double logitScale = largestMagnitude(k.at("logits").at("values"));
    errors.logits.update(relativeError(logitValues, k.at("logits").at("values"), logitScale),
                         "logits");

    const std::vector<Token> targetValues = k.at("targets").get<std::vector<Token>>();
    const TokenTensor targets(Shape{Index(targetValues.size())}, targetValues);
    Tensor<T> probs(logits.shape()), losses(Shape{logits.extent(0)}), dlogits(logits.shape());
    const double loss = crossEntropyForward<T>(probs, losses, logits, targets);
    const double expectedLoss = k.at("loss");
    errors.loss = std::abs(loss - expectedLoss) / std::abs(expectedLoss);
    crossEntropyBackward<T>(dlogits, probs, targets);

    model->zeroGradients();
    model->backward(dlogits);
    double gradientScale = 0;
    for (const auto& [name, tensor] : k.at("gradients").items())
        gradientScale = std::max(gradientScale, largestMagnitude(tensor.at("values")));
    for (const auto& [name, tensor] : k.at("gradients").items()) {
        const Parameter<T>* p = model->findParameter(name);
        if (!p) throw std::runtime_error("the model has no " + name);
        errors.gradient.update(relativeError(p->grad, tensor.at("values"), gradientScale), name);
    }
    return errors;
}

void report(const char* precision, const std::string& name, const Errors& e) {
    std::cout << "[" << precision << "] " << name << ": loss " << e.loss << ", logits "
              << e.logits.error << ", worst gradient " << e.gradient.error << " ("
              << e.gradient.where << ")\n";
}

class TransformerVersusPyTorch : public ::testing::TestWithParam<std::string> {};

// Double: both sides compute in float64, so only summation order differs.
TEST_P(TransformerVersusPyTorch, DoubleMatchesToRounding) {
    const Json& k = findCase(GetParam());
    const Errors e = runCase<double>(k);
    report("double", GetParam(), e);
    EXPECT_LE(e.loss, 1e-12);
    EXPECT_LE(e.logits.error, 1e-12);
    EXPECT_LE(e.gradient.error, 1e-10) << "d" << e.gradient.where;
}

// Float: single-precision ActLab against PyTorch's float64 results.
TEST_P(TransformerVersusPyTorch, FloatMatchesToSinglePrecision) {
    const Json& k = findCase(GetParam());
    const Errors e = runCase<float>(k);
    report("float", GetParam(), e);
    EXPECT_LE(e.loss, 1e-5);
    EXPECT_LE(e.logits.error, 1e-5);
    EXPECT_LE(e.gradient.error, 1e-4) << "d" << e.gradient.where;
}

INSTANTIATE_TEST_SUITE_P(Fixture, TransformerVersusPyTorch, ::testing::ValuesIn(caseNames()),
                         [](const auto& info) { return info.param; });

// The fixture covers every axis of the configuration (a regenerated file that lost a case
// would otherwise pass silently).
TEST(TransformerVersusPyTorchFixture, CoversEveryAxis) {
    bool seen[2][2] = {};  // [post][causal]
    std::vector<std::string> ffns, qkv;
    bool pooled = false, perToken = false, ignored = false, deep = false;
    for (const Json& k : fixture().cases()) {
        const TransformerConfig c = configFrom(k.at("config"));
        seen[c.norm == NormPlacement::Post][c.causal] = true;
        ffns.push_back(std::string(feedForwardName(c.ffn)) + "/" +
                       std::string(c.ffnActivation.info().name));
        qkv.push_back(std::string(c.qkvActivation.info().name));
        (c.pooled ? pooled : perToken) = true;
        for (const Json& t : k.at("targets")) ignored = ignored || t == kIgnoreTarget;
        deep = deep || (c.layers >= 3 && c.heads >= 4);
    }
    EXPECT_GE(fixture().cases().size(), 9u);
    for (const auto& row : seen)
        for (bool s : row) EXPECT_TRUE(s);
    for (const char* f : {"plain/gelu", "plain/mish", "gated/swiglu", "gated/geglu", "none/gelu"})
        EXPECT_NE(std::find(ffns.begin(), ffns.end(), f), ffns.end()) << f;
    for (const char* a : {"identity", "relu", "gelu"})
        EXPECT_NE(std::find(qkv.begin(), qkv.end(), a), qkv.end()) << a;
    EXPECT_TRUE(pooled && perToken && ignored && deep);
}

}  // namespace
}  // namespace actlab
