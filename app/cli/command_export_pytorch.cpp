// `actlab-cli export-pytorch [train flags] [--out FILE.py]`: the run that `actlab-cli train`
// would make with the same flags, as a self-contained PyTorch script (core/export).
#include <fstream>

#include "commands.h"
#include "export/pytorch_script.h"
#include "training_options.h"
#include "transformer_options.h"

namespace actlab::cli {
namespace {

constexpr const char* kExportUsage =
    "usage: actlab-cli export-pytorch [train flags] [--out FILE.py]\n"
    "  Writes the run that `actlab-cli train` makes with the same flags (MLP, GLU-FFN or\n"
    "  --model transformer; a --preset or --config too) as a self-contained Python script for\n"
    "  PyTorch 1.13: the same data, initial weights, batch order, loss and optimizer. The script\n"
    "  trains and prints one JSON line with train's figures (train_loss, test_loss, test_acc or\n"
    "  token_accuracy, ...); `python3 FILE.py --weights FILE.safetensors` loads the weights of\n"
    "  `actlab-cli train ... --save-model FILE.safetensors` and prints ActLab's logits of the\n"
    "  test set (the first probe sequences for a Transformer) instead.\n"
    "  --out FILE.py   write the script there (default: stdout)\n";

// train's options, less those that write files of a run, plus --out.
std::set<std::string> exportOptions(std::set<std::string> options) {
    for (const char* output : {"--metrics", "--distributions", "--save-model", "--dump-attention",
                               "--save-session", "--session"})
        options.erase(output);
    options.insert("--out");
    return options;
}

}  // namespace

std::string runExportPytorch(const std::vector<std::string>& words) {
    for (const std::string& word : words)
        if (word == "--help" || word == "-h") return kExportUsage;
    const bool transformer = wantsTransformer(words);
    const Arguments args(
        words, exportOptions(transformer ? transformerValuedOptions() : trainingValuedOptions()),
        transformer ? transformerSwitches() : trainingSwitches(), {"--param"});
    if (!args.positional().empty())
        throw CliError("export-pytorch takes no positional argument, got '" + args.positional()[0] +
                       "'");
    std::string error;
    std::optional<std::string> script;
    if (transformer) {
        const TransformerTrainOptions o = parseTransformerOptions(args);
        script = pytorchScript(o.config, o.steps, o.logEvery, &error);
    } else {
        const TrainOptions o = parseTrainOptions(args, std::nullopt);
        script = pytorchScript(o.config, o.steps, &error);
    }
    if (!script) throw CliError(error);
    const std::optional<std::string> out = args.value("--out");
    if (!out) return *script;
    std::ofstream file(*out, std::ios::binary);
    if (!(file << *script) || !file.flush())
        throw CliError("cannot write --out file '" + *out + "'");
    return "";
}

}  // namespace actlab::cli
