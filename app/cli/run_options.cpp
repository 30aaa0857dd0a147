// The option table of train, compare and export-pytorch, and the parse entry over it.
#include "run_options.h"

#include <string_view>
#include <utility>

#include "option_values.h"
#include "session_file.h"
#include "training_options.h"
#include "transformer_options.h"

namespace actlab::cli {
namespace {

constexpr unsigned TCE = Train | Compare | Export;  // a flag of the run itself
constexpr unsigned TCES = TCE | Session;            // and of a continued one
constexpr unsigned TS = Train | Session;            // a file a run writes
constexpr unsigned MlpFamily = Mlp | Glu;
constexpr unsigned GluOrTransformer = Glu | Transformer;

// clang-format off
constexpr RunOption kRunOptions[] = {
    // flag                value                  commands  kinds
    //  help
    // What to train.
    {"--model",            "mlp|glu|transformer", TCE,      AnyKind,
     "the model (default mlp, or the --preset's or --config's)"},
    {"--task",             "T",                   TCE,      AnyKind,
     "the data set or sequence task (the tasks above)"},
    {"--preset",           "NAME",                TCE,      AnyKind,
     "a preset's configuration, flags over it (the presets above)"},
    {"--config",           "FILE.json",           TCE,      AnyKind,
     "a saved configuration, flags over it"},
    {"--param",            "K=V",                 TCE,      AnyKind,
     "an activation parameter (repeatable)"},
    {"--mix-per-unit",     nullptr,               TCE,      AnyKind,
     "a mix(f1,f2,...) activation learns its weights per unit"},
    // The MLP and the GLU-FFN.
    {"--activation",       "NAME",                TCE,      MlpFamily,
     "the hidden activation; mix(f1,f2,...): a learned mixture (mix_weights in the JSON)"},
    {"--hidden",           "32,32,32",            TCE,      Mlp,
     "the hidden layers' widths"},
    {"--prelu-per-neuron", nullptr,               TCE,      Mlp,
     "a PReLU slope per unit, not per layer"},
    {"--blocks",           "N",                   TCE,      Glu,
     "GLU-FFN blocks"},
    {"--d-model",          "D",                   TCE,      GluOrTransformer,
     "the residual stream's width"},
    {"--d-ff",             "N",                   TCE,      GluOrTransformer,
     "the feed-forward layer's hidden width"},
    {"--bias-init",        "X",                   TCE,      MlpFamily,
     "the initial biases"},
    // Their data sets.
    {"--noise",            "X",                   TCE,      MlpFamily,
     "the data's noise"},
    {"--points",           "N",                   TCE,      MlpFamily,
     "the data set's points"},
    {"--train-share",      "X",                   TCE,      MlpFamily,
     "the share of the points trained on (the rest: test)"},
    {"--features",         "x1,x2,...",           TCE,      MlpFamily,
     "the input features computed from the points"},
    {"--l1",               "X",                   TCE,      MlpFamily,
     "the L1 penalty on the weights"},
    {"--l2",               "X",                   TCE,      MlpFamily,
     "the L2 penalty on the weights"},
    // The Transformer and its tasks.
    {"--layers",           "N",                   TCE,      Transformer,
     "Transformer blocks"},
    {"--heads",            "H",                   TCE,      Transformer,
     "attention heads per block"},
    {"--ffn",              "plain|gated|none",    TCE,      Transformer,
     "the blocks' feed-forward layer"},
    {"--ffn-activation",   "NAME",                TCE,      Transformer,
     "the feed-forward layer's activation"},
    {"--qkv-activation",   "NAME",                TCE,      Transformer,
     "an activation on Q, K and V"},
    {"--norm",             "pre|post",            TCE,      Transformer,
     "where the LayerNorms sit"},
    {"--causal",           nullptr,               TCE,      Transformer,
     "a position attends to the earlier ones only"},
    {"--seq",              "T",                   TCE,      Transformer,
     "the sequence length"},
    {"--vocab",            "V",                   TCE,      Transformer,
     "the vocabulary size"},
    {"--text",             "FILE|builtin:NAME",   TCE,      Transformer,
     "the text of --task text (UTF-8, at most 10 MB)"},
    {"--probes",           "N",                   TCE,      Transformer,
     "the held-out sequences whose attention maps are kept"},
    // Training.
    {"--steps",            "N",                   TCES,     AnyKind,
     "the steps to train; with --session, the steps to add (default 1000)"},
    {"--batch",            "B",                   TCE,      AnyKind,
     "the batch size"},
    {"--optimizer",        "sgd|momentum|adam|adamw", TCE,  AnyKind,
     "the optimizer"},
    {"--lr",               "X",                   TCE,      AnyKind,
     "the learning rate"},
    {"--momentum",         "X",                   TCE,      AnyKind,
     "the momentum (sgd with momentum)"},
    {"--beta1",            "X",                   TCE,      AnyKind,
     "Adam's first-moment decay"},
    {"--beta2",            "X",                   TCE,      AnyKind,
     "Adam's second-moment decay"},
    {"--weight-decay",     "X",                   TCE,      AnyKind,
     "the weight decay"},
    {"--clip",             "X",                   TCE,      AnyKind,
     "clips the gradient's norm to X"},
    {"--schedule",         "constant|cosine",     TCE,      AnyKind,
     "the learning-rate schedule"},
    {"--warmup",           "N",                   TCE,      AnyKind,
     "warm-up steps of the schedule"},
    {"--init",             "he|he_uniform|xavier|lecun", TCE, AnyKind,
     "the weights' initialisation"},
    {"--seed",             "S",                   TCE,      AnyKind,
     "the seed of the data and the weights"},
    {"--log-every",        "N",                   TCES,     AnyKind,
     "a --metrics row every N steps"},
    {"--backend",          "cpu|vulkan|auto",     TCES,     AnyKind,
     "where the steps run"},
    // The files a run writes (train only, a continued run's too).
    {"--metrics",          "FILE.csv",            TS,       AnyKind,
     "the history, a row per logged step"},
    {"--distributions",    "FILE.json",           TS,       AnyKind,
     "each activation site's z at the measured steps (histogram, percentiles, dead share)"},
    {"--save-model",       "FILE.safetensors",    TS,       AnyKind,
     "the trained weights"},
    {"--save-session",     "FILE.actlab",         TS,       AnyKind,
     "the run, to continue with train --session or open in the app"},
    {"--dump-attention",   "FILE.json",           TS,       Transformer,
     "the probes' attention maps"},
    // What compare varies and how it reports.
    {"--activations",      "A,B,...",             Compare,  MlpFamily,
     "the activations compared"},
    {"--qkv-activations",  "A,B,...",             Compare,  Transformer,
     "the Q/K/V activations compared"},
    {"--norms",            "pre,post",            Compare,  Transformer,
     "the LayerNorm placements compared"},
    {"--seeds",            "N",                   Compare,  AnyKind,
     "seeds per variant"},
    {"--target",           "ACC",                 Compare,  AnyKind,
     "the test accuracy whose first step is reported"},
    {"--format",           "table|csv|json",      Compare,  AnyKind,
     "the report's format"},
    // The saved run that train continues; where export-pytorch writes its script.
    {"--session",          "FILE.actlab",         Session,  AnyKind,
     "continues the saved run"},
    {"--out",              "FILE.py",             Export,   AnyKind,
     "the script's file (default: standard output)"},
};
// clang-format on

// "mlp, glu" / "glu or transformer": the kinds of a row, for a message.
std::string kindList(unsigned kinds) {
    std::vector<std::string> names;
    for (unsigned kind : {Mlp, Glu, Transformer})
        if (kinds & kind) names.emplace_back(modelKindName(kind));
    std::string text;
    for (size_t i = 0; i < names.size(); ++i)
        text += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
    return text;
}

// The headings of the help's groups of rows, by the first flag of each group.
struct HelpGroup {
    const char* firstFlag;
    const char* heading;
};
// clang-format off
constexpr HelpGroup kHelpGroups[] = {
    {"--model",       "  What to train:"},
    {"--activation",  "  The MLP and the GLU-FFN:"},
    {"--noise",       "  Their data sets:"},
    {"--layers",      "  The Transformer and its tasks:"},
    {"--steps",       "  Training:"},
    {"--metrics",     "  The files a run writes:"},
    {"--activations", "  What compare varies and how it reports:"},
    {"--session",     "  The saved run train continues; where export-pytorch writes:"},
};
// clang-format on

constexpr size_t kHelpWidth = 100, kHelpColumn = 36;  // the line's end; where the texts start

// The commands of a row, for the help: none when it is train's, compare's and export-pytorch's.
std::string commandTag(unsigned commands) {
    if ((commands & TCE) == TCE) return commands & Session ? " (also train --session)" : "";
    std::vector<std::string> names;
    for (auto [bit, name] : {std::pair{Train, "train"},
                             {Compare, "compare"},
                             {Export, "export-pytorch"},
                             {Session, "train --session"}})
        if (commands & bit) names.emplace_back(name);
    std::string text;
    for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
    return " (" + text + ")";
}

// `lead` then `text` from kHelpColumn on, its words wrapped at kHelpWidth.
std::string wrappedLine(std::string lead, const std::string& text) {
    std::string out;
    std::string line = std::move(lead);
    line.append(line.size() + 2 <= kHelpColumn ? kHelpColumn - line.size() : 2, ' ');
    size_t start = 0;
    bool first = true;
    while (start < text.size()) {
        size_t end = text.find(' ', start);
        if (end == std::string::npos) end = text.size();
        const std::string word = text.substr(start, end - start);
        start = end + 1;
        if (!first && line.size() + 1 + word.size() > kHelpWidth) {
            out += line + '\n';
            line = std::string(kHelpColumn, ' ') + word;
            continue;
        }
        line += (first ? "" : " ") + word;
        first = false;
    }
    return out + line + '\n';
}

}  // namespace

std::span<const RunOption> runOptions() { return kRunOptions; }

std::string runOptionsHelp() {
    std::string out =
        "options of train, compare and export-pytorch ([kinds]: only for those --model kinds):\n";
    for (const RunOption& option : kRunOptions) {
        for (const HelpGroup& group : kHelpGroups)
            if (std::string_view(group.firstFlag) == option.flag)
                out += std::string(group.heading) + '\n';
        std::string lead = std::string("    ") + option.flag;
        if (option.value) lead += std::string(" ") + option.value;
        std::string text = option.help + commandTag(option.commands);
        if (option.kinds != AnyKind) {
            std::string kinds;
            for (unsigned kind : {Mlp, Glu, Transformer})
                if (option.kinds & kind)
                    kinds += (kinds.empty() ? "" : ", ") + std::string(modelKindName(kind));
            text += " [" + kinds + "]";
        }
        out += wrappedLine(std::move(lead), text);
    }
    return out;
}

const char* modelKindName(unsigned kind) {
    return kind == Transformer ? "transformer" : kind == Glu ? "glu" : "mlp";
}

Arguments runArguments(unsigned commands, const std::vector<std::string>& words,
                       const char* commandName) {
    std::set<std::string> valued, switches;
    for (const RunOption& option : kRunOptions)
        if (option.commands & commands) (option.value ? valued : switches).insert(option.flag);
    Arguments args(words, valued, switches, {"--param"});
    if (!args.positional().empty())
        throw CliError(std::string(commandName) + " takes no positional argument, got '" +
                       args.positional()[0] + "'");
    return args;
}

unsigned askedModelKind(const Arguments& args) {
    const std::optional<std::string> model = args.value("--model");
    if (!model || *model == "mlp") return Mlp;
    if (*model == "glu") return Glu;
    if (*model == "transformer") return Transformer;
    throw CliError("unknown model '" + *model + "' (expected mlp, glu or transformer)");
}

void refuseFlagsOfOtherKinds(const Arguments& args, unsigned kind) {
    for (const RunOption& option : kRunOptions)
        if (!(option.kinds & kind) && args.has(option.flag))
            throw CliError("'" + std::string(option.flag) + "' does not apply to --model " +
                           modelKindName(kind) + " (only to --model " + kindList(option.kinds) +
                           ")");
}

void readRunSettings(const Arguments& args, RunSettings& s) {
    if (args.has("--log-every")) s.logEvery = countIn(args, "--log-every", 1, 10'000'000);
    for (auto [flag, path] : {std::pair{"--metrics", &s.metricsPath},
                              {"--distributions", &s.distributionsPath},
                              {"--save-model", &s.saveModelPath},
                              {"--save-session", &s.saveSessionPath}})
        if (auto text = args.value(flag)) *path = sessionOutputPath(*text, flag);
    s.backend = parseBackendOption(args, BackendChoice::Cpu);
}

std::unique_ptr<ModelRun> parseModelRun(const Arguments& args) {
    // Each kind's parse refuses the flags of the others once it knows the kind.
    if (askedModelKind(args) == Transformer)
        return transformerModelRun(parseTransformerOptions(args));
    return trainingModelRun(parseTrainOptions(args, std::nullopt));
}

std::string scriptOrThrow(std::optional<std::string> script, const std::string& error) {
    if (!script) throw CliError(error);
    return std::move(*script);
}

}  // namespace actlab::cli
