// The Vulkan tensor ops, per-row part: staging, elementwise ops, linear, activations, optimizer
// and norms. Each op checks its arguments with the layer's check function (the same TensorError),
// then records one RecordedCall: the resident tensors it binds and its dispatches, with a barrier
// after each; nothing is submitted until the host asks for a result (finish, syncToHost).
#include "backends/vulkan/vulkan_tensor_ops.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
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

RecordedCall::RecordedCall(VulkanTensorOps& ops, const char* op)
    : m_ops(ops),
      m_op(op),
      m_lock(ops.shared().mutex),
      m_resident(ops.resident()),
      m_list(std::make_unique<DispatchList>(ops.kernels(), ops.dummy())) {}

void RecordedCall::run() {
    std::string error;
    if (!m_list->finish(&error))
        throw std::runtime_error(std::string("vulkan ") + m_op + ": " + error);
    m_resident.append(std::move(m_list));
    if (m_ops.immediate()) m_resident.forget();
}

VulkanTensorOps::VulkanTensorOps(std::shared_ptr<SharedVulkanContext> shared, bool immediate)
    : m_shared(std::move(shared)), m_immediate(immediate) {
    const char* disabled = std::getenv("ACTLAB_VULKAN_DISABLE_OPS");
    std::string_view names = disabled ? disabled : "";
    while (!names.empty()) {
        const size_t comma = names.find(',');
        const std::string_view name = names.substr(0, comma);
        bool known = false;
        for (int op = 0; op < kTensorOpCount; ++op)
            if (tensorOpName(TensorOp(op)) == name) m_disabled[size_t(op)] = known = true;
        if (!known && !name.empty())
            std::fprintf(stderr, "actlab: ACTLAB_VULKAN_DISABLE_OPS: no op named '%.*s'\n",
                         int(name.size()), name.data());
        names = comma == std::string_view::npos ? "" : names.substr(comma + 1);
    }
}

VulkanTensorOps::~VulkanTensorOps() {
    std::lock_guard lock(m_shared->mutex);  // device objects go before the context can
    m_resident.reset();
    m_dummy = {};
    m_kernels.reset();
}

bool VulkanTensorOps::initialise(std::string* whyNot) {
    std::lock_guard lock(m_shared->mutex);
    m_kernels = TrainingKernels::create(*m_shared->context, whyNot);
    if (!m_kernels) return false;
    m_resident =
        std::make_unique<ResidentTensors>(*m_shared->context, m_kernels->alignmentFloats());
    m_dummy = m_shared->context->createBuffer(16 * sizeof(float), whyNot);
    return bool(m_dummy);
}

void VulkanTensorOps::finish() {
    std::lock_guard lock(m_shared->mutex);
    m_resident->finish();
}

void VulkanTensorOps::syncToHost(std::span<const HostRange> ranges) {
    std::lock_guard lock(m_shared->mutex);
    m_resident->syncToHost(ranges);
}

void VulkanTensorOps::hostWrote(HostRange range) {
    std::lock_guard lock(m_shared->mutex);
    m_resident->hostWrote(range);
}

void VulkanTensorOps::forget() {
    std::lock_guard lock(m_shared->mutex);
    m_resident->forget();
}

DeviceTraffic VulkanTensorOps::traffic() const {
    std::lock_guard lock(m_shared->mutex);
    return m_resident->traffic();
}

void VulkanTensorOps::linearForward(TensorView<float> out, ConstTensorView<float> inp,
                                    ConstTensorView<float> weight, ConstTensorView<float> bias) {
    const auto [N, C, OC, hasBias, unused] =
        checkLinearForward(out.shape(), inp.shape(), weight.shape(), bias.shape());

    // out (N, OC) = inp (N, C) · (weight (OC, C))ᵀ [+ bias].
    RecordedCall call(*this, "linearForward");
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

    RecordedCall call(*this, "linearBackward");
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

    RecordedCall call(*this, "activationForward");
    const TensorSlice z = call.input(inp.span());
    const TensorSlice h = call.output(out.span()), d = call.output(derivative.span());
    call.dispatches().activation(activation, z, h,
                                 d);  // vec4s: resident buffers are padded to them
    call.run();
}

void VulkanTensorOps::activationBackward(TensorView<float> dinp, ConstTensorView<float> dout,
                                         ConstTensorView<float> derivative) {
    checkActivationBackward(dinp.shape(), dout.shape(), derivative.shape());

    RecordedCall call(*this, "activationBackward");
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

    RecordedCall call(*this, "gatedForward");
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

    RecordedCall call(*this, "gatedBackward");
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

    RecordedCall call(*this, "preluForward");
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

    RecordedCall call(*this, "preluBackward");
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

    RecordedCall call(*this, "add");
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
    RecordedCall call(*this, "copy");
    const TensorSlice x = call.input(from.span()), y = call.output(to.span());
    const shaders::ElementwisePushConstants constants{uint32_t(y.count)};
    addElementwise(call.dispatches(), TrainingShader::TensorCopy, {x, y}, constants, y.count);
    call.run();
}

void VulkanTensorOps::fill(TensorView<float> to, float value) {
    RecordedCall call(*this, "fill");
    const TensorSlice y = call.output(to.span());
    const shaders::FillPushConstants constants{uint32_t(y.count), value};
    addElementwise(call.dispatches(), TrainingShader::TensorFill, {y}, constants, y.count);
    call.run();
}

