// The Vulkan tensor ops, per-row part: staging, elementwise ops, linear, activations, optimizer
// and norms. Each op checks its arguments with the layer's check function (the same TensorError),
// then runs one StagedCall: inputs copied into the staging arena, the op's dispatches recorded
// with a barrier after each, one submission waited for, outputs (and += gradients) copied back.
#include "backends/vulkan/vulkan_tensor_ops.h"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "backends/vulkan/vulkan_tensor_ops_impl.h"
#include "layers/activation.h"
#include "layers/linear.h"
#include "layers/prelu.h"
#include "layers/residual.h"

namespace actlab::vulkan {

using shaders::kRowWorkgroupSize;
using shaders::kTrainingWorkgroupSize;

namespace {

// dx += dy ⊙ d over dx.count elements (multiply_accumulate.comp): the backward of both units.
void addMultiplyAccumulate(DispatchList& list, TensorSlice dy, TensorSlice d, TensorSlice dx) {
    const shaders::ElementwisePushConstants constants{uint32_t(dx.count)};
    addElementwise(list, TrainingShader::MultiplyAccumulate, {dy, d, dx}, constants, dx.count);
}

}  // namespace

StagedCall::StagedCall(VulkanTensorOps& ops, const char* op)
    : m_ops(ops),
      m_op(op),
      m_layout(ops.kernels().alignmentFloats()),
      m_list(ops.kernels(), ops.dummy()) {}

void StagedCall::run() {
    std::lock_guard lock(m_ops.shared().mutex);
    std::string error;
    const auto fail = [&] {
        throw std::runtime_error(std::string("vulkan ") + m_op + ": " + error);
    };
    const VulkanBuffer* arena = m_ops.arena(m_layout.size(), &error);
    if (!arena) fail();
    m_list.placeArena(*arena);
    if (!m_list.finish(&error)) fail();
    for (const Transfer& t : m_transfers)
        if (t.from) std::memcpy(arena->data() + t.offset, t.from, t.count * sizeof(float));
    if (!m_ops.shared().context->submitAndWait(
            [&](VkCommandBuffer commands) { m_list.record(commands); }, &error))
        fail();
    size_t toDevice = 0, toHost = 0;
    for (const Transfer& t : m_transfers) {
        if (t.to) std::memcpy(t.to, arena->data() + t.offset, t.count * sizeof(float));
        toDevice += t.from ? t.count * sizeof(float) : 0;
        toHost += t.to ? t.count * sizeof(float) : 0;
    }
    m_ops.countSubmission(toDevice, toHost);
}

VulkanTensorOps::VulkanTensorOps(std::shared_ptr<SharedVulkanContext> shared)
    : m_shared(std::move(shared)) {}

VulkanTensorOps::~VulkanTensorOps() {
    std::lock_guard lock(m_shared->mutex);  // device objects go before the context can
    m_arena = {};
    m_dummy = {};
    m_kernels.reset();
}

bool VulkanTensorOps::initialise(std::string* whyNot) {
    std::lock_guard lock(m_shared->mutex);
    m_kernels = TrainingKernels::create(*m_shared->context, whyNot);
    if (!m_kernels) return false;
    m_dummy = m_shared->context->createBuffer(16 * sizeof(float), whyNot);
    return bool(m_dummy);
}

const VulkanBuffer* VulkanTensorOps::arena(size_t floats, std::string* whyNot) {
    if (m_arena && m_arena.bytes() >= floats * sizeof(float)) return &m_arena;
    const size_t bytes = std::max(floats * sizeof(float), size_t(2 * m_arena.bytes()));
    m_arena = {};
    m_arena = m_shared->context->createBuffer(std::max<size_t>(bytes, 1 << 16), whyNot);
    return m_arena ? &m_arena : nullptr;
}

void VulkanTensorOps::linearForward(TensorView<float> out, ConstTensorView<float> inp,
                                    ConstTensorView<float> weight, ConstTensorView<float> bias) {
    const auto [N, C, OC, hasBias, unused] =
        checkLinearForward(out.shape(), inp.shape(), weight.shape(), bias.shape());

    // out (N, OC) = inp (N, C) · (weight (OC, C))ᵀ [+ bias].
    StagedCall call(*this, "linearForward");
    const TensorSlice x = call.input(inp.span()), w = call.input(weight.span());
    const TensorSlice b = hasBias ? call.input(bias.span()) : dummy();
    const TensorSlice y = call.output(out.span());
    call.dispatches().matmul(x, w, y, uint32_t(N), uint32_t(OC), uint32_t(C), shaders::kTransposeB,
                             hasBias ? &b : nullptr);
    call.run();
}

void VulkanTensorOps::linearBackward(TensorView<float> dinp, TensorView<float> dweight,
                                     TensorView<float> dbias, ConstTensorView<float> dout,
                                     ConstTensorView<float> inp, ConstTensorView<float> weight) {
    const auto [N, C, OC, hasBias, hasInputGradient] = checkLinearBackward(
        dinp.shape(), dweight.shape(), dbias.shape(), dout.shape(), inp.shape(), weight.shape());

    StagedCall call(*this, "linearBackward");
    const TensorSlice dy = call.input(dout.span()), x = call.input(inp.span());
    const TensorSlice w = call.input(weight.span());
    const TensorSlice dw = call.inputOutput(dweight.span());
    DispatchList& list = call.dispatches();
    // dinp (N, C) += dout (N, OC) · weight (OC, C); dweight (OC, C) += doutᵀ · inp (N, C).
    if (hasInputGradient) {
        const TensorSlice dx = call.inputOutput(dinp.span());
        list.matmul(dy, w, dx, uint32_t(N), uint32_t(C), uint32_t(OC), 0, nullptr, &dx);
    }
    list.matmul(dy, x, dw, uint32_t(OC), uint32_t(C), uint32_t(N), shaders::kTransposeA, nullptr,
                &dw);
    if (hasBias) {
        const TensorSlice db = call.inputOutput(dbias.span());
        const shaders::ColumnSumPushConstants constants{uint32_t(OC), uint32_t(N)};
        list.addDispatch(TrainingShader::ColumnSumAccumulate, {dy, db}, constants,
                         groupsFor(size_t(OC), kRowWorkgroupSize));
    }
    call.run();
}

void VulkanTensorOps::activationForward(TensorView<float> out, TensorView<float> derivative,
                                        ConstTensorView<float> inp,
                                        const ActivationConfig& activation) {
    checkActivationForward(out.shape(), derivative.shape(), inp.shape(), activation);

    StagedCall call(*this, "activationForward");
    const TensorSlice z = call.input(inp.span());
    const TensorSlice h = call.output(out.span()), d = call.output(derivative.span());
    call.dispatches().activation(activation, z, h, d);  // vec4s: the arena pads every tensor
    call.run();
}

void VulkanTensorOps::activationBackward(TensorView<float> dinp, ConstTensorView<float> dout,
                                         ConstTensorView<float> derivative) {
    checkActivationBackward(dinp.shape(), dout.shape(), derivative.shape());

    StagedCall call(*this, "activationBackward");
    const TensorSlice dy = call.input(dout.span()), d = call.input(derivative.span());
    const TensorSlice dx = call.inputOutput(dinp.span());
    addMultiplyAccumulate(call.dispatches(), dy, d, dx);
    call.run();
}

void VulkanTensorOps::gatedForward(TensorView<float> out, TensorView<float> dOutdGate,
                                   TensorView<float> dOutdValue, ConstTensorView<float> gate,
                                   ConstTensorView<float> value,
                                   const ActivationConfig& activation) {
    checkGatedForward(out.shape(), dOutdGate.shape(), dOutdValue.shape(), gate.shape(),
                      value.shape(), activation);

    StagedCall call(*this, "gatedForward");
    const TensorSlice g = call.input(gate.span()), v = call.input(value.span());
    const TensorSlice m = call.output(out.span()), dmdg = call.output(dOutdGate.span());
    const TensorSlice dmdv = call.output(dOutdValue.span());
    call.dispatches().gated(activation, g, v, m, dmdg, dmdv);
    call.run();
}

void VulkanTensorOps::gatedBackward(TensorView<float> dgate, TensorView<float> dvalue,
                                    ConstTensorView<float> dout, ConstTensorView<float> dOutdGate,
                                    ConstTensorView<float> dOutdValue) {
    checkGatedBackward(dgate.shape(), dvalue.shape(), dout.shape(), dOutdGate.shape(),
                       dOutdValue.shape());

    StagedCall call(*this, "gatedBackward");
    const TensorSlice dy = call.input(dout.span()), dmdg = call.input(dOutdGate.span());
    const TensorSlice dmdv = call.input(dOutdValue.span());
    const TensorSlice dg = call.inputOutput(dgate.span()), dv = call.inputOutput(dvalue.span());
    addMultiplyAccumulate(call.dispatches(), dy, dmdg, dg);
    addMultiplyAccumulate(call.dispatches(), dy, dmdv, dv);
    call.run();
}

void VulkanTensorOps::preluForward(TensorView<float> out, TensorView<float> derivative,
                                   ConstTensorView<float> inp, ConstTensorView<float> alpha) {
    checkPreluForward(out.shape(), derivative.shape(), inp.shape(), alpha.shape());

    StagedCall call(*this, "preluForward");
    const TensorSlice z = call.input(inp.span()), a = call.input(alpha.span());
    const TensorSlice h = call.output(out.span()), d = call.output(derivative.span());
    call.dispatches().prelu(z, a, h, d, uint32_t(inp.extent(1)));
    call.run();
}

void VulkanTensorOps::preluBackward(TensorView<float> dinp, TensorView<float> dalpha,
                                    ConstTensorView<float> dout, ConstTensorView<float> inp,
                                    ConstTensorView<float> derivative) {
    checkPreluBackward(dinp.shape(), dalpha.shape(), dout.shape(), inp.shape(), derivative.shape());
    const uint32_t rows = uint32_t(inp.extent(0)), width = uint32_t(inp.extent(1));

    StagedCall call(*this, "preluBackward");
    const TensorSlice dy = call.input(dout.span()), z = call.input(inp.span());
    const TensorSlice d = call.input(derivative.span());
    const TensorSlice dx = call.inputOutput(dinp.span()), da = call.inputOutput(dalpha.span());
    const TensorSlice columns = call.scratch(width);  // Σ_rows [z ≤ 0]·dy·z per column
    DispatchList& list = call.dispatches();
    addMultiplyAccumulate(list, dy, d, dx);
    list.preluAlphaGradient(z, dy, columns, rows, width);
    // += into α's gradient: the columns themselves (1, width), or their total (width, 1).
    const bool perChannel = dalpha.size() > 1;
    const shaders::ColumnSumPushConstants constants{perChannel ? width : 1u,
                                                    perChannel ? 1u : width};
    list.addDispatch(TrainingShader::ColumnSumAccumulate, {columns, da}, constants,
                     groupsFor(size_t(constants.n), kRowWorkgroupSize));
    call.run();
}

void VulkanTensorOps::add(TensorView<float> out, ConstTensorView<float> a,
                          ConstTensorView<float> b) {
    checkResidualForward(out.shape(), a.shape(), b.shape());

    StagedCall call(*this, "add");
    const TensorSlice sa = call.input(a.span()), sb = call.input(b.span());
    const TensorSlice y = call.output(out.span());
    const shaders::ElementwisePushConstants constants{uint32_t(y.count)};
    addElementwise(call.dispatches(), TrainingShader::TensorAdd, {sa, sb, y}, constants, y.count);
    call.run();
}

void VulkanTensorOps::copy(TensorView<float> to, ConstTensorView<float> from) {
    if (to.size() != from.size())
        throw TensorError("copy: " + std::to_string(from.size()) + " elements into " +
                          std::to_string(to.size()));
    StagedCall call(*this, "copy");
    const TensorSlice x = call.input(from.span()), y = call.output(to.span());
    const shaders::ElementwisePushConstants constants{uint32_t(y.count)};
    addElementwise(call.dispatches(), TrainingShader::TensorCopy, {x, y}, constants, y.count);
    call.run();
}

void VulkanTensorOps::fill(TensorView<float> to, float value) {
    StagedCall call(*this, "fill");
    const TensorSlice y = call.output(to.span());
    const shaders::FillPushConstants constants{uint32_t(y.count), value};
    addElementwise(call.dispatches(), TrainingShader::TensorFill, {y}, constants, y.count);
    call.run();
}

// Precision: each tensor's Σ x² is formed in float on the device, a grid-stride sum per
// invocation (≤ n/16384 + 1 terms) then a 256-leaf tree per workgroup (at most 64 of them), and
// the partials are added in double on the host: relative error ≲ (n/16384 + 10) · 2⁻²⁴, against
// the CPU's double sum (1e-6 relative for a million elements). Fixed order: deterministic.
double VulkanTensorOps::sumOfSquares(std::span<const std::span<const float>> tensors) {
    constexpr size_t kMaxGroups = 64;
    std::vector<size_t> groups;  // per tensor, 0 for an empty one (it adds nothing)
    size_t totalGroups = 0;
    for (std::span<const float> tensor : tensors) {
        groups.push_back(
            tensor.empty()
                ? 0
                : std::min<size_t>(kMaxGroups, groupsFor(tensor.size(), kTrainingWorkgroupSize)));
        totalGroups += groups.back();
    }
    if (totalGroups == 0) return 0.0;
    std::vector<float> partials(totalGroups);
    StagedCall call(*this, "sumOfSquares");
    size_t next = 0;
    for (size_t i = 0; i < tensors.size(); ++i) {
        if (groups[i] == 0) continue;
        const TensorSlice x = call.input(tensors[i]);
        const TensorSlice partial =
            call.output(std::span<float>(partials).subspan(next, groups[i]));
        call.dispatches().normPartial(x, x, x, partial, uint32_t(groups[i]));
        next += groups[i];
    }
    call.run();
    double total = 0;
    for (float partial : partials) total += double(partial);
    return total;
}

void VulkanTensorOps::optimizerUpdate(const OptimizerRule<float>& rule,
                                      std::span<const ParameterSlot<float>> slots) {
    const bool usesFirst = rule.kind != OptimizerKind::Sgd;
    const bool usesSecond = rule.kind == OptimizerKind::Adam || rule.kind == OptimizerKind::AdamW;
    for (const ParameterSlot<float>& slot : slots) {
        const size_t n = slot.value.size();
        if (slot.grad.size() != n || (usesFirst && slot.first.size() != n) ||
            (usesSecond && slot.second.size() != n))
            throw TensorError("optimizerUpdate: a parameter of " + std::to_string(n) +
                              " values has " + std::to_string(slot.grad.size()) +
                              " gradients and moments of " + std::to_string(slot.first.size()) +
                              ", " + std::to_string(slot.second.size()));
    }
    StagedCall call(*this, "optimizerUpdate");
    bool any = false;
    for (const ParameterSlot<float>& slot : slots) {
        if (slot.value.empty()) continue;
        const TensorSlice w = call.inputOutput(slot.value), g = call.input(slot.grad);
        const TensorSlice m = usesFirst ? call.inputOutput(slot.first) : dummy();
        const TensorSlice v = usesSecond ? call.inputOutput(slot.second) : dummy();
        const shaders::OptimizerUpdatePushConstants constants{
            uint32_t(w.count), uint32_t(rule.kind),
            rule.learningRate, slot.isWeight ? rule.weightDecay : 0.0f,
            rule.clip,         rule.momentum,
            rule.beta1,        rule.beta2,
            rule.epsilon,      rule.correction1,
            rule.correction2};
        addElementwise(call.dispatches(), TrainingShader::OptimizerUpdate, {w, g, m, v}, constants,
                       w.count);
        any = true;
    }
    if (any) call.run();
}

std::shared_ptr<TensorOps<float>> createVulkanTensorOps(std::shared_ptr<SharedVulkanContext> shared,
                                                        std::string* whyNot) {
    auto ops = std::make_shared<VulkanTensorOps>(std::move(shared));
    if (!ops->initialise(whyNot)) return nullptr;
    return ops;
}

}  // namespace actlab::vulkan
