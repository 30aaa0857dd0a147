// Flag values shared by the training commands (train, compare, either model): range-checked
// numbers and counts, comma lists, the optimizer flags and compare's --seeds/--target/--format.
// Every problem is a one-line CliError.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli_arguments.h"
#include "optimizers/optimizer.h"

namespace actlab::cli {

// "a, b, c": the names of a table's entries, for an error's "(known: …)".
template <typename Entries>
std::string knownNames(const Entries& entries) {
    std::string known;
    for (const auto& entry : entries)
        known += (known.empty() ? "" : ", ") + std::string(entry.name);
    return known;
}

// The value of `option` (which must be given), a finite number in [low, high].
// Writes `text` to `path` (binary); a CliError "cannot write WHAT 'PATH'" when it cannot.
void writeText(const std::string& path, const std::string& text, const std::string& what);

double numberIn(const Arguments& args, const std::string& option, double low, double high);
// The value of `option` (which must be given), a whole number in [low, high].
int countIn(const Arguments& args, const std::string& option, long long low, long long high);

// "a,b,c" cut at every comma, empty items kept.
// Items between commas; a comma inside parentheses stays in its item ("relu,mix(gelu,silu)").
std::vector<std::string> splitAtCommas(const std::string& text);
// "a,b,c" cut at every comma; an empty item is an error naming `what` and the text.
std::vector<std::string> splitList(const std::string& text, const std::string& what);

// --optimizer --lr --momentum --beta1 --beta2 --weight-decay --clip --schedule --warmup, each
// overriding its field of `optimizer`; the cosine schedule ends at `steps`.
void parseOptimizerFlags(const Arguments& args, OptimizerConfig& optimizer, int steps);

// The text of the --config file, or nothing without --config; an unreadable file, or --config
// with --preset, is a CliError.
std::optional<std::string> configFileText(const Arguments& args);

// Replaces `config` with the --config file's, read by `parse` (one of core/config's readers);
// false without --config. A bad file is a CliError naming the file and the field.
template <typename Config>
bool readConfigOption(const Arguments& args,
                      std::optional<Config> (*parse)(const std::string&, std::string*),
                      Config& config) {
    const std::optional<std::string> text = configFileText(args);
    if (!text) return false;
    std::string error;
    std::optional<Config> parsed = parse(*text, &error);
    if (!parsed) throw CliError("--config " + *args.value("--config") + ": " + error);
    config = std::move(*parsed);
    return true;
}

// What a compare run repeats and how it prints.
struct CompareFlags {
    int seeds = 3;
    double target = 0;             // an accuracy in (0, 1]; 0: not asked
    std::string format = "table";  // table, csv or json
};
// --seeds (1 to 100), --target (else `defaultTarget`) and --format.
CompareFlags parseCompareFlags(const Arguments& args, double defaultTarget);

}  // namespace actlab::cli
