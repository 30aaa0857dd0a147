// Multi-head self-attention in llm.c's plain loops over contiguous rows: for each (b, h) pair the
// T × T scores, a stable softmax per query row and the att-weighted sum of the values. The pairs
// are independent, so large batches share them among OpenMP threads with bit-identical results.
#include "layers/attention.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace actlab {
namespace {

// Below this many multiply-adds per pass (B · NH · T · T · hs = B · T · T · C), starting an
// OpenMP region costs more than it saves (on a quiet 2-core machine transformer-tiny, B = 32,
// T = 16, C = 64, 0.5 M, gains 7% from two threads).
constexpr double kParallelWork = 1 << 18;

// Keys are padded to a multiple of this in the transposed scratch (one AVX-512 float vector).
constexpr Index kBlock = 16;
Index padded(Index n) { return (n + kBlock - 1) / kBlock * kBlock; }

// Scratch of one (b, h) pair: vᵀ (hs, Tp), then dscore, attᵀ and dscoreᵀ (T, Tp) each.
Index scratchSize(const AttentionExtents& e) { return (e.hs + 3 * e.T) * padded(e.T); }

// The checks of q, k, v (B, T, C) and heads shared by forward and backward: TensorError unless
// heads ≥ 1 and C splits into heads of hs ≥ 1 channels. `call` names the caller in the message.
AttentionExtents checkInputs(const std::string& call, const Shape& q, const Shape& k,
                             const Shape& v, int heads) {
    requireRank(q, 3, call + ": q");
    const Index B = q.extent(0), T = q.extent(1), C = q.extent(2);
    if (heads < 1) {
        throw TensorError(call + ": heads is " + std::to_string(heads) + ", expected at least 1");
    }
    if (C % heads != 0) {
        throw TensorError(call + ": width " + std::to_string(C) + " is not divisible by " +
                          std::to_string(heads) + " heads");
    }
    if (C == 0) throw TensorError(call + ": width 0 leaves no channels for the heads");
    requireShape(k, Shape{B, T, C}, call + ": k");
    requireShape(v, Shape{B, T, C}, call + ": v");
    return {B, T, C, Index(heads), C / heads};
}

// Calls body(bh, scratch) for every pair bh = b · NH + h, where scratch is a buffer of
// scratchSize(e) elements private to the calling thread. Each bh writes only its own outputs,
// so the order of the pairs and the number of threads do not change a single bit.
template <typename Real, typename Body>
void forEachHead(const AttentionExtents& e, Body&& body) {
    const Index pairs = e.B * e.NH;
    if (double(e.B) * double(e.T) * double(e.T) * double(e.C) < kParallelWork) {
        std::vector<Real> scratch(std::size_t(scratchSize(e)), Real(0));
        for (Index bh = 0; bh < pairs; ++bh) body(bh, scratch.data());
        return;
    }
#pragma omp parallel
    {
        std::vector<Real> scratch(std::size_t(scratchSize(e)), Real(0));
#pragma omp for schedule(static)
        for (Index bh = 0; bh < pairs; ++bh) body(bh, scratch.data());
    }
}

// transposed (hs, Tp) = the head's rows (T, hs) at stride C, Tp = padded(T): the dot products
// over channels then run as vector updates over the keys.
template <typename Real>
void transposeHead(Real* transposed, const Real* rows, const AttentionExtents& e) {
    const Index Tp = padded(e.T);
    for (Index i = 0; i < e.hs; ++i)
        for (Index s = 0; s < e.T; ++s) transposed[i * Tp + s] = rows[s * e.C + i];
}

// out[j] (+)= Σ_{r < count} weight[r] · rows[r · stride + j] for j < width, each out[j] summed
// over r in order, kBlock columns at a time in registers (no store-to-load chain through memory,
// and the same rounding as a plain loop). accumulate = false starts from 0.
template <typename Real>
void weightedRowSum(Real* out, const Real* weight, const Real* rows, Index count, Index stride,
                    Index width, bool accumulate) {
    Index j0 = 0;
    for (; j0 + kBlock <= width; j0 += kBlock) {
        Real acc[kBlock];
        for (Index j = 0; j < kBlock; ++j) acc[j] = accumulate ? out[j0 + j] : Real(0);
        for (Index r = 0; r < count; ++r) {
            const Real w = weight[r];
            const Real* __restrict row = rows + r * stride + j0;
            for (Index j = 0; j < kBlock; ++j) acc[j] += w * row[j];
        }
        for (Index j = 0; j < kBlock; ++j) out[j0 + j] = acc[j];
    }
    for (Index j = j0; j < width; ++j) {
        Real acc = accumulate ? out[j] : Real(0);
        for (Index r = 0; r < count; ++r) acc += weight[r] * rows[r * stride + j];
        out[j] = acc;
    }
}

// One (b, h) pair. q, k, v and out point at the head's first channel of row (b, 0): row t of
// the head is at + t · C. preatt and att point at the pair's (T, T) block [query, key];
// scratch holds (hs + 1) · padded(T) elements.
template <typename Real>
void forwardHead(Real* out, Real* preatt, Real* att, const Real* q, const Real* k, const Real* v,
                 const AttentionExtents& e, bool causal, Real* scratch) {
    const Index T = e.T, C = e.C, hs = e.hs;
    const Index Tp = padded(T);
    Real* kt = scratch;  // (hs, Tp)
    transposeHead(kt, k, e);
    const Real scale = Real(1) / std::sqrt(Real(hs));
    const Real minusInfinity = -std::numeric_limits<Real>::infinity();
    for (Index t = 0; t < T; ++t) {
        const Real* qt = q + t * C;
        Real* scores = preatt + t * T;
        Real* p = att + t * T;
        const Index keys = causal ? t + 1 : T;  // the keys s < keys are visible to query t

        // preatt[t, s] = q_t · k_s / √hs and the row maximum over the visible keys.
        // Each score sums its channels in order i = 0, 1, …, as a plain dot product would.
        weightedRowSum(scores, qt, kt, hs, Tp, keys, false);
        Real maximum = minusInfinity;
        for (Index s = 0; s < keys; ++s) {
            scores[s] *= scale;
            maximum = std::max(maximum, scores[s]);
        }
        // att[t, s] = exp(preatt − max) / Σ exp(preatt − max), the same operations as
        // softmaxForward; a masked key gets −∞ and exactly 0.
        Real sum = 0;
        for (Index s = 0; s < keys; ++s) {
            p[s] = std::exp(scores[s] - maximum);
            sum += p[s];
        }
        for (Index s = 0; s < keys; ++s) p[s] /= sum;
        for (Index s = keys; s < T; ++s) {
            scores[s] = minusInfinity;
            p[s] = 0;
        }

        // out_t = Σ_s att[t, s] · v_s, accumulated one contiguous value row at a time.
        weightedRowSum(out + t * C, p, v, keys, C, hs, false);
    }
}

// One (b, h) pair, pointers as in forwardHead; scratch holds scratchSize(e) elements. Per query
// row: datt, the softmax backward and dq; then per key row, from the transposed (T, T) blocks:
// dv_s = Σ_t att[t, s] · dout_t and dk_s = Σ_t dscore[t, s] · q_t, each summed over t in order.
template <typename Real>
void backwardHead(Real* dq, Real* dk, Real* dv, const Real* dout, const Real* q, const Real* k,
                  const Real* v, const Real* att, const AttentionExtents& e, Real* scratch) {
    const Index T = e.T, C = e.C, hs = e.hs;
    const Index Tp = padded(T);
    Real* vt = scratch;             // (hs, Tp)
    Real* dscore = vt + hs * Tp;    // (T, Tp) [query, key]
    Real* attT = dscore + T * Tp;   // (T, Tp) [key, query]
    Real* dscoreT = attT + T * Tp;  // (T, Tp) [key, query]
    transposeHead(vt, v, e);
    const Real scale = Real(1) / std::sqrt(Real(hs));
    Index maxKeys = 0;
    for (Index t = 0; t < T; ++t) {
        const Real* p = att + t * T;
        Real* row = dscore + t * Tp;
        // Keys with att = 0 (the causal mask, or an underflow) pass no gradient: the trailing
        // ones are skipped (their dscore is 0), which leaves every sum below unchanged.
        Index keys = T;
        while (keys > 0 && p[keys - 1] == Real(0)) --keys;
        maxKeys = std::max(maxKeys, keys);
        // datt[s] = dout_t · v_s (channels summed in order) and Σ_s datt ⊙ att.
        weightedRowSum(row, dout + t * C, vt, hs, Tp, keys, false);
        Real weighted = 0;
        for (Index s = 0; s < keys; ++s) weighted += row[s] * p[s];
        // dpreatt[s] = att ⊙ (datt − Σ datt ⊙ att); through preatt = q_t · k_s / √hs.
        for (Index s = 0; s < keys; ++s) row[s] = p[s] * (row[s] - weighted) * scale;
        std::fill(row + keys, row + T, Real(0));
        weightedRowSum(dq + t * C, row, k, keys, C, hs, true);
    }
    for (Index t = 0; t < T; ++t)
        for (Index s = 0; s < T; ++s) {
            attT[s * Tp + t] = att[t * T + s];
            dscoreT[s * Tp + t] = dscore[t * Tp + s];
        }
    for (Index s = 0; s < maxKeys; ++s) {
        weightedRowSum(dv + s * C, attT + s * Tp, dout, T, C, hs, true);
        weightedRowSum(dk + s * C, dscoreT + s * Tp, q, T, C, hs, true);
    }
}

}  // namespace

