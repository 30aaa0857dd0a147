// The MLP as a composition of core/layers, run through the model's tensor ops. Shapes: x (B, in);
// hidden layer l: W_l (n_l, n_{l−1}) in PyTorch's (out, in) layout, b_l (n_l);
// z_l = h_{l−1}·W_lᵀ + b_l, h_l = f_l(z_l) with the layer's activation site (a catalogue function,
// PReLU with its learnable α or a learnable mix);
// output = h_L·W_outᵀ + b_out (B, out). Backward: dz_l = dh_l ⊙ f′(z_l), then the Linear's.
#include "models/mlp.h"

#include <utility>

#include "models/activation_site.h"
#include "models/weight_init.h"

namespace actlab {
namespace {

template <typename T>
class Mlp final : public Model<T> {
public:
    explicit Mlp(const ModelConfig& config) : m_config(config) {
        int in = config.inputDimension;
        const int layers = int(config.hidden.size());
        for (int l = 0; l <= layers; ++l) {
            const bool output = l == layers;
            const int out = output ? config.outputDimension : config.hidden[size_t(l)];
            const std::string prefix = output ? "output" : "layer" + std::to_string(l + 1);
            const int hidden = output ? -1 : l;
            Layer layer;
            layer.in = in;
            layer.out = out;
            layer.weight =
                initialisedLinearWeight<T>(prefix + ".weight", in, out, config.init,
                                           config.seed * 1000003ULL + std::uint64_t(l), hidden);
            layer.bias = makeParameter<T>(prefix + ".bias", 1, out, false, hidden);
            std::fill(layer.bias.value.begin(), layer.bias.value.end(),
                      output ? T(0) : T(config.biasInit));
            if (!output) {
                const ActivationConfig& activation = config.activations.size() == 1
                                                         ? config.activations[0]
                                                         : config.activations[size_t(l)];
                const bool perUnit =
                    activation.id == ActivationId::Mix ? config.mixPerUnit : config.preluPerNeuron;
                layer.site = ActivationSite<T>(activation, prefix, out, {perUnit, true, l});
            }
            m_layers.push_back(std::move(layer));
            in = out;
        }
    }

    std::string describe() const override {
        std::string text = "mlp " + std::to_string(m_config.inputDimension);
        for (int width : m_config.hidden) text.append("-").append(std::to_string(width));
        return text + "-" + std::to_string(m_config.outputDimension);
    }
    int inputDimension() const override { return m_config.inputDimension; }
    int outputDimension() const override { return m_config.outputDimension; }

    std::span<const T> forward(std::span<const T> input, int batch) override {
        resize(batch);
        TensorOpsTable<T>& ops = this->tensorOps();
        ops.hostWrote(hostRange(input));  // the caller's rows, new to the ops each pass
        m_input = ConstTensorView<T>(input, Shape{batch, m_config.inputDimension});
        ConstTensorView<T> h = m_input;
        for (Layer& layer : m_layers) {
            ops.forOp(TensorOp::LinearForward)
                .linearForward(layer.z, h, weightOf(layer), biasOf(layer.bias));
            if (&layer == &m_layers.back()) break;
            layer.site.forward(ops, layer.h, layer.d, layer.z);
            h = layer.h;
        }
        return m_layers.back().z.span();
    }

    void backward(std::span<const T> outputGradient) override {
        TensorOpsTable<T>& ops = this->tensorOps();
        ConstTensorView<T> dz(outputGradient, m_layers.back().z.shape());
        for (size_t l = m_layers.size(); l-- > 0;) {
            Layer& layer = m_layers[l];
            if (l + 1 < m_layers.size()) {  // through the activation: dz = dh ⊙ f′(z)
                ops.forOp(TensorOp::Fill).fill(layer.dz, T(0));
                layer.site.backward(ops, layer.dz, layer.dh, layer.z, layer.d);
                dz = layer.dz;
            }
            // dh of the layer below (none for the model input); the Linear adds into it.
            TensorView<T> below;
            if (l > 0) {
                below = m_layers[l - 1].dh;
                ops.forOp(TensorOp::Fill).fill(below, T(0));
            }
            const ConstTensorView<T> x = l > 0 ? std::as_const(m_layers[l - 1].h).view() : m_input;
            ops.forOp(TensorOp::LinearBackward)
                .linearBackward(below, gradientOf(layer.weight), gradientOf(layer.bias), dz, x,
                                weightOf(layer));
        }
        // recorded: a caller that reads the gradients syncs them (the optimizer does not)
    }

    std::vector<Parameter<T>*> parameters() override {
        std::vector<Parameter<T>*> list;
        for (Layer& layer : m_layers) {
            list.push_back(&layer.weight);
            list.push_back(&layer.bias);
            for (Parameter<T>* p : layer.site.parameters()) list.push_back(p);
        }
        return list;
    }

    std::vector<HiddenLayerView<T>> hiddenLayers() const override {
        this->tensorOps().finish();  // the views read host memory
        std::vector<HiddenLayerView<T>> views;
        for (size_t l = 0; l + 1 < m_layers.size(); ++l) {
            const Layer& layer = m_layers[l];
            views.push_back({"hidden " + std::to_string(l + 1), layer.out, layer.site.activation(),
                             layer.z.span(), layer.h.span(), layer.d.span(),
                             layer.site.mixComponents(), layer.site.mixShares()});
        }
        return views;
    }

private:
    struct Layer {
        int in = 0, out = 0;
        Parameter<T> weight, bias;  // weight (out, in), bias (out)
        ActivationSite<T> site;     // hidden layers
        Tensor<T> z, h, d;          // (batch, out): pre-activation, activation, f′(z)
        Tensor<T> dh, dz;           // (batch, out): ∂L/∂h, ∂L/∂z (hidden layers)
    };

    static ConstTensorView<T> weightOf(Layer& layer) {
        return TensorView<T>(std::span<T>(layer.weight.value), Shape{layer.out, layer.in});
    }
    static TensorView<T> gradientOf(Parameter<T>& p) {
        return TensorView<T>(std::span<T>(p.grad),
                             p.isWeight ? Shape{p.rows, p.cols} : Shape{p.cols});
    }
    static ConstTensorView<T> biasOf(Parameter<T>& p) {
        return TensorView<T>(std::span<T>(p.value), Shape{p.cols});
    }

    void resize(int batch) {
        if (batch == m_batch) return;
        this->tensorOps().forget();  // the buffers the ops have seen are about to be freed
        m_batch = batch;
        for (size_t l = 0; l < m_layers.size(); ++l) {
            Layer& layer = m_layers[l];
            const Shape shape{batch, layer.out};
            layer.z = Tensor<T>(shape);
            if (l + 1 == m_layers.size()) continue;
            for (Tensor<T>* buffer : {&layer.h, &layer.d, &layer.dh, &layer.dz})
                *buffer = Tensor<T>(shape);
        }
    }

    ModelConfig m_config;
    std::vector<Layer> m_layers;
    ConstTensorView<T> m_input;  // the last forward's input (the caller's buffer)
    int m_batch = -1;
};

}  // namespace

template <typename T>
std::unique_ptr<Model<T>> createMlp(const ModelConfig& config) {
    return std::make_unique<Mlp<T>>(config);
}

template std::unique_ptr<Model<float>> createMlp<float>(const ModelConfig&);
template std::unique_ptr<Model<double>> createMlp<double>(const ModelConfig&);

}  // namespace actlab
