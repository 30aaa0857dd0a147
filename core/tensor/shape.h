// Shape: the extents of a tensor of rank 0 to 4 with its row-major strides and checked element
// count, and TensorError, the one error type of core/tensor (the policy is stated below).
#pragma once

#include <array>
#include <cstddef>
#include <initializer_list>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace actlab {

// Extents, strides, indices and element counts: signed, so that `i - 1` and `end - begin` are safe.
using Index = std::ptrdiff_t;
inline constexpr int kMaxTensorRank = 4;

// Error policy of core/tensor. A wrong shape or an index out of range is a programmer error,
// but it must say what went wrong: every checked call (Shape construction, at(), operator[],
// slice(), reshape(), views over spans, requireShape/requireRank) throws TensorError with a
// message "<call>: <what>, <shapes>", e.g. "reshape: (2, 3, 4) has 24 elements, (5, 5) has 25".
// The unchecked paths (operator() and data()) are for hot loops after the layer's entry checks;
// they only assert in debug builds.
class TensorError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

// Row-major: the last axis is contiguous, stride(rank − 1) = 1 and
// stride(k) = stride(k + 1) · extent(k + 1). Rank 0 is a scalar with one element.
class Shape {
public:
    Shape() = default;  // rank 0: (), one element
    // Throws TensorError for rank > 4, a negative extent, or an element count (or stride) that
    // does not fit in an Index.
    Shape(std::initializer_list<Index> extents);
    explicit Shape(std::span<const Index> extents);

    int rank() const { return m_rank; }
    Index elementCount() const { return m_elementCount; }
    Index extent(int axis) const;  // checked: 0 ≤ axis < rank
    Index stride(int axis) const;  // checked: 0 ≤ axis < rank; in elements
    std::span<const Index> extents() const { return {m_extents.data(), std::size_t(m_rank)}; }
    std::span<const Index> strides() const { return {m_strides.data(), std::size_t(m_rank)}; }

    // The shape without axis 0: a row's shape, (2, 3, 4) → (3, 4). Throws for rank 0.
    Shape withoutFirstAxis() const;
    // The same shape with extent(0) replaced: (2, 3, 4) with 5 → (5, 3, 4). Throws for rank 0.
    Shape withFirstExtent(Index extent0) const;

    // Row-major offset of a full index, checked: as many indices as the rank, each in range.
    // `what` names the caller in the message ("at: index 4 on axis 1 is out of range for ...").
    Index checkedOffset(std::span<const Index> indices, std::string_view what) const;

    std::string toString() const;  // "(2, 3, 4)"; rank 0 is "()"

    friend bool operator==(const Shape&, const Shape&) = default;

private:
    int m_rank = 0;
    std::array<Index, kMaxTensorRank> m_extents{};  // entries past the rank are 0
    std::array<Index, kMaxTensorRank> m_strides{};  // entries past the rank are 0
    Index m_elementCount = 1;
};

// Layer entry checks: throw TensorError "<what> is (2, 3), expected (2, 4)" or
// "<what> has rank 2 (2, 3), expected rank 3". `what` names layer and argument,
// e.g. "layernormForward: inp". The view overloads are in tensor.h.
void requireShape(const Shape& actual, const Shape& expected, std::string_view what);
void requireRank(const Shape& actual, int expectedRank, std::string_view what);

namespace detail {
// The checks behind tensor.h's views, out of line so that the message code stays cold.
void checkViewData(const void* data, std::size_t spanSize, const Shape& shape);  // size or null
void checkRow(const Shape& shape, Index row);                // operator[]: rank ≥ 1, in range
void checkRows(const Shape& shape, Index begin, Index end);  // slice: 0 ≤ begin ≤ end ≤ e0
void checkReshape(const Shape& from, const Shape& to);       // equal element counts
}  // namespace detail

}  // namespace actlab
