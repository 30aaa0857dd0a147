// libFuzzer target for the safetensors reader (decodeSafetensors, then transformerFromSafetensors
// and modelFromSafetensors, the MLP's and GLU-FFN's, on what decodes), also linked into the replay
// driver of the test suite. Any bytes go in; the functions' contracts are checked on the way out.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "models/model_safetensors.h"
#include "models/safetensors.h"

namespace {

[[noreturn]] void contractBroken(const char* what, const std::string& detail = {}) {
    std::fprintf(stderr, "fuzz_safetensors: contract broken: %s%s%.300s\n", what,
                 detail.empty() ? "" : ": ", detail.c_str());
    std::abort();
}

// Refused: a non-empty message on one line.
void checkRefused(const std::string& error) {
    if (error.empty()) contractBroken("refused without an error message");
    if (error.find_first_of("\r\n") != std::string::npos)
        contractBroken("the error message is not one line", error);
}

// Bitwise: NaN payloads and -0 are data too.
bool sameValues(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() &&
           (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0);
}

bool sameTensors(const actlab::SafetensorsFile& a, const actlab::SafetensorsFile& b) {
    if (a.tensors.size() != b.tensors.size() || a.metadata != b.metadata) return false;
    for (size_t i = 0; i < a.tensors.size(); ++i) {
        const actlab::SafetensorsTensor &x = a.tensors[i], &y = b.tensors[i];
        if (x.name != y.name || x.shape != y.shape || !sameValues(x.values, y.values)) return false;
    }
    return true;
}

// Decoded: Π shape values per tensor, unique names, the data bytes covered once, and a
// re-encoding that decodes to the same tensors and re-encodes to the same bytes.
void checkDecoded(std::string_view bytes, const actlab::SafetensorsFile& file) {
    size_t values = 0;
    for (const actlab::SafetensorsTensor& t : file.tensors) {
        std::uint64_t count = 1;
        for (std::int64_t e : t.shape) {
            if (e < 0) contractBroken("a negative extent", t.name);
            count *= std::uint64_t(e);
        }
        if (count != t.values.size()) contractBroken("values are not Π shape", t.name);
        if (file.find(t.name) != &t) contractBroken("a tensor name twice", t.name);
        values += t.values.size();
    }
    // The byte buffer is entirely indexed, once: no overlap, no hole, no trailing byte.
    std::uint64_t headerLength = 0;
    std::memcpy(&headerLength, bytes.data(), 8);
    if (values * sizeof(float) != bytes.size() - 8 - headerLength)
        contractBroken("the tensors do not cover the byte buffer exactly once");
    const std::string again = actlab::encodeSafetensors(file);
    std::string error;
    const auto second = actlab::decodeSafetensors(again, &error);
    if (!second) contractBroken("the re-encoded file is refused", error);
    if (!sameTensors(file, *second)) contractBroken("the re-encoded file decodes differently");
    if (actlab::encodeSafetensors(*second) != again)
        contractBroken("encoding is not a fixed point after one trip");
}

// Every tensor became the parameter of its name: the model writes the file's tensors back.
void checkWrittenBack(const actlab::SafetensorsFile& file, const actlab::SafetensorsFile& written) {
    if (written.tensors.size() != file.tensors.size())
        contractBroken("the model has a different tensor count");
    for (const actlab::SafetensorsTensor& t : written.tensors) {
        const actlab::SafetensorsTensor* read = file.find(t.name);
        if (!read || read->shape != t.shape || !sameValues(read->values, t.values))
            contractBroken("a parameter is not the file's tensor", t.name);
    }
}

// Built: the file written back, and one token goes through the Transformer.
void checkModel(const actlab::SafetensorsFile& file, actlab::Transformer<float>& model) {
    checkWrittenBack(file, actlab::transformerToSafetensors(model));
    // One token through the model: shapes agree (values may be anything, NaN included).
    actlab::TokenTensor tokens(actlab::Shape{1, 1}, std::vector<actlab::Token>{0});
    const auto logits = model.forward(tokens);
    if (logits.size() != model.config().outputs) contractBroken("the logits have the wrong size");
}

// Built: the file written back, and a row of zeros goes through the MLP or GLU-FFN.
void checkTrainingModel(const actlab::SafetensorsFile& file, const actlab::ModelConfig& config,
                        actlab::Model<float>& model) {
    checkWrittenBack(file, actlab::modelToSafetensors(config, model));
    const std::vector<float> row(size_t(model.inputDimension()), 0.0f);
    if (model.forward(row, 1).size() != size_t(config.outputDimension))
        contractBroken("the outputs have the wrong size");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    std::string error;
    const auto file = actlab::decodeSafetensors(bytes, &error);
    if (!file) {
        checkRefused(error);
        return 0;
    }
    if (!error.empty()) contractBroken("decoded with an error message", error);
    checkDecoded(bytes, *file);
    const auto model = actlab::transformerFromSafetensors(*file, &error);
    if (!model)
        checkRefused(error);
    else if (!error.empty())
        contractBroken("built a model with an error message", error);
    else
        checkModel(*file, *model);
    error.clear();
    actlab::ModelConfig config;
    const auto mlp = actlab::modelFromSafetensors(*file, &config, &error);
    if (!mlp)
        checkRefused(error);
    else if (!error.empty())
        contractBroken("built an MLP or GLU-FFN with an error message", error);
    else
        checkTrainingModel(*file, config, *mlp);
    return 0;
}
