// The MLP's and the GLU-FFN's weights through safetensors (models/model_safetensors.h): a model
// read back is the one written (same configuration, same bytes, same outputs), the tensors have
// ActLab's names in PyTorch's shapes, and each way a file can be wrong gets a one-line refusal.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>

#include "models/model_safetensors.h"

namespace actlab {
namespace {

ModelConfig mlpConfig() {  // PReLU per neuron on one layer: a third kind of tensor
    ModelConfig c;
    c.inputDimension = 3;
    c.outputDimension = 2;
    c.hidden = {5, 4};
    c.activations = {ActivationConfig::withDefaults(ActivationId::Prelu),
                     ActivationConfig::withDefaults(ActivationId::Tanh)};
    c.preluPerNeuron = true;
    c.biasInit = 0.25;
    c.seed = 7;
    return c;
}

ModelConfig gluConfig(bool biases) {
    ModelConfig c;
    c.kind = ModelKind::GluFfn;
    c.inputDimension = 2;
    c.outputDimension = 1;
    c.dModel = 6;
    c.blocks = 2;
    c.dFf = 5;
    c.biases = biases;
    c.activations = {ActivationConfig::withDefaults(ActivationId::Geglu)};
    c.init = Initialiser::Xavier;
    return c;
}

std::unique_ptr<Model<float>> build(const ModelConfig& c) {
    std::string error;
    auto model = createModel<float>(c, &error);
    EXPECT_TRUE(model) << error;
    return model;
}

std::optional<SafetensorsFile> throughBytes(const SafetensorsFile& file) {
    std::string error;
    auto decoded = decodeSafetensors(encodeSafetensors(file), &error);
    EXPECT_TRUE(decoded) << error;
    return decoded;
}

std::vector<float> outputs(Model<float>& model) {
    const std::vector<float> x{0.5f, -1.f, 2.f, 3.f, 0.25f, -0.75f};
    const int rows = int(x.size()) / model.inputDimension();
    const std::span<const float> y = model.forward(
        std::span<const float>(x.data(), size_t(rows * model.inputDimension())), rows);
    return {y.begin(), y.end()};
}

class ModelSafetensors : public ::testing::TestWithParam<int> {
protected:
    ModelConfig config() const {
        return GetParam() == 0 ? mlpConfig() : gluConfig(GetParam() == 1);
    }
};

TEST_P(ModelSafetensors, ReadBackIsTheModelWritten) {
    const ModelConfig c = config();
    auto model = build(c);
    for (Parameter<float>* p : model->parameters())  // not the initial values: all different
        for (size_t i = 0; i < p->size(); ++i) p->value[i] += 0.001f * float(i + 1);
    const SafetensorsFile written = modelToSafetensors(c, *model);
    const auto decoded = throughBytes(written);
    ASSERT_TRUE(decoded);
    std::string error;
    ModelConfig read;
    auto back = modelFromSafetensors(*decoded, &read, &error);
    ASSERT_TRUE(back) << error;
    EXPECT_EQ(read.kind, c.kind);
    EXPECT_EQ(read.inputDimension, c.inputDimension);
    EXPECT_EQ(read.outputDimension, c.outputDimension);
    EXPECT_EQ(read.hidden, c.hidden);
    EXPECT_EQ(read.preluPerNeuron, c.preluPerNeuron);
    EXPECT_EQ(read.biases, c.biases);
    EXPECT_EQ(gluFeedForwardWidth(read), gluFeedForwardWidth(c));
    EXPECT_EQ(encodeSafetensors(modelToSafetensors(read, *back)), encodeSafetensors(written));
    EXPECT_EQ(outputs(*back), outputs(*model));
}

// Weights (out, in) and vectors (n), under the parameters' own names, in the model's order.
TEST_P(ModelSafetensors, TensorsHaveActLabsNamesAndPyTorchsShapes) {
    const ModelConfig c = config();
    auto model = build(c);
    const SafetensorsFile file = modelToSafetensors(c, *model);
    const std::vector<Parameter<float>*> parameters = model->parameters();
    ASSERT_EQ(file.tensors.size(), parameters.size());
    for (size_t i = 0; i < parameters.size(); ++i) {
        const Parameter<float>& p = *parameters[i];
        const SafetensorsTensor& t = file.tensors[i];
        EXPECT_EQ(t.name, p.name);
        const std::vector<std::int64_t> shape =
            p.isWeight ? std::vector<std::int64_t>{p.rows, p.cols}
                       : std::vector<std::int64_t>{std::int64_t(p.size())};
        EXPECT_EQ(t.shape, shape) << p.name;
        EXPECT_EQ(t.values, p.value) << p.name;
    }
    EXPECT_TRUE(file.metadata.count(kModelMetadataKey));
}

INSTANTIATE_TEST_SUITE_P(Models, ModelSafetensors, ::testing::Values(0, 1, 2),
                         [](const auto& info) {
                             return std::string(info.param == 0   ? "MlpWithPrelu"
                                                : info.param == 1 ? "GluFfn"
                                                                  : "GluFfnWithoutBiases");
                         });

TEST(ModelSafetensorsNames, AreTheModelsOwn) {
    const ModelConfig c = mlpConfig();
    auto model = build(c);
    const SafetensorsFile file = modelToSafetensors(c, *model);
    std::vector<std::string> names;
    for (const SafetensorsTensor& t : file.tensors) names.push_back(t.name);
    EXPECT_EQ(names, (std::vector<std::string>{"layer1.weight", "layer1.bias", "layer1.prelu_alpha",
                                               "layer2.weight", "layer2.bias", "output.weight",
                                               "output.bias"}));
    EXPECT_EQ(file.find("layer1.prelu_alpha")->shape, (std::vector<std::int64_t>{5}));
}

// One refusal per way a file can be wrong, each a single line naming what is wrong.
struct Damage {
    const char* label;
    std::function<void(SafetensorsFile&)> apply;
    const char* expect;
};

void PrintTo(const Damage& d, std::ostream* os) { *os << d.label; }

class ModelSafetensorsRefuses : public ::testing::TestWithParam<Damage> {};

TEST_P(ModelSafetensorsRefuses, WithOneLine) {
    const ModelConfig c = mlpConfig();
    auto model = build(c);
    SafetensorsFile file = modelToSafetensors(c, *model);
    GetParam().apply(file);
    std::string error;
    ModelConfig read;
    EXPECT_FALSE(modelFromSafetensors(file, &read, &error));
    EXPECT_NE(error.find(GetParam().expect), std::string::npos) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
}

void setMetadata(SafetensorsFile& f, const std::string& from, const std::string& to) {
    std::string& text = f.metadata[kModelMetadataKey];
    const size_t at = text.find(from);
    ASSERT_NE(at, std::string::npos) << text;
    text.replace(at, from.size(), to);
}

const Damage kDamages[] = {
    {"NoMetadata", [](SafetensorsFile& f) { f.metadata.clear(); }, "no actlab_model metadata"},
    {"TransformerFile",
     [](SafetensorsFile& f) {
         f.metadata.clear();
         f.metadata["actlab_config"] = "{}";
     },
     "holds a Transformer"},
    {"NotJson", [](SafetensorsFile& f) { f.metadata[kModelMetadataKey] = "{nope"; },
     "not a JSON object"},
    {"NoInputs",
     [](SafetensorsFile& f) { setMetadata(f, "\"input_dimension\":3", "\"inputs\":3"); },
     "input_dimension must be"},
    {"HugeInputs",
     [](SafetensorsFile& f) {
         setMetadata(f, "\"input_dimension\":3", "\"input_dimension\":100000");
     },
     "input_dimension must be"},
    {"BadKind", [](SafetensorsFile& f) { setMetadata(f, "\"mlp\"", "\"cnn\""); }, "model.kind"},
    {"MissingTensor", [](SafetensorsFile& f) { f.tensors.erase(f.tensors.begin() + 2); },
     "tensors, the model"},
    {"RenamedTensor", [](SafetensorsFile& f) { f.tensors[0].name = "layer0.weight"; },
     "no tensor 'layer1.weight'"},
    {"WrongShape",
     [](SafetensorsFile& f) {
         f.tensors[0].shape = {3, 5};  // transposed: (in, out)
     },
     "'layer1.weight' has the wrong shape"},
    {"ExtraTensor",
     [](SafetensorsFile& f) {
         f.tensors.push_back({"extra", {1}, {1.f}});
     },
     "tensors, the model"},
};

INSTANTIATE_TEST_SUITE_P(Files, ModelSafetensorsRefuses, ::testing::ValuesIn(kDamages),
                         [](const auto& info) { return std::string(info.param.label); });

}  // namespace
}  // namespace actlab
