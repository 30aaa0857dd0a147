// Multi-head scaled dot-product self-attention as a forward/backward pair, after llm.c's
// attention_forward / attention_backward. Attention is the only layer that mixes information
// across time; every other layer is applied at every (b, t) position independently.
#pragma once

#include "tensor/tensor.h"

namespace actlab {

// Gradients accumulate (+=), as everywhere in core/layers (see linear.h).
// Shapes: B batch, T sequence length, C = NH · hs the width, NH heads of hs channels each;
// q, k, v (B, T, C) are the projections already made (and activated); head h owns channels
// [h·hs, (h + 1)·hs). preatt and att are (B, NH, T, T), indexed [b, h, query, key].

// The extents of an attention call, named as in llm.c.
struct AttentionExtents {
    Index B, T, C, NH, hs;
};

// The entry checks of attentionForward / attentionBackward (every backend's): TensorError, as
// they throw, unless heads ≥ 1 splits C into heads of hs ≥ 1 channels and every shape matches.
AttentionExtents checkAttentionForward(const Shape& out, const Shape& preatt, const Shape& att,
                                       const Shape& q, const Shape& k, const Shape& v, int heads);
AttentionExtents checkAttentionBackward(const Shape& dq, const Shape& dk, const Shape& dv,
                                        const Shape& dout, const Shape& q, const Shape& k,
                                        const Shape& v, const Shape& att, int heads);

// preatt[b, h, t, s] = q[b, t, h] · k[b, s, h] / √hs (−∞ for s > t when causal);
// att = softmax over s of preatt (stable: the row maximum is subtracted; masked entries are 0);
// out (B, T, C)[b, t, h] = Σ_s att[b, h, t, s] · v[b, s, h]. preatt and att are kept for
// backward and for the attention maps the diagnostics show. Throws TensorError unless C is
// divisible by heads and every shape matches.
template <typename T>
void attentionForward(TensorView<T> out, TensorView<T> preatt, TensorView<T> att,
                      ConstTensorView<T> q, ConstTensorView<T> k, ConstTensorView<T> v, int heads,
                      bool causal);

// datt[b, h, t, s] = dout[b, t, h] · v[b, s, h]; dv[b, s, h] += Σ_t att · dout[b, t, h];
// dpreatt = att ⊙ (datt − Σ_s datt ⊙ att) (softmax backward); dq[b, t, h] += Σ_s dpreatt ·
// k[b, s, h] / √hs; dk[b, s, h] += Σ_t dpreatt · q[b, t, h] / √hs. Masked entries have att = 0
// and so pass no gradient. Needs q, k, v and att; no scratch is asked of the caller.
template <typename T>
void attentionBackward(TensorView<T> dq, TensorView<T> dk, TensorView<T> dv,
                       ConstTensorView<T> dout, ConstTensorView<T> q, ConstTensorView<T> k,
                       ConstTensorView<T> v, ConstTensorView<T> att, int heads);

}  // namespace actlab
