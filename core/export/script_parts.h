// One exporter with per-model parts (issue 25): each model kind's exporter fills a ScriptParts
// and assembleScript() puts every script together in the same order around the shared pieces
// (python_text.h: the random generator, the optimizer, the weights loader, main()).
#pragma once

#include <string>

#include "optimizers/optimizer.h"

namespace actlab::pytorch_export {

struct ScriptParts {
    std::string head;      // the docstring, the imports and the run's constants
    std::string data;      // the task's data or its generator
    std::string model;     // the activation helpers and the model's classes
    std::string training;  // the loss, the batches, train() and figures()
    OptimizerConfig optimizer;
    // main(): the model's class, the fixed inputs whose logits --weights prints, their
    // description in the JSON line, the --weights help, and the training branch's code
    std::string mainModel, mainInputs, mainRows, mainHelp, mainTrain;
    std::string tail;  // after main(): data tables and the entry point
};

// head, the random generator, data, model, the optimizer, training, the weights loader, main(),
// tail.
std::string assembleScript(const ScriptParts& parts);

}  // namespace actlab::pytorch_export
