// The option table of train, compare and export-pytorch, and the parse entry over it.
#include "run_options.h"

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
    // flag                value   commands  kinds
    // What to train.
    {"--model",            true,   TCE,      AnyKind},
    {"--task",             true,   TCE,      AnyKind},
    {"--preset",           true,   TCE,      AnyKind},
    {"--config",           true,   TCE,      AnyKind},
    {"--param",            true,   TCE,      AnyKind},
    {"--mix-per-unit",     false,  TCE,      AnyKind},
    // The MLP and the GLU-FFN.
    {"--activation",       true,   TCE,      MlpFamily},
    {"--hidden",           true,   TCE,      Mlp},
    {"--prelu-per-neuron", false,  TCE,      Mlp},
    {"--blocks",           true,   TCE,      Glu},
    {"--d-model",          true,   TCE,      GluOrTransformer},
    {"--d-ff",             true,   TCE,      GluOrTransformer},
    {"--bias-init",        true,   TCE,      MlpFamily},
    // Their data sets.
    {"--noise",            true,   TCE,      MlpFamily},
    {"--points",           true,   TCE,      MlpFamily},
    {"--train-share",      true,   TCE,      MlpFamily},
    {"--features",         true,   TCE,      MlpFamily},
    {"--l1",               true,   TCE,      MlpFamily},
    {"--l2",               true,   TCE,      MlpFamily},
    // The Transformer and its tasks.
    {"--layers",           true,   TCE,      Transformer},
    {"--heads",            true,   TCE,      Transformer},
    {"--ffn",              true,   TCE,      Transformer},
    {"--ffn-activation",   true,   TCE,      Transformer},
    {"--qkv-activation",   true,   TCE,      Transformer},
    {"--norm",             true,   TCE,      Transformer},
    {"--causal",           false,  TCE,      Transformer},
    {"--seq",              true,   TCE,      Transformer},
    {"--vocab",            true,   TCE,      Transformer},
    {"--text",             true,   TCE,      Transformer},  // --task text's only
    {"--probes",           true,   TCE,      Transformer},
    // Training.
    {"--steps",            true,   TCES,     AnyKind},
    {"--batch",            true,   TCE,      AnyKind},
    {"--optimizer",        true,   TCE,      AnyKind},
    {"--lr",               true,   TCE,      AnyKind},
    {"--momentum",         true,   TCE,      AnyKind},
    {"--beta1",            true,   TCE,      AnyKind},
    {"--beta2",            true,   TCE,      AnyKind},
    {"--weight-decay",     true,   TCE,      AnyKind},
    {"--clip",             true,   TCE,      AnyKind},
    {"--schedule",         true,   TCE,      AnyKind},
    {"--warmup",           true,   TCE,      AnyKind},
    {"--init",             true,   TCE,      AnyKind},
    {"--seed",             true,   TCE,      AnyKind},
    {"--log-every",        true,   TCES,     AnyKind},
    {"--backend",          true,   TCES,     AnyKind},
    // The files a run writes (train only, a continued run's too).
    {"--metrics",          true,   TS,       AnyKind},
    {"--distributions",    true,   TS,       AnyKind},
    {"--save-model",       true,   TS,       AnyKind},
    {"--save-session",     true,   TS,       AnyKind},
    {"--dump-attention",   true,   TS,       Transformer},
    // What compare varies and how it reports.
    {"--activations",      true,   Compare,  MlpFamily},
    {"--qkv-activations",  true,   Compare,  Transformer},
    {"--norms",            true,   Compare,  Transformer},
    {"--seeds",            true,   Compare,  AnyKind},
    {"--target",           true,   Compare,  AnyKind},
    {"--format",           true,   Compare,  AnyKind},
    // The saved run that train continues; where export-pytorch writes its script.
    {"--session",          true,   Session,  AnyKind},
    {"--out",              true,   Export,   AnyKind},
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

}  // namespace

std::span<const RunOption> runOptions() { return kRunOptions; }

const char* modelKindName(unsigned kind) {
    return kind == Transformer ? "transformer" : kind == Glu ? "glu" : "mlp";
}

Arguments runArguments(unsigned commands, const std::vector<std::string>& words,
                       const char* commandName) {
    std::set<std::string> valued, switches;
    for (const RunOption& option : kRunOptions)
        if (option.commands & commands) (option.takesValue ? valued : switches).insert(option.flag);
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
