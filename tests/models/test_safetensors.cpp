// The safetensors reader and writer: the layout the format's README fixes (checked with an
// independent JSON parse and raw byte reads), the Transformer's weights through a file with
// identical logits, and a one-line refusal for each way a hostile or damaged file can be wrong.
#include <gtest/gtest.h>

#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>

#include "config/config_json.h"
#include "models/safetensors.h"

namespace actlab {
namespace {

using Json = nlohmann::json;

// A file from its header text and data bytes, exactly as given (no padding, no checks).
std::string rawFile(const std::string& header, const std::string& data) {
    std::string out(8, '\0');
    const std::uint64_t length = header.size();
    std::memcpy(out.data(), &length, 8);  // little-endian: the build asserts it
    return out + header + data;
}

std::string floatBytes(const std::vector<float>& values) {
    return std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float));
}

std::uint64_t headerLength(const std::string& file) {
    std::uint64_t length = 0;
    std::memcpy(&length, file.data(), 8);
    return length;
}

SafetensorsFile sampleFile() {
    SafetensorsFile f;
    f.tensors.push_back({"b.weight", {2, 3}, {0.f, 1.f, -2.5f, 3e-38f, -0.f, 1e30f}});
    f.tensors.push_back({"a.bias", {3}, {7.f, 8.f, 9.f}});
    f.tensors.push_back({"scalar", {}, {42.f}});
    f.tensors.push_back({"empty", {0, 4}, {}});
    f.tensors.push_back({"nan", {1, 1, 2}, {std::numeric_limits<float>::quiet_NaN(), 1.f / 0.f}});
    f.metadata = {{"actlab_config", "{\"vocab\": 2}"}, {"note", "line \"one\"\ttab"}};
    return f;
}

void expectSameTensors(const SafetensorsFile& a, const SafetensorsFile& b) {
    ASSERT_EQ(a.tensors.size(), b.tensors.size());
    for (size_t i = 0; i < a.tensors.size(); ++i) {
        const SafetensorsTensor &x = a.tensors[i], &y = b.tensors[i];
        EXPECT_EQ(x.name, y.name);
        EXPECT_EQ(x.shape, y.shape) << x.name;
        EXPECT_EQ(floatBytes(x.values), floatBytes(y.values)) << x.name;  // bitwise: NaN, -0
    }
    EXPECT_EQ(a.metadata, b.metadata);
}

TEST(Safetensors, EncodeDecodeRoundTrip) {
    const SafetensorsFile f = sampleFile();
    const std::string bytes = encodeSafetensors(f);
    std::string error;
    const auto back = decodeSafetensors(bytes, &error);
    ASSERT_TRUE(back) << error;
    expectSameTensors(f, *back);  // file order kept
    ASSERT_NE(back->find("a.bias"), nullptr);
    EXPECT_EQ(back->find("a.bias")->values[2], 9.f);
    EXPECT_EQ(back->find("missing"), nullptr);
}

TEST(Safetensors, LayoutIsTheReadmes) {
    const SafetensorsFile f = sampleFile();
    const std::string bytes = encodeSafetensors(f);
    const std::uint64_t n = headerLength(bytes);
    ASSERT_LE(8 + n, bytes.size());
    EXPECT_EQ((8 + n) % 8, 0u);  // the byte buffer starts 8-byte aligned
    const std::string header = bytes.substr(8, n);
    EXPECT_EQ(header.front(), '{');
    const size_t last = header.find_last_not_of(' ');
    EXPECT_EQ(header[last], '}');  // padded with spaces (0x20) only
    const Json j = Json::parse(header);
    ASSERT_TRUE(j.is_object());
    EXPECT_EQ(j["__metadata__"], Json(f.metadata));
    EXPECT_EQ(j.size(), f.tensors.size() + 1);
    const std::string data = bytes.substr(8 + n);
    std::uint64_t expectedBegin = 0;
    for (const SafetensorsTensor& t : f.tensors) {
        SCOPED_TRACE(t.name);
        ASSERT_TRUE(j.contains(t.name));
        const Json& e = j[t.name];
        EXPECT_EQ(e.size(), 3u);  // dtype, shape, data_offsets and nothing else
        EXPECT_EQ(e["dtype"], "F32");
        EXPECT_EQ(e["shape"], Json(t.shape));
        const std::uint64_t begin = e["data_offsets"][0], end = e["data_offsets"][1];
        EXPECT_EQ(e["data_offsets"].size(), 2u);
        EXPECT_EQ(begin, expectedBegin);  // relative to the byte buffer, in file order
        EXPECT_EQ(end - begin, t.values.size() * 4);
        ASSERT_LE(end, data.size());
        EXPECT_EQ(data.substr(begin, end - begin), floatBytes(t.values));
        expectedBegin = end;
    }
    EXPECT_EQ(expectedBegin, data.size());  // every byte indexed, no trailing bytes
    // No metadata: no __metadata__ key.
    const std::string plain = encodeSafetensors({{{"x", {1}, {1.f}}}, {}});
    EXPECT_FALSE(Json::parse(plain.substr(8, headerLength(plain))).contains("__metadata__"));
}

