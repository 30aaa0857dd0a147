// Device parameters and the recorded passes of a model's layer program (models/layer_program.h)
// on Vulkan: the forward as the program says, the backward derived from it step by step; shapes
// are in the comments, weights (out, in) as PyTorch's. No model kind is known here.
#include "backends/vulkan/vulkan_training_network.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <functional>

#include "models/layer_program.h"

namespace actlab::vulkan {
namespace {

using shaders::kTrainingWorkgroupSize;
using shaders::kTransposeA;
using shaders::kTransposeB;

constexpr uint32_t kMaxNormGroups = 1024;

// Declares tensors of a plan's arena: slices without a buffer until the arena exists.
class ArenaBuilder {
public:
    explicit ArenaBuilder(size_t alignment) : m_layout(alignment) {}
    TensorSlice tensor(size_t count) {
        return {VK_NULL_HANDLE, m_layout.add(count), count, nullptr};
    }
    size_t size() const { return m_layout.size(); }

private:
    ArenaLayout m_layout;
};

// Records a pass; `find` looks parameters up by their host names.
struct PassBuilder {
    const DeviceParameters& parameters;
    DispatchList& list;
    ArenaBuilder& arena;
    uint32_t rows;
    std::function<void(TensorSlice output)> recordLoss;  // between forward and backward
    std::string missing;                                 // the first parameter not found

