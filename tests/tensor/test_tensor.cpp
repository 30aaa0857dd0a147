// Shape and Tensor: row-major strides and counts, checked access and its messages, reshape,
// row slices that share storage, read-only views, float ↔ double casts and token tensors.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "tensor/tensor.h"
#include "tensor_error_of.h"

namespace actlab {
namespace {

// (2, 3, 4) holding 0, 1, …, 23 in row-major order.
Tensor<float> iota234() {
    std::vector<float> values(24);
    for (int i = 0; i < 24; ++i) values[i] = float(i);
    return Tensor<float>(Shape{2, 3, 4}, values);
}

TEST(TensorShape, StridesAreRowMajorAndCountIsTheProduct) {
    const Shape shape{2, 3, 4};
    EXPECT_EQ(shape.rank(), 3);
    EXPECT_EQ(shape.elementCount(), 24);
    EXPECT_EQ(shape.extent(1), 3);
    EXPECT_EQ(std::vector<Index>(shape.strides().begin(), shape.strides().end()),
              (std::vector<Index>{12, 4, 1}));
    EXPECT_EQ(shape.toString(), "(2, 3, 4)");
}

TEST(TensorShape, EqualityComparesExtentsInOrder) {
    EXPECT_EQ((Shape{2, 3}), (Shape{2, 3}));
    EXPECT_NE((Shape{2, 3}), (Shape{3, 2}));
    EXPECT_NE((Shape{6}), (Shape{6, 1}));
    EXPECT_NE(Shape{}, (Shape{1}));
}

TEST(TensorShape, RankZeroIsAScalarWithOneElement) {
    const Shape scalar;
    EXPECT_EQ(scalar.rank(), 0);
    EXPECT_EQ(scalar.elementCount(), 1);
    EXPECT_EQ(scalar.toString(), "()");
    Tensor<double> t(scalar, 2.5);
    EXPECT_EQ(t.size(), 1);
    EXPECT_EQ(t.at(), 2.5);
    EXPECT_EQ(errorOf([&] { t.view()[0]; }), "operator[]: a rank-0 tensor () has no rows");
}

TEST(TensorShape, RankFourIsAllowed) {
    Tensor<float> t(Shape{2, 3, 4, 5});
    EXPECT_EQ(t.rank(), 4);
    EXPECT_EQ(t.size(), 120);
    EXPECT_EQ(t.shape().stride(0), 60);
    t.at(1, 2, 3, 4) = 7.0f;
    EXPECT_EQ(t.data()[119], 7.0f);
    EXPECT_EQ(t(1, 2, 3, 4), 7.0f);
}

TEST(TensorShape, RankFiveIsRejected) {
    EXPECT_EQ(errorOf([] {
                  Shape{1, 2, 3, 4, 5};
              }),
              "Shape: rank 5 is more than 4: (1, 2, 3, 4, 5)");
}

TEST(TensorShape, NegativeExtentIsRejected) {
    EXPECT_EQ(errorOf([] { Shape{3, -2}; }), "Shape: extent -2 on axis 1 is negative: (3, -2)");
}

TEST(TensorShape, ElementCountOverflowIsRejected) {
    const Index big = Index(1) << 32;  // big · big = 2^64 does not fit in an int64
    EXPECT_EQ(errorOf([&] {
                  Shape{big, big};
              }),
              "Shape: (4294967296, 4294967296) is too large: its element count or a stride "
              "overflows an index");
    const Index largest = std::numeric_limits<Index>::max();
    EXPECT_EQ(Shape{largest}.elementCount(), largest);
}

TEST(TensorShape, ZeroExtentGivesAnEmptyTensor) {
    Tensor<float> t(Shape{0, 3});
    EXPECT_TRUE(t.empty());
    EXPECT_EQ(t.view().slice(0, 0).size(), 0);
}

TEST(TensorAccess, AtReadsRowMajorElements) {
    const Tensor<float> t = iota234();
    EXPECT_EQ(t.at(0, 0, 0), 0.0f);
    EXPECT_EQ(t.at(0, 1, 2), 6.0f);
    EXPECT_EQ(t.at(1, 2, 3), 23.0f);
    EXPECT_EQ(t(1, 0, 1), 13.0f);  // unchecked access reads the same element
}

TEST(TensorAccess, AtWritesThroughAView) {
    Tensor<double> t(Shape{2, 2});
    TensorView<double> view = t;
    view.at(1, 0) = 3.0;
    EXPECT_EQ(t.data()[2], 3.0);
}

TEST(TensorAccess, AtOutOfRangeNamesIndexAxisAndShape) {
    const Tensor<float> t = iota234();
    EXPECT_EQ(errorOf([&] { t.at(0, 3, 0); }),
              "at: index 3 on axis 1 is out of range for (2, 3, 4)");
    EXPECT_EQ(errorOf([&] { t.at(-1, 0, 0); }),
              "at: index -1 on axis 0 is out of range for (2, 3, 4)");
}

TEST(TensorAccess, AtWithWrongIndexCountNamesTheRank) {
    const Tensor<float> t = iota234();
    EXPECT_EQ(errorOf([&] { t.at(0, 1); }), "at: 2 indices for the rank-3 shape (2, 3, 4)");
}

TEST(TensorAccess, FillSetsEveryElement) {
    Tensor<float> t(Shape{3, 2}, 1.0f);
    t.fill(-2.0f);
    for (float x : t.span()) EXPECT_EQ(x, -2.0f);
    t[1].fill(5.0f);
    EXPECT_EQ(t.at(0, 1), -2.0f);
    EXPECT_EQ(t.at(1, 0), 5.0f);
    EXPECT_EQ(t.at(2, 1), -2.0f);
}

TEST(TensorAccess, ValuesOfTheWrongCountAreRejected) {
    EXPECT_EQ(errorOf([] {
                  Tensor<float>(Shape{2, 3}, std::vector<float>(5));
              }),
              "TensorView: (2, 3) needs 6 elements, the span has 5");
    std::vector<double> storage(4);
    EXPECT_EQ(errorOf([&] { TensorView<double>(std::span<double>(storage), Shape{5}); }),
              "TensorView: (5) needs 5 elements, the span has 4");
}

TEST(TensorReshape, SameCountKeepsTheElementsInOrder) {
    Tensor<float> t = iota234();
    TensorView<float> flat = t.reshape(Shape{6, 4});
    EXPECT_EQ(flat.shape(), (Shape{6, 4}));
    EXPECT_EQ(flat.at(4, 1), 17.0f);
    EXPECT_EQ(flat.data(), t.data());
    flat.at(0, 0) = 100.0f;
    EXPECT_EQ(t.at(0, 0, 0), 100.0f);
}

TEST(TensorReshape, MismatchedCountNamesBothShapes) {
    Tensor<float> t = iota234();
    EXPECT_EQ(errorOf([&] {
                  t.reshape(Shape{5, 5});
              }),
              "reshape: (2, 3, 4) has 24 elements, (5, 5) has 25");
}

TEST(TensorRows, RowIsARankMinusOneViewOfTheSameStorage) {
    Tensor<float> t = iota234();
    TensorView<float> row = t[1];
    EXPECT_EQ(row.shape(), (Shape{3, 4}));
    EXPECT_EQ(row.data(), t.data() + 12);
    EXPECT_EQ(row.at(2, 3), 23.0f);
    row.at(0, 0) = -1.0f;
    EXPECT_EQ(t.at(1, 0, 0), -1.0f);
    EXPECT_EQ(t[1][2][3].at(), 23.0f);  // down to a rank-0 view
}

TEST(TensorRows, SliceKeepsTheRankAndSharesStorage) {
    Tensor<float> t(Shape{4, 2});
    for (Index i = 0; i < 8; ++i) t.data()[i] = float(i);
    TensorView<float> middle = t.slice(1, 3);
    EXPECT_EQ(middle.shape(), (Shape{2, 2}));
    EXPECT_EQ(middle.at(0, 0), 2.0f);
    EXPECT_EQ(middle.at(1, 1), 5.0f);
    middle.fill(0.0f);
    EXPECT_EQ(t.at(1, 0), 0.0f);
    EXPECT_EQ(t.at(3, 0), 6.0f);
    EXPECT_EQ(middle.reshape(Shape{4}).at(3), 0.0f);  // a slice stays contiguous
}

TEST(TensorRows, OutOfRangeRowsAreRejected) {
    Tensor<float> t(Shape{3, 4});
    EXPECT_EQ(errorOf([&] { t[3]; }), "operator[]: row 3 is out of range for (3, 4)");
    EXPECT_EQ(errorOf([&] { t.slice(1, 5); }), "slice: rows [1, 5) are out of range for (3, 4)");
    EXPECT_EQ(errorOf([&] { t.slice(2, 1); }), "slice: rows [2, 1) are out of range for (3, 4)");
}

TEST(TensorConstView, ViewsConstDataWithoutCopying) {
    const std::vector<double> values{1, 2, 3, 4, 5, 6};
    ConstTensorView<double> view(std::span<const double>(values), Shape{3, 2});
    EXPECT_EQ(view.data(), values.data());
    EXPECT_EQ(view.at(2, 1), 6.0);
    EXPECT_EQ(view[1].at(0), 3.0);
    EXPECT_EQ(view.reshape(Shape{2, 3}).at(1, 0), 4.0);
    static_assert(std::is_same_v<decltype(view.at(0, 0)), const double&>);
}

TEST(TensorConstView, WritableViewConvertsToConst) {
    Tensor<float> t = iota234();
    const Tensor<float>& constTensor = t;
    ConstTensorView<float> fromTensor = constTensor;
    ConstTensorView<float> fromView = t.view();
    EXPECT_EQ(fromTensor.data(), fromView.data());
    EXPECT_EQ(fromView.at(1, 1, 1), 17.0f);
    static_assert(!std::is_constructible_v<TensorView<float>, ConstTensorView<float>>);
}

TEST(TensorConstView, RequireShapeNamesTheCallerAndBothShapes) {
    Tensor<float> input(Shape{2, 3});
    requireShape(input, Shape{2, 3}, "layernormForward: inp");
    EXPECT_EQ(errorOf([&] {
                  requireShape(input.view(), Shape{2, 4}, "layernormForward: inp");
              }),
              "layernormForward: inp is (2, 3), expected (2, 4)");
    EXPECT_EQ(errorOf([&] { requireRank(input, 3, "attentionForward: inp"); }),
              "attentionForward: inp has rank 2 (2, 3), expected rank 3");
}

TEST(TensorCast, FloatToDoubleAndBackKeepsValuesAndShape) {
    Tensor<float> f(Shape{2, 2}, std::vector<float>{0.5f, -1.25f, 3.0f, 1e-3f});
    Tensor<double> d = f.castTo<double>();
    EXPECT_EQ(d.shape(), f.shape());
    EXPECT_EQ(d.at(0, 1), -1.25);
    EXPECT_EQ(d.at(1, 1), double(1e-3f));  // exact: every float is a double
    Tensor<float> back = d.castTo<float>();
    EXPECT_EQ(std::vector<float>(back.span().begin(), back.span().end()),
              std::vector<float>(f.span().begin(), f.span().end()));
}

TEST(TensorCast, DoubleToFloatRoundsToNearest) {
    Tensor<double> d(Shape{3}, std::vector<double>{0.1, 1.0 / 3.0, 1e300});
    Tensor<float> f = d.view().castTo<float>();
    EXPECT_EQ(f.at(0), 0.1f);
    EXPECT_EQ(f.at(1), float(1.0 / 3.0));
    EXPECT_EQ(f.at(2), std::numeric_limits<float>::infinity());
}

TEST(TokenTensor, HoldsTokenIdsWithTheSameViews) {
    TokenTensor tokens(Shape{2, 4}, std::vector<Token>{5, 1, 7, 2, 0, 3, 3, 9});
    EXPECT_EQ(tokens.at(1, 3), 9);
    ConstTokenView second = std::as_const(tokens)[1];
    EXPECT_EQ(second.shape(), (Shape{4}));
    EXPECT_EQ(second.at(1), 3);
    EXPECT_EQ(errorOf([&] { tokens.at(2, 0); }),
              "at: index 2 on axis 0 is out of range for (2, 4)");
    TokenTensor padding(Shape{3}, -1);
    EXPECT_EQ(padding.at(2), -1);
}

TEST(TensorCopy, CopyIsDeepAndMoveKeepsTheStorage) {
    Tensor<float> a = iota234();
    Tensor<float> copy = a;
    copy.at(0, 0, 0) = 50.0f;
    EXPECT_EQ(a.at(0, 0, 0), 0.0f);
    const float* storage = a.data();
    TensorView<float> view = a;
    Tensor<float> moved = std::move(a);
    EXPECT_EQ(moved.data(), storage);
    EXPECT_EQ(view.at(1, 2, 3), 23.0f);
    Tensor<float> fromView(view.slice(1, 2));
    EXPECT_EQ(fromView.shape(), (Shape{1, 3, 4}));
    EXPECT_NE(fromView.data(), moved.data() + 12);
}

}  // namespace
}  // namespace actlab