TEST(Safetensors, DecodesAFileWrittenElsewhere) {
    // Unpadded header, keys out of data order, a zero-size tensor first at offset 0.
    const std::string bytes =
        rawFile(R"({"second":{"dtype":"F32","shape":[2],"data_offsets":[4,12]},)"
                R"("__metadata__":{"format":"pt"},)"
                R"("first":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})",
                floatBytes({1.f, 2.f, 3.f}));
    std::string error;
    const auto f = decodeSafetensors(bytes, &error);
    ASSERT_TRUE(f) << error;
    ASSERT_EQ(f->tensors.size(), 2u);
    EXPECT_EQ(f->tensors[0].name, "first");  // in data order
    EXPECT_EQ(f->tensors[1].values, (std::vector<float>{2.f, 3.f}));
    EXPECT_EQ(f->metadata.at("format"), "pt");
}

// An empty tensor at the offset where another starts is valid ("entirely indexed, no holes"),
// whatever the names: the spans are ordered by (begin, end).
TEST(Safetensors, EmptyTensorAtAnotherTensorsOffsetIsValidWhateverItsName) {
    for (const char* emptyName : {"a", "z"}) {
        SCOPED_TRACE(emptyName);
        const std::string header =
            std::string(R"({"m":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},")") + emptyName +
            R"(":{"dtype":"F32","shape":[0],"data_offsets":[0,0]}})";
        std::string error;
        const auto f = decodeSafetensors(rawFile(header, floatBytes({5.f})), &error);
        ASSERT_TRUE(f) << error;
        EXPECT_EQ(f->tensors.size(), 2u);
        EXPECT_EQ(f->find("m")->values, std::vector<float>{5.f});
    }
}

TransformerConfig tinyConfig(FeedForwardKind ffn, bool pooled) {
    TransformerConfig c;
    c.vocabulary = 5;
    c.sequence = 4;
    c.dModel = 6;
    c.heads = 2;
    c.layers = 2;
    c.ffn = ffn;
    if (ffn == FeedForwardKind::Gated)
        c.ffnActivation = ActivationConfig::withDefaults(ActivationId::Swiglu);
    c.norm = pooled ? NormPlacement::Post : NormPlacement::Pre;
    c.pooled = pooled;
    c.outputs = 3;
    c.seed = 11;
    return c;
}

// Weights of order 1, unlike any model create() makes, so that equal logits mean the file's.
std::unique_ptr<Transformer<float>> randomModel(const TransformerConfig& c) {
    auto model = Transformer<float>::create(c, nullptr);
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> uniform(-0.8f, 0.8f);
    for (Parameter<float>* p : model->parameters())
        for (float& v : p->value) v = uniform(rng);
    return model;
}

TEST(Safetensors, TransformerThroughAFileGivesIdenticalLogits) {
    for (FeedForwardKind ffn : {FeedForwardKind::Plain, FeedForwardKind::Gated}) {
        for (bool pooled : {false, true}) {
            SCOPED_TRACE(std::string(feedForwardName(ffn)) + (pooled ? " pooled" : ""));
            const TransformerConfig c = tinyConfig(ffn, pooled);
            auto model = randomModel(c);
            const std::string bytes = encodeSafetensors(transformerToSafetensors(*model));
            std::string error;
            const auto file = decodeSafetensors(bytes, &error);
            ASSERT_TRUE(file) << error;
            EXPECT_EQ(file->metadata.at("actlab_config"), transformerConfigToJson(c));
            auto loaded = transformerFromSafetensors(*file, &error);
            ASSERT_TRUE(loaded) << error;
            EXPECT_EQ(loaded->parameterCount(), model->parameterCount());
            TokenTensor tokens(Shape{2, 4}, std::vector<Token>{0, 1, 2, 3, 4, 4, 1, 0});
            const Tensor<float> expected(model->forward(tokens)), got(loaded->forward(tokens));
            ASSERT_EQ(expected.shape(), got.shape());
            for (Index i = 0; i < expected.size(); ++i)
                EXPECT_EQ(got.data()[i], expected.data()[i]) << i;
        }
    }
}

