// Layer programs (models/layer_program.h): each MLP and GLU-FFN configuration's program names
// every parameter of the host model exactly once, reads only tensors written before, and keeps
// the widths of the tensors it connects — what the Vulkan engine records without knowing the
// model (its training results against the CPU are in tests/backends/test_vulkan_training.cpp).
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "models/layer_program.h"

namespace actlab {
namespace {

ModelConfig mlp(std::vector<int> hidden, ActivationId act, bool perNeuron = false) {
    ModelConfig c;
    c.inputDimension = 3;
    c.outputDimension = 2;
    c.hidden = std::move(hidden);
    c.activations = {ActivationConfig::withDefaults(act)};
    c.preluPerNeuron = perNeuron;
    return c;
}

ModelConfig glu(int input, int blocks, bool biases) {
    ModelConfig c;
    c.kind = ModelKind::GluFfn;
    c.inputDimension = input;
    c.outputDimension = 3;
    c.dModel = 8;
    c.blocks = blocks;
    c.biases = biases;
    c.activations = {ActivationConfig::withDefaults(ActivationId::Swiglu)};
    return c;
}

class LayerProgramTest : public ::testing::TestWithParam<ModelConfig> {};

TEST_P(LayerProgramTest, NamesEveryParameterOnceAndConnectsItsTensors) {
    const ModelConfig& config = GetParam();
    std::string error;
    const auto host = createModel<float>(config, &error);
    ASSERT_TRUE(host) << error;
    std::map<std::string, std::pair<int, int>> shapes;  // name → (rows, cols)
    for (Parameter<float>* p : host->parameters()) shapes[p->name] = {p->rows, p->cols};
    const LayerProgram program = layerProgram(config);
    ASSERT_EQ(program.widths.front(), config.inputDimension);
    EXPECT_EQ(program.widths.back(), config.outputDimension);
    std::multiset<std::string> used;
    for (size_t i = 0; i < program.steps.size(); ++i) {
        const LayerStep& s = program.steps[i];
        SCOPED_TRACE("step " + std::to_string(i));
        EXPECT_LT(s.x, s.y);
        EXPECT_EQ(s.y, int(i) + 1) << "each step writes the next tensor";
        EXPECT_LT(s.addend, s.y);
        EXPECT_EQ(program.widths[size_t(s.x)], s.in);
        EXPECT_EQ(program.widths[size_t(s.y)], s.out);
        if (s.kind == LayerStep::Kind::Linear) {
            used.insert(s.weight);
            EXPECT_EQ(shapes[s.weight], std::pair(s.out, s.in)) << s.weight;
            if (!s.bias.empty()) {
                used.insert(s.bias);
                EXPECT_EQ(shapes[s.bias], std::pair(1, s.out)) << s.bias;
            }
            if (s.addend >= 0) {
                EXPECT_EQ(program.widths[size_t(s.addend)], s.out);
            }
        } else if (s.kind == LayerStep::Kind::Prelu) {
            used.insert(s.alpha);
            EXPECT_EQ(shapes[s.alpha].second, config.preluPerNeuron ? s.out : 1);
        } else if (s.kind == LayerStep::Kind::Gated) {
            EXPECT_EQ(program.widths[size_t(s.addend)], s.out) << "the value tensor";
            EXPECT_EQ(s.activation.info().kind, ActivationKind::Gated);
        }
    }
    std::multiset<std::string> all;
    for (const auto& [name, shape] : shapes) all.insert(name);
    EXPECT_EQ(used, all);
}

INSTANTIATE_TEST_SUITE_P(Models, LayerProgramTest,
                         ::testing::Values(mlp({4}, ActivationId::Relu),
                                           mlp({5, 4, 6}, ActivationId::Gelu),
                                           mlp({4, 4}, ActivationId::Prelu),
                                           mlp({4, 4}, ActivationId::Prelu, true), glu(2, 2, true),
                                           glu(8, 1, false), glu(3, 3, false)));

}  // namespace
}  // namespace actlab
