// `actlab-cli train --save-model FILE.safetensors` for the Training lab's models (MLP and
// GLU-FFN): the trained weights with ActLab's parameter names and the model configuration
// (core/models/model_safetensors.h), for PyTorch (the export-pytorch script's --weights).
#pragma once

#include <string>

#include "training/trainer.h"

namespace actlab::cli {

// Writes the trainer's model to `path`; a CliError when the file cannot be written.
void writeModelFile(const std::string& path, Trainer& trainer);

}  // namespace actlab::cli
