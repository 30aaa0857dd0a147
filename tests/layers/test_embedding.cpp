// Embedding: a hand-worked look-up, gradients (with a repeated token) against central
// differences, float against double, out-of-range ids and the shape messages.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "layer_test_support.h"
#include "layers/embedding.h"

namespace actlab {
namespace {

using namespace layer_test;

TEST(Embedding, ForwardAddsTokenRowAndPositionRow) {
    const TokenTensor tokens(Shape{2, 2}, std::vector<Token>{2, 0, 1, 1});
    const Tensor<double> tokenTable(Shape{3, 2}, {0, 1, 10, 11, 20, 21});
    const Tensor<double> positionTable(Shape{3, 2}, {100, 200, 300, 400, 500, 600});
    Tensor<double> out(Shape{2, 2, 2});
    embeddingForward<double>(out, tokens, tokenTable, positionTable);
    // (0, 0): token 2 + position 0; (0, 1): token 0 + position 1; (1, t): token 1 + position t.
    const std::vector<double> expected{120, 221, 300, 401, 110, 211, 310, 411};
    EXPECT_EQ(std::vector<double>(out.span().begin(), out.span().end()), expected);
}

struct EmbeddingCase {
    TokenTensor tokens;
    Tensor<double> tokenTable, positionTable, r;
};

EmbeddingCase randomCase(std::mt19937& rng) {
    const Index B = 2, T = 3, V = 5, maxT = 4, C = 4;
    // Token 3 appears three times: its table row must sum three gradients.
    return {TokenTensor(Shape{B, T}, std::vector<Token>{3, 0, 3, 4, 3, 1}),
            randomTensor(Shape{V, C}, rng), randomTensor(Shape{maxT, C}, rng),
            randomTensor(Shape{B, T, C}, rng)};
}

TEST(Embedding, GradientsMatchCentralDifferences) {
    std::mt19937 rng(8);
    EmbeddingCase k = randomCase(rng);
    Tensor<double> out(k.r.shape());
    auto loss = [&] {
        embeddingForward<double>(out, k.tokens, k.tokenTable, k.positionTable);
        return dot(k.r.view(), out.view());
    };
    Tensor<double> dTokenTable(k.tokenTable.shape()), dPositionTable(k.positionTable.shape());
    embeddingBackward<double>(dTokenTable, dPositionTable, k.r, k.tokens);
    expectGradientsMatch("embedding", loss,
                         {{"tokenTable", &k.tokenTable, &dTokenTable},
                          {"positionTable", &k.positionTable, &dPositionTable}});
}

TEST(Embedding, FloatAgreesWithDouble) {
    std::mt19937 rng(10);
    const EmbeddingCase k = randomCase(rng);
    Tensor<double> out(k.r.shape());
    Tensor<double> dTokenTable(k.tokenTable.shape()), dPositionTable(k.positionTable.shape());
    embeddingForward<double>(out, k.tokens, k.tokenTable, k.positionTable);
    embeddingBackward<double>(dTokenTable, dPositionTable, k.r, k.tokens);

    const Tensor<float> tokenTable = k.tokenTable.castTo<float>(),
                        positionTable = k.positionTable.castTo<float>(), r = k.r.castTo<float>();
    Tensor<float> outF(k.r.shape());
    Tensor<float> dTokenTableF(k.tokenTable.shape()), dPositionTableF(k.positionTable.shape());
    embeddingForward<float>(outF, k.tokens, tokenTable, positionTable);
    embeddingBackward<float>(dTokenTableF, dPositionTableF, r, k.tokens);
    EXPECT_LE(floatError(out.view(), outF.view()), kFloatTolerance);
    EXPECT_LE(floatError(dTokenTable.view(), dTokenTableF.view()), kFloatTolerance);
    EXPECT_LE(floatError(dPositionTable.view(), dPositionTableF.view()), kFloatTolerance);
}

TEST(Embedding, OutOfRangeTokenIdNamesTheIdAndV) {
    const Tensor<double> tokenTable(Shape{3, 2}), positionTable(Shape{4, 2});
    Tensor<double> out(Shape{1, 2, 2});
    out.fill(7.0);
    const TokenTensor tooLarge(Shape{1, 2}, std::vector<Token>{0, 3});
    EXPECT_EQ(errorOf([&] { embeddingForward<double>(out, tooLarge, tokenTable, positionTable); }),
              "embeddingForward: token id 3 at (0, 1) is out of range for a vocabulary of V = 3");
    for (double value : out.span()) EXPECT_EQ(value, 7.0);  // nothing written
    const TokenTensor negative(Shape{1, 2}, std::vector<Token>{-1, 0});
    Tensor<double> dTokenTable(Shape{3, 2}), dPositionTable(Shape{4, 2});
    EXPECT_EQ(
        errorOf([&] { embeddingBackward<double>(dTokenTable, dPositionTable, out, negative); }),
        "embeddingBackward: token id -1 at (0, 0) is out of range for a vocabulary of V = 3");
}

TEST(Embedding, ShapeMismatchNamesBothShapes) {
    const TokenTensor tokens(Shape{1, 2}, std::vector<Token>{0, 1});
    const Tensor<double> tokenTable(Shape{3, 2}), narrowPositions(Shape{4, 5});
    Tensor<double> out(Shape{1, 2, 2});
    EXPECT_EQ(errorOf([&] { embeddingForward<double>(out, tokens, tokenTable, narrowPositions); }),
              "embeddingForward: positionTable is (4, 5), expected (4, 2)");
    const Tensor<double> positionTable(Shape{4, 2});
    Tensor<double> wrongOut(Shape{1, 3, 2});
    EXPECT_EQ(
        errorOf([&] { embeddingForward<double>(wrongOut, tokens, tokenTable, positionTable); }),
        "embeddingForward: out is (1, 3, 2), expected (1, 2, 2)");
    const TokenTensor longTokens(Shape{1, 5}, std::vector<Token>{0, 1, 2, 0, 1});
    EXPECT_EQ(
        errorOf([&] { embeddingForward<double>(out, longTokens, tokenTable, positionTable); }),
        "embeddingForward: tokens (1, 5) has T = 5, more than the 4 positions of "
        "positionTable (4, 2)");
}

}  // namespace
}  // namespace actlab
