// MLP forward/backward. Shapes: x (B, in); layer l: W_l (n_{l−1}, n_l), b_l (1, n_l);
// z_l = h_{l−1}·W_l + b_l, h_l = f_l(z_l); output = h_L·W_out + b_out (B, out).
#include "models/mlp.h"

#include "models/dense_math.h"

namespace actlab {
namespace {

using namespace dense;

template <typename T>
class Mlp final : public Model<T> {
public:
    explicit Mlp(const ModelConfig& config) : m_config(config) {
        int in = config.inputDimension;
        const int layers = int(config.hidden.size());
        for (int l = 0; l <= layers; ++l) {
            const bool output = l == layers;
            const int out = output ? config.outputDimension : config.hidden[l];
            const std::string prefix = output ? "output" : "layer" + std::to_string(l + 1);
            Layer layer;
            layer.in = in;
            layer.out = out;
            layer.weight = makeParameter<T>(prefix + ".weight", in, out, true, output ? -1 : l);
            std::vector<double> init;
            initialiseWeight(init, in, out, int(config.init),
                             config.seed * 1000003ULL + std::uint64_t(l));
            std::copy(init.begin(), init.end(), layer.weight.value.begin());
            layer.bias = makeParameter<T>(prefix + ".bias", 1, out, false, output ? -1 : l);
            std::fill(layer.bias.value.begin(), layer.bias.value.end(),
                      output ? T(0) : T(config.biasInit));
            if (!output) {
                layer.activation =
                    config.activations.size() == 1 ? config.activations[0] : config.activations[l];
                if (layer.activation.id == ActivationId::Prelu) {
                    layer.prelu = true;
                    layer.alpha = makeParameter<T>(prefix + ".prelu_alpha", 1,
                                                   config.preluPerNeuron ? out : 1, false, l);
                    std::fill(layer.alpha.value.begin(), layer.alpha.value.end(),
                              T(layer.activation.parameters[0]));
                }
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
        m_input = input;
        std::span<const T> h = input;
        for (Layer& layer : m_layers) {
            linearForward(view(h, batch, layer.in), layer.weight, &layer.bias,
                          view(layer.z, batch, layer.out));
            if (&layer == &m_layers.back()) break;
            if (layer.prelu)
                preluForward<T>(layer.alpha.value, layer.out, layer.z, layer.h, layer.d);
            else
                activationForward<T>(layer.activation, layer.z, layer.h, layer.d);
            h = layer.h;
        }
        return m_layers.back().z;
    }

    void backward(std::span<const T> outputGradient) override {
        const int batch = m_batch;
        AlignedVector<T>* gradient = &m_gradientA;
        AlignedVector<T>* next = &m_gradientB;
        gradient->assign(outputGradient.begin(), outputGradient.end());
        for (int l = int(m_layers.size()) - 1; l >= 0; --l) {
            Layer& layer = m_layers[l];
            if (l < int(m_layers.size()) - 1) {  // through the activation: dz = dh ⊙ f′(z)
                if (layer.prelu) preluAlphaBackward<T>(layer.alpha, layer.out, layer.z, *gradient);
                for (size_t i = 0; i < gradient->size(); ++i) (*gradient)[i] *= layer.d[i];
            }
            std::span<const T> x = l == 0 ? m_input : std::span<const T>(m_layers[l - 1].h);
            const ConstMap<T> dz = view(std::as_const(*gradient), batch, layer.out);
            if (l == 0) {
                linearBackward<T>(view(x, batch, layer.in), dz, layer.weight, &layer.bias, nullptr);
            } else {
                next->resize(size_t(batch) * size_t(layer.in));
                Map<T> dx = view(*next, batch, layer.in);
                linearBackward<T>(view(x, batch, layer.in), dz, layer.weight, &layer.bias, &dx);
                std::swap(gradient, next);
            }
        }
    }

    std::vector<Parameter<T>*> parameters() override {
        std::vector<Parameter<T>*> list;
        for (Layer& layer : m_layers) {
            list.push_back(&layer.weight);
            list.push_back(&layer.bias);
            if (layer.prelu) list.push_back(&layer.alpha);
        }
        return list;
    }

    std::vector<HiddenLayerView<T>> hiddenLayers() const override {
        std::vector<HiddenLayerView<T>> views;
        for (size_t l = 0; l + 1 < m_layers.size(); ++l) {
            const Layer& layer = m_layers[l];
            views.push_back({"hidden " + std::to_string(l + 1), layer.out, layer.activation,
                             layer.z, layer.h, layer.d});
        }
        return views;
    }

private:
    struct Layer {
        int in = 0, out = 0;
        Parameter<T> weight, bias, alpha;
        ActivationConfig activation;
        bool prelu = false;
        AlignedVector<T> z, h, d;  // (batch, out): pre-activation, activation, f′(z)
    };

    void resize(int batch) {
        if (batch == m_batch) return;
        m_batch = batch;
        for (Layer& layer : m_layers) {
            const size_t n = size_t(batch) * size_t(layer.out);
            layer.z.resize(n);
            layer.h.resize(n);
            layer.d.resize(n);
        }
    }

    ModelConfig m_config;
    std::vector<Layer> m_layers;
    std::span<const T> m_input;
    int m_batch = -1;
    AlignedVector<T> m_gradientA, m_gradientB;
};

}  // namespace

template <typename T>
std::unique_ptr<Model<T>> createMlp(const ModelConfig& config) {
    return std::make_unique<Mlp<T>>(config);
}

template std::unique_ptr<Model<float>> createMlp<float>(const ModelConfig&);
template std::unique_ptr<Model<double>> createMlp<double>(const ModelConfig&);

}  // namespace actlab
