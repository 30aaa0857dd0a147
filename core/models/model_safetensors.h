// The Training lab's models (MLP and GLU-FFN) as safetensors files: float32 tensors named as
// ActLab names the parameters ("layer1.weight" (out, in), "layer1.bias" (out),
// "block1.gate" (d_ff, d_model), "head.bias", …) and the model's configuration as
// "actlab_model" metadata. The Transformer has its own pair in models/safetensors.h.
#pragma once

#include <memory>
#include <string>

#include "models/model_factory.h"
#include "models/safetensors.h"

namespace actlab {

// The metadata key that holds the model configuration: the "model" object of
// training_config_json.h with "input_dimension" and "output_dimension" added.
inline constexpr const char* kModelMetadataKey = "actlab_model";

// The shape a parameter has in a file and in PyTorch: (rows, cols) for weights, (cols) else.
std::vector<std::int64_t> parameterFileShape(const Parameter<float>& parameter);

// model's parameters in its own order, with `config` (the model as built: input and output
// dimensions from the data) as metadata.
SafetensorsFile modelToSafetensors(const ModelConfig& config, Model<float>& model);
// A model built from the file's actlab_model with the file's weights (every parameter present
// with its shape, no extra tensor); nullptr with a one-line *error.
std::unique_ptr<Model<float>> modelFromSafetensors(const SafetensorsFile& file, ModelConfig* config,
                                                   std::string* error);

}  // namespace actlab
