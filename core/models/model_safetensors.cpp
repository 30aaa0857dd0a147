// The MLP and GLU-FFN through safetensors: the configuration is written with the Training
// lab's own JSON writer (config/training_config_json.h) and read back with its checks.
#include "models/model_safetensors.h"

#include <nlohmann/json.hpp>

#include "config/training_config_json.h"

namespace actlab {
namespace {

using Json = nlohmann::json;

// The largest input or output dimension a file may ask for (the tasks have at most 64 inputs
// and 10 classes; the limit keeps a hostile file from asking for a huge first layer).
constexpr int kMaxFileDimension = kMaxWidth;

std::string modelJson(const ModelConfig& config) {
    TrainingConfig training;
    training.model = config;
    Json model = Json::parse(trainingConfigToJson(training)).at("model");
    model["input_dimension"] = config.inputDimension;
    model["output_dimension"] = config.outputDimension;
    return model.dump();
}

// The configuration in `text`, or nullopt with *error naming the field.
std::optional<ModelConfig> modelFromJson(const std::string& text, std::string* error) {
    const auto fail = [&](const std::string& message) -> std::optional<ModelConfig> {
        if (error) *error = std::string(kModelMetadataKey) + ": " + message;
        return std::nullopt;
    };
    Json model = Json::parse(text, nullptr, false);
    if (!model.is_object()) return fail("not a JSON object");
    int dimensions[2] = {0, 0};
    const char* keys[2] = {"input_dimension", "output_dimension"};
    for (int i = 0; i < 2; ++i) {
        const auto it = model.find(keys[i]);
        if (it == model.end() || !it->is_number_integer() || it->get<long long>() < 1 ||
            it->get<long long>() > kMaxFileDimension)
            return fail(std::string(keys[i]) + " must be a whole number 1.." +
                        std::to_string(kMaxFileDimension));
        dimensions[i] = it->get<int>();
        model.erase(keys[i]);
    }
    std::string message;
    std::optional<TrainingConfig> training =
        trainingConfigFromJson(Json{{"model", model}}.dump(), &message);
    if (!training) return fail(message);
    ModelConfig config = training->model;
    config.inputDimension = dimensions[0];
    config.outputDimension = dimensions[1];
    if (auto problem = validateModelConfig(config)) return fail(*problem);
    return config;
}

}  // namespace

std::vector<std::int64_t> parameterFileShape(const Parameter<float>& p) {
    if (p.isWeight || p.rows > 1) return {p.rows, p.cols};  // a mix per unit is (units, K)
    return {std::int64_t(p.rows) * p.cols};
}

SafetensorsFile modelToSafetensors(const ModelConfig& config, Model<float>& model) {
    SafetensorsFile file;
    file.metadata[kModelMetadataKey] = modelJson(config);
    for (const Parameter<float>* p : model.parameters())
        file.tensors.push_back({p->name, parameterFileShape(*p), p->value});
    return file;
}

std::unique_ptr<Model<float>> modelFromSafetensors(const SafetensorsFile& file, ModelConfig* config,
                                                   std::string* error) {
    auto fail = [&](const std::string& message) -> std::unique_ptr<Model<float>> {
        if (error) *error = message;
        return nullptr;
    };
    const auto it = file.metadata.find(kModelMetadataKey);
    if (it == file.metadata.end()) {
        if (file.metadata.count("actlab_config"))
            return fail("the file holds a Transformer (actlab_config), not an MLP or GLU-FFN");
        return fail(std::string("the file has no ") + kModelMetadataKey + " metadata");
    }
    std::string message;
    const std::optional<ModelConfig> parsed = modelFromJson(it->second, &message);
    if (!parsed) return fail(message);
    std::unique_ptr<Model<float>> model = createModel<float>(*parsed, &message);
    if (!model) return fail(std::string(kModelMetadataKey) + ": " + message);
    if (!copyTensorsByName(file, model->parameters(), &parameterFileShape, &message))
        return fail(message);
    if (config) *config = *parsed;
    return model;
}

}  // namespace actlab