AttentionExtents checkAttentionForward(const Shape& out, const Shape& preatt, const Shape& att,
                                       const Shape& q, const Shape& k, const Shape& v, int heads) {
    const AttentionExtents e = checkInputs("attentionForward", q, k, v, heads);
    const Shape maps{e.B, e.NH, e.T, e.T};
    requireShape(out, q, "attentionForward: out");
    requireShape(preatt, maps, "attentionForward: preatt");
    requireShape(att, maps, "attentionForward: att");
    return e;
}

AttentionExtents checkAttentionBackward(const Shape& dq, const Shape& dk, const Shape& dv,
                                        const Shape& dout, const Shape& q, const Shape& k,
                                        const Shape& v, const Shape& att, int heads) {
    const AttentionExtents e = checkInputs("attentionBackward", q, k, v, heads);
    requireShape(dout, q, "attentionBackward: dout");
    requireShape(dq, q, "attentionBackward: dq");
    requireShape(dk, q, "attentionBackward: dk");
    requireShape(dv, q, "attentionBackward: dv");
    requireShape(att, Shape{e.B, e.NH, e.T, e.T}, "attentionBackward: att");
    return e;
}

template <typename Real>
void attentionForward(TensorView<Real> out, TensorView<Real> preatt, TensorView<Real> att,
                      ConstTensorView<Real> q, ConstTensorView<Real> k, ConstTensorView<Real> v,
                      int heads, bool causal) {
    const AttentionExtents e = checkAttentionForward(out.shape(), preatt.shape(), att.shape(),
                                                     q.shape(), k.shape(), v.shape(), heads);
    const Index T = e.T, C = e.C, NH = e.NH, hs = e.hs;

    forEachHead<Real>(e, [&](Index bh, Real* scratch) {
        const Index b = bh / NH, h = bh % NH;
        const Index rows = b * T * C + h * hs;  // head h of row (b, 0)
        const Index block = bh * T * T;         // the (T, T) block of (b, h)
        forwardHead(out.data() + rows, preatt.data() + block, att.data() + block, q.data() + rows,
                    k.data() + rows, v.data() + rows, e, causal, scratch);
    });
}

