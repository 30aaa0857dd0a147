// The GLU-FFN as a composition of core/layers, run through the model's tensor ops. Shapes:
// h (B, d); per block W_g, W_v (f, d) and W_o (d, f) in PyTorch's (out, in) layout;
// g = h·W_gᵀ, v = h·W_vᵀ, m = act(g) ⊙ v (B, f), h′ = h + m·W_oᵀ; head W (out, d). Backward:
// dm = dh′·W_o, dg = dm ⊙ act′(g)·v, dv = dm ⊙ act(g), dh = dh′ + dg·W_g + dv·W_v.
#include "models/glu_ffn.h"

#include <utility>

#include "models/activation_site.h"
#include "models/weight_init.h"

namespace actlab {
namespace {

template <typename T>
class GluFfn final : public Model<T> {
public:
    explicit GluFfn(const ModelConfig& config)
        : m_config(config), m_dModel(config.dModel), m_dFf(gluFeedForwardWidth(config)) {
        std::uint64_t stream = config.seed * 1000003ULL;
        const auto weight = [&](std::string name, int in, int out, int hidden) {
            return initialisedLinearWeight<T>(std::move(name), in, out, config.init, stream++,
                                              hidden);
        };
        const auto bias = [&](std::string name, int cols, int hidden, double value) {
            Parameter<T> p = makeParameter<T>(std::move(name), 1, cols, false, hidden);
            std::fill(p.value.begin(), p.value.end(), T(value));
            return p;
        };
        m_project = config.inputDimension != m_dModel;
        if (m_project) {
            m_inWeight = weight("input.weight", config.inputDimension, m_dModel, -1);
            m_inBias = bias("input.bias", m_dModel, -1, 0.0);
        }
        for (int b = 0; b < config.blocks; ++b) {
            Block block;
            const std::string prefix = "block" + std::to_string(b + 1);
            const ActivationConfig& activation = config.activations.size() == 1
                                                     ? config.activations[0]
                                                     : config.activations[size_t(b)];
            block.site = ActivationSite<T>(activation, prefix, m_dFf, {config.mixPerUnit, true, b});
            block.gate = weight(prefix + ".gate", m_dModel, m_dFf, b);
            block.value = weight(prefix + ".value", m_dModel, m_dFf, b);
            block.out = weight(prefix + ".out", m_dFf, m_dModel, b);
            if (config.biases) {
                block.gateBias = bias(prefix + ".gate_bias", m_dFf, b, config.biasInit);
                block.valueBias = bias(prefix + ".value_bias", m_dFf, b, 0.0);
                block.outBias = bias(prefix + ".out_bias", m_dModel, b, 0.0);
            }
            m_blocks.push_back(std::move(block));
        }
        m_headWeight = weight("head.weight", m_dModel, config.outputDimension, -1);
        m_headBias = bias("head.bias", config.outputDimension, -1, 0.0);
    }

    std::string describe() const override {
        return "glu " + std::to_string(m_config.inputDimension) + "-" + std::to_string(m_dModel) +
               "x" + std::to_string(m_blocks.size()) + "(d_ff " + std::to_string(m_dFf) + ")-" +
               std::to_string(m_config.outputDimension);
    }
    int inputDimension() const override { return m_config.inputDimension; }
    int outputDimension() const override { return m_config.outputDimension; }