// Σ x² of one tensor into `partials` (sized by partialGroups): a grid-stride sum per invocation
// (≤ n/16384 + 1 terms) then a 256-leaf tree per workgroup; the extra workgroups that round the
// count up to the binding alignment add nothing. Fixed order: deterministic.
size_t VulkanTensorOps::partialGroups(size_t n) const {
    const size_t groups = std::min<size_t>(64, groupsFor(n, kTrainingWorkgroupSize));
    const size_t alignment = m_kernels->alignmentFloats();
    return (groups + alignment - 1) / alignment * alignment;
}

// sums[i] = Σ of tensor i's partials, one workgroup (tensor_sum.comp). Precision: float sums
// of ≤ n/16384 + 1 terms, then of ≤ 64 partials: relative error ≲ (n/16384 + 70) · 2⁻²⁴.
void VulkanTensorOps::sumOfSquares(std::span<const std::span<const float>> tensors,
                                   std::span<float> sums) {
    if (sums.size() != tensors.size())
        throw TensorError("sumOfSquares: " + std::to_string(sums.size()) + " sums for " +
                          std::to_string(tensors.size()) + " tensors");
    if (tensors.empty()) return;
    RecordedCall call(*this, "sumOfSquares");
    const TensorSlice out = call.output(sums);
    for (size_t i = 0; i < tensors.size(); ++i) {
        const size_t groups = partialGroups(tensors[i].size());
        const TensorSlice x = call.input(tensors[i]), partial = call.scratch(groups);
        if (!tensors[i].empty()) call.dispatches().normPartial(x, x, x, partial, uint32_t(groups));
        const shaders::TensorSumPushConstants constants{tensors[i].empty() ? 0u : uint32_t(groups),
                                                        uint32_t(i), 1.0f};
        call.dispatches().addDispatch(TrainingShader::TensorSum, {partial, out}, constants, 1);
    }
    call.run();
}

void VulkanTensorOps::optimizerUpdate(const OptimizerRule<float>& rule,
                                      std::span<const ParameterSlot<float>> slots,
                                      std::span<float> norm) {
    const bool usesFirst = rule.kind != OptimizerKind::Sgd;
    const bool usesSecond = rule.kind == OptimizerKind::Adam || rule.kind == OptimizerKind::AdamW;
    if (norm.size() != 1) throw TensorError("optimizerUpdate: norm must hold one value");
    size_t totalGroups = 0;
    for (const ParameterSlot<float>& slot : slots) {
        const size_t n = slot.value.size();
        if (slot.grad.size() != n || (usesFirst && slot.first.size() != n) ||
            (usesSecond && slot.second.size() != n))
            throw TensorError("optimizerUpdate: a parameter of " + std::to_string(n) +
                              " values has " + std::to_string(slot.grad.size()) +
                              " gradients and moments of " + std::to_string(slot.first.size()) +
                              ", " + std::to_string(slot.second.size()));
        if (n > 0) totalGroups += partialGroups(n);
    }
    RecordedCall call(*this, "optimizerUpdate");
    DispatchList& list = call.dispatches();
    const TensorSlice out = call.output(norm);
    // ‖g‖² into `squares` (1): per-slot partials, then their sum; every update reads it.
    const TensorSlice partials = call.scratch(std::max<size_t>(totalGroups, 1));
    const TensorSlice squares = call.scratch(1);
    size_t next = 0;
    for (const ParameterSlot<float>& slot : slots) {
        if (slot.value.empty()) continue;
        const size_t groups = partialGroups(slot.value.size());
        const TensorSlice g = call.input(slot.grad);
        TensorSlice partial = partials;
        partial.offset += next, partial.count = groups;
        list.normPartial(g, g, g, partial, uint32_t(groups));
        next += groups;
    }
    const shaders::TensorSumPushConstants sum{uint32_t(totalGroups), 0u, 1.0f};
    list.addDispatch(TrainingShader::TensorSum, {partials, squares}, sum, 1);
    bool first = true;
    for (const ParameterSlot<float>& slot : slots) {
        if (slot.value.empty()) continue;
        const TensorSlice w = call.inputOutput(slot.value), g = call.input(slot.grad);
        const TensorSlice m = usesFirst ? call.inputOutput(slot.first) : dummy();
        const TensorSlice v = usesSecond ? call.inputOutput(slot.second) : dummy();
        const shaders::OptimizerUpdatePushConstants constants{
            uint32_t(w.count),    uint32_t(rule.kind),
            rule.learningRate,    slot.isWeight ? rule.weightDecay : 0.0f,
            float(rule.clipNorm), rule.momentum,
            rule.beta1,           rule.beta2,
            rule.epsilon,         rule.correction1,
            rule.correction2,     first ? 1u : 0u};
        addElementwise(list, TrainingShader::OptimizerUpdate, {w, g, m, v, squares, out}, constants,
                       w.count);
        first = false;
    }
    if (first) {  // no parameter: the norm is 0
        const shaders::FillPushConstants zero{1u, 0.0f};
        addElementwise(list, TrainingShader::TensorFill, {out}, zero, 1);
    }
    call.run();
}

std::shared_ptr<TensorOps<float>> createVulkanTensorOps(std::shared_ptr<SharedVulkanContext> shared,
                                                        bool immediate, std::string* whyNot) {
    auto ops = std::make_shared<VulkanTensorOps>(std::move(shared), immediate);
    if (!ops->initialise(whyNot)) return nullptr;
    return ops;
}

}  // namespace actlab::vulkan
