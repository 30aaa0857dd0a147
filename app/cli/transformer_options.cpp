// Parsing of the Transformer's training flags into a SequenceTrainingConfig.
#include "transformer_options.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "config/config_json.h"
#include "datasets/builtin_texts.h"
#include "option_values.h"
#include "session_file.h"
#include "training/sequence_presets.h"

namespace actlab::cli {

namespace {

// The --config file, then the --preset over it (either sets the steps too), then --task.
void readTransformerBase(const Arguments& args, TransformerTrainOptions& o) {
    SequenceTrainingConfig& c = o.config;
    if (readConfigOption(args, &sequenceTrainingConfigFromJson, c)) {
        if (c.optimizer.totalSteps > 0) o.steps = c.optimizer.totalSteps;
    }
    if (auto name = args.value("--preset")) {
        const SequencePreset* preset = findSequencePreset(*name);
        if (!preset) {
            throw CliError("unknown preset '" + *name + "' for --model transformer (known: " +
                           knownNames(sequencePresets()) + ")");
        }
        preset->apply(c);
        o.steps = preset->steps;
    }
    if (auto task = args.value("--task")) {
        if (!findSequenceTask(*task)) {
            throw CliError("unknown task '" + *task + "' for --model transformer (known: " +
                           knownNames(sequenceTaskCatalogue()) + ")");
        }
        c.task = *task;
    }
}

// --text FILE or builtin:NAME as bytes (decoded by the task); a file over 10 MB is refused
// before it is read.
std::shared_ptr<const std::string> readTextOption(const std::string& value) {
    if (value.starts_with("builtin:")) {
        const std::string name = value.substr(8);
        const BuiltInText* text = findBuiltInText(name);
        if (!text)
            throw CliError("unknown built-in text '" + name +
                           "' (known: " + knownNames(builtInTexts()) + ")");
        return std::make_shared<const std::string>(text->text);
    }
    std::error_code error;
    const auto size = std::filesystem::file_size(value, error);
    std::ifstream file(value, std::ios::binary);
    if (error || !file) throw CliError("cannot read --text file '" + value + "'");
    if (size > kMaxTextBytes)
        throw CliError("--text file '" + value + "' is " + std::to_string(size) +
                       " bytes; at most " + std::to_string(kMaxTextBytes) + " (10 MB) are taken");
    std::ostringstream bytes;
    bytes << file.rdbuf();
    return std::make_shared<const std::string>(bytes.str());
}

// The model's shape, activations, normalisation and initialisation.
void readTransformerModel(const Arguments& args, TransformerConfig& m) {
    if (args.has("--layers")) m.layers = countIn(args, "--layers", 1, kMaxTransformerLayers);
    if (args.has("--heads")) m.heads = countIn(args, "--heads", 1, kMaxTransformerHeads);
    if (args.has("--d-model")) m.dModel = countIn(args, "--d-model", 1, kMaxTransformerWidth);
    if (args.has("--d-ff")) m.dFf = countIn(args, "--d-ff", 1, kMaxTransformerFeedForward);
    if (auto ffn = args.value("--ffn")) {
        auto kind = parseFeedForward(*ffn);
        if (!kind) throw CliError("unknown --ffn '" + *ffn + "' (expected plain, gated or none)");
        m.ffn = *kind;
    }
    const std::vector<std::string> params = args.values("--param");
    if (auto name = args.value("--ffn-activation"))
        m.ffnActivation = parseActivation(*name, params);
    else if (m.ffn == FeedForwardKind::Gated)
        m.ffnActivation = ActivationConfig::withDefaults(ActivationId::Swiglu);
    if (auto name = args.value("--qkv-activation"))
        m.qkvActivation = parseActivation(*name, params);
    if (auto norm = args.value("--norm")) {
        auto placement = parseNormPlacement(*norm);
        if (!placement) throw CliError("unknown --norm '" + *norm + "' (expected pre or post)");
        m.norm = *placement;
    }
    if (args.has("--causal")) m.causal = true;
    if (args.has("--mix-per-unit")) m.mixPerUnit = true;
    if (auto init = args.value("--init")) {
        if (*init == "normal")
            m.init.reset();
        else if (auto kind = parseInitialiser(*init))
            m.init = *kind;
        else
            throw CliError("unknown init '" + *init +
                           "' (expected normal, he, he_uniform, xavier or lecun)");
    }
}

}  // namespace

TransformerTrainOptions parseTransformerOptions(const Arguments& args) {
    refuseFlagsOfOtherKinds(args, Transformer);
    TransformerTrainOptions o;
    SequenceTrainingConfig& c = o.config;
    readTransformerBase(args, o);
    if (auto text = args.value("--text")) {
        if (c.task != "text")
            throw CliError("'--text' applies only to --task text, not to --task " + c.task);
        c.text = readTextOption(*text);
    }
    if (args.has("--seq"))
        c.taskOptions.sequence = countIn(args, "--seq", 2, kMaxTransformerSequence);
    if (args.has("--vocab"))
        c.taskOptions.vocabulary = countIn(args, "--vocab", 2, kMaxTransformerTextVocabulary);
    readTransformerModel(args, c.model);
    if (args.has("--steps")) o.steps = countIn(args, "--steps", 1, 10'000'000);
    readRunSettings(args, o);
    if (auto path = args.value("--dump-attention"))
        o.dumpAttentionPath = sessionOutputPath(*path, "--dump-attention");
    if (args.has("--batch")) c.batch = countIn(args, "--batch", 1, 512);
    parseOptimizerFlags(args, c.optimizer, o.steps);
    if (args.has("--seed")) c.seed = std::uint64_t(countIn(args, "--seed", 0, 2'000'000'000));
    if (args.has("--probes")) c.probes = countIn(args, "--probes", 1, 64);
    if (c.probes > c.batch)
        throw CliError("--probes " + std::to_string(c.probes) + " exceeds --batch " +
                       std::to_string(c.batch));
    // Check the whole configuration now, so that every bad flag exits before training starts.
    std::string error;
    if (!SequenceTrainer::create(c, &error)) {
        if (error.starts_with("the text") && args.has("--text"))
            error = "--text '" + *args.value("--text") + "': " + error;
        throw CliError(error);
    }
    return o;
}

}  // namespace actlab::cli