TEST(Safetensors, TransformerTensorsHavePyTorchNamesAndShapes) {
    auto model = randomModel(tinyConfig(FeedForwardKind::Plain, false));
    const SafetensorsFile f = transformerToSafetensors(*model);
    EXPECT_EQ(f.tensors.size(), model->parameters().size());
    const auto shape = [&](const char* name) {
        const SafetensorsTensor* t = f.find(name);
        return t ? t->shape : std::vector<std::int64_t>{-1};
    };
    EXPECT_EQ(shape("tok_emb.weight"), (std::vector<std::int64_t>{5, 6}));
    EXPECT_EQ(shape("pos_emb.weight"), (std::vector<std::int64_t>{4, 6}));
    EXPECT_EQ(shape("blocks.1.attn.q.weight"), (std::vector<std::int64_t>{6, 6}));
    EXPECT_EQ(shape("blocks.0.ln1.weight"), (std::vector<std::int64_t>{6}));
    EXPECT_EQ(shape("blocks.0.attn.o.bias"), (std::vector<std::int64_t>{6}));
}

void expectRefusedBytes(const std::string& bytes, const std::string& expected) {
    std::string error;
    EXPECT_FALSE(decodeSafetensors(bytes, &error));
    EXPECT_NE(error.find(expected), std::string::npos) << "error: " << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
}

std::string entry(const char* name, const char* shape, const char* offsets,
                  const char* dtype = "F32") {
    return std::string("\"") + name + R"(":{"dtype":")" + dtype + R"(","shape":)" + shape +
           R"(,"data_offsets":)" + offsets + "}";
}

TEST(Safetensors, RefusesDamagedFiles) {
    const std::string good = encodeSafetensors(sampleFile());
    expectRefusedBytes("", "shorter than its 8-byte header length");
    expectRefusedBytes(good.substr(0, 7), "shorter than its 8-byte header length");
    expectRefusedBytes(good.substr(0, 20), "header length");  // the header is cut
    expectRefusedBytes(good.substr(0, good.size() - 4), "data_offsets do not match");
    std::string beyond = good;
    const std::uint64_t tooLong = good.size() - 7;
    std::memcpy(beyond.data(), &tooLong, 8);
    expectRefusedBytes(beyond, "exceeds the file");
    std::string huge = good;
    const std::uint64_t hugeLength = ~std::uint64_t(0);
    std::memcpy(huge.data(), &hugeLength, 8);
    expectRefusedBytes(huge, "exceeds the file");
    expectRefusedBytes(rawFile("{\"x\": ", ""), "not valid JSON");
    expectRefusedBytes(rawFile("", ""), "not valid JSON");
    expectRefusedBytes(rawFile("[1]", ""), "not a JSON object");
}

TEST(Safetensors, RefusesHostileHeaders) {
    const std::string four = floatBytes({1.f}), eight = floatBytes({1.f, 2.f}),
                      twelve = floatBytes({1.f, 2.f, 3.f});
    const auto file = [](const std::string& entries, const std::string& data) {
        return rawFile("{" + entries + "}", data);
    };
    expectRefusedBytes(file(entry("h", "[1]", "[0,2]", "F16"), floatBytes({0.f}).substr(0, 2)),
                       "tensor 'h' is \"F16\"; ActLab reads F32 only");
    expectRefusedBytes(file(entry("d", "[1]", "[0,8]", "F64"), eight), "reads F32 only");
    expectRefusedBytes(file(entry("a\\nb", "[1]", "[0,4]", "F16"), four), "tensor 'a b' is");
    expectRefusedBytes(file(entry("s", "[3]", "[0,8]"), eight),
                       "tensor 's': data_offsets do not match its shape");
    expectRefusedBytes(file(entry("s", "[2]", "[8,0]"), eight), "data_offsets do not match");
    expectRefusedBytes(file(entry("s", "[2]", "[0,8]"), four), "data_offsets do not match");
    expectRefusedBytes(file(entry("a", "[2]", "[0,8]") + "," + entry("b", "[2]", "[4,12]"), twelve),
                       "overlapping tensors");
    expectRefusedBytes(file(entry("a", "[1]", "[0,4]") + "," + entry("b", "[1]", "[0,4]"), four),
                       "overlapping tensors");
    expectRefusedBytes(file(entry("a", "[1]", "[0,4]") + "," + entry("b", "[1]", "[8,12]"), twelve),
                       "holes");
    expectRefusedBytes(file(entry("a", "[1]", "[4,8]"), eight), "holes");  // a hole at the start
    expectRefusedBytes(file(entry("a", "[1]", "[0,4]"), eight), "bytes that no tensor covers");
    expectRefusedBytes(file("", four), "bytes that no tensor covers");
    expectRefusedBytes(file(entry("n", "[-1]", "[0,4]"), four), "tensor 'n' has a bad shape");
    expectRefusedBytes(file(entry("n", "[1.0]", "[0,4]"), four), "bad shape");
    expectRefusedBytes(file(entry("n", "4", "[0,4]"), four), "bad shape");
    expectRefusedBytes(file(entry("n", "[1,1,1,1,1,1,1,1,1]", "[0,4]"), four), "bad shape");
    expectRefusedBytes(file(entry("n", "[65536,65536,65536]", "[0,4]"), four), "too large");
    expectRefusedBytes(file(entry("n", "[4294967297]", "[0,4]"), four), "bad shape");
    expectRefusedBytes(file(entry("o", "[1]", "[0]"), four), "tensor 'o' has bad data_offsets");
    expectRefusedBytes(file(entry("o", "[1]", "[-4,0]"), four), "bad data_offsets");
    expectRefusedBytes(file(entry("o", "[1]", "\"0,4\""), four), "bad data_offsets");
    expectRefusedBytes(file(R"("x":{"dtype":"F32","shape":[1]})", four),
                       "tensor 'x' needs dtype, shape and data_offsets");
    expectRefusedBytes(file(R"("x":[1])", four), "needs dtype, shape and data_offsets");
    expectRefusedBytes(file(R"("__metadata__":[])", ""), "__metadata__ is not an object");
    expectRefusedBytes(file(R"("__metadata__":{"k":1})", ""), "metadata 'k' is not a string");
}

