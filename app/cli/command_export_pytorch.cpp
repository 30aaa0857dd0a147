// `actlab-cli export-pytorch [train flags] [--out FILE.py]`: the run that `actlab-cli train`
// would make with the same flags, as a self-contained PyTorch script (core/export).
#include <fstream>

#include "commands.h"
#include "run_options.h"

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

}  // namespace

std::string runExportPytorch(const std::vector<std::string>& words) {
    for (const std::string& word : words)
        if (word == "--help" || word == "-h") return kExportUsage;
    const Arguments args = runArguments(Export, words, "export-pytorch");
    const std::string script = parseModelRun(args)->exportPytorch();
    const std::optional<std::string> out = args.value("--out");
    if (!out) return script;
    std::ofstream file(*out, std::ios::binary);
    if (!(file << script) || !file.flush())
        throw CliError("cannot write --out file '" + *out + "'");
    return "";
}

}  // namespace actlab::cli