    std::span<const T> forward(std::span<const T> input, int batch) override {
        resize(batch);
        TensorOpsTable<T>& ops = this->tensorOps();
        ops.hostWrote(hostRange(input));  // the caller's rows, new to the ops each pass
        m_input = ConstTensorView<T>(input, Shape{batch, m_config.inputDimension});
        if (m_project)
            ops.forOp(TensorOp::LinearForward)
                .linearForward(m_h[0], m_input, valueOf(m_inWeight), vectorOf(m_inBias));
        else
            ops.forOp(TensorOp::Copy).copy(m_h[0], m_input);
        for (size_t b = 0; b < m_blocks.size(); ++b) {
            Block& k = m_blocks[b];
            const ConstTensorView<T> h = m_h[b];
            ops.forOp(TensorOp::LinearForward)
                .linearForward(k.g, h, valueOf(k.gate), vectorOf(k.gateBias));
            ops.forOp(TensorOp::LinearForward)
                .linearForward(k.v, h, valueOf(k.value), vectorOf(k.valueBias));
            k.site.gatedForward(ops, k.m, k.dmdg, k.dmdv, k.g, k.v);
            ops.forOp(TensorOp::LinearForward)
                .linearForward(m_branch, k.m, valueOf(k.out), vectorOf(k.outBias));
            ops.forOp(TensorOp::Add).add(m_h[b + 1], h, m_branch);  // residual
        }
        ops.forOp(TensorOp::LinearForward)
            .linearForward(m_output, m_h.back(), valueOf(m_headWeight), vectorOf(m_headBias));
        m_gateViewsStale = true;
        return m_output.span();
    }

    void backward(std::span<const T> outputGradient) override {
        TensorOpsTable<T>& ops = this->tensorOps();
        const auto zero = [&](TensorView<T> tensor) {
            ops.forOp(TensorOp::Fill).fill(tensor, T(0));
        };
        zero(m_dh);  // ∂L/∂h, from the head down through the blocks (the residual path)
        ops.forOp(TensorOp::LinearBackward)
            .linearBackward(m_dh, gradientOf(m_headWeight), gradientOf(m_headBias),
                            ConstTensorView<T>(outputGradient, m_output.shape()), m_h.back(),
                            valueOf(m_headWeight));
        for (size_t b = m_blocks.size(); b-- > 0;) {
            Block& k = m_blocks[b];
            zero(m_dm);
            ops.forOp(TensorOp::LinearBackward)
                .linearBackward(m_dm, gradientOf(k.out), gradientOf(k.outBias), m_dh, k.m,
                                valueOf(k.out));
            zero(m_dg);
            zero(m_dv);
            k.site.gatedBackward(ops, m_dg, m_dv, m_dm, k.g, k.v, k.dmdg, k.dmdv);
            // dh keeps the residual path; the two projections add theirs to it (unless it is the
            // model input's, which nothing needs).
            const TensorView<T> dh = b > 0 || m_project ? TensorView<T>(m_dh) : TensorView<T>();
            const ConstTensorView<T> h = m_h[b];
            ops.forOp(TensorOp::LinearBackward)
                .linearBackward(dh, gradientOf(k.gate), gradientOf(k.gateBias), m_dg, h,
                                valueOf(k.gate));
            ops.forOp(TensorOp::LinearBackward)
                .linearBackward(dh, gradientOf(k.value), gradientOf(k.valueBias), m_dv, h,
                                valueOf(k.value));
        }
        if (m_project)
            ops.forOp(TensorOp::LinearBackward)
                .linearBackward(TensorView<T>(), gradientOf(m_inWeight), gradientOf(m_inBias), m_dh,
                                m_input, valueOf(m_inWeight));
        // recorded: a caller that reads the gradients syncs them (the optimizer does not)
    }

    std::vector<Parameter<T>*> parameters() override {
        std::vector<Parameter<T>*> list;
        // push_back, not insert({...}): GCC 12's -Wstringop-overflow misreads the latter.
        if (m_project) {
            list.push_back(&m_inWeight);
            list.push_back(&m_inBias);
        }
        for (Block& k : m_blocks) {
            for (Parameter<T>* p : {&k.gate, &k.value, &k.out}) list.push_back(p);
            if (m_config.biases)
                for (Parameter<T>* p : {&k.gateBias, &k.valueBias, &k.outBias}) list.push_back(p);
            for (Parameter<T>* p : k.site.parameters()) list.push_back(p);
        }
        list.insert(list.end(), {&m_headWeight, &m_headBias});
        return list;
    }

