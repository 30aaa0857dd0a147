// The Training lab's trained model as a safetensors file.
#include "model_file.h"

#include <fstream>

#include "cli_arguments.h"
#include "models/model_safetensors.h"

namespace actlab::cli {

void writeModelFile(const std::string& path, Trainer& trainer) {
    const std::string bytes =
        encodeSafetensors(modelToSafetensors(trainer.config().model, trainer.model()));
    std::ofstream file(path, std::ios::binary);
    if (!(file << bytes) || !file.flush())
        throw CliError("cannot write --save-model file '" + path + "'");
}

}  // namespace actlab::cli
