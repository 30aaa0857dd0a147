// Parsing of the training flags into a TrainingConfig, with range checks and clear messages.
#include "training_options.h"

#include <cmath>

#include "common/number_format.h"
#include "training/presets.h"

namespace actlab::cli {
namespace {

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

std::vector<std::string> splitList(const std::string& text, const std::string& what) {
    std::vector<std::string> items;
    size_t start = 0;
    while (true) {
        const size_t comma = text.find(',', start);
        items.push_back(
            text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (items.back().empty()) throw CliError(what + " has an empty item in '" + text + "'");
        if (comma == std::string::npos) return items;
        start = comma + 1;
    }
}

}  // namespace

const std::set<std::string>& trainingValuedOptions() {
    static const std::set<std::string> options{
        "--task",         "--model",    "--activation", "--param",       "--hidden",
        "--d-ff",         "--d-model",  "--blocks",     "--steps",       "--batch",
        "--optimizer",    "--lr",       "--momentum",   "--beta1",       "--beta2",
        "--weight-decay", "--clip",     "--schedule",   "--warmup",      "--init",
        "--bias-init",    "--noise",    "--points",     "--train-share", "--features",
        "--l1",           "--l2",       "--seed",       "--preset",      "--backend",
        "--metrics",      "--log-every"};
    return options;
}

const std::set<std::string>& trainingSwitches() {
    static const std::set<std::string> switches{"--prelu-per-neuron"};
    return switches;
}

TrainOptions parseTrainOptions(const Arguments& args,
                               const std::optional<std::string>& activationOverride) {
    TrainOptions o;
    TrainingConfig& c = o.config;
    if (auto name = args.value("--preset")) {
        const TrainingPreset* preset = findTrainingPreset(*name);
        if (!preset) {
            std::string known;
            for (const TrainingPreset& p : trainingPresets())
                known += (known.empty() ? "" : ", ") + std::string(p.name);
            throw CliError("unknown preset '" + *name + "' (known: " + known + ")");
        }
        preset->apply(c);
        o.steps = preset->steps;
    }
    if (auto task = args.value("--task")) {
        if (!findDataset(*task)) {
            std::string known;
            for (const DatasetInfo& d : datasetCatalogue())
                known += (known.empty() ? "" : ", ") + std::string(d.name);
            throw CliError("unknown task '" + *task + "' (known: " + known + ")");
        }
        c.task = *task;
    }
    if (auto model = args.value("--model")) {
        if (*model == "mlp")
            c.model.kind = ModelKind::Mlp;
        else if (*model == "glu")
            c.model.kind = ModelKind::GluFfn;
        else
            throw CliError("unknown model '" + *model + "' (expected mlp, glu or transformer)");
    }
    const std::optional<std::string> activationText =
        activationOverride ? activationOverride : args.value("--activation");
    if (activationText) {
        c.model.activations.clear();
        for (const std::string& name : splitList(*activationText, "--activation"))
            c.model.activations.push_back(parseActivation(name, args.values("--param")));
    } else if (!args.values("--param").empty()) {
        for (ActivationConfig& a : c.model.activations)
            a = parseActivation(std::string(a.info().name), args.values("--param"));
    }
    if (c.model.kind == ModelKind::GluFfn && !activationText && c.model.activations.size() == 1 &&
        c.model.activations[0].info().kind == ActivationKind::Scalar)
        c.model.activations = {ActivationConfig::withDefaults(ActivationId::Swiglu)};
    if (auto hidden = args.value("--hidden")) {
        c.model.hidden.clear();
        for (const std::string& item : splitList(*hidden, "--hidden")) {
            const long long width = parseCountOrThrow(item, "--hidden width");
            if (width < 1 || width > kMaxWidth)
                throw CliError("--hidden widths must be in [1, 512], got " + item);
            c.model.hidden.push_back(int(width));
        }
        if (c.model.hidden.size() > size_t(kMaxHiddenLayers))
            throw CliError("--hidden allows at most 8 layers, got " +
                           std::to_string(c.model.hidden.size()));
    }
    if (args.has("--d-ff")) c.model.dFf = countIn(args, "--d-ff", 1, 2048);
    if (args.has("--d-model")) c.model.dModel = countIn(args, "--d-model", 1, 512);
    if (args.has("--blocks")) c.model.blocks = countIn(args, "--blocks", 1, kMaxHiddenLayers);
    if (args.has("--prelu-per-neuron")) c.model.preluPerNeuron = true;
    if (args.has("--steps")) o.steps = countIn(args, "--steps", 1, 10'000'000);
    if (args.has("--batch")) c.batch = countIn(args, "--batch", 1, 4096);
    if (auto name = args.value("--optimizer")) {
        auto kind = parseOptimizer(*name);
        if (!kind)
            throw CliError("unknown optimizer '" + *name +
                           "' (expected sgd, momentum, adam or adamw)");
        c.optimizer.kind = *kind;
    }
    if (args.has("--lr")) c.optimizer.learningRate = numberIn(args, "--lr", 1e-7, 10);
    if (args.has("--lr") && c.optimizer.learningRate <= 0) throw CliError("--lr must be positive");
    if (args.has("--momentum")) c.optimizer.momentum = numberIn(args, "--momentum", 0, 0.999);
    if (args.has("--beta1")) c.optimizer.beta1 = numberIn(args, "--beta1", 0, 0.9999);
    if (args.has("--beta2")) c.optimizer.beta2 = numberIn(args, "--beta2", 0, 0.99999);
    if (args.has("--weight-decay"))
        c.optimizer.weightDecay = numberIn(args, "--weight-decay", 0, 1);
    if (args.has("--clip")) c.optimizer.clipNorm = numberIn(args, "--clip", 0, 1e6);
    if (auto schedule = args.value("--schedule")) {
        if (*schedule == "constant")
            c.optimizer.schedule = LearningRateSchedule::Constant;
        else if (*schedule == "cosine")
            c.optimizer.schedule = LearningRateSchedule::WarmupCosine;
        else
            throw CliError("unknown schedule '" + *schedule + "' (expected constant or cosine)");
    }
    if (args.has("--warmup")) c.optimizer.warmupSteps = countIn(args, "--warmup", 0, 10'000'000);
    c.optimizer.totalSteps = o.steps;
    if (auto init = args.value("--init")) {
        auto kind = parseInitialiser(*init);
        if (!kind)
            throw CliError("unknown init '" + *init +
                           "' (expected he, he_uniform, xavier or lecun)");
        c.model.init = *kind;
    }
    // He init is made for ReLU-like units; the products of a gated block explode with it, so a
    // GLU-FFN without an explicit --init (or a preset's) starts from Xavier.
    if (c.model.kind == ModelKind::GluFfn && !args.has("--init") && !args.has("--preset"))
        c.model.init = Initialiser::Xavier;
    if (args.has("--bias-init")) c.model.biasInit = numberIn(args, "--bias-init", -100, 100);
    if (args.has("--noise")) c.data.noise = numberIn(args, "--noise", 0, 1);
    if (args.has("--points")) c.data.points = countIn(args, "--points", 4, 1'000'000);
    if (args.has("--train-share")) {
        c.data.trainShare = numberIn(args, "--train-share", 0, 1);
        if (c.data.trainShare <= 0 || c.data.trainShare >= 1)
            throw CliError("--train-share must be between 0 and 1");
    }
    if (auto features = args.value("--features")) {
        c.data.features.clear();
        for (const std::string& name : splitList(*features, "--features")) {
            auto feature = parseFeature(name);
            if (!feature)
                throw CliError("unknown feature '" + name +
                               "' (x1, x2, x1^2, x2^2, x1*x2, sin_x1, sin_x2)");
            c.data.features.push_back(*feature);
        }
    }
    if (args.has("--l1")) c.l1 = numberIn(args, "--l1", 0, 10);
    if (args.has("--l2")) c.l2 = numberIn(args, "--l2", 0, 10);
    if (args.has("--seed")) {
        c.data.seed = std::uint64_t(countIn(args, "--seed", 0, 2'000'000'000));
        c.model.seed = c.data.seed;
    }
    if (args.has("--log-every")) o.logEvery = countIn(args, "--log-every", 1, 10'000'000);
    if (auto path = args.value("--metrics")) o.metricsPath = *path;
    o.backend = parseBackendOption(args, BackendChoice::Cpu);
    if (const DatasetInfo* info = findDataset(c.task); info && info->rawDimension != 2) {
        if (args.has("--features")) throw CliError("--features applies only to the 2D tasks");
        c.data.features.clear();
    }
    if (auto problem = validateModelConfig([&] {
            ModelConfig m = c.model;
            m.inputDimension = 1;
            m.outputDimension = 1;
            return m;
        }()))
        throw CliError(*problem);
    return o;
}

}  // namespace actlab::cli
