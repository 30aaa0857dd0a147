// The Transformer against central finite differences in double, for every configuration axis
// (Pre/Post-LN, causal, Q/K/V activation, plain/gated/no FFN, pooled head), and its parameter
// names, shapes, counts, limits and bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "models/transformer.h"

namespace actlab {
namespace {

TransformerConfig smallConfig() {
    TransformerConfig c;
    c.vocabulary = 5;
    c.sequence = 4;
    c.dModel = 4;
    c.heads = 2;
    c.layers = 2;
    c.dFf = 6;
    c.outputs = 3;
    c.seed = 7;
    return c;
}

// Random values of order 1 (the initialisation is too small to exercise the nonlinearities);
// LayerNorm weights near 1.
void randomise(Transformer<double>& model, std::mt19937& rng) {
    std::uniform_real_distribution<double> uniform(-0.6, 0.6);
    for (Parameter<double>* p : model.parameters())
        for (double& v : p->value)
            v = (p->name.find("ln") != std::string::npos && p->name.ends_with("weight"))
                    ? 1.0 + uniform(rng)
                    : uniform(rng);
}

struct GradientCase {
    std::string name;
    TransformerConfig config;
};

std::vector<GradientCase> gradientCases() {
    std::vector<GradientCase> cases;
    auto add = [&](std::string name, auto change) {
        TransformerConfig c = smallConfig();
        change(c);
        cases.push_back({std::move(name), c});
    };
    add("pre_plain_gelu", [](TransformerConfig&) {});
    add("post_plain_gelu", [](TransformerConfig& c) { c.norm = NormPlacement::Post; });
    add("pre_causal", [](TransformerConfig& c) { c.causal = true; });
    add("post_causal_pooled", [](TransformerConfig& c) {
        c.norm = NormPlacement::Post;
        c.causal = true;
        c.pooled = true;
    });
    add("qkv_silu", [](TransformerConfig& c) {
        c.qkvActivation = ActivationConfig::withDefaults(ActivationId::Silu);
    });
    add("qkv_tanh_post", [](TransformerConfig& c) {
        c.qkvActivation = ActivationConfig::withDefaults(ActivationId::Tanh);
        c.norm = NormPlacement::Post;
    });
    add("gated_swiglu", [](TransformerConfig& c) {
        c.ffn = FeedForwardKind::Gated;
        c.ffnActivation = ActivationConfig::withDefaults(ActivationId::Swiglu);
    });
    add("gated_geglu_post", [](TransformerConfig& c) {
        c.ffn = FeedForwardKind::Gated;
        c.ffnActivation = ActivationConfig::withDefaults(ActivationId::Geglu);
        c.norm = NormPlacement::Post;
    });
    add("attention_only_pre", [](TransformerConfig& c) { c.ffn = FeedForwardKind::None; });
    add("attention_only_post_pooled", [](TransformerConfig& c) {
        c.ffn = FeedForwardKind::None;
        c.norm = NormPlacement::Post;
        c.pooled = true;
    });
    add("one_layer_one_head_mish", [](TransformerConfig& c) {
        c.layers = 1;
        c.heads = 1;
        c.ffnActivation = ActivationConfig::withDefaults(ActivationId::Mish);
    });
    return cases;
}

void PrintTo(const GradientCase& c, std::ostream* os) { *os << c.name; }

class TransformerGradients : public ::testing::TestWithParam<GradientCase> {};

TEST_P(TransformerGradients, MatchCentralDifferencesForEveryParameter) {
    const GradientCase& k = GetParam();
    std::string error;
    auto model = Transformer<double>::create(k.config, &error);
    ASSERT_TRUE(model) << error;
    std::mt19937 rng(11);
    randomise(*model, rng);
    const Index B = 2, T = 3;  // shorter than the position table: positions 0..T−1 are used
    TokenTensor tokens(Shape{B, T}, std::vector<Token>{4, 1, 4, 0, 2, 3});
    const ConstTensorView<double> first = model->forward(tokens);
    Tensor<double> r(first.shape());
    std::uniform_real_distribution<double> uniform(-1, 1);
    for (double& v : r.span()) v = uniform(rng);
    auto loss = [&] {
        const ConstTensorView<double> out = model->forward(tokens);
        double sum = 0;
        for (Index i = 0; i < out.size(); ++i) sum += out.data()[i] * r.data()[i];
        return sum;
    };
    loss();
    model->zeroGradients();
    model->backward(r);
    const double h = 1e-5;
    int checked = 0;
    for (Parameter<double>* p : model->parameters()) {
        const std::vector<double> analytic = p->grad;
        double difference = 0, scale = 0;
        for (size_t i = 0; i < p->value.size(); ++i) {
            const double saved = p->value[i];
            p->value[i] = saved + h;
            const double plus = loss();
            p->value[i] = saved - h;
            const double minus = loss();
            p->value[i] = saved;
            const double numeric = (plus - minus) / (2 * h);
            difference = std::max(difference, std::abs(numeric - analytic[i]));
            scale = std::max({scale, std::abs(numeric), std::abs(analytic[i])});
        }
        // Relative to the gradient's scale, with a floor for gradients that vanish exactly: with
        // identity Q/K/V, k's bias shifts every score of a row by q·b, which softmax ignores.
        const double relative = difference / std::max(scale, 1e-2);
        EXPECT_LE(relative, 1e-7) << k.name << " d" << p->name;
        if (p->name.ends_with("attn.k.bias") &&
            k.config.qkvActivation.id == ActivationId::Identity) {
            for (double g : analytic) EXPECT_LE(std::abs(g), 1e-12) << k.name << " " << p->name;
        }
        if (p->name == "pos_emb.weight") {  // row T (unused) gets no gradient
            for (Index c = 0; c < k.config.dModel; ++c)
                EXPECT_EQ(analytic[size_t(T * k.config.dModel + c)], 0.0);
        }
        ++checked;
    }
    EXPECT_EQ(checked, int(model->parameters().size()));
}

INSTANTIATE_TEST_SUITE_P(EveryAxis, TransformerGradients, ::testing::ValuesIn(gradientCases()),
                         [](const auto& info) { return info.param.name; });

TEST(Transformer, ParameterNamesAndShapesArePyTorchs) {
    TransformerConfig c = smallConfig();
    c.layers = 1;
    std::string error;
    auto model = Transformer<float>::create(c, &error);
    ASSERT_TRUE(model) << error;
    std::vector<std::string> names;
    for (Parameter<float>* p : model->parameters())
        names.push_back(p->name + " " + Transformer<float>::parameterShape(*p).toString());
    const std::vector<std::string> expected{"tok_emb.weight (5, 4)",
                                            "pos_emb.weight (4, 4)",
                                            "blocks.0.ln1.weight (4)",
                                            "blocks.0.ln1.bias (4)",
                                            "blocks.0.attn.q.weight (4, 4)",
                                            "blocks.0.attn.q.bias (4)",
                                            "blocks.0.attn.k.weight (4, 4)",
                                            "blocks.0.attn.k.bias (4)",
                                            "blocks.0.attn.v.weight (4, 4)",
                                            "blocks.0.attn.v.bias (4)",
                                            "blocks.0.attn.o.weight (4, 4)",
                                            "blocks.0.attn.o.bias (4)",
                                            "blocks.0.ln2.weight (4)",
                                            "blocks.0.ln2.bias (4)",
                                            "blocks.0.ffn.fc1.weight (6, 4)",
                                            "blocks.0.ffn.fc1.bias (6)",
                                            "blocks.0.ffn.fc2.weight (4, 6)",
                                            "blocks.0.ffn.fc2.bias (4)",
                                            "ln_f.weight (4)",
                                            "ln_f.bias (4)",
                                            "head.weight (3, 4)",
                                            "head.bias (3)"};
    EXPECT_EQ(names, expected);
    // 20 + 16 + 8 + 4·20 + 8 + (24 + 6 + 24 + 4) + 8 + 15 = 213
    EXPECT_EQ(model->parameterCount(), 213);
    for (const GradientCase& k : gradientCases()) {  // the formula, without building
        auto built = Transformer<float>::create(k.config, nullptr);
        EXPECT_EQ(transformerParameterCount(k.config), built->parameterCount()) << k.name;
    }
}

TEST(Transformer, GatedBlocksHaveNoBiasesAndPostLnNoFinalNorm) {
    TransformerConfig c = smallConfig();
    c.layers = 1;
    c.ffn = FeedForwardKind::Gated;
    c.ffnActivation = ActivationConfig::withDefaults(ActivationId::Swiglu);
    c.dFf = 0;  // the 8/3 rule: round(8·4/3) = 11
    c.norm = NormPlacement::Post;
    auto model = Transformer<float>::create(c, nullptr);
    ASSERT_TRUE(model);
    EXPECT_EQ(model->feedForwardWidth(), 11);
    EXPECT_NE(model->findParameter("blocks.0.ffn.gate.weight"), nullptr);
    EXPECT_NE(model->findParameter("blocks.0.ffn.value.weight"), nullptr);
    EXPECT_NE(model->findParameter("blocks.0.ffn.out.weight"), nullptr);
    EXPECT_EQ(model->findParameter("blocks.0.ffn.gate.bias"), nullptr);
    EXPECT_EQ(model->findParameter("ln_f.weight"), nullptr);
}

TEST(Transformer, SameSeedSameModelAndLogits) {
    auto a = Transformer<float>::create(smallConfig(), nullptr);
    auto b = Transformer<float>::create(smallConfig(), nullptr);
    TransformerConfig other = smallConfig();
    other.seed = 8;
    auto c = Transformer<float>::create(other, nullptr);
    TokenTensor tokens(Shape{1, 4}, std::vector<Token>{0, 1, 2, 3});
    const Tensor<float> la(a->forward(tokens)), lb(b->forward(tokens)), lc(c->forward(tokens));
    EXPECT_TRUE(std::equal(la.span().begin(), la.span().end(), lb.span().begin()));
    EXPECT_FALSE(std::equal(la.span().begin(), la.span().end(), lc.span().begin()));
}

TEST(Transformer, CausalModelIgnoresLaterTokens) {
    TransformerConfig c = smallConfig();
    c.causal = true;
    auto model = Transformer<double>::create(c, nullptr);
    std::mt19937 rng(3);
    randomise(*model, rng);
    TokenTensor x(Shape{1, 4}, std::vector<Token>{1, 2, 3, 4});
    TokenTensor y(Shape{1, 4}, std::vector<Token>{1, 2, 0, 0});  // differs from position 2 on
    const Tensor<double> lx(model->forward(x)), ly(model->forward(y));
    for (Index i = 0; i < 2 * c.outputs; ++i) EXPECT_EQ(lx.data()[i], ly.data()[i]) << i;
    EXPECT_NE(lx.data()[2 * c.outputs], ly.data()[2 * c.outputs]);
    const TransformerBlockProbe<double> probe = model->probe(1);
    EXPECT_EQ(probe.attention.shape(), (Shape{1, 2, 4, 4}));
    EXPECT_EQ(probe.attention(0, 1, 1, 2), 0.0);
}

TEST(Transformer, RefusesConfigurationsBeyondItsLimits) {
    auto message = [](auto change) {
        TransformerConfig c = smallConfig();
        change(c);
        return validateTransformerConfig(c).value_or("");
    };
    EXPECT_EQ(message([](TransformerConfig& c) { c.layers = 13; }),
              "--layers must be 1..12, got 13");
    EXPECT_EQ(message([](TransformerConfig& c) { c.heads = 9; }), "--heads must be 1..8, got 9");
    EXPECT_EQ(message([](TransformerConfig& c) { c.heads = 3; }),
              "--heads 3 does not divide --d-model 4");
    EXPECT_EQ(message([](TransformerConfig& c) { c.dModel = 512; }),
              "--d-model must be 1..256, got 512");
    EXPECT_EQ(message([](TransformerConfig& c) { c.sequence = 65; }),
              "--seq must be 1..64, got 65");
    // 512: the text task's characters (issue 27); the synthetic tasks keep 128 (their own check).
    EXPECT_EQ(message([](TransformerConfig& c) { c.vocabulary = 513; }),
              "--vocab must be 2..512, got 513");
    EXPECT_EQ(message([](TransformerConfig& c) {
                  c.ffnActivation = ActivationConfig::withDefaults(ActivationId::Swiglu);
              }),
              "--ffn-activation swiglu is a gated unit: use --ffn gated");
    EXPECT_EQ(message([](TransformerConfig& c) { c.ffn = FeedForwardKind::Gated; }),
              "--ffn gated needs glu, reglu, geglu, swiglu or a mix, got gelu");
    EXPECT_EQ(message([](TransformerConfig&) {}), "");
}

TEST(Transformer, BadTokensAndLengthsThrowBeforeWriting) {
    auto model = Transformer<float>::create(smallConfig(), nullptr);
    const TokenTensor tooLong(Shape{1, 5}), badId(Shape{1, 2}, std::vector<Token>{0, 5});
    EXPECT_THROW(model->forward(tooLong), TensorError);  // the position table has 4 rows
    EXPECT_THROW(model->forward(badId), TensorError);    // vocabulary 5
    EXPECT_THROW(model->probe(2), TensorError);
}

}  // namespace
}  // namespace actlab
