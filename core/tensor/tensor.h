// Tensors of the Attention lab: Tensor<T> owns row-major storage of a Shape; TensorView<T> and
// ConstTensorView<T> are (pointer, Shape) views that layers and backend ops take as arguments.
// T is float, double or Token (std::int32_t, for token ids); the error policy is in shape.h.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <new>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "tensor/shape.h"

namespace actlab {

using Token = std::int32_t;  // a token id, or a target class for the loss

template <typename T>
concept TensorElement = std::same_as<T, float> || std::same_as<T, double> || std::same_as<T, Token>;

template <typename T>
requires TensorElement<T>
class Tensor;

// Storage aligned to 64 bytes (a cache line, the widest SIMD register): vectorised kernels then
// split every buffer into the same head, packets and tail wherever the heap puts it, so a CPU
// run rounds the same way every time (bit-for-bit reproducibility).
template <typename T>
struct AlignedAllocator {
    using value_type = T;
    static constexpr std::align_val_t kAlignment{64};
    AlignedAllocator() = default;
    template <typename U>
    AlignedAllocator(const AlignedAllocator<U>&) {}  // NOLINT(google-explicit-constructor)
    T* allocate(std::size_t n) {
        return static_cast<T*>(::operator new(n * sizeof(T), kAlignment));
    }
    void deallocate(T* p, std::size_t) { ::operator delete(p, kAlignment); }
    template <typename U>
    bool operator==(const AlignedAllocator<U>&) const {
        return true;
    }
};
template <typename T>
using AlignedVector = std::vector<T, AlignedAllocator<T>>;

// A contiguous row-major view that does not own its elements: valid while its storage is.
// E is T (writable) or const T (read-only). Only axis 0 is ever cut (operator[], slice), so
// every view stays contiguous and can be reshaped. Constness is shallow, as for std::span.
template <typename E>
requires TensorElement<std::remove_const_t<E>>
class TensorView {
public:
    using Element = std::remove_const_t<E>;

    TensorView() = default;  // shape (0), no elements
    // data must hold shape.elementCount() elements; only a null data is caught.
    TensorView(E* data, Shape shape) : m_data(data), m_shape(shape) {
        detail::checkViewData(data, std::size_t(shape.elementCount()), shape);
    }
    // Checked: the span's size must be the shape's element count.
    TensorView(std::span<E> data, Shape shape) : m_data(data.data()), m_shape(shape) {
        detail::checkViewData(data.data(), data.size(), shape);
    }
    // A writable view converts to a read-only one.
    template <typename Writable>
    requires std::is_const_v<E> && std::same_as<Writable, Element> TensorView(
        TensorView<Writable> other)
        : m_data(other.data()), m_shape(other.shape()) {}

    const Shape& shape() const { return m_shape; }
    int rank() const { return m_shape.rank(); }
    Index extent(int axis) const { return m_shape.extent(axis); }
    Index size() const { return m_shape.elementCount(); }
    bool empty() const { return size() == 0; }
    E* data() const { return m_data; }
    std::span<E> span() const { return {m_data, std::size_t(size())}; }

    // Checked access: as many indices as the rank, each in range, else TensorError.
    template <std::integral... I>
    E& at(I... indices) const {
        const std::array<Index, sizeof...(I)> index{Index(indices)...};
        return m_data[m_shape.checkedOffset(index, "at")];
    }
    // Unchecked access for hot loops (asserts in debug builds only).
    template <std::integral... I>
    E& operator()(I... indices) const {
        static_assert(sizeof...(I) <= kMaxTensorRank, "a tensor has at most 4 axes");
        assert(int(sizeof...(I)) == rank());
        [[maybe_unused]] const Index* extents = m_shape.extents().data();
        [[maybe_unused]] const Index* strides = m_shape.strides().data();
        Index offset = 0;
        [[maybe_unused]] int axis = 0;
        ((assert(Index(indices) >= 0 && Index(indices) < extents[axis]),
          offset += Index(indices) * strides[axis], ++axis),
         ...);
        return m_data[offset];
    }

    // Row `row` of axis 0 as a rank − 1 view: (B, T, C)[b] is (T, C). Checked.
    TensorView operator[](Index row) const {
        detail::checkRow(m_shape, row);
        return TensorView(m_data + row * m_shape.stride(0), m_shape.withoutFirstAxis());
    }
    // Rows [begin, end) of axis 0, same rank: (B, T, C) → (end − begin, T, C). Checked.
    TensorView slice(Index begin, Index end) const {
        detail::checkRows(m_shape, begin, end);
        return TensorView(m_data + begin * m_shape.stride(0), m_shape.withFirstExtent(end - begin));
    }
    // The same elements under another shape with the same element count. Checked.
    TensorView reshape(Shape shape) const {
        detail::checkReshape(m_shape, shape);
        return TensorView(m_data, shape);
    }

