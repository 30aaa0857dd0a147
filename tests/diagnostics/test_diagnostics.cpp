// diagnoseModel and countRevivals on an MLP whose weights are set by hand: one hidden unit has a
// bias so negative that it is dead on every input; the expected shares, histogram, norms and
// vanishing fraction are worked out here from the weights (a naive forward/backward).
#include <gtest/gtest.h>

#include <cmath>

#include "diagnostics/diagnostics.h"
#include "layers/batch_loss.h"
#include "models/model_factory.h"

namespace actlab {
namespace {

// Four inputs (x1, x2) and their labels.
const std::vector<float> kInputs{1.0f, 1.0f, -1.0f, 0.5f, 0.5f, -1.0f, -1.0f, -1.0f};
const std::vector<float> kTargets{1.0f, 0.0f, 1.0f, 0.0f};
constexpr int kRows = 4;

// 2 → 3 → 1. Unit 0: z = x1; unit 1: z = x2 − 100 (dead on all inputs); unit 2: z = x1 + x2 + 0.25.
// W1 is (out, in) = (3, 2) row-major, PyTorch's layout; output weights (0.5, −0.7, 0.3), output
// bias 0.
const std::vector<float> kW1{1.0f, 0.0f, 0.0f, 1.0f, 1.0f, 1.0f};
const std::vector<float> kB1{0.0f, -100.0f, 0.25f};
const std::vector<float> kWo{0.5f, -0.7f, 0.3f};

Parameter<float>& find(Model<float>& model, const std::string& name) {
    for (Parameter<float>* p : model.parameters())
        if (p->name == name) return *p;
    ADD_FAILURE() << "no parameter " << name;
    static Parameter<float> none;
    return none;
}

std::unique_ptr<Model<float>> handBuilt(ActivationId activation, float deadBias = -100.0f) {
    ModelConfig config;
    config.inputDimension = 2;
    config.outputDimension = 1;
    config.hidden = {3};
    config.activations = {ActivationConfig::withDefaults(activation)};
    std::string error;
    auto model = createModel<float>(config, &error);
    EXPECT_TRUE(model) << error;
    find(*model, "layer1.weight").value = kW1;
    find(*model, "layer1.bias").value = kB1;
    find(*model, "layer1.bias").value[1] = deadBias;
    find(*model, "output.weight").value = kWo;
    find(*model, "output.bias").value = {0.0f};
    return model;
}

// Full-batch forward, BCE gradient, backward, then the diagnosis (as the trainer does it).
ModelDiagnostics diagnose(Model<float>& model) {
    const std::span<const float> out = model.forward(kInputs, kRows);
    std::vector<float> gradient(out.size());
    computeLoss<float>(LossKind::BceWithLogits, out, kRows, 1, kTargets, gradient);
    model.zeroGradients();
    model.backward(gradient);
    return diagnoseModel(model, kRows);
}

TEST(DeadUnits, AUnitBelowZeroOnEveryInputIsDeadOthersHaveTheirShare) {
    auto model = handBuilt(ActivationId::Relu);
    const ModelDiagnostics d = diagnose(*model);
    ASSERT_EQ(d.layers.size(), 1u);
    const LayerDiagnostics& layer = d.layers[0];
    EXPECT_EQ(layer.name, "hidden 1");
    EXPECT_EQ(layer.width, 3);
    // z0 = x1 = (1, −1, 0.5, −1): positive on 2 of 4; z2 = (2.25, −0.25, −0.25, −1.75): 1 of 4
    EXPECT_EQ(layer.passShare, (std::vector<float>{0.5f, 0.0f, 0.25f}));
    EXPECT_EQ(layer.dead, (std::vector<unsigned char>{0, 1, 0}));
    EXPECT_DOUBLE_EQ(layer.deadFraction, 1.0 / 3.0);
    EXPECT_DOUBLE_EQ(d.deadFraction, 1.0 / 3.0);
}

TEST(DeadUnits, LeakyReluNeverDies) {
    // f′ = 0.01 below zero, above the 1e-6 pass threshold
    auto model = handBuilt(ActivationId::LeakyRelu);
    const ModelDiagnostics d = diagnose(*model);
    EXPECT_EQ(d.layers[0].passShare, (std::vector<float>{1.0f, 1.0f, 1.0f}));
    EXPECT_EQ(d.deadFraction, 0.0);
}

// Issue 7: every leaky unit passes gradient, so the gradient colouring is uniform; the share of
// inputs with z > 0 shows which are "off": unit 0 (z = x1) on 2 of 4, unit 1 never, unit 2
// (z = x1 + x2 + 0.25) only on (1, 1).
TEST(DeadUnits, TheActiveShareShowsLeakyUnitsThatAreOff) {
    auto model = handBuilt(ActivationId::LeakyRelu);
    const ModelDiagnostics d = diagnose(*model);
    EXPECT_EQ(d.layers[0].passShare, (std::vector<float>{1.0f, 1.0f, 1.0f}));
    EXPECT_EQ(d.layers[0].activeShare, (std::vector<float>{0.5f, 0.0f, 0.25f}));
    EXPECT_EQ(d.layers[0].deadFraction, 0.0);
}

TEST(DeadUnits, ASaturatedSigmoidPassesNoGradient) {
    // σ′(−100) ≈ 4e−44 < 1e−6, while σ′ of the other units' z (|z| ≤ 2.25) is above 0.08
    auto model = handBuilt(ActivationId::Sigmoid);
    const ModelDiagnostics d = diagnose(*model);
    EXPECT_EQ(d.layers[0].dead, (std::vector<unsigned char>{0, 1, 0}));
    EXPECT_EQ(d.layers[0].passShare[0], 1.0f);
}

TEST(DeadUnits, ABiasJustAboveTheInputsKeepsTheUnitAlive) {
    // unit 1 with bias −0.75: z1 = x2 − 0.75 = (0.25, −0.25, −1.75, −1.75): alive on 1 of 4
    auto model = handBuilt(ActivationId::Relu, -0.75f);
    const ModelDiagnostics d = diagnose(*model);
    EXPECT_EQ(d.layers[0].passShare[1], 0.25f);
    EXPECT_EQ(d.deadFraction, 0.0);
}

TEST(ActivationHistogram, CountsEveryOutputIntoItsBin) {
    auto model = handBuilt(ActivationId::Relu);
    const LayerDiagnostics layer = diagnose(*model).layers[0];
    // f(z): unit 0 (1, 0, 0.5, 0), unit 1 zeros, unit 2 (2.25, 0, 0, 0); range [0, 2.25], 24 bins:
    // bin(a) = ⌊a / 2.25 · 24⌋, the top value in the last bin.
    EXPECT_FLOAT_EQ(layer.histogramLow, 0.0);
    EXPECT_FLOAT_EQ(layer.histogramHigh, 2.25);
    std::vector<int> expected(kHistogramBins, 0);
    expected[0] = 9;
    expected[5] = 1;   // 0.5
    expected[10] = 1;  // 1.0
    expected[23] = 1;  // 2.25
    EXPECT_EQ(layer.histogram, expected);
}

// The naive backward of the hand-built net: ∂L/∂W1 (2×3) and ∂L/∂θ for every parameter.
struct NaiveGradients {
    double w1[2][3] = {}, b1[3] = {}, wo[3] = {}, bo = 0;
};
NaiveGradients naiveBackward() {
    NaiveGradients g;
    for (int r = 0; r < kRows; ++r) {
        const double x[2] = {kInputs[2 * r], kInputs[2 * r + 1]};
        double z[3], h[3], out = 0;
        for (int j = 0; j < 3; ++j) {
            z[j] = x[0] * kW1[2 * j] + x[1] * kW1[2 * j + 1] + kB1[j];  // W1 is (out, in)
            h[j] = std::max(z[j], 0.0);
            out += h[j] * kWo[j];
        }
        const double dy = (1 / (1 + std::exp(-out)) - kTargets[r]) / kRows;  // BCE: (σ(y) − t)/B
        g.bo += dy;
        for (int j = 0; j < 3; ++j) {
            g.wo[j] += h[j] * dy;
            const double dz = z[j] > 0 ? dy * kWo[j] : 0.0;
            g.b1[j] += dz;
            for (int i = 0; i < 2; ++i) g.w1[i][j] += x[i] * dz;
        }
    }
    return g;
}

TEST(GradientFlow, NormsAreTheFrobeniusNormsOfTheFirstLayer) {
    auto model = handBuilt(ActivationId::Relu);
    const ModelDiagnostics d = diagnose(*model);
    const NaiveGradients g = naiveBackward();
    double squares = 0;
    for (auto& row : g.w1)
        for (double v : row) squares += v * v;
    EXPECT_NEAR(d.layers[0].gradientNorm, std::sqrt(squares), 1e-6);
    EXPECT_GT(d.layers[0].gradientNorm, 1e-3);
    EXPECT_DOUBLE_EQ(d.gradientNormFirst, d.layers[0].gradientNorm);
    EXPECT_DOUBLE_EQ(d.gradientNormLast, d.layers[0].gradientNorm);  // one hidden layer
    EXPECT_NEAR(d.layers[0].weightNorm, 2.0, 1e-12);                 // four weights of 1, two of 0
}

TEST(GradientFlow, VanishingFractionCountsTheDeadUnitsParameters) {
    // zero gradients: W1's column of unit 1 (2), its bias (1) and its output weight (h = 0): 4 of
    // 13
    auto model = handBuilt(ActivationId::Relu);
    const ModelDiagnostics d = diagnose(*model);
    const NaiveGradients g = naiveBackward();
    int zero = 0;
    for (auto& row : g.w1)
        for (double v : row) zero += std::abs(v) < kVanishingThreshold;
    for (int j = 0; j < 3; ++j)
        zero +=
            (std::abs(g.b1[j]) < kVanishingThreshold) + (std::abs(g.wo[j]) < kVanishingThreshold);
    zero += std::abs(g.bo) < kVanishingThreshold;
    ASSERT_EQ(zero, 4);  // the oracle agrees with the count above
    EXPECT_DOUBLE_EQ(d.vanishingFraction, 4.0 / 13.0);
    EXPECT_EQ(model->parameterCount(), 13u);
}

TEST(GradientFlow, PerLayerNormsFollowTheirLayers) {
    // 2 → 3 → 2 → 1 with seeded weights: the first/last norms are those of layer1/layer2.weight.
    ModelConfig config;
    config.hidden = {3, 2};
    config.activations = {ActivationConfig::withDefaults(ActivationId::Tanh)};
    config.seed = 5;
    auto model = createModel<float>(config, nullptr);
    ASSERT_TRUE(model);
    find(*model, "layer2.weight").value = {3, 0, 0, 4, 0, 0};  // Frobenius norm 5
    const ModelDiagnostics d = diagnose(*model);
    ASSERT_EQ(d.layers.size(), 2u);
    const auto norm = [](const std::vector<float>& v) {
        double s = 0;
        for (float x : v) s += double(x) * x;
        return std::sqrt(s);
    };
    EXPECT_NEAR(d.layers[1].weightNorm, 5.0, 1e-12);
    EXPECT_NEAR(d.layers[0].weightNorm, norm(find(*model, "layer1.weight").value), 1e-9);
    EXPECT_NEAR(d.gradientNormFirst, norm(find(*model, "layer1.weight").grad), 1e-9);
    EXPECT_NEAR(d.gradientNormLast, norm(find(*model, "layer2.weight").grad), 1e-9);
    EXPECT_GT(d.gradientNormFirst, 0.0);
    EXPECT_NE(d.gradientNormFirst, d.gradientNormLast);
}

TEST(Revivals, CountsUnitsThatWereDeadAndNowPass) {
    ModelDiagnostics before, after;
    before.layers.resize(2);
    after.layers.resize(2);
    before.layers[0].dead = {1, 1, 0};
    after.layers[0].dead = {0, 1, 1};  // unit 0 revived, unit 2 died: only revivals count
    before.layers[1].dead = {1, 1};
    after.layers[1].dead = {0, 0};
    EXPECT_EQ(countRevivals(before, after), 3);
    EXPECT_EQ(countRevivals(after, before), 1);
    EXPECT_EQ(countRevivals(before, before), 0);
}

TEST(Revivals, AUnitWhoseBiasRisesComesBack) {
    auto model = handBuilt(ActivationId::Relu);
    const ModelDiagnostics dead = diagnose(*model);
    find(*model, "layer1.bias").value[1] = 0.0f;  // z1 = x2 > 0 on rows 0 and 1
    const ModelDiagnostics alive = diagnose(*model);
    EXPECT_EQ(alive.layers[0].passShare[1], 0.5f);
    EXPECT_EQ(countRevivals(dead, alive), 1);
    EXPECT_EQ(countRevivals(alive, dead), 0);
}

}  // namespace
}  // namespace actlab
