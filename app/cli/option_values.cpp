// The shared flag values of the training commands, with the messages the CLI tests check.
#include "option_values.h"

#include <fstream>
#include <sstream>

#include "common/number_format.h"

namespace actlab::cli {

std::optional<std::string> configFileText(const Arguments& args) {
    const std::optional<std::string> path = args.value("--config");
    if (!path) return std::nullopt;
    if (args.has("--preset")) throw CliError("--config and --preset cannot be combined");
    std::ifstream file(*path, std::ios::binary);
    std::ostringstream text;
    if (!file || !(text << file.rdbuf()))
        throw CliError("cannot read --config file '" + *path + "'");
    return text.str();
}

void writeText(const std::string& path, const std::string& text, const std::string& what) {
    std::ofstream file(path, std::ios::binary);
    if (!(file << text) || !file.flush())
        throw CliError("cannot write " + what + " '" + path + "'");
}

double numberIn(const Arguments& args, const std::string& option, double low, double high) {
    const double value = parseNumberOrThrow(*args.value(option), option);
    if (value < low || value > high)
        throw CliError(option + " must be in [" + formatNumber(low) + ", " + formatNumber(high) +
                       "], got " + *args.value(option));
    return value;
}

int countIn(const Arguments& args, const std::string& option, long long low, long long high) {
    const long long value = parseCountOrThrow(*args.value(option), option);
    if (value < low || value > high)
        throw CliError(option + " must be a whole number in [" + std::to_string(low) + ", " +
                       std::to_string(high) + "], got " + *args.value(option));
    return int(value);
}

std::vector<std::string> splitAtCommas(const std::string& text) {
    std::vector<std::string> items(1);
    int depth = 0;  // commas inside parentheses belong to the item: "relu,mix(gelu,silu)"
    for (const char c : text) {
        depth += c == '(' ? 1 : c == ')' ? -1 : 0;
        if (c == ',' && depth <= 0)
            items.emplace_back();
        else
            items.back() += c;
    }
    return items;
}

std::vector<std::string> splitList(const std::string& text, const std::string& what) {
    std::vector<std::string> items = splitAtCommas(text);
    for (const std::string& item : items)
        if (item.empty()) throw CliError(what + " has an empty item in '" + text + "'");
    return items;
}

void parseOptimizerFlags(const Arguments& args, OptimizerConfig& optimizer, int steps) {
    if (auto name = args.value("--optimizer")) {
        auto kind = parseOptimizer(*name);
        if (!kind)
            throw CliError("unknown optimizer '" + *name +
                           "' (expected sgd, momentum, adam or adamw)");
        optimizer.kind = *kind;
    }
    // The lower bound keeps the rate positive (parseNumberOrThrow rejects NaN and infinities).
    if (args.has("--lr")) optimizer.learningRate = numberIn(args, "--lr", 1e-7, 10);
    if (args.has("--momentum")) optimizer.momentum = numberIn(args, "--momentum", 0, 0.999);
    if (args.has("--beta1")) optimizer.beta1 = numberIn(args, "--beta1", 0, 0.9999);
    if (args.has("--beta2")) optimizer.beta2 = numberIn(args, "--beta2", 0, 0.99999);
    if (args.has("--weight-decay")) optimizer.weightDecay = numberIn(args, "--weight-decay", 0, 1);
    if (args.has("--clip")) optimizer.clipNorm = numberIn(args, "--clip", 0, 1e6);
    if (auto schedule = args.value("--schedule")) {
        if (*schedule == "constant")
            optimizer.schedule = LearningRateSchedule::Constant;
        else if (*schedule == "cosine")
            optimizer.schedule = LearningRateSchedule::WarmupCosine;
        else
            throw CliError("unknown schedule '" + *schedule + "' (expected constant or cosine)");
    }
    if (args.has("--warmup")) optimizer.warmupSteps = countIn(args, "--warmup", 0, 10'000'000);
    optimizer.totalSteps = steps;
}

CompareFlags parseCompareFlags(const Arguments& args, double defaultTarget) {
    CompareFlags flags;
    if (auto text = args.value("--seeds")) {
        const long long n = parseCountOrThrow(*text, "--seeds");
        if (n < 1 || n > 100) throw CliError("--seeds must be in [1, 100]");
        flags.seeds = int(n);
    }
    flags.target = defaultTarget;
    if (auto text = args.value("--target")) {
        flags.target = parseNumberOrThrow(*text, "--target");
        if (flags.target <= 0 || flags.target > 1)
            throw CliError("--target must be an accuracy in (0, 1]");
    }
    flags.format = args.value("--format").value_or("table");
    if (flags.format != "table" && flags.format != "csv" && flags.format != "json")
        throw CliError("unknown format '" + flags.format + "' (expected table, csv or json)");
    return flags;
}

}  // namespace actlab::cli
