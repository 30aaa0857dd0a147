// Device parameters and the recorded passes of the MLP and the GLU-FFN on Vulkan. The maths
// mirrors core/models/mlp.cpp and glu_ffn.cpp; shapes are in the comments, weights (out, in) as
// PyTorch's.
#include "backends/vulkan/vulkan_training_network.h"

#include <algorithm>
#include <cstring>
#include <functional>

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
void recordPreluAlphaGradient(PassBuilder& pass, const std::string& prefix, TensorSlice z,
                              TensorSlice dh, uint32_t width) {
    const TensorSlice alphaGradient =
        pass.find(prefix + ".prelu_alpha", DeviceParameters::Gradient);
    if (alphaGradient.count > 1) {
        pass.list.preluAlphaGradient(z, dh, alphaGradient, pass.rows, width);
        return;
    }
    const TensorSlice columns = pass.arena.tensor(width);
    pass.list.preluAlphaGradient(z, dh, columns, pass.rows, width);
    pass.list.columnSum(columns, width, 1, alphaGradient);  // (width, 1) → (1)
}

// MLP: z_l = h_{l−1}·W_lᵀ + b_l, h_l = f_l(z_l); backward dz_l = dh_l ⊙ f′(z_l).
TensorSlice recordMlp(PassBuilder& pass, const ModelConfig& model, TensorSlice input,
                      TensorSlice* outputGradient) {
    struct Layer {
        std::string prefix;
        uint32_t in, out;
        TensorSlice x, z, d;
        bool prelu = false;  // learnable α: prefix.prelu_alpha
    };
    std::vector<Layer> layers;
    const size_t hiddenCount = model.hidden.size();
    TensorSlice h = input;
    uint32_t in = uint32_t(model.inputDimension);
    for (size_t l = 0; l <= hiddenCount; ++l) {
        const bool output = l == hiddenCount;
        const uint32_t out = uint32_t(output ? model.outputDimension : model.hidden[l]);
        Layer layer{output ? "output" : "layer" + std::to_string(l + 1), in, out, h,
                    pass.arena.tensor(size_t(pass.rows) * out),          {}};
        pass.linearForward(h, layer.prefix + ".weight", layer.prefix + ".bias", layer.z, in, out);
        if (!output) {
            const ActivationConfig& act =
                model.activations.size() == 1 ? model.activations[0] : model.activations[l];
            h = pass.arena.tensor(layer.z.count);
            layer.d = pass.arena.tensor(layer.z.count);
            layer.prelu = act.id == ActivationId::Prelu;
            if (layer.prelu)
                pass.list.prelu(layer.z,
                                pass.find(layer.prefix + ".prelu_alpha", DeviceParameters::Value),
                                h, layer.d, out);
            else
                pass.list.activation(act, layer.z, h, layer.d);
        }
        layers.push_back(layer);
        in = out;
    }
    if (!outputGradient) return layers.back().z;
    pass.recordLoss(layers.back().z);
    TensorSlice dz = *outputGradient;  // (rows, outputs)
    for (size_t l = layers.size(); l-- > 0;) {
        const Layer& layer = layers[l];
        if (l + 1 < layers.size()) {  // dz = dh ⊙ f′(z)
            const TensorSlice dh = dz;
            if (layer.prelu) recordPreluAlphaGradient(pass, layer.prefix, layer.z, dh, layer.out);
            dz = pass.arena.tensor(layer.z.count);
            pass.list.product(dh, layer.d, dz);
        }
        TensorSlice dx;
        if (l > 0) dx = pass.arena.tensor(size_t(pass.rows) * layer.in);
        pass.linearBackward(layer.x, dz, layer.prefix + ".weight", layer.prefix + ".bias",
                            l > 0 ? &dx : nullptr, layer.in, layer.out);
        dz = dx;
    }
    return layers.back().z;
}

