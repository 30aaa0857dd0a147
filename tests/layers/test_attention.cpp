// Attention: a two-token case worked by hand, the causal mask, a naive reference, independent
// heads, gradients against central differences, large logits, float against double,
// accumulation, the parallel path against the serial one and the entry messages.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <utility>

#include "layer_test_support.h"
#include "layers/attention.h"
#include "layers/softmax.h"

namespace actlab {
namespace {

using namespace layer_test;

// q, k, v (B, T, C) and r (B, T, C), the random weights of L = Σ r ⊙ out.
struct AttentionCase {
    Tensor<double> q, k, v, r;
};

AttentionCase randomCase(std::mt19937& rng, Index B, Index T, Index C, double scale = 1) {
    const Shape shape{B, T, C};
    return {randomTensor(shape, rng, -scale, scale), randomTensor(shape, rng, -scale, scale),
            randomTensor(shape, rng), randomTensor(shape, rng)};
}

// Everything one forward and one backward (into zeroed gradients) produce.
template <typename Real>
struct AttentionResult {
    Tensor<Real> out, preatt, att, dq, dk, dv;
};

template <typename Real>
AttentionResult<Real> runAttention(const Tensor<Real>& q, const Tensor<Real>& k,
                                   const Tensor<Real>& v, const Tensor<Real>& dout, int heads,
                                   bool causal) {
    const Index B = q.extent(0), T = q.extent(1);
    const Shape scores{B, heads, T, T};
    AttentionResult<Real> result{Tensor<Real>(q.shape()), Tensor<Real>(scores),
                                 Tensor<Real>(scores),    Tensor<Real>(q.shape()),
                                 Tensor<Real>(q.shape()), Tensor<Real>(q.shape())};
    attentionForward<Real>(result.out, result.preatt, result.att, q, k, v, heads, causal);
    attentionBackward<Real>(result.dq, result.dk, result.dv, dout, q, k, v, result.att, heads);
    return result;
}

AttentionResult<double> runAttention(const AttentionCase& c, int heads, bool causal) {
    return runAttention<double>(c.q, c.k, c.v, c.r, heads, causal);
}

TEST(Attention, ForwardMatchesAHandWorkedCase) {
    // B = 1, T = 2, C = hs = 2, one head, so preatt = q_t · k_s / √2. With k the identity,
    // q_0 = (√2 ln 3, 0) scores (ln 3, 0) → att (3/4, 1/4); q_1 = (0, √2 ln 2) scores (0, ln 2)
    // → att (1/3, 2/3). v_0 = (1, 2), v_1 = (3, −4): out_0 = 3/4 v_0 + 1/4 v_1 = (1.5, 0.5),
    // out_1 = 1/3 v_0 + 2/3 v_1 = (7/3, −2).
    const double a = std::sqrt(2.0) * std::log(3.0), b = std::sqrt(2.0) * std::log(2.0);
    const Tensor<double> q(Shape{1, 2, 2}, {a, 0, 0, b});
    const Tensor<double> k(Shape{1, 2, 2}, {1, 0, 0, 1});
    const Tensor<double> v(Shape{1, 2, 2}, {1, 2, 3, -4});
    Tensor<double> out(Shape{1, 2, 2}), preatt(Shape{1, 1, 2, 2}), att(Shape{1, 1, 2, 2});
    attentionForward<double>(out, preatt, att, q, k, v, 1, false);
    EXPECT_NEAR(preatt(0, 0, 0, 0), std::log(3.0), 1e-15);
    EXPECT_EQ(preatt(0, 0, 0, 1), 0.0);
    EXPECT_EQ(preatt(0, 0, 1, 0), 0.0);
    EXPECT_NEAR(preatt(0, 0, 1, 1), std::log(2.0), 1e-15);
    EXPECT_NEAR(att(0, 0, 0, 0), 0.75, 1e-15);
    EXPECT_NEAR(att(0, 0, 0, 1), 0.25, 1e-15);
    EXPECT_NEAR(att(0, 0, 1, 0), 1.0 / 3, 1e-15);
    EXPECT_NEAR(att(0, 0, 1, 1), 2.0 / 3, 1e-15);
    EXPECT_NEAR(out(0, 0, 0), 1.5, 1e-15);
    EXPECT_NEAR(out(0, 0, 1), 0.5, 1e-15);
    EXPECT_NEAR(out(0, 1, 0), 7.0 / 3, 1e-15);
    EXPECT_NEAR(out(0, 1, 1), -2.0, 1e-15);

    // Causal: query 0 sees only key 0 (att 1, out_0 = v_0); query 1 is unchanged.
    attentionForward<double>(out, preatt, att, q, k, v, 1, true);
    EXPECT_EQ(preatt(0, 0, 0, 1), -std::numeric_limits<double>::infinity());
    EXPECT_EQ(att(0, 0, 0, 0), 1.0);
    EXPECT_EQ(att(0, 0, 0, 1), 0.0);
    EXPECT_EQ(out(0, 0, 0), 1.0);
    EXPECT_EQ(out(0, 0, 1), 2.0);
    EXPECT_NEAR(att(0, 0, 1, 1), 2.0 / 3, 1e-15);
    EXPECT_NEAR(out(0, 1, 0), 7.0 / 3, 1e-15);
}

TEST(Attention, CausalMaskHidesTheFuture) {
    std::mt19937 rng(3);
    const AttentionCase c = randomCase(rng, 2, 4, 6, 2.0);
    const AttentionResult<double> result = runAttention(c, 2, true);
    for (Index b = 0; b < 2; ++b) {
        for (Index h = 0; h < 2; ++h) {
            EXPECT_EQ(result.att(b, h, 0, 0), 1.0);  // the first query attends only to itself
            for (Index t = 0; t < 4; ++t) {
                double sum = 0;
                for (Index s = 0; s < 4; ++s) {
                    sum += result.att(b, h, t, s);
                    if (s <= t) continue;
                    EXPECT_EQ(result.att(b, h, t, s), 0.0);
                    EXPECT_EQ(result.preatt(b, h, t, s), -std::numeric_limits<double>::infinity());
                }
                EXPECT_NEAR(sum, 1.0, 1e-14);
            }
        }
    }
    // att is softmaxForward of preatt, row by row, in the same operations.
    Tensor<double> softmax(Shape{2 * 2 * 4, 4});
    softmaxForward<double>(softmax, result.preatt.reshape(Shape{16, 4}));
    for (Index i = 0; i < softmax.size(); ++i) {
        EXPECT_EQ(softmax.span()[i], result.att.span()[i]) << "entry " << i;
    }
}

// The formulas of attention.h with checked indexing, one entry at a time: the oracle.
void naiveForward(Tensor<double>& out, Tensor<double>& preatt, Tensor<double>& att,
                  const AttentionCase& c, int heads, bool causal) {
    const Index B = c.q.extent(0), T = c.q.extent(1), C = c.q.extent(2), hs = C / heads;
    for (Index b = 0; b < B; ++b) {
        for (Index h = 0; h < heads; ++h) {
            for (Index t = 0; t < T; ++t) {
                for (Index s = 0; s < T; ++s) {
                    double score = 0;
                    for (Index i = 0; i < hs; ++i) {
                        score += c.q.at(b, t, h * hs + i) * c.k.at(b, s, h * hs + i);
                    }
                    preatt.at(b, h, t, s) = causal && s > t
                                                ? -std::numeric_limits<double>::infinity()
                                                : score / std::sqrt(double(hs));
                }
            }
        }
    }
    softmaxForward<double>(att.reshape(Shape{B * heads * T, T}),
                           preatt.reshape(Shape{B * heads * T, T}));
    out.fill(0);
    for (Index b = 0; b < B; ++b) {
        for (Index t = 0; t < T; ++t) {
            for (Index ch = 0; ch < C; ++ch) {
                for (Index s = 0; s < T; ++s) {
                    out.at(b, t, ch) += att.at(b, ch / hs, t, s) * c.v.at(b, s, ch);
                }
            }
        }
    }
}

TEST(Attention, ForwardMatchesANaiveReference) {
    std::mt19937 rng(5);
    const AttentionCase c = randomCase(rng, 2, 5, 6);
    for (const int heads : {1, 2, 3}) {
        for (const bool causal : {false, true}) {
            const AttentionResult<double> result = runAttention(c, heads, causal);
            Tensor<double> out(c.q.shape()), preatt(result.preatt.shape()), att(result.att.shape());
            naiveForward(out, preatt, att, c, heads, causal);
            for (Index i = 0; i < preatt.size(); ++i) {
                if (std::isinf(preatt.span()[i])) {
                    EXPECT_EQ(result.preatt.span()[i], preatt.span()[i]);
                } else {
                    EXPECT_NEAR(result.preatt.span()[i], preatt.span()[i], 1e-14);
                }
            }
            EXPECT_LE(scaledError(result.att.view(), att.view()), 1e-14) << heads << causal;
            EXPECT_LE(scaledError(result.out.view(), out.view()), 1e-14) << heads << causal;
        }
    }
}

TEST(Attention, HeadsAreIndependent) {
    std::mt19937 rng(6);
    AttentionCase c = randomCase(rng, 1, 3, 4);  // two heads of two channels
    const AttentionResult<double> before = runAttention(c, 2, false);
    for (Index t = 0; t < 3; ++t) {  // channels 2 and 3 belong to head 1
        c.q.at(0, t, 2) += 1.5;
        c.q.at(0, t, 3) -= 0.75;
    }
    const AttentionResult<double> after = runAttention(c, 2, false);
    for (Index t = 0; t < 3; ++t) {
        for (Index s = 0; s < 3; ++s) EXPECT_EQ(after.att(0, 0, t, s), before.att(0, 0, t, s));
        EXPECT_EQ(after.out(0, t, 0), before.out(0, t, 0));
        EXPECT_EQ(after.out(0, t, 1), before.out(0, t, 1));
    }
    EXPECT_NE(after.att(0, 1, 0, 0), before.att(0, 1, 0, 0));  // head 1 did change
}

void checkGradients(const std::string& name, Index T, Index C, bool causal, unsigned seed) {
    std::mt19937 rng(seed);
    AttentionCase c = randomCase(rng, 2, T, C, 1.5);
    const int heads = 2;
    Tensor<double> out(c.q.shape()), preatt(Shape{2, heads, T, T}), att(Shape{2, heads, T, T});
    auto loss = [&] {
        attentionForward<double>(out, preatt, att, c.q, c.k, c.v, heads, causal);
        return dot(c.r.view(), out.view());
    };
    loss();  // att at the unperturbed inputs, for backward
    Tensor<double> dq(c.q.shape()), dk(c.q.shape()), dv(c.q.shape());
    attentionBackward<double>(dq, dk, dv, c.r, c.q, c.k, c.v, att, heads);
    expectGradientsMatch(name, loss, {{"q", &c.q, &dq}, {"k", &c.k, &dk}, {"v", &c.v, &dv}});
}

TEST(Attention, GradientsMatchCentralDifferences) {
    checkGradients("attention", 4, 6, false, 8);
    checkGradients("attention (T 3, C 4)", 3, 4, false, 9);
}

TEST(Attention, CausalGradientsMatchCentralDifferences) {
    checkGradients("causal attention", 4, 6, true, 10);
    checkGradients("causal attention (T 3, C 4)", 3, 4, true, 11);
}

template <typename Real>
void expectLargeLogitsStayFinite(Real tolerance) {
    std::mt19937 rng(12);
    const AttentionCase c = randomCase(rng, 2, 5, 4, 1e3);  // preatt up to ~10⁶
    for (const bool causal : {false, true}) {
        const AttentionResult<Real> result =
            runAttention<Real>(c.q.castTo<Real>(), c.k.castTo<Real>(), c.v.castTo<Real>(),
                               c.r.castTo<Real>(), 2, causal);
        for (const Tensor<Real>* t :
             {&result.att, &result.out, &result.dq, &result.dk, &result.dv}) {
            for (Real x : t->span()) EXPECT_TRUE(std::isfinite(x));
        }
        for (Index row = 0; row < 2 * 2 * 5; ++row) {
            Real sum = 0;
            for (Index s = 0; s < 5; ++s) sum += result.att.span()[row * 5 + s];
            EXPECT_NEAR(sum, Real(1), tolerance);
        }
    }
}

TEST(Attention, LargeLogitsStayFinite) {
    expectLargeLogitsStayFinite<double>(1e-15);
    expectLargeLogitsStayFinite<float>(1e-6f);
}

TEST(Attention, FloatAgreesWithDouble) {
    std::mt19937 rng(13);
    const AttentionCase c = randomCase(rng, 2, 6, 8);
    for (const bool causal : {false, true}) {
        const AttentionResult<double> reference = runAttention(c, 2, causal);
        const AttentionResult<float> result =
            runAttention<float>(c.q.castTo<float>(), c.k.castTo<float>(), c.v.castTo<float>(),
                                c.r.castTo<float>(), 2, causal);
        EXPECT_LE(floatError(reference.out.view(), result.out.view()), kFloatTolerance);
        EXPECT_LE(floatError(reference.att.view(), result.att.view()), kFloatTolerance);
        EXPECT_LE(floatError(reference.dq.view(), result.dq.view()), kFloatTolerance);
        EXPECT_LE(floatError(reference.dk.view(), result.dk.view()), kFloatTolerance);
        EXPECT_LE(floatError(reference.dv.view(), result.dv.view()), kFloatTolerance);
    }
}

TEST(Attention, BackwardAccumulates) {
    std::mt19937 rng(14);
    const AttentionCase c = randomCase(rng, 2, 4, 4);
    const AttentionResult<double> once = runAttention(c, 2, true);
    Tensor<double> dq(c.q.shape()), dk(c.q.shape()), dv(c.q.shape());
    for (int call = 0; call < 2; ++call) {
        attentionBackward<double>(dq, dk, dv, c.r, c.q, c.k, c.v, once.att, 2);
    }
    for (Index i = 0; i < dq.size(); ++i) {
        EXPECT_NEAR(dq.span()[i], 2 * once.dq.span()[i], 1e-14);
        EXPECT_NEAR(dk.span()[i], 2 * once.dk.span()[i], 1e-14);
        EXPECT_NEAR(dv.span()[i], 2 * once.dv.span()[i], 1e-14);
    }
}

// B · T · T · C = 2²¹ takes the OpenMP path; one batch row alone (2¹⁴) the serial one. Both must
// agree to the bit, whatever the number of threads.
TEST(Attention, ParallelPathMatchesTheSerialOneBitForBit) {
    const Index B = 128, T = 32, C = 16;
    const int heads = 4;
    std::mt19937 rng(15);
    const AttentionCase c = randomCase(rng, B, T, C);
    const Tensor<float> q = c.q.castTo<float>(), k = c.k.castTo<float>(), v = c.v.castTo<float>(),
                        r = c.r.castTo<float>();
    const AttentionResult<float> all = runAttention<float>(q, k, v, r, heads, true);
    for (Index b = 0; b < B; b += 17) {
        const auto row = [&](const Tensor<float>& x) { return Tensor<float>(x.slice(b, b + 1)); };
        const AttentionResult<float> one =
            runAttention<float>(row(q), row(k), row(v), row(r), heads, true);
        for (const auto& [whole, single] :
             {std::pair{&all.out, &one.out}, std::pair{&all.att, &one.att},
              std::pair{&all.dq, &one.dq}, std::pair{&all.dk, &one.dk},
              std::pair{&all.dv, &one.dv}}) {
            const ConstTensorView<float> part = whole->slice(b, b + 1);
            for (Index i = 0; i < part.size(); ++i) {
                ASSERT_EQ(part.data()[i], single->data()[i]) << "batch " << b << " entry " << i;
            }
        }
    }
}

TEST(Attention, BadInputsAreNamed) {
    const Tensor<double> q(Shape{1, 2, 10}), kv(Shape{1, 2, 10});
    Tensor<double> out(Shape{1, 2, 10}), scores(Shape{1, 3, 2, 2});
    EXPECT_EQ(errorOf([&] { attentionForward<double>(out, scores, scores, q, kv, kv, 3, true); }),
              "attentionForward: width 10 is not divisible by 3 heads");
    EXPECT_EQ(errorOf([&] { attentionForward<double>(out, scores, scores, q, kv, kv, 0, true); }),
              "attentionForward: heads is 0, expected at least 1");
    const Tensor<double> longK(Shape{1, 3, 10}), flatQ(Shape{2, 10});
    Tensor<double> twoHeads(Shape{1, 2, 2, 2});
    EXPECT_EQ(
        errorOf([&] { attentionForward<double>(out, twoHeads, twoHeads, q, longK, kv, 2, false); }),
        "attentionForward: k is (1, 3, 10), expected (1, 2, 10)");
    EXPECT_EQ(
        errorOf([&] { attentionForward<double>(out, scores, twoHeads, q, kv, kv, 2, false); }),
        "attentionForward: preatt is (1, 3, 2, 2), expected (1, 2, 2, 2)");
    EXPECT_EQ(errorOf([&] {
                  attentionForward<double>(out, twoHeads, twoHeads, flatQ, kv, kv, 2, false);
              }),
              "attentionForward: q has rank 2 (2, 10), expected rank 3");

    Tensor<double> dq(Shape{1, 2, 10}), dk(Shape{1, 2, 10}), dv(Shape{1, 2, 10});
    EXPECT_EQ(errorOf([&] { attentionBackward<double>(dq, dk, dv, out, q, kv, kv, scores, 4); }),
              "attentionBackward: width 10 is not divisible by 4 heads");
    EXPECT_EQ(errorOf([&] { attentionBackward<double>(dq, dk, dv, out, q, kv, kv, scores, 2); }),
              "attentionBackward: att is (1, 3, 2, 2), expected (1, 2, 2, 2)");
    Tensor<double> shortDk(Shape{1, 1, 10});
    EXPECT_EQ(
        errorOf([&] { attentionBackward<double>(dq, shortDk, dv, out, q, kv, kv, twoHeads, 2); }),
        "attentionBackward: dk is (1, 1, 10), expected (1, 2, 10)");
    const Tensor<double> empty(Shape{1, 2, 0});
    Tensor<double> emptyOut(Shape{1, 2, 0});
    EXPECT_EQ(errorOf([&] {
                  attentionForward<double>(emptyOut, twoHeads, twoHeads, empty, empty, empty, 2,
                                           false);
              }),
              "attentionForward: width 0 leaves no channels for the heads");
}

}  // namespace
}  // namespace actlab