    TensorSlice find(const std::string& name, DeviceParameters::Region region) {
        const TensorSlice slice = parameters.find(name, region);
        if (slice.count == 0 && missing.empty()) missing = name;
        return slice;
    }
    // y (rows, out) = x·Wᵀ + b (+ addend) with W (out, in); W, b by name, bias empty for none.
    void linearForward(TensorSlice x, const std::string& weight, const std::string& bias,
                       TensorSlice y, uint32_t in, uint32_t out,
                       const TensorSlice* addend = nullptr) {
        const TensorSlice b = bias.empty() ? TensorSlice{} : find(bias, DeviceParameters::Value);
        list.matmul(x, find(weight, DeviceParameters::Value), y, rows, out, in, kTransposeB,
                    bias.empty() ? nullptr : &b, addend);
    }
    // W.grad (out, in) = dyᵀ·x, b.grad = Σ_rows dy, and dx (rows, in) = dy·W (+ dx when
    // accumulating).
    void linearBackward(TensorSlice x, TensorSlice dy, const std::string& weight,
                        const std::string& bias, const TensorSlice* dx, uint32_t in, uint32_t out,
                        bool accumulate = false) {
        list.matmul(dy, x, find(weight, DeviceParameters::Gradient), out, in, rows, kTransposeA);
        if (!bias.empty()) list.columnSum(dy, rows, out, find(bias, DeviceParameters::Gradient));
        if (dx)
            list.matmul(dy, find(weight, DeviceParameters::Value), *dx, rows, in, out, 0, nullptr,
                        accumulate ? dx : nullptr);
    }
};

// α.grad = Σ_{z ≤ 0} dh·z: per neuron the column sums, per layer their total.
void recordPreluAlphaGradient(PassBuilder& pass, const std::string& alpha, TensorSlice z,
                              TensorSlice dh, uint32_t width) {
    const TensorSlice alphaGradient = pass.find(alpha, DeviceParameters::Gradient);
    if (alphaGradient.count > 1) {
        pass.list.preluAlphaGradient(z, dh, alphaGradient, pass.rows, width);
        return;
    }
    const TensorSlice columns = pass.arena.tensor(width);
    pass.list.preluAlphaGradient(z, dh, columns, pass.rows, width);
    pass.list.columnSum(columns, width, 1, alphaGradient);  // (width, 1) → (1)
}

// The tensors of a recorded layer program, by tensor number t: value[t] (rows, width[t]),
// derivative[t] what the step making t keeps for its backward (f′, or ∂m/∂g and ∂m/∂v for a
// gated unit), gradient[t] = ∂L/∂tensor t (an empty slice until a consumer makes it).
struct ProgramTensors {
    explicit ProgramTensors(size_t count) : value(count), gradient(count), derivative(count) {}
    std::vector<TensorSlice> value, gradient;
    std::vector<std::array<TensorSlice, 2>> derivative;
};

// The floats of tensor t: rows · width[t].
size_t tensorFloats(const PassBuilder& pass, const LayerProgram& program, int t) {
    return size_t(pass.rows) * size_t(program.widths[size_t(t)]);
}

// Records one step's forward: y = step(x) into a fresh slice, with what its backward needs.
void recordForwardStep(PassBuilder& pass, const LayerProgram& program, const LayerStep& step,
                       ProgramTensors& tensors) {
    using Kind = LayerStep::Kind;
    const TensorSlice x = tensors.value[size_t(step.x)];
    TensorSlice& y = tensors.value[size_t(step.y)];
    y = pass.arena.tensor(tensorFloats(pass, program, step.y));
    auto& [d, dSecond] = tensors.derivative[size_t(step.y)];
    switch (step.kind) {
        case Kind::Linear: {
            const TensorSlice* addend =
                step.addend >= 0 ? &tensors.value[size_t(step.addend)] : nullptr;
            pass.linearForward(x, step.weight, step.bias, y, uint32_t(step.in), uint32_t(step.out),
                               addend);
            break;
        }
        case Kind::Activation:
            d = pass.arena.tensor(y.count);
            pass.list.activation(step.activation, x, y, d);
            break;
        case Kind::Prelu:
            d = pass.arena.tensor(y.count);
            pass.list.prelu(x, pass.find(step.alpha, DeviceParameters::Value), y, d,
                            uint32_t(step.out));
            break;
        case Kind::Gated:
            d = pass.arena.tensor(y.count);
            dSecond = pass.arena.tensor(y.count);
            pass.list.gated(step.activation, x, tensors.value[size_t(step.addend)], y, d, dSecond);
            break;
    }
}

// A fresh gradient slice for tensor t, which no consumer has written yet; nullptr if one has.
TensorSlice* freshGradient(PassBuilder& pass, const LayerProgram& program, ProgramTensors& tensors,
                           int t) {
    TensorSlice& g = tensors.gradient[size_t(t)];
    if (g.count != 0) return nullptr;
    g = pass.arena.tensor(tensorFloats(pass, program, t));
    return &g;
}

// Records one step's backward from dy = gradient[y]: the parameters' gradients and dx, made
// or accumulated. Returns why it cannot (an input with another consumer), or nullptr.
const char* recordBackwardStep(PassBuilder& pass, const LayerProgram& program,
                               const LayerStep& step, ProgramTensors& tensors) {
    using Kind = LayerStep::Kind;
    std::vector<TensorSlice>& gradient = tensors.gradient;
    const TensorSlice dy = gradient[size_t(step.y)];
    const TensorSlice x = tensors.value[size_t(step.x)];
    const auto& [d, dSecond] = tensors.derivative[size_t(step.y)];
    TensorSlice* dx = nullptr;
    switch (step.kind) {
        case Kind::Linear: {
            if (step.addend >= 0) {  // y = … + addend: the addend's gradient is dy
                if (gradient[size_t(step.addend)].count != 0)
                    return "a residual's input has another consumer";
                gradient[size_t(step.addend)] = dy;
            }
            const bool needInput = step.x != 0;  // the model input needs no gradient
            const bool accumulate = needInput && gradient[size_t(step.x)].count != 0;
            if (needInput && !accumulate) freshGradient(pass, program, tensors, step.x);
            pass.linearBackward(x, dy, step.weight, step.bias,
                                needInput ? &gradient[size_t(step.x)] : nullptr, uint32_t(step.in),
                                uint32_t(step.out), accumulate);
            return nullptr;
        }
        case Kind::Activation:
        case Kind::Prelu:  // dx = dy ⊙ f′(x)
            if (step.kind == Kind::Prelu)
                recordPreluAlphaGradient(pass, step.alpha, x, dy, uint32_t(step.out));
            dx = freshGradient(pass, program, tensors, step.x);
            if (dx) pass.list.product(dy, d, *dx);
            break;
        case Kind::Gated: {  // dg = dm ⊙ ∂m/∂g, dv = dm ⊙ ∂m/∂v
            dx = freshGradient(pass, program, tensors, step.x);
            TensorSlice* dv = freshGradient(pass, program, tensors, step.addend);
            if (dx && dv) {
                pass.list.product(dy, d, *dx);
                pass.list.product(dy, dSecond, *dv);
            } else {
                dx = nullptr;
            }
            break;
        }
    }
    return dx ? nullptr : "an activation's input has another consumer";
}

// Records a layer program (models/layer_program.h): its forward pass, then, for training, the
// loss and the backward pass derived step by step in reverse (ProgramTensors holds the slices).
// A tensor's gradient is made by its first consumer met in reverse and accumulated by the others
// (a residual's gradient is its sum's: the same slice). Returns the output, or an empty slice
// with *whyNot for a program this recorder cannot differentiate.
TensorSlice recordProgram(PassBuilder& pass, const LayerProgram& program, TensorSlice input,
                          TensorSlice* outputGradient, std::string* whyNot) {
    ProgramTensors tensors(program.widths.size());
    tensors.value[0] = input;
    for (const LayerStep& step : program.steps) recordForwardStep(pass, program, step, tensors);
    const TensorSlice output = tensors.value[size_t(program.output())];
    if (!outputGradient) return output;
    pass.recordLoss(output);
    tensors.gradient[size_t(program.output())] = *outputGradient;
    for (size_t i = program.steps.size(); i-- > 0;) {
        const LayerStep& step = program.steps[i];
        if (tensors.gradient[size_t(step.y)].count == 0) continue;  // nothing downstream uses it
        if (const char* why = recordBackwardStep(pass, program, step, tensors)) {
            if (whyNot) *whyNot = why;
            return {};
        }
    }
    return output;
}

}  // namespace

std::unique_ptr<DeviceParameters> DeviceParameters::create(
    TrainingKernels& kernels, const std::vector<Parameter<float>*>& parameters,
    std::string* whyNot) {
    std::unique_ptr<DeviceParameters> device(new DeviceParameters());
    ArenaLayout layout(kernels.alignmentFloats());
    size_t total = 0;
    for (const Parameter<float>* p : parameters) {
        device->m_offsets.push_back(layout.add(p->size()));
        device->m_byName[p->name] = {device->m_offsets.back(), p->size()};
        total += p->size();
    }
    device->m_regionSize = layout.size();
    device->m_groups = uint32_t(std::clamp<size_t>(
        (total + kTrainingWorkgroupSize - 1) / kTrainingWorkgroupSize, 1, kMaxNormGroups));
    ArenaLayout whole(kernels.alignmentFloats());
    for (int r = 0; r < RegionCount; ++r) whole.add(device->m_regionSize);
    device->m_partialOffset = whole.add(device->m_groups);
    device->m_statusOffset = whole.add(2);
    device->m_context = &kernels.context();
    if (!device->m_buffer.create(kernels.context(), whole.size() * sizeof(float), whyNot))
        return nullptr;
    float* base = device->m_buffer.host();
    std::memset(base, 0, whole.size() * sizeof(float));  // padding gradients stay 0 for the norm
    for (size_t k = 0; k < parameters.size(); ++k) {
        const Parameter<float>& p = *parameters[k];
        std::copy(p.value.begin(), p.value.end(), base + device->m_offsets[k]);
        std::fill_n(base + Mask * device->m_regionSize + device->m_offsets[k], p.size(),
                    p.isWeight ? 1.0f : 0.0f);
    }
    if (!device->m_buffer.uploadWhole(kernels.context(), whyNot)) return nullptr;
    return device;
}

TensorSlice DeviceParameters::region(Region region) const {
    return sliceOf(m_buffer, size_t(region) * m_regionSize, m_regionSize);
}

TensorSlice DeviceParameters::find(const std::string& name, Region region) const {
    const auto found = m_byName.find(name);
    if (found == m_byName.end()) return {};
    return sliceOf(m_buffer, size_t(region) * m_regionSize + found->second.first,
                   found->second.second);
}

bool DeviceParameters::download(Region from, const std::vector<std::span<float>>& into,
                                std::string* whyNot) const {
    if (m_buffer.staged() && !m_context->submitAndWait(
                                 [&](VkCommandBuffer commands) {
                                     m_buffer.recordDownload(commands, {region(from).range()});
                                 },
                                 whyNot))
        return false;
    const float* base = m_buffer.host() + size_t(from) * m_regionSize;
    for (size_t k = 0; k < into.size(); ++k)
        std::copy_n(base + m_offsets[k], into[k].size(), into[k].begin());
    return true;
}

bool DeviceParameters::upload(Region to, const std::vector<std::span<const float>>& from,
                              std::string* whyNot) {
    float* base = m_buffer.host() + size_t(to) * m_regionSize;
    for (size_t k = 0; k < from.size(); ++k)
        std::copy(from[k].begin(), from[k].end(), base + m_offsets[k]);
    return !m_buffer.staged() || m_context->submitAndWait(
                                     [&](VkCommandBuffer commands) {
                                         m_buffer.recordUpload(commands, {region(to).range()});
                                     },
                                     whyNot);
}

bool DeviceParameters::download(const std::vector<Parameter<float>*>& parameters,
                                std::string* whyNot) const {
    std::vector<std::span<float>> into;
    for (Parameter<float>* p : parameters) into.emplace_back(p->value);
    return download(Value, into, whyNot);
}

bool DeviceParameters::upload(const std::vector<Parameter<float>*>& parameters,
                              std::string* whyNot) {
    std::vector<std::span<const float>> from;
    for (const Parameter<float>* p : parameters) from.emplace_back(p->value);
    return upload(Value, from, whyNot);
}

std::unique_ptr<Plan> buildPlan(TrainingKernels& kernels, const ModelConfig& model, LossKind loss,
                                const DeviceParameters& parameters, int rows, bool training,
                                std::string* whyNot) {
    auto plan = std::make_unique<Plan>();
    plan->rows = rows;
    ArenaBuilder arena(kernels.alignmentFloats());
    plan->list = std::make_unique<DispatchList>(kernels, parameters.status());
    const uint32_t outputs = uint32_t(model.outputDimension);
    plan->input = arena.tensor(size_t(rows) * size_t(model.inputDimension));
    plan->targets = arena.tensor(size_t(rows));
    TensorSlice outputGradient = arena.tensor(training ? size_t(rows) * outputs : 0);
    plan->rowLoss = arena.tensor(training ? size_t(rows) : 0);
    PassBuilder pass{parameters, *plan->list, arena, uint32_t(rows), {}, {}};
    pass.recordLoss = [&](TensorSlice output) {  // ∂(mean loss)/∂output and the row losses
        plan->list->loss(output, plan->targets, outputGradient, plan->rowLoss, uint32_t(rows),
                         outputs, uint32_t(loss), 1.0f / float(rows));
    };
    TensorSlice* gradient = training ? &outputGradient : nullptr;
    std::string problem;
    plan->output = recordProgram(pass, layerProgram(model), plan->input, gradient, &problem);
    if (!problem.empty()) {
        if (whyNot) *whyNot = problem;
        return nullptr;
    }
    if (!pass.missing.empty()) {
        if (whyNot) *whyNot = "the model has no parameter '" + pass.missing + "'";
        return nullptr;
    }
    if (training) {  // global norm (with L1/L2 folded in), then the update
        plan->normDispatch = plan->list->normPartial(parameters.region(DeviceParameters::Gradient),
                                                     parameters.region(DeviceParameters::Value),
                                                     parameters.region(DeviceParameters::Mask),
                                                     parameters.partial(), parameters.normGroups());
        plan->list->normFinal(parameters.partial(), plan->rowLoss, parameters.status());
        plan->optimizerDispatch = plan->list->optimizer(
            parameters.region(DeviceParameters::Value),
            parameters.region(DeviceParameters::Gradient),
            parameters.region(DeviceParameters::First), parameters.region(DeviceParameters::Second),
            parameters.region(DeviceParameters::Mask), parameters.status());
    }
    if (!plan->arena.create(kernels.context(), arena.size() * sizeof(float), whyNot))
        return nullptr;
    std::memset(plan->arena.host(), 0, arena.size() * sizeof(float));
    if (!plan->arena.uploadWhole(kernels.context(), whyNot)) return nullptr;
    plan->list->placeArena(plan->arena.device());
    for (TensorSlice* slice : {&plan->input, &plan->targets, &plan->output, &plan->rowLoss})
        *slice = sliceOf(plan->arena, slice->offset, slice->count);
    if (!plan->list->finish(whyNot)) return nullptr;
    return plan;
}

}  // namespace actlab::vulkan