SafetensorsFile tinyModelFile() {
    auto model = randomModel(tinyConfig(FeedForwardKind::Plain, false));
    return transformerToSafetensors(*model);
}

void expectRefusedModel(const SafetensorsFile& f, const std::string& expected) {
    std::string error;
    EXPECT_EQ(transformerFromSafetensors(f, &error), nullptr);
    EXPECT_NE(error.find(expected), std::string::npos) << "error: " << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
}

TEST(Safetensors, RefusesFilesThatAreNotTheModel) {
    const SafetensorsFile good = tinyModelFile();
    const size_t n = good.tensors.size();
    SafetensorsFile missing = good;
    missing.tensors.pop_back();
    expectRefusedModel(missing, "the file has " + std::to_string(n - 1) + " tensors, the model " +
                                    std::to_string(n));
    SafetensorsFile renamed = good;
    renamed.tensors[3].name = "blocks.0.attn.query.weight";
    expectRefusedModel(renamed, "the file has no tensor '" + good.tensors[3].name + "'");
    SafetensorsFile extra = good;
    extra.tensors.push_back({"blocks.9.attn.q.weight", {1}, {0.f}});
    expectRefusedModel(extra, "the file has " + std::to_string(n + 1) + " tensors");
    SafetensorsFile transposed = good;
    for (SafetensorsTensor& t : transposed.tensors)
        if (t.name == "tok_emb.weight") t.shape = {6, 5};  // (vocab, d_model) is {5, 6}
    expectRefusedModel(transposed, "tensor 'tok_emb.weight' has the wrong shape for the model");
    SafetensorsFile flat = good;
    for (SafetensorsTensor& t : flat.tensors)
        if (t.name == "blocks.1.ln1.weight") t.shape = {1, 6};  // a vector stored as (1, C)
    expectRefusedModel(flat, "tensor 'blocks.1.ln1.weight' has the wrong shape");
    SafetensorsFile noConfig = good;
    noConfig.metadata.clear();
    expectRefusedModel(noConfig, "the file has no actlab_config metadata");
    SafetensorsFile notJson = good;
    notJson.metadata["actlab_config"] = "{vocab: 5}";
    expectRefusedModel(notJson, "actlab_config: not valid JSON");
    SafetensorsFile badField = good;
    badField.metadata["actlab_config"] = R"({"heads": 9})";
    expectRefusedModel(badField, "actlab_config: heads: must be 1..8, got 9");
    SafetensorsFile otherModel = good;  // a valid config, but not the one the weights are for
    otherModel.metadata["actlab_config"] = R"({"vocab": 5, "seq": 4, "d_model": 6, "heads": 2,
        "layers": 2, "ffn": "gated", "ffn_activation": "swiglu", "outputs": 3})";
    expectRefusedModel(otherModel, "tensors, the model");
    // Through bytes: a damaged config survives decoding and is refused when building the model.
    std::string error;
    const auto decoded = decodeSafetensors(encodeSafetensors(badField), &error);
    ASSERT_TRUE(decoded) << error;
    expectRefusedModel(*decoded, "actlab_config: heads");
}

}  // namespace
}  // namespace actlab
