// The Vulkan tensor ops, sequence part: layernorm, attention, embedding, mean pooling and
// cross-entropy, each checked with its layer's check function first (see vulkan_tensor_ops.cpp).
#include <algorithm>
#include <cmath>
#include <vector>

#include "backends/vulkan/vulkan_tensor_ops_impl.h"
#include "layers/attention.h"
#include "layers/embedding.h"
#include "layers/layernorm.h"
#include "layers/losses.h"
#include "layers/residual.h"

namespace actlab::vulkan {
namespace {

using shaders::kRowWorkgroupSize;

// The distinct ids of a checked token tensor (in order of first use) and, per distinct id u,
// the rows (b·T + t) that hold it in increasing order: rows[first[u]] … rows[first[u + 1] − 1].
struct TokenGroups {
    std::vector<Token> distinct, compact;  // compact (rows): the row's index into distinct
    std::vector<Token> first, rows;
};

TokenGroups groupTokens(ConstTokenView tokens, Index V) {
    TokenGroups g;
    std::vector<Token> slot(size_t(V), -1);
    g.compact.resize(size_t(tokens.size()));
    for (Index r = 0; r < tokens.size(); ++r) {
        const Token id = tokens.data()[r];
        if (slot[size_t(id)] < 0) {
            slot[size_t(id)] = Token(g.distinct.size());
            g.distinct.push_back(id);
        }
        g.compact[size_t(r)] = slot[size_t(id)];
    }
    g.first.assign(g.distinct.size() + 1, 0);
    for (Token u : g.compact) ++g.first[size_t(u) + 1];
    for (size_t u = 0; u < g.distinct.size(); ++u) g.first[u + 1] += g.first[u];
    std::vector<Token> cursor(g.first.begin(), g.first.end() - 1);
    g.rows.resize(g.compact.size());
    for (size_t r = 0; r < g.compact.size(); ++r) g.rows[size_t(cursor[g.compact[r]]++)] = Token(r);
    return g;
}

}  // namespace

void VulkanTensorOps::layernormForward(TensorView<float> out, TensorView<float> mean,
                                       TensorView<float> rstd, ConstTensorView<float> inp,
                                       ConstTensorView<float> weight, ConstTensorView<float> bias) {
    const auto [N, C] = checkLayernormForward(out.shape(), mean.shape(), rstd.shape(), inp.shape(),
                                              weight.shape(), bias.shape());

    RecordedCall call(*this, "layernormForward");
    const TensorSlice x = call.input(inp.span()), w = call.input(weight.span());
    const TensorSlice b = call.input(bias.span()), y = call.output(out.span());
    const TensorSlice m = call.output(mean.span()), s = call.output(rstd.span());
    const shaders::LayerNormPushConstants constants{uint32_t(N), uint32_t(C), 1e-5f};
    call.dispatches().addDispatch(TrainingShader::LayernormForward, {x, w, b, y, m, s}, constants,
                                  groupsFor(size_t(N), kRowWorkgroupSize));
    call.run();
}

void VulkanTensorOps::layernormBackward(TensorView<float> dinp, TensorView<float> dweight,
                                        TensorView<float> dbias, ConstTensorView<float> dout,
                                        ConstTensorView<float> inp, ConstTensorView<float> weight,
                                        ConstTensorView<float> mean, ConstTensorView<float> rstd) {
    const auto [N, C] =
        checkLayernormBackward(dinp.shape(), dweight.shape(), dbias.shape(), dout.shape(),
                               inp.shape(), weight.shape(), mean.shape(), rstd.shape());

    RecordedCall call(*this, "layernormBackward");
    const TensorSlice x = call.input(inp.span()), w = call.input(weight.span());
    const TensorSlice dy = call.input(dout.span()), m = call.input(mean.span());
    const TensorSlice s = call.input(rstd.span()), dx = call.inputOutput(dinp.span());
    const TensorSlice dw = call.inputOutput(dweight.span()), db = call.inputOutput(dbias.span());
    const shaders::LayerNormPushConstants constants{uint32_t(N), uint32_t(C), 0.0f};
    call.dispatches().addDispatch(TrainingShader::LayernormBackward, {x, w, dy, m, s, dx},
                                  constants, groupsFor(size_t(N), kRowWorkgroupSize));
    call.dispatches().addDispatch(TrainingShader::LayernormParameterGradient, {x, dy, m, s, dw, db},
                                  constants, groupsFor(size_t(C), kRowWorkgroupSize));
    call.run();
}

void VulkanTensorOps::attentionForward(TensorView<float> out, TensorView<float> preatt,
                                       TensorView<float> att, ConstTensorView<float> q,
                                       ConstTensorView<float> k, ConstTensorView<float> v,
                                       int heads, bool causal) {
    const auto [B, T, C, NH, hs] = checkAttentionForward(out.shape(), preatt.shape(), att.shape(),
                                                         q.shape(), k.shape(), v.shape(), heads);

    RecordedCall call(*this, "attentionForward");
    const TensorSlice sq = call.input(q.span()), sk = call.input(k.span());
    const TensorSlice sv = call.input(v.span()), y = call.output(out.span());
    const TensorSlice scores = call.output(preatt.span()), p = call.output(att.span());
    const shaders::AttentionPushConstants constants{uint32_t(B),      uint32_t(T),
                                                    uint32_t(C),      uint32_t(NH),
                                                    causal ? 1u : 0u, 1.0f / std::sqrt(float(hs))};
    call.dispatches().addDispatch(TrainingShader::AttentionForward, {sq, sk, sv, y, scores, p},
                                  constants, groupsFor(size_t(B * NH * T), kRowWorkgroupSize));
    call.run();
}

void VulkanTensorOps::attentionBackward(TensorView<float> dq, TensorView<float> dk,
                                        TensorView<float> dv, ConstTensorView<float> dout,
                                        ConstTensorView<float> q, ConstTensorView<float> k,
                                        ConstTensorView<float> v, ConstTensorView<float> att,
                                        int heads) {
    const auto [B, T, C, NH, hs] =
        checkAttentionBackward(dq.shape(), dk.shape(), dv.shape(), dout.shape(), q.shape(),
                               k.shape(), v.shape(), att.shape(), heads);

    RecordedCall call(*this, "attentionBackward");
    const TensorSlice dy = call.input(dout.span()), sq = call.input(q.span());
    const TensorSlice sk = call.input(k.span()), sv = call.input(v.span());
    const TensorSlice p = call.input(att.span()), dscore = call.scratch(size_t(att.size()));
    const TensorSlice dsq = call.inputOutput(dq.span()), dsk = call.inputOutput(dk.span());
    const TensorSlice dsv = call.inputOutput(dv.span());
    const shaders::AttentionPushConstants constants{
        uint32_t(B), uint32_t(T), uint32_t(C), uint32_t(NH), 0u, 1.0f / std::sqrt(float(hs))};
    const uint32_t groups = groupsFor(size_t(B * NH * T), kRowWorkgroupSize);
    call.dispatches().addDispatch(TrainingShader::AttentionBackwardQuery,
                                  {dy, sk, sv, p, dscore, dsq}, constants, groups);
    call.dispatches().addDispatch(TrainingShader::AttentionBackwardKey,
                                  {dy, sq, p, dscore, dsk, dsv}, constants, groups);
    call.run();
}

void VulkanTensorOps::embeddingForward(TensorView<float> out, ConstTokenView tokens,
                                       ConstTensorView<float> tokenTable,
                                       ConstTensorView<float> positionTable) {
    const auto [B, steps, C, V] =
        checkEmbeddingForward(out.shape(), tokens, tokenTable.shape(), positionTable.shape());

    RecordedCall call(*this, "embeddingForward");
    const TensorSlice ids = call.input(tokens.span()), table = call.input(tokenTable.span());
    const TensorSlice positions = call.input(positionTable.span());
    const TensorSlice y = call.output(out.span());
    const shaders::EmbeddingPushConstants constants{uint32_t(y.count), uint32_t(steps),
                                                    uint32_t(C)};
    addElementwise(call.dispatches(), TrainingShader::EmbeddingForward, {ids, table, positions, y},
                   constants, y.count);
    call.run();
}

void VulkanTensorOps::embeddingBackward(TensorView<float> dTokenTable,
                                        TensorView<float> dPositionTable,
                                        ConstTensorView<float> dout, ConstTokenView tokens) {
    const auto [B, steps, C, V] =
        checkEmbeddingBackward(dTokenTable.shape(), dPositionTable.shape(), dout.shape(), tokens);

    // The host wrote the tokens: it groups their rows, and only those index lists travel.
    const TokenGroups groups = groupTokens(tokens, V);
    RecordedCall call(*this, "embeddingBackward");
    const TensorSlice first = call.transient(groups.first);
    const TensorSlice order = call.transient(groups.rows);
    const TensorSlice distinct = call.transient(groups.distinct);
    const TensorSlice dy = call.input(dout.span()), dtable = call.inputOutput(dTokenTable.span());
    const TensorSlice dpositions = call.inputOutput(dPositionTable.span());
    const size_t count = groups.distinct.size() * size_t(C);
    const shaders::EmbeddingPushConstants constants{uint32_t(count), uint32_t(steps), uint32_t(C)};
    addElementwise(call.dispatches(), TrainingShader::EmbeddingTokenGradient,
                   {first, order, dy, dtable, distinct}, constants, count);
    // dPositionTable[t] += Σ_b dout[b, t]: column sums of dout as a (B, T·C) matrix.
    const shaders::ColumnSumPushConstants sums{uint32_t(steps * C), uint32_t(B)};
    call.dispatches().addDispatch(TrainingShader::ColumnSumAccumulate, {dy, dpositions}, sums,
                                  groupsFor(size_t(steps * C), kRowWorkgroupSize));
    call.run();
}

void VulkanTensorOps::meanPoolForward(TensorView<float> out, ConstTensorView<float> inp) {
    const auto [B, steps, C] = checkMeanPoolForward(out.shape(), inp.shape());

    RecordedCall call(*this, "meanPoolForward");
    const TensorSlice x = call.input(inp.span()), y = call.output(out.span());
    const shaders::MeanPoolPushConstants constants{uint32_t(B), uint32_t(steps), uint32_t(C),
                                                   steps > 0 ? 1.0f / float(steps) : 0.0f};
    call.dispatches().addDispatch(TrainingShader::MeanPoolForward, {x, y}, constants,
                                  groupsFor(size_t(B * C), kRowWorkgroupSize));
    call.run();
}

void VulkanTensorOps::meanPoolBackward(TensorView<float> dinp, ConstTensorView<float> dout) {
    const auto [B, steps, C] = checkMeanPoolBackward(dinp.shape(), dout.shape());
    if (steps == 0) return;

    RecordedCall call(*this, "meanPoolBackward");
    const TensorSlice dy = call.input(dout.span()), dx = call.inputOutput(dinp.span());
    const shaders::MeanPoolPushConstants constants{uint32_t(B), uint32_t(steps), uint32_t(C),
                                                   1.0f / float(steps)};
    addElementwise(call.dispatches(), TrainingShader::MeanPoolBackward, {dy, dx}, constants,
                   dx.count);
    call.run();
}

void VulkanTensorOps::crossEntropyForward(TensorView<float> probs, TensorView<float> losses,
                                          TensorView<float> meanLoss, ConstTensorView<float> logits,
                                          ConstTokenView targets) {
    const auto [N, V, count] =
        checkCrossEntropyForward(probs.shape(), losses.shape(), logits.shape(), targets);
    requireShape(meanLoss, Shape{1}, "crossEntropyForward: meanLoss");

    RecordedCall call(*this, "crossEntropyForward");
    const TensorSlice z = call.input(logits.span()), y = call.input(targets.span());
    const TensorSlice p = call.output(probs.span()), l = call.output(losses.span());
    const TensorSlice mean = call.output(meanLoss.span());
    const shaders::CrossEntropyPushConstants constants{uint32_t(N), uint32_t(V), 0.0f};
    call.dispatches().addDispatch(TrainingShader::CrossEntropyForward, {z, y, p, l}, constants,
                                  groupsFor(size_t(N), kRowWorkgroupSize));
    // The mean over the counted rows (ignored rows hold 0), in float on the device.
    const shaders::TensorSumPushConstants sum{uint32_t(N), 0u,
                                              count > 0 ? 1.0f / float(count) : 0.0f};
    call.dispatches().addDispatch(TrainingShader::TensorSum, {l, mean}, sum, 1);
    call.run();
}

void VulkanTensorOps::crossEntropyBackward(TensorView<float> dlogits, ConstTensorView<float> probs,
                                           ConstTokenView targets, float scale) {
    const auto [N, V, count] = checkCrossEntropyBackward(dlogits.shape(), probs.shape(), targets);
    if (count == 0) return;

    RecordedCall call(*this, "crossEntropyBackward");
    const TensorSlice p = call.input(probs.span()), y = call.input(targets.span());
    const TensorSlice dz = call.inputOutput(dlogits.span());
    const shaders::CrossEntropyPushConstants constants{uint32_t(N), uint32_t(V),
                                                       scale / float(count)};
    addElementwise(call.dispatches(), TrainingShader::CrossEntropyBackward, {p, y, dz}, constants,
                   dz.count);
    call.run();
}

// loss_gradient.comp writes each row's loss and ∂(mean loss)/∂z, tensor_sum.comp their mean (in
// float on the device; the CPU sums in double).
void VulkanTensorOps::loss(TensorView<float> gradient, TensorView<float> rowLosses,
                           TensorView<float> meanLoss, ConstTensorView<float> output,
                           ConstTensorView<float> targets, LossKind kind) {
    const auto [batch, outputs] = checkLossShapes(
        gradient.shape(), rowLosses.shape(), meanLoss.shape(), output.shape(), targets.shape());
    RecordedCall call(*this, "loss");
    const TensorSlice z = call.input(output.span()), y = call.input(targets.span());
    const TensorSlice dz = call.output(gradient.span()), rows = call.output(rowLosses.span());
    const TensorSlice mean = call.output(meanLoss.span());
    const float scale = 1.0f / float(batch);
    // LossKind's order is the shader's kBceWithLogits, kSoftmaxCrossEntropy, kMse
    call.dispatches().loss(z, y, dz, rows, uint32_t(batch), uint32_t(outputs), uint32_t(kind),
                           scale);
    const shaders::TensorSumPushConstants sum{uint32_t(batch), 0u, scale};
    call.dispatches().addDispatch(TrainingShader::TensorSum, {rows, mean}, sum, 1);
    call.run();
}

// gradient_norm_partial.comp with the penalty on: the weight is its own mask (w = 0 adds
// nothing either way); its partial sums go to a scratch nobody reads.
void VulkanTensorOps::regularisation(TensorView<float> grad, ConstTensorView<float> weight,
                                     float l1, float l2) {
    if (grad.size() != weight.size())
        throw TensorError("regularisation: " + std::to_string(grad.size()) + " gradients for " +
                          std::to_string(weight.size()) + " weights");
    if (grad.size() == 0) return;
    RecordedCall call(*this, "regularisation");
    const TensorSlice w = call.input(weight.span());
    const TensorSlice g = call.inputOutput(grad.span());
    const TensorSlice partial = call.output(std::span<float>(m_regularisationPartials));
    const shaders::NormPartialPushConstants constants{uint32_t(g.count), l1, l2, 1u};
    call.dispatches().addDispatch(TrainingShader::NormPartial, {g, w, w, partial}, constants,
                                  uint32_t(m_regularisationPartials.size()));
    call.run();
}

}  // namespace actlab::vulkan
