// Every model's backward() against central finite differences of the loss, in double.
#include <gtest/gtest.h>

#include <cmath>

#include "common/random.h"
#include "layers/batch_loss.h"
#include "models/model_factory.h"

namespace actlab {
namespace {

struct GradientCase {
    const char* label;
    ModelKind kind;
    const char* activation;
    LossKind loss;
    int outputs;
    bool preluPerNeuron = false;
    bool biases = true;
};

void PrintTo(const GradientCase& c, std::ostream* os) { *os << c.label; }

class ModelGradients : public ::testing::TestWithParam<GradientCase> {};

double lossOf(Model<double>& model, const std::vector<double>& x, int batch, LossKind kind,
              const std::vector<float>& targets) {
    const auto out = model.forward(x, batch);
    return computeLoss<double>(kind, out, batch, model.outputDimension(), targets, {}).loss;
}

TEST_P(ModelGradients, BackwardMatchesCentralDifferences) {
    const GradientCase& c = GetParam();
    ModelConfig config;
    config.kind = c.kind;
    config.inputDimension = 3;
    config.outputDimension = c.outputs;
    config.hidden = {5, 4};
    config.dModel = 4;
    config.blocks = 2;
    config.dFf = 6;
    config.biases = c.biases;
    config.preluPerNeuron = c.preluPerNeuron;
    config.biasInit = 0.1;
    config.activations = {ActivationConfig::withDefaults(findActivation(c.activation)->id)};
    config.seed = 11;
    std::string error;
    auto model = createModel<double>(config, &error);
    ASSERT_TRUE(model) << error;

    const int batch = 6;
    Random random(5);
    std::vector<double> x(size_t(batch) * 3);
    for (double& v : x) v = random.normal();
    std::vector<float> targets(batch);
    for (float& t : targets)
        t = c.loss == LossKind::Mse ? float(random.normal())
                                    : float(random.below(c.outputs == 1 ? 2 : c.outputs));

    const auto out = model->forward(x, batch);
    std::vector<double> gradient(out.size());
    computeLoss<double>(c.loss, out, batch, c.outputs, targets, gradient);
    model->zeroGradients();
    model->backward(gradient);

    int checked = 0;
    for (Parameter<double>* p : model->parameters()) {
        for (size_t i = 0; i < p->size(); ++i) {
            const double saved = p->value[i];
            const double h = 1e-6 * std::max(1.0, std::abs(saved));
            p->value[i] = saved + h;
            const double up = lossOf(*model, x, batch, c.loss, targets);
            p->value[i] = saved - h;
            const double down = lossOf(*model, x, batch, c.loss, targets);
            p->value[i] = saved;
            const double numeric = (up - down) / (2 * h);
            EXPECT_NEAR(p->grad[i], numeric, 1e-7 + 1e-5 * std::abs(numeric))
                << p->name << '[' << i << ']';
            ++checked;
        }
    }
    EXPECT_EQ(size_t(checked), model->parameterCount());
}

// clang-format off
const GradientCase kCases[] = {
    {"MlpReluBce",            ModelKind::Mlp,    "relu",       LossKind::BceWithLogits,       1},
    {"MlpLeakyReluBce",       ModelKind::Mlp,    "leaky_relu", LossKind::BceWithLogits,       1},
    {"MlpPreluPerLayer",      ModelKind::Mlp,    "prelu",      LossKind::BceWithLogits,       1},
    {"MlpPreluPerNeuron",     ModelKind::Mlp,    "prelu",      LossKind::SoftmaxCrossEntropy, 3, true},
    {"MlpGeluSoftmax",        ModelKind::Mlp,    "gelu",       LossKind::SoftmaxCrossEntropy, 3},
    {"MlpTanhMse",            ModelKind::Mlp,    "tanh",       LossKind::Mse,                 1},
    {"MlpSigmoidBce",         ModelKind::Mlp,    "sigmoid",    LossKind::BceWithLogits,       1},
    {"MlpMishSoftmax",        ModelKind::Mlp,    "mish",       LossKind::SoftmaxCrossEntropy, 4},
    {"MlpEluMse",             ModelKind::Mlp,    "elu",        LossKind::Mse,                 1},
    {"MlpSwishBce",           ModelKind::Mlp,    "swish",      LossKind::BceWithLogits,       1},
    {"MlpGeluTanhBce",        ModelKind::Mlp,    "gelu_tanh",  LossKind::BceWithLogits,       1},
    {"GluSwigluSoftmax",      ModelKind::GluFfn, "swiglu",     LossKind::SoftmaxCrossEntropy, 3},
    {"GluGegluBce",           ModelKind::GluFfn, "geglu",      LossKind::BceWithLogits,       1},
    {"GluRegluMse",           ModelKind::GluFfn, "reglu",      LossKind::Mse,                 1},
    {"GluGluBceNoBias",       ModelKind::GluFfn, "glu",        LossKind::BceWithLogits,       1, false, false},
};
// clang-format on

INSTANTIATE_TEST_SUITE_P(Models, ModelGradients, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return std::string(info.param.label); });

TEST(ModelGradients, SquareGluWithoutProjectionMatchesToo) {
    ModelConfig config;
    config.kind = ModelKind::GluFfn;
    config.inputDimension = 4;  // == dModel: no input projection, as in the swiglu-ffn workload
    config.outputDimension = 3;
    config.dModel = 4;
    config.blocks = 1;
    config.dFf = 5;
    config.biases = false;
    config.activations = {ActivationConfig::withDefaults(ActivationId::Swiglu)};
    auto model = createModel<double>(config, nullptr);
    ASSERT_TRUE(model);
    EXPECT_EQ(model->parameterCount(), size_t(3 * 4 * 5 + 4 * 3 + 3));
}

TEST(ModelConfigChecks, RejectsLayoutsBeyondTheLimits) {
    ModelConfig config;
    config.hidden = std::vector<int>(9, 8);
    EXPECT_TRUE(validateModelConfig(config).has_value());
    config.hidden = {513};
    EXPECT_TRUE(validateModelConfig(config).has_value());
    config.hidden = {512, 512, 512, 512, 512, 512, 512, 512};
    EXPECT_FALSE(validateModelConfig(config).has_value());
    config.activations = {ActivationConfig::withDefaults(ActivationId::Swiglu)};
    EXPECT_TRUE(validateModelConfig(config).has_value());  // gated unit in an MLP
    config.kind = ModelKind::GluFfn;
    EXPECT_FALSE(validateModelConfig(config).has_value());
    config.activations = {ActivationConfig::withDefaults(ActivationId::Relu)};
    EXPECT_TRUE(validateModelConfig(config).has_value());  // scalar unit in a GLU block
}

TEST(GluParameterCounts, EightThirdsRuleMatchesTheStandardFfn) {
    ModelConfig config;
    config.dModel = 48;  // 8·48/3 = 128 exactly
    config.biases = false;
    EXPECT_EQ(gluFeedForwardWidth(config), 128);
    const GluParameterCounts counts = gluParameterCounts(config);
    EXPECT_EQ(counts.block, 3LL * 48 * 128);
    EXPECT_EQ(counts.block, counts.plainFourTimes);          // 8·d² both
    EXPECT_EQ(counts.block * 2, counts.plainSameWidth * 3);  // 3/2 of a plain FFN of the same d_ff
}

}  // namespace
}  // namespace actlab