    // The gate units: z = g, act(g) and act′(g) (∂y/∂g at v = 1), the last two formed on demand
    // from the last forward's g with the gate's scalar function.
    std::vector<HiddenLayerView<T>> hiddenLayers() const override {
        if (m_gateViewsStale) {
            for (const Block& k : m_blocks)
                k.site.function(this->tensorOps(), k.gateActivation, k.gateDerivative, k.g);
            this->tensorOps().finish();
            m_gateViewsStale = false;
        }
        std::vector<HiddenLayerView<T>> views;
        for (size_t b = 0; b < m_blocks.size(); ++b) {
            const Block& k = m_blocks[b];
            views.push_back({"block " + std::to_string(b + 1) + " gate", m_dFf, k.site.activation(),
                             k.g.span(), k.gateActivation.span(), k.gateDerivative.span(),
                             k.site.mixComponents(), k.site.mixShares()});
        }
        return views;
    }

private:
    struct Block {
        ActivationSite<T> site;  // the gate's function: a gated unit's, or a mix
        Parameter<T> gate, value, out, gateBias, valueBias, outBias;
        Tensor<T> g, v, m, dmdg, dmdv;  // (batch, d_ff): projections, act(g) ⊙ v, ∂m/∂g, ∂m/∂v
        mutable Tensor<T> gateActivation, gateDerivative;  // (batch, d_ff), for hiddenLayers()
    };

    static ConstTensorView<T> valueOf(Parameter<T>& p) {
        return TensorView<T>(std::span<T>(p.value), Shape{p.rows, p.cols});
    }
    // A bias as a vector (n); a model without biases passes empty views (no bias).
    static ConstTensorView<T> vectorOf(Parameter<T>& p) {
        if (p.value.empty()) return {};
        return TensorView<T>(std::span<T>(p.value), Shape{p.cols});
    }
    static TensorView<T> gradientOf(Parameter<T>& p) {
        if (p.grad.empty()) return {};
        return TensorView<T>(std::span<T>(p.grad),
                             p.isWeight ? Shape{p.rows, p.cols} : Shape{p.cols});
    }

    void resize(int batch) {
        if (batch == m_batch) return;
        this->tensorOps().forget();  // the buffers the ops have seen are about to be freed
        m_batch = batch;
        const Shape wide{batch, m_dFf}, narrow{batch, m_dModel};
        m_h.assign(m_blocks.size() + 1, Tensor<T>(narrow));
        for (Block& k : m_blocks) {
            for (Tensor<T>* buffer : {&k.g, &k.v, &k.m, &k.dmdg, &k.dmdv})
                *buffer = Tensor<T>(wide);
            k.gateActivation = Tensor<T>(wide);
            k.gateDerivative = Tensor<T>(wide);
        }
        m_output = Tensor<T>(Shape{batch, m_config.outputDimension});
        m_branch = Tensor<T>(narrow);
        m_dh = Tensor<T>(narrow);
        m_dm = Tensor<T>(wide);
        m_dg = Tensor<T>(wide);
        m_dv = Tensor<T>(wide);
    }

    ModelConfig m_config;
    int m_dModel, m_dFf;
    bool m_project = false;
    Parameter<T> m_inWeight, m_inBias, m_headWeight, m_headBias;
    std::vector<Block> m_blocks;
    ConstTensorView<T> m_input;  // the last forward's input (the caller's buffer)
    int m_batch = -1;
    std::vector<Tensor<T>> m_h;  // block inputs h_0..h_N, (batch, d_model) each
    Tensor<T> m_output, m_branch, m_dh, m_dm, m_dg, m_dv;
    mutable bool m_gateViewsStale = true;
};

}  // namespace

template <typename T>
std::unique_ptr<Model<T>> createGluFfn(const ModelConfig& config) {
    return std::make_unique<GluFfn<T>>(config);
}

template std::unique_ptr<Model<float>> createGluFfn<float>(const ModelConfig&);
template std::unique_ptr<Model<double>> createGluFfn<double>(const ModelConfig&);

}  // namespace actlab
