// GLU-FFN forward/backward. Shapes: h (B, d); per block W_g, W_v (d, f), W_o (f, d);
// g = h·W_g, v = h·W_v, m = act(g) ⊙ v (B, f), h′ = h + m·W_o; head W (d, out).
// Backward: dm = dh′·W_oᵀ, dg = dm ⊙ v ⊙ act′(g), dv = dm ⊙ act(g), dh = dh′ + dg·W_gᵀ + dv·W_vᵀ.
#include "models/glu_ffn.h"

#include "models/dense_math.h"

namespace actlab {
namespace {

using namespace dense;

template <typename T>
class GluFfn final : public Model<T> {
public:
    explicit GluFfn(const ModelConfig& config)
        : m_config(config), m_dModel(config.dModel), m_dFf(gluFeedForwardWidth(config)) {
        std::uint64_t stream = config.seed * 1000003ULL;
        const auto weight = [&](std::string name, int rows, int cols, int hidden) {
            Parameter<T> p = makeParameter<T>(std::move(name), rows, cols, true, hidden);
            std::vector<double> init;
            initialiseWeight(init, rows, cols, int(config.init), stream++);
            std::copy(init.begin(), init.end(), p.value.begin());
            return p;
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
            block.activation =
                config.activations.size() == 1 ? config.activations[0] : config.activations[b];
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
        m_input = input;
        if (m_project)
            linearForward(view(input, batch, m_config.inputDimension), m_inWeight, &m_inBias,
                          view(m_h[0], batch, m_dModel));
        else
            m_h[0].assign(input.begin(), input.end());
        for (size_t b = 0; b < m_blocks.size(); ++b) {
            Block& k = m_blocks[b];
            const ConstMap<T> h = view(std::as_const(m_h[b]), batch, m_dModel);
            linearForward(h, k.gate, biasOf(k.gateBias), view(k.g, batch, m_dFf));
            linearForward(h, k.value, biasOf(k.valueBias), view(k.v, batch, m_dFf));
            gatedForward<T>(k.activation, k.g, k.v, k.m, k.gateDerivative, k.a);
            Map<T> next = view(m_h[b + 1], batch, m_dModel);
            linearForward(view(std::as_const(k.m), batch, m_dFf), k.out, biasOf(k.outBias), next);
            next += h;  // residual
        }
        linearForward(view(std::as_const(m_h.back()), batch, m_dModel), m_headWeight, &m_headBias,
                      view(m_output, batch, m_config.outputDimension));
        return m_output;
    }

    void backward(std::span<const T> outputGradient) override {
        const int batch = m_batch;
        Map<T> dh = view(m_dh, batch, m_dModel);
        linearBackward<T>(view(std::as_const(m_h.back()), batch, m_dModel),
                          view(outputGradient, batch, m_config.outputDimension), m_headWeight,
                          &m_headBias, &dh);
        for (int b = int(m_blocks.size()) - 1; b >= 0; --b) {
            Block& k = m_blocks[b];
            Map<T> dm = view(m_dm, batch, m_dFf);
            linearBackward<T>(view(std::as_const(k.m), batch, m_dFf),
                              view(std::as_const(m_dh), batch, m_dModel), k.out, biasOf(k.outBias),
                              &dm);
            for (size_t i = 0; i < m_dm.size(); ++i) {
                m_dg[i] = m_dm[i] * k.v[i] * k.gateDerivative[i];
                m_dv[i] = m_dm[i] * k.a[i];
            }
            // dh stays as the residual path; the two projections add theirs to it.
            const ConstMap<T> h = view(std::as_const(m_h[b]), batch, m_dModel);
            Map<T> dhFromGate = view(m_dTemp, batch, m_dModel);
            linearBackward<T>(h, view(std::as_const(m_dg), batch, m_dFf), k.gate,
                              biasOf(k.gateBias), &dhFromGate);
            dh += dhFromGate;
            linearBackward<T>(h, view(std::as_const(m_dv), batch, m_dFf), k.value,
                              biasOf(k.valueBias), &dhFromGate);
            dh += dhFromGate;
        }
        if (m_project)
            linearBackward<T>(view(m_input, batch, m_config.inputDimension),
                              view(std::as_const(m_dh), batch, m_dModel), m_inWeight, &m_inBias,
                              nullptr);
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
            if (!m_config.biases) continue;
            for (Parameter<T>* p : {&k.gateBias, &k.valueBias, &k.outBias}) list.push_back(p);
        }
        list.insert(list.end(), {&m_headWeight, &m_headBias});
        return list;
    }

    std::vector<HiddenLayerView<T>> hiddenLayers() const override {
        std::vector<HiddenLayerView<T>> views;
        for (size_t b = 0; b < m_blocks.size(); ++b) {
            const Block& k = m_blocks[b];
            views.push_back({"block " + std::to_string(b + 1) + " gate", m_dFf, k.activation, k.g,
                             k.a, k.gateDerivative});
        }
        return views;
    }

private:
    struct Block {
        ActivationConfig activation;
        Parameter<T> gate, value, out, gateBias, valueBias, outBias;
        AlignedVector<T> g, v, a, gateDerivative, m;  // (batch, d_ff)
    };

    Parameter<T>* biasOf(Parameter<T>& p) { return m_config.biases ? &p : nullptr; }

    void resize(int batch) {
        if (batch == m_batch) return;
        m_batch = batch;
        const size_t wide = size_t(batch) * size_t(m_dFf),
                     narrow = size_t(batch) * size_t(m_dModel);
        m_h.assign(m_blocks.size() + 1, AlignedVector<T>(narrow));
        for (Block& k : m_blocks)
            for (auto* buffer : {&k.g, &k.v, &k.a, &k.gateDerivative, &k.m}) buffer->resize(wide);
        m_output.resize(size_t(batch) * size_t(m_config.outputDimension));
        m_dh.resize(narrow);
        m_dTemp.resize(narrow);
        m_dm.resize(wide);
        m_dg.resize(wide);
        m_dv.resize(wide);
    }

    ModelConfig m_config;
    int m_dModel, m_dFf;
    bool m_project = false;
    Parameter<T> m_inWeight, m_inBias, m_headWeight, m_headBias;
    std::vector<Block> m_blocks;
    std::span<const T> m_input;
    int m_batch = -1;
    std::vector<AlignedVector<T>> m_h;  // block inputs h_0..h_N, (batch, d_model) each
    AlignedVector<T> m_output, m_dh, m_dTemp, m_dm, m_dg, m_dv;
};

}  // namespace

template <typename T>
std::unique_ptr<Model<T>> createGluFfn(const ModelConfig& config) {
    return std::make_unique<GluFfn<T>>(config);
}

template std::unique_ptr<Model<float>> createGluFfn<float>(const ModelConfig&);
template std::unique_ptr<Model<double>> createGluFfn<double>(const ModelConfig&);

}  // namespace actlab
