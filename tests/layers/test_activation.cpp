// Activation layer and gated units: GELU, ReLU, tanh and the gated entries worked by hand,
// gradients against central differences for every catalogue entry, float against double,
// accumulation and the messages of wrong kinds and shapes.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>
#include <string>

#include "activations/catalogue.h"
#include "layer_test_support.h"
#include "layers/activation.h"

namespace actlab {
namespace {

using namespace layer_test;

ActivationConfig configOf(ActivationId id) { return ActivationConfig::withDefaults(id); }

// The message of the std::invalid_argument that `call` throws; fails the test if none is thrown.
template <typename Call>
std::string invalidArgumentOf(Call call) {
    try {
        call();
    } catch (const std::invalid_argument& error) {
        return error.what();
    }
    ADD_FAILURE() << "no std::invalid_argument was thrown";
    return {};
}

TEST(Activation, GeluReluAndTanhMatchHandWorkedValues) {
    const Tensor<double> inp(Shape{3}, {1.0, 0.0, -0.5});
    Tensor<double> out(inp.shape()), derivative(inp.shape());
    activationForward<double>(out, derivative, inp, configOf(ActivationId::Gelu));
    EXPECT_NEAR(out.span()[0], 0.8413447460685429, 1e-15);         // 1 · Φ(1)
    EXPECT_NEAR(derivative.span()[0], 1.0833154705876864, 1e-15);  // Φ(1) + 1 · φ(1)
    EXPECT_EQ(out.span()[1], 0.0);
    EXPECT_NEAR(derivative.span()[1], 0.5, 1e-15);  // Φ(0)
    EXPECT_NEAR(out.span()[2], -0.15426876936299344, 1e-15);

    const Tensor<double> mixed(Shape{2, 2}, {-2.0, 0.5, 3.0, -0.25});
    Tensor<double> relu(mixed.shape()), reluSlope(mixed.shape());
    activationForward<double>(relu, reluSlope, mixed, configOf(ActivationId::Relu));
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(relu.span()[i], std::max(0.0, mixed.span()[i]));
        EXPECT_EQ(reluSlope.span()[i], mixed.span()[i] > 0 ? 1.0 : 0.0);
    }