    void fill(Element value) const requires(!std::is_const_v<E>) {
        std::fill(m_data, m_data + size(), value);
    }
    // An owning copy converted element by element (float ↔ double).
    template <typename U>
    requires std::floating_point<U> && std::floating_point<Element> Tensor<U> castTo()
    const {
        Tensor<U> out(m_shape);
        std::transform(m_data, m_data + size(), out.data(), [](Element x) { return U(x); });
        return out;
    }

private:
    E* m_data = nullptr;
    Shape m_shape{0};
};

template <typename T>
using ConstTensorView = TensorView<const T>;

// Owning row-major storage. Copies are deep; a move keeps the storage, so views stay valid.
// The view members below forward to view(); views must not outlive the tensor.
template <typename T>
requires TensorElement<T>
class Tensor {
public:
    Tensor() = default;  // shape (0), no elements
    explicit Tensor(Shape shape, T value = T{})
        : m_shape(shape), m_values(std::size_t(shape.elementCount()), value) {}
    // Checked: values must hold shape.elementCount() elements, in row-major order.
    Tensor(Shape shape, const std::vector<T>& values)
        : m_shape(shape), m_values(values.begin(), values.end()) {
        detail::checkViewData(m_values.data(), m_values.size(), m_shape);
    }
    explicit Tensor(ConstTensorView<T> source)
        : m_shape(source.shape()), m_values(source.data(), source.data() + source.size()) {}

    const Shape& shape() const { return m_shape; }
    int rank() const { return m_shape.rank(); }
    Index extent(int axis) const { return m_shape.extent(axis); }
    Index size() const { return m_shape.elementCount(); }
    bool empty() const { return size() == 0; }
    T* data() { return m_values.data(); }
    const T* data() const { return m_values.data(); }
    std::span<T> span() { return m_values; }
    std::span<const T> span() const { return m_values; }

    TensorView<T> view() & { return {m_values.data(), m_shape}; }
    ConstTensorView<T> view() const& { return {m_values.data(), m_shape}; }
    ConstTensorView<T> view() const&& = delete;  // a view of a temporary would dangle
    operator TensorView<T>() & { return view(); }
    operator ConstTensorView<T>() const& { return view(); }
    operator ConstTensorView<T>() const&& = delete;

    template <std::integral... I>
    T& at(I... indices) {
        return view().at(indices...);
    }
    template <std::integral... I>
    const T& at(I... indices) const {
        return view().at(indices...);
    }
    template <std::integral... I>
    T& operator()(I... indices) {
        return view()(indices...);
    }
    template <std::integral... I>
    const T& operator()(I... indices) const {
        return view()(indices...);
    }
    TensorView<T> operator[](Index row) & { return view()[row]; }
    ConstTensorView<T> operator[](Index row) const& { return view()[row]; }
    TensorView<T> slice(Index begin, Index end) & { return view().slice(begin, end); }
    ConstTensorView<T> slice(Index begin, Index end) const& { return view().slice(begin, end); }
    TensorView<T> reshape(Shape shape) & { return view().reshape(shape); }
    ConstTensorView<T> reshape(Shape shape) const& { return view().reshape(shape); }
    void fill(T value) { std::fill(m_values.begin(), m_values.end(), value); }
    template <typename U>
    requires std::floating_point<U> && std::floating_point<T> Tensor<U> castTo()
    const { return view().template castTo<U>(); }

private:
    Shape m_shape{0};
    AlignedVector<T> m_values;
};

using TokenTensor = Tensor<Token>;
using TokenView = TensorView<Token>;
using ConstTokenView = ConstTensorView<Token>;

// Layer entry checks on anything with a shape() (a view or a tensor); see shape.h.
template <typename Shaped>
requires requires(const Shaped& s) {
    { s.shape() } -> std::convertible_to<const Shape&>;
}
void requireShape(const Shaped& tensor, const Shape& expected, std::string_view what) {
    requireShape(tensor.shape(), expected, what);
}
template <typename Shaped>
requires requires(const Shaped& s) {
    { s.shape() } -> std::convertible_to<const Shape&>;
}
void requireRank(const Shaped& tensor, int expectedRank, std::string_view what) {
    requireRank(tensor.shape(), expectedRank, what);
}

}  // namespace actlab