template <typename Real>
void attentionBackward(TensorView<Real> dq, TensorView<Real> dk, TensorView<Real> dv,
                       ConstTensorView<Real> dout, ConstTensorView<Real> q, ConstTensorView<Real> k,
                       ConstTensorView<Real> v, ConstTensorView<Real> att, int heads) {
    const AttentionExtents e =
        checkAttentionBackward(dq.shape(), dk.shape(), dv.shape(), dout.shape(), q.shape(),
                               k.shape(), v.shape(), att.shape(), heads);
    const Index T = e.T, C = e.C, NH = e.NH, hs = e.hs;

    forEachHead<Real>(e, [&](Index bh, Real* scratch) {
        const Index b = bh / NH, h = bh % NH;
        const Index rows = b * T * C + h * hs;
        backwardHead(dq.data() + rows, dk.data() + rows, dv.data() + rows, dout.data() + rows,
                     q.data() + rows, k.data() + rows, v.data() + rows, att.data() + bh * T * T, e,
                     scratch);
    });
}

template void attentionForward(TensorView<float>, TensorView<float>, TensorView<float>,
                               ConstTensorView<float>, ConstTensorView<float>,
                               ConstTensorView<float>, int, bool);
template void attentionForward(TensorView<double>, TensorView<double>, TensorView<double>,
                               ConstTensorView<double>, ConstTensorView<double>,
                               ConstTensorView<double>, int, bool);
template void attentionBackward(TensorView<float>, TensorView<float>, TensorView<float>,
                                ConstTensorView<float>, ConstTensorView<float>,
                                ConstTensorView<float>, ConstTensorView<float>,
                                ConstTensorView<float>, int);
template void attentionBackward(TensorView<double>, TensorView<double>, TensorView<double>,
                                ConstTensorView<double>, ConstTensorView<double>,
                                ConstTensorView<double>, ConstTensorView<double>,
                                ConstTensorView<double>, int);

}  // namespace actlab