// GLU-FFN: g = h·W_gᵀ, v = h·W_vᵀ, m = act(g) ⊙ v, h′ = h + m·W_oᵀ; head W (out, d). Backward:
// dm = dh′·W_o, dg = dm ⊙ act′(g)·v, dv = dm ⊙ act(g), dh = dh′ + dg·W_g + dv·W_v.
TensorSlice recordGlu(PassBuilder& pass, const ModelConfig& model, TensorSlice input,
                      TensorSlice* outputGradient) {
    const uint32_t d = uint32_t(model.dModel), f = uint32_t(gluFeedForwardWidth(model));
    const uint32_t inputs = uint32_t(model.inputDimension),
                   outputs = uint32_t(model.outputDimension);
    const bool project = model.inputDimension != model.dModel;
    const size_t narrow = size_t(pass.rows) * d, wide = size_t(pass.rows) * f;
    const auto biasName = [&](const std::string& name) {
        return model.biases ? name : std::string();
    };
    struct Block {
        std::string prefix;
        TensorSlice h, m, dmdg, dmdv;
    };
    std::vector<Block> blocks;
    TensorSlice h = input;
    if (project) {
        h = pass.arena.tensor(narrow);
        pass.linearForward(input, "input.weight", "input.bias", h, inputs, d);
    }
    for (int b = 0; b < model.blocks; ++b) {
        const ActivationConfig& act =
            model.activations.size() == 1 ? model.activations[0] : model.activations[size_t(b)];
        Block block{"block" + std::to_string(b + 1), h, pass.arena.tensor(wide),
                    pass.arena.tensor(wide), pass.arena.tensor(wide)};
        const TensorSlice g = pass.arena.tensor(wide), v = pass.arena.tensor(wide);
        pass.linearForward(h, block.prefix + ".gate", biasName(block.prefix + ".gate_bias"), g, d,
                           f);
        pass.linearForward(h, block.prefix + ".value", biasName(block.prefix + ".value_bias"), v, d,
                           f);
        pass.list.gated(act, g, v, block.m, block.dmdg, block.dmdv);
        const TensorSlice next = pass.arena.tensor(narrow);
        pass.linearForward(block.m, block.prefix + ".out", biasName(block.prefix + ".out_bias"),
                           next, f, d, &h);  // residual
        blocks.push_back(block);
        h = next;
    }
    const TensorSlice output = pass.arena.tensor(size_t(pass.rows) * outputs);
    pass.linearForward(h, "head.weight", "head.bias", output, d, outputs);
    if (!outputGradient) return output;
    pass.recordLoss(output);
    const TensorSlice dh = pass.arena.tensor(narrow);  // ∂L/∂h, updated in place block by block
    pass.linearBackward(h, *outputGradient, "head.weight", "head.bias", &dh, d, outputs);
    const TensorSlice dm = pass.arena.tensor(wide), dg = pass.arena.tensor(wide),
                      dv = pass.arena.tensor(wide);
    for (size_t b = blocks.size(); b-- > 0;) {
        const Block& block = blocks[b];
        pass.linearBackward(block.m, dh, block.prefix + ".out",
                            biasName(block.prefix + ".out_bias"), &dm, f, d);
        pass.list.product(dm, block.dmdg, dg);
        pass.list.product(dm, block.dmdv, dv);
        const bool needInput = b > 0 || project;  // dh of the model input is not needed
        pass.linearBackward(block.h, dg, block.prefix + ".gate",
                            biasName(block.prefix + ".gate_bias"), needInput ? &dh : nullptr, d, f,
                            true);
        pass.linearBackward(block.h, dv, block.prefix + ".value",
                            biasName(block.prefix + ".value_bias"), needInput ? &dh : nullptr, d, f,
                            true);
    }
    if (project) pass.linearBackward(input, dh, "input.weight", "input.bias", nullptr, inputs, d);
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
    plan->output = model.kind == ModelKind::Mlp ? recordMlp(pass, model, plan->input, gradient)
                                                : recordGlu(pass, model, plan->input, gradient);
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
