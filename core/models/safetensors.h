// The safetensors format (https://github.com/huggingface/safetensors): an 8-byte little-endian
// header length, a JSON header {name: {"dtype", "shape", "data_offsets"}, "__metadata__":
// {string: string}} and the raw little-endian data. ActLab writes and reads float32 only, and
// the Transformer's weights with PyTorch's names and layouts.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "models/transformer.h"

namespace actlab {

struct SafetensorsTensor {
    std::string name;
    std::vector<std::int64_t> shape;
    std::vector<float> values;  // Π shape values, row-major
};

struct SafetensorsFile {
    std::vector<SafetensorsTensor> tensors;  // in file order
    std::map<std::string, std::string> metadata;
    const SafetensorsTensor* find(std::string_view name) const;
};

std::string encodeSafetensors(const SafetensorsFile& file);
// Checks everything a hostile file could get wrong (lengths, JSON, dtypes, shapes, offsets
// that overlap, leave holes or run past the end); nullopt with a one-line *error.
std::optional<SafetensorsFile> decodeSafetensors(std::string_view bytes, std::string* error);

// Copies the file's tensors into `parameters` by name: every parameter must be there with the
// shape shapeOf gives it, and the file must hold nothing else; false with a one-line *error
// ("tensor 'x' has the wrong shape for the model"), parameters partly copied.
bool copyTensorsByName(const SafetensorsFile& file,
                       const std::vector<Parameter<float>*>& parameters,
                       std::vector<std::int64_t> (*shapeOf)(const Parameter<float>&),
                       std::string* error);

// The model's parameters as float32 tensors, metadata {"actlab_config": config JSON}.
SafetensorsFile transformerToSafetensors(Transformer<float>& model);
// A model built from a file's actlab_config with the file's weights (every parameter present,
// shapes equal, no extra tensor); nullptr with a one-line *error.
std::unique_ptr<Transformer<float>> transformerFromSafetensors(const SafetensorsFile& file,
                                                               std::string* error);

}  // namespace actlab
