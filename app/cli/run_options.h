// The one option table of `actlab-cli train`, `compare` and `export-pytorch`: every flag once,
// whether it takes a value, the commands that take it and the model kinds it applies to. The
// parse entry reads --model first, refuses a flag of another kind in one line naming both, then
// fills that kind's configuration.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cli_arguments.h"

namespace actlab::cli {

// The commands that read the table (bits, so that a row names several); Session: what may come
// with `train --session FILE` (the rest of that run comes from the file).
enum RunCommand : unsigned { Train = 1, Compare = 2, Export = 4, Session = 8 };
// The model kinds (bits): --model mlp, glu or transformer.
enum ModelKindBit : unsigned { Mlp = 1, Glu = 2, Transformer = 4, AnyKind = 7 };

// One flag of the table.
struct RunOption {
    const char* flag;
    const char* value;  // what its value is, for the help ("N", "FILE.json"); nullptr: a switch
    unsigned commands;  // RunCommand bits
    unsigned kinds;     // ModelKindBit bits
    const char* help;   // what it does, for the help
    bool takesValue() const { return value != nullptr; }
};

// Every flag of train, compare, export-pytorch and train --session.
std::span<const RunOption> runOptions();
// The lines of `actlab-cli help` about the table's flags: each with its value, the model kinds
// and commands it is for, and what it does; lines of at most 100 characters.
std::string runOptionsHelp();
// "mlp", "glu" or "transformer" for one ModelKindBit.
const char* modelKindName(unsigned kind);

// The words scanned against the rows of `commands` (RunCommand bits; an unknown or other
// command's flag: "unknown option"); a positional word is refused.
Arguments runArguments(unsigned commands, const std::vector<std::string>& words,
                       const char* commandName);
// The kind --model asks for (mlp when absent); "unknown model" otherwise.
unsigned askedModelKind(const Arguments& args);
// A given flag that does not apply to `kind`: "'--hidden' does not apply to --model transformer
// (only to --model mlp)".
void refuseFlagsOfOtherKinds(const Arguments& args, unsigned kind);

// What every run has besides its model's configuration: its length and the files it writes.
struct RunSettings {
    int steps = 1000;
    int logEvery = 50;
    std::optional<std::string> metricsPath;        // --metrics FILE.csv
    std::optional<std::string> distributionsPath;  // --distributions FILE.json
    std::optional<std::string> saveModelPath;      // --save-model FILE.safetensors
    std::optional<std::string> saveSessionPath;    // --save-session FILE.actlab
    BackendChoice backend = BackendChoice::Cpu;
};
// --log-every, the output files (their folders checked now) and --backend, over `s`.
void readRunSettings(const Arguments& args, RunSettings& s);

class ModelRun;
// The parse entry: arguments, kind (from --model, else the --preset's or --config's), the check
// above, the kind's configuration. CliError on any problem, before anything trains.
std::unique_ptr<ModelRun> parseModelRun(const Arguments& args);

// One model kind's side of `train` and `compare`, configured from the flags.
class ModelRun {
public:
    virtual ~ModelRun() = default;
    // Trains to the configured steps, writes the run's files; the JSON line of `train`.
    virtual std::string train(std::string& notes) const = 0;
    // The variants that compare's flags name, each over the seeds, in --format.
    virtual std::string compare(const Arguments& args, std::string& notes) const = 0;
    // The run as a PyTorch script (export-pytorch); CliError when it cannot be written.
    virtual std::string exportPytorch() const = 0;
};

// The script core/export wrote, or its `error` as a CliError (ModelRun::exportPytorch).
std::string scriptOrThrow(std::optional<std::string> script, const std::string& error);

}  // namespace actlab::cli