    const Tensor<double> half(Shape{1}, {0.5});
    Tensor<double> tanhOut(Shape{1}), tanhSlope(Shape{1});
    activationForward<double>(tanhOut, tanhSlope, half, configOf(ActivationId::Tanh));
    EXPECT_NEAR(tanhOut.span()[0], 0.46211715726000974, 1e-15);
    EXPECT_NEAR(tanhSlope.span()[0], 0.7864477329659274, 1e-15);  // 1 − tanh²(0.5)
}

TEST(Activation, GatedUnitsMatchHandWorkedValues) {
    const Tensor<double> gate(Shape{1}, {1.0}), value(Shape{1}, {2.0});
    Tensor<double> out(Shape{1}), dGate(Shape{1}), dValue(Shape{1});
    // SwiGLU: y = g·σ(g)·v with σ(1) = 0.7310585786300049; ∂y/∂g = (σ + g·σ(1 − σ))·v.
    gatedForward<double>(out, dGate, dValue, gate, value, configOf(ActivationId::Swiglu));
    EXPECT_NEAR(out.span()[0], 1.4621171572600098, 1e-15);
    EXPECT_NEAR(dGate.span()[0], 1.8553410237429735, 1e-15);
    EXPECT_NEAR(dValue.span()[0], 0.7310585786300049, 1e-15);

    // GLU: σ(g)·v; ReGLU: max(0, g)·v; GeGLU: GELU(g)·v, at g = 0.5 and −0.5, v = −1.5 and 3.
    const Tensor<double> gates(Shape{2}, {0.5, -0.5}), values(Shape{2}, {-1.5, 3.0});
    Tensor<double> y(Shape{2}), dy(Shape{2}), act(Shape{2});
    gatedForward<double>(y, dy, act, gates, values, configOf(ActivationId::Glu));
    EXPECT_NEAR(y.span()[0], -0.933688996802782, 1e-15);
    gatedForward<double>(y, dy, act, gates, values, configOf(ActivationId::Reglu));
    EXPECT_EQ(y.span()[0], -0.75);
    EXPECT_EQ(y.span()[1], 0.0);
    EXPECT_EQ(dy.span()[0], -1.5);  // relu′(0.5) · v
    EXPECT_EQ(dy.span()[1], 0.0);
    EXPECT_EQ(act.span()[1], 0.0);
    gatedForward<double>(y, dy, act, gates, values, configOf(ActivationId::Geglu));
    EXPECT_NEAR(y.span()[1], -0.4628063080889803, 1e-15);
}

TEST(Activation, EveryScalarEntryMatchesCentralDifferences) {
    for (const ActivationInfo& info : activationCatalogue()) {
        if (info.kind != ActivationKind::Scalar) continue;
        std::mt19937 rng(8);
        Tensor<double> inp = awayFromKinks(Shape{2, 3, 4}, rng);  // any rank: (B, T, C)
        const Tensor<double> r = randomTensor(inp.shape(), rng);
        const ActivationConfig config = configOf(info.id);
        Tensor<double> out(inp.shape()), derivative(inp.shape());
        auto loss = [&] {
            activationForward<double>(out, derivative, inp, config);
            return dot(r.view(), out.view());
        };
        loss();
        Tensor<double> dinp(inp.shape());
        activationBackward<double>(dinp, r, derivative);
        expectGradientsMatch(std::string(info.name), loss, {{"inp", &inp, &dinp}});
    }
}

TEST(Activation, EveryGatedEntryMatchesCentralDifferences) {
    int gatedEntries = 0;
    for (const ActivationInfo& info : activationCatalogue()) {
        if (info.kind != ActivationKind::Gated) continue;
        ++gatedEntries;
        std::mt19937 rng(9);
        Tensor<double> gate = awayFromKinks(Shape{3, 5}, rng);
        Tensor<double> value = randomTensor(gate.shape(), rng, -2, 2);
        const Tensor<double> r = randomTensor(gate.shape(), rng);
        const ActivationConfig config = configOf(info.id);
        Tensor<double> out(gate.shape()), dOutdGate(gate.shape()), dOutdValue(gate.shape());
        auto loss = [&] {
            gatedForward<double>(out, dOutdGate, dOutdValue, gate, value, config);
            return dot(r.view(), out.view());
        };
        loss();
        Tensor<double> dgate(gate.shape()), dvalue(gate.shape());
        gatedBackward<double>(dgate, dvalue, r, dOutdGate, dOutdValue);
        expectGradientsMatch(std::string(info.name), loss,
                             {{"gate", &gate, &dgate}, {"value", &value, &dvalue}});
    }
    EXPECT_EQ(gatedEntries, 4);  // glu, reglu, geglu, swiglu
}

TEST(Activation, FloatAgreesWithDouble) {
    std::mt19937 rng(10);
    const Tensor<double> inp = randomTensor(Shape{4, 8}, rng, -3, 3);
    const Tensor<double> value = randomTensor(inp.shape(), rng, -2, 2);
    const Tensor<double> r = randomTensor(inp.shape(), rng);
    const Tensor<float> inpF = inp.castTo<float>(), valueF = value.castTo<float>(),
                        rF = r.castTo<float>();
    for (ActivationId id : {ActivationId::Gelu, ActivationId::Silu, ActivationId::Tanh,
                            ActivationId::Softplus, ActivationId::Mish}) {
        Tensor<double> out(inp.shape()), derivative(inp.shape()), dinp(inp.shape());
        activationForward<double>(out, derivative, inp, configOf(id));
        activationBackward<double>(dinp, r, derivative);
        Tensor<float> outF(inp.shape()), derivativeF(inp.shape()), dinpF(inp.shape());
        activationForward<float>(outF, derivativeF, inpF, configOf(id));
        activationBackward<float>(dinpF, rF, derivativeF);
        const std::string name(activationInfo(id).name);
        EXPECT_LE(floatError(out.view(), outF.view()), kFloatTolerance) << name;
        EXPECT_LE(floatError(dinp.view(), dinpF.view()), kFloatTolerance) << name;
    }

    Tensor<double> y(inp.shape()), dGate(inp.shape()), dValue(inp.shape());
    Tensor<double> dgate(inp.shape()), dvalue(inp.shape());
    gatedForward<double>(y, dGate, dValue, inp, value, configOf(ActivationId::Swiglu));
    gatedBackward<double>(dgate, dvalue, r, dGate, dValue);
    Tensor<float> yF(inp.shape()), dGateF(inp.shape()), dValueF(inp.shape());
    Tensor<float> dgateF(inp.shape()), dvalueF(inp.shape());
    gatedForward<float>(yF, dGateF, dValueF, inpF, valueF, configOf(ActivationId::Swiglu));
    gatedBackward<float>(dgateF, dvalueF, rF, dGateF, dValueF);
    EXPECT_LE(floatError(y.view(), yF.view()), kFloatTolerance);
    EXPECT_LE(floatError(dgate.view(), dgateF.view()), kFloatTolerance);
    EXPECT_LE(floatError(dvalue.view(), dvalueF.view()), kFloatTolerance);
}

TEST(Activation, BackwardAccumulates) {
    std::mt19937 rng(11);
    const Tensor<double> inp = awayFromKinks(Shape{2, 3}, rng);
    const Tensor<double> value = randomTensor(inp.shape(), rng);
    const Tensor<double> r = randomTensor(inp.shape(), rng);
    Tensor<double> out(inp.shape()), derivative(inp.shape()), once(inp.shape()), twice(inp.shape());
    activationForward<double>(out, derivative, inp, configOf(ActivationId::Gelu));
    activationBackward<double>(once, r, derivative);
    activationBackward<double>(twice, r, derivative);
    activationBackward<double>(twice, r, derivative);
    for (Index i = 0; i < inp.size(); ++i) EXPECT_EQ(twice.span()[i], 2 * once.span()[i]);

    Tensor<double> dGate(inp.shape()), dValue(inp.shape());
    gatedForward<double>(out, dGate, dValue, inp, value, configOf(ActivationId::Geglu));
    Tensor<double> gateOnce(inp.shape()), valueOnce(inp.shape());
    Tensor<double> gateTwice(inp.shape()), valueTwice(inp.shape());
    gatedBackward<double>(gateOnce, valueOnce, r, dGate, dValue);
    gatedBackward<double>(gateTwice, valueTwice, r, dGate, dValue);
    gatedBackward<double>(gateTwice, valueTwice, r, dGate, dValue);
    for (Index i = 0; i < inp.size(); ++i) {
        EXPECT_EQ(gateTwice.span()[i], 2 * gateOnce.span()[i]);
        EXPECT_EQ(valueTwice.span()[i], 2 * valueOnce.span()[i]);
    }
}

TEST(Activation, WrongKindIsRefusedWithAClearMessage) {
    const Tensor<double> inp(Shape{2, 3});
    Tensor<double> out(inp.shape()), derivative(inp.shape()), act(inp.shape());
    EXPECT_EQ(invalidArgumentOf([&] {
                  activationForward<double>(out, derivative, inp, configOf(ActivationId::Swiglu));
              }),
              "activationForward: swiglu is a gated unit (two inputs); use gatedForward");
    EXPECT_EQ(invalidArgumentOf([&] {
                  gatedForward<double>(out, derivative, act, inp, inp,
                                       configOf(ActivationId::Gelu));
              }),
              "gatedForward: gelu is not a gated unit; use activationForward");
}

TEST(Activation, ShapeMismatchNamesBothShapes) {
    const Tensor<double> inp(Shape{2, 3});
    Tensor<double> out(inp.shape()), wide(Shape{2, 4});
    EXPECT_EQ(
        errorOf([&] { activationForward<double>(out, wide, inp, configOf(ActivationId::Relu)); }),
        "activationForward: derivative is (2, 4), expected (2, 3)");
    EXPECT_EQ(errorOf([&] { activationBackward<double>(wide, inp, inp); }),
              "activationBackward: dinp is (2, 4), expected (2, 3)");
    Tensor<double> dGate(inp.shape()), dValue(inp.shape());
    EXPECT_EQ(errorOf([&] {
                  gatedForward<double>(out, dGate, dValue, inp, wide, configOf(ActivationId::Glu));
              }),
              "gatedForward: value is (2, 4), expected (2, 3)");
    EXPECT_EQ(errorOf([&] { gatedBackward<double>(dGate, wide, inp, inp, inp); }),
              "gatedBackward: dvalue is (2, 4), expected (2, 3)");
}

}  // namespace
}  // namespace actlab
