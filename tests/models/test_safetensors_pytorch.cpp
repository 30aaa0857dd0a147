// Model files that actlab-cli wrote, against PyTorch: each committed fixtures/*.safetensors, read
// back by ActLab, gives the logits that scripts/make_safetensors_fixture.py got from the PyTorch
// twin loaded by name (fixtures/safetensors_torch.json), and the configuration its command asked.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "models/safetensors.h"
#include "torch_fixture.h"

namespace actlab {
namespace {

using Json = nlohmann::json;

const test::TorchFixture<Json>& fixture() {
    static const test::TorchFixture<Json> cases(ACTLAB_SAFETENSORS_FIXTURE);
    return cases;
}
const Json& findCase(const std::string& name) { return fixture().find(name); }
std::vector<std::string> caseNames() { return fixture().names(); }

std::string fileBytes(const Json& k) {
    const std::string path =
        std::string(ACTLAB_SOURCE_ROOT) + "/" + k.at("file").get<std::string>();
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The case's model file, read by ActLab's own reader: decode, then build from actlab_config.
std::unique_ptr<Transformer<float>> loadModel(const Json& k, SafetensorsFile* decoded) {
    const std::string path = k.at("file");
    const std::string bytes = fileBytes(k);
    std::string error;
    std::optional<SafetensorsFile> file = decodeSafetensors(bytes, &error);
    if (!file) throw std::runtime_error(path + ": " + error);
    std::unique_ptr<Transformer<float>> model = transformerFromSafetensors(*file, &error);
    if (!model) throw std::runtime_error(path + ": " + error);
    if (decoded) *decoded = std::move(*file);
    return model;
}

Shape shapeFrom(const Json& extents) {
    const std::vector<Index> e = extents.get<std::vector<Index>>();
    return Shape(std::span<const Index>(e));
}

class SafetensorsVersusPyTorch : public ::testing::TestWithParam<std::string> {};

// max |ActLab − PyTorch| / max |PyTorch| over each batch's logits. PyTorch ran in float64 on the
// file's float32 weights, so the error is ActLab's float32 rounding only.
TEST_P(SafetensorsVersusPyTorch, LogitsMatchPyTorchsLoadedByName) {
    const Json& k = findCase(GetParam());
    auto model = loadModel(k, nullptr);
    ASSERT_GE(k.at("inputs").size(), 2u);
    for (const Json& input : k.at("inputs")) {
        const TokenTensor tokens(shapeFrom(input.at("tokens").at("shape")),
                                 input.at("tokens").at("values").get<std::vector<Token>>());
        const ConstTensorView<float> logits = model->forward(tokens);
        ASSERT_EQ(logits.shape(), shapeFrom(input.at("logits").at("shape")));
        const std::vector<double> expected = input.at("logits").at("values");
        ASSERT_EQ(size_t(logits.size()), expected.size());
        double difference = 0, scale = 0;
        for (size_t i = 0; i < expected.size(); ++i) {
            difference = std::max(difference, std::abs(double(logits.data()[i]) - expected[i]));
            scale = std::max(scale, std::abs(expected[i]));
        }
        const double error = difference / scale;
        std::cout << GetParam() << " " << tokens.shape().toString() << ": relative error " << error
                  << " (largest logit " << scale << ")\n";
        EXPECT_GT(scale, 0.1);  // trained weights, not a file of zeros
        EXPECT_LE(error, 1e-5) << tokens.shape().toString();
    }
}

// The writer is the reader's inverse: the model read back writes the committed file's bytes, so
// the PyTorch check of the committed file holds for what actlab-cli --save-model writes today.
TEST_P(SafetensorsVersusPyTorch, RewritingTheModelGivesTheFilesBytes) {
    const Json& k = findCase(GetParam());
    auto model = loadModel(k, nullptr);
    const std::string rewritten = encodeSafetensors(transformerToSafetensors(*model));
    const std::string committed = fileBytes(k);
    EXPECT_EQ(rewritten.size(), committed.size());
    EXPECT_TRUE(rewritten == committed) << "the writer no longer writes " << k.at("file");
}

// The flags that set one field of the configuration (as FLAG_FIELDS in the script).
const std::map<std::string, std::string> kFlagFields = {
    {"--vocab", "vocab"},
    {"--seq", "seq"},
    {"--d-model", "d_model"},
    {"--heads", "heads"},
    {"--layers", "layers"},
    {"--d-ff", "d_ff"},
    {"--ffn", "ffn"},
    {"--ffn-activation", "ffn_activation"},
    {"--qkv-activation", "qkv_activation"},
    {"--norm", "norm"},
    {"--init", "init"},
};

std::string text(const Json& value) {
    return value.is_string() ? value.get<std::string>() : value.dump();
}

// The model read back is the one the command asked for: its flags, and what its task implies
// (written in the script's "asked", which must agree with the flags).
TEST_P(SafetensorsVersusPyTorch, ConfigurationIsWhatTheCommandAsked) {
    const Json& k = findCase(GetParam());
    const Json& asked = k.at("asked");
    const std::vector<std::string> command = k.at("command");
    for (size_t i = 0; i < command.size(); ++i) {
        auto field = kFlagFields.find(command[i]);
        if (field == kFlagFields.end()) continue;
        ASSERT_LT(i + 1, command.size());
        EXPECT_EQ(text(asked.at(field->second)), command[i + 1]) << command[i];
    }
    const bool causalFlag = std::find(command.begin(), command.end(), "--causal") != command.end();
    EXPECT_TRUE(!causalFlag || asked.at("causal").get<bool>());  // a task may be causal unasked
    EXPECT_EQ(command.back(), k.at("file"));  // the file under test is the one it saved

    SafetensorsFile file;
    auto model = loadModel(k, &file);
    EXPECT_EQ(file.metadata.at("actlab_config"), k.at("actlab_config"));  // the script's file
    const TransformerConfig& c = model->config();
    EXPECT_EQ(c.vocabulary, asked.at("vocab"));
    EXPECT_EQ(c.sequence, asked.at("seq"));
    EXPECT_EQ(c.dModel, asked.at("d_model"));
    EXPECT_EQ(c.heads, asked.at("heads"));
    EXPECT_EQ(c.layers, asked.at("layers"));
    EXPECT_EQ(model->feedForwardWidth(), asked.at("d_ff"));
    EXPECT_EQ(feedForwardName(c.ffn), asked.at("ffn").get<std::string>());
    for (const auto& [activation, key] : {std::pair{&c.ffnActivation, "ffn_activation"},
                                          std::pair{&c.qkvActivation, "qkv_activation"}}) {
        EXPECT_EQ(activation->info().name, asked.at(key).get<std::string>()) << key;
        EXPECT_EQ(activation->parameters, ActivationConfig::withDefaults(activation->id).parameters)
            << key;
    }
    EXPECT_EQ(normPlacementName(c.norm), asked.at("norm").get<std::string>());
    EXPECT_EQ(c.causal, asked.at("causal").get<bool>());
    EXPECT_EQ(c.outputs, asked.at("outputs"));
    EXPECT_EQ(c.pooled ? "mean" : "none", asked.at("pool").get<std::string>());
    EXPECT_EQ(c.init ? std::string(initialiserName(*c.init)) : "normal",
              asked.at("init").get<std::string>());
}

INSTANTIATE_TEST_SUITE_P(Fixture, SafetensorsVersusPyTorch, ::testing::ValuesIn(caseNames()),
                         [](const auto& info) { return info.param; });

// The files cover both norm placements, both feed-forward kinds, causal and pooled models (a
// regenerated fixture that lost a case would otherwise pass silently).
TEST(SafetensorsVersusPyTorchFixture, CoversTheModelsAxes) {
    bool pre = false, post = false, plain = false, gated = false, causal = false, pooled = false,
         perToken = false;
    for (const Json& k : fixture().cases()) {
        const Json& a = k.at("asked");
        (a.at("norm") == "pre" ? pre : post) = true;
        (a.at("ffn") == "gated" ? gated : plain) = true;
        causal = causal || a.at("causal").get<bool>();
        (a.at("pool") == "mean" ? pooled : perToken) = true;
    }
    EXPECT_GE(fixture().cases().size(), 3u);
    EXPECT_TRUE(pre && post && plain && gated && causal && pooled && perToken);
}

}  // namespace
}  // namespace actlab
