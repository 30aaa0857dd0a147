// Shape construction with its checks, and the text of every TensorError about shapes and indices.
#include "tensor/shape.h"

namespace actlab {
namespace {

std::string listText(std::span<const Index> extents) {
    std::string text = "(";
    for (std::size_t axis = 0; axis < extents.size(); ++axis) {
        if (axis > 0) text += ", ";
        text += std::to_string(extents[axis]);
    }
    return text + ")";
}

[[noreturn]] void fail(std::string_view what, const std::string& detail) {
    throw TensorError(std::string(what) + ": " + detail);
}

}  // namespace

Shape::Shape(std::initializer_list<Index> extents)
    : Shape(std::span<const Index>(extents.begin(), extents.size())) {}

Shape::Shape(std::span<const Index> extents) {
    if (extents.size() > std::size_t(kMaxTensorRank))
        fail("Shape", "rank " + std::to_string(extents.size()) + " is more than " +
                          std::to_string(kMaxTensorRank) + ": " + listText(extents));
    m_rank = int(extents.size());
    for (int axis = 0; axis < m_rank; ++axis) {
        if (extents[axis] < 0)
            fail("Shape", "extent " + std::to_string(extents[axis]) + " on axis " +
                              std::to_string(axis) + " is negative: " + listText(extents));
        m_extents[axis] = extents[axis];
    }
    // Strides from the last axis back; the element count is stride(0) · extent(0). Every
    // product must fit, so (0, 2^40, 2^40) is refused too although it has no elements.
    Index product = 1;
    for (int axis = m_rank - 1; axis >= 0; --axis) {
        m_strides[axis] = product;
        if (__builtin_mul_overflow(product, m_extents[axis], &product))
            fail("Shape", listText(extents) +
                              " is too large: its element count or a stride overflows an index");
    }
    m_elementCount = product;
}

Index Shape::extent(int axis) const {
    if (axis < 0 || axis >= m_rank)
        fail("extent", "axis " + std::to_string(axis) + " is out of range for " + toString());
    return m_extents[axis];
}

Index Shape::stride(int axis) const {
    if (axis < 0 || axis >= m_rank)
        fail("stride", "axis " + std::to_string(axis) + " is out of range for " + toString());
    return m_strides[axis];
}

Shape Shape::withoutFirstAxis() const {
    if (m_rank == 0) fail("withoutFirstAxis", "a rank-0 shape () has no axis 0");
    return Shape(extents().subspan(1));
}

Shape Shape::withFirstExtent(Index extent0) const {
    if (m_rank == 0) fail("withFirstExtent", "a rank-0 shape () has no axis 0");
    std::array<Index, kMaxTensorRank> extentsCopy = m_extents;
    extentsCopy[0] = extent0;
    return Shape(std::span<const Index>(extentsCopy.data(), std::size_t(m_rank)));
}

Index Shape::checkedOffset(std::span<const Index> indices, std::string_view what) const {
    if (indices.size() != std::size_t(m_rank))
        fail(what, std::to_string(indices.size()) + " indices for the rank-" +
                       std::to_string(m_rank) + " shape " + toString());
    Index offset = 0;
    for (int axis = 0; axis < m_rank; ++axis) {
        if (indices[axis] < 0 || indices[axis] >= m_extents[axis])
            fail(what, "index " + std::to_string(indices[axis]) + " on axis " +
                           std::to_string(axis) + " is out of range for " + toString());
        offset += indices[axis] * m_strides[axis];
    }
    return offset;
}

std::string Shape::toString() const { return listText(extents()); }

void requireShape(const Shape& actual, const Shape& expected, std::string_view what) {
    if (actual != expected)
        throw TensorError(std::string(what) + " is " + actual.toString() + ", expected " +
                          expected.toString());
}

void requireRank(const Shape& actual, int expectedRank, std::string_view what) {
    if (actual.rank() != expectedRank)
        throw TensorError(std::string(what) + " has rank " + std::to_string(actual.rank()) + " " +
                          actual.toString() + ", expected rank " + std::to_string(expectedRank));
}

namespace detail {

void checkViewData(const void* data, std::size_t spanSize, const Shape& shape) {
    if (spanSize != std::size_t(shape.elementCount()))
        fail("TensorView", shape.toString() + " needs " + std::to_string(shape.elementCount()) +
                               " elements, the span has " + std::to_string(spanSize));
    if (data == nullptr && shape.elementCount() > 0)
        fail("TensorView", "no data for " + shape.toString());
}

void checkRow(const Shape& shape, Index row) {
    if (shape.rank() == 0) fail("operator[]", "a rank-0 tensor () has no rows");
    if (row < 0 || row >= shape.extent(0))
        fail("operator[]",
             "row " + std::to_string(row) + " is out of range for " + shape.toString());
}

void checkRows(const Shape& shape, Index begin, Index end) {
    if (shape.rank() == 0) fail("slice", "a rank-0 tensor () has no rows");
    if (begin < 0 || begin > end || end > shape.extent(0))
        fail("slice", "rows [" + std::to_string(begin) + ", " + std::to_string(end) +
                          ") are out of range for " + shape.toString());
}

void checkReshape(const Shape& from, const Shape& to) {
    if (from.elementCount() != to.elementCount())
        fail("reshape", from.toString() + " has " + std::to_string(from.elementCount()) +
                            " elements, " + to.toString() + " has " +
                            std::to_string(to.elementCount()));
}

}  // namespace detail

}  // namespace actlab
