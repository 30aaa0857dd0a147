// Parsing of the training flags into a TrainingConfig, with range checks and clear messages.
#include "training_options.h"

#include "config/training_config_json.h"
#include "option_values.h"
#include "training/presets.h"

namespace actlab::cli {

namespace {

// The --config file, then the --preset over it; either sets the steps too.
void readBaseConfig(const Arguments& args, TrainOptions& o) {
    TrainingConfig& c = o.config;
    if (readConfigOption(args, &trainingConfigFromJson, c)) {
        if (c.optimizer.totalSteps > 0) o.steps = c.optimizer.totalSteps;
    }
    if (auto name = args.value("--preset")) {
        const TrainingPreset* preset = findTrainingPreset(*name);
        if (!preset) {
            throw CliError("unknown preset '" + *name +
                           "' (known: " + knownNames(trainingPresets()) + ")");
        }
        preset->apply(c);
        o.steps = preset->steps;
    }
}

// --task and --model, then the flags of the kind checked.
void readTaskAndModel(const Arguments& args, TrainingConfig& c) {
    if (auto task = args.value("--task")) {
        if (!findDataset(*task)) {
            throw CliError("unknown task '" + *task +
                           "' (known: " + knownNames(datasetCatalogue()) + ")");
        }
        c.task = *task;
    }
    if (args.has("--model"))
        c.model.kind = askedModelKind(args) == Glu ? ModelKind::GluFfn : ModelKind::Mlp;
    refuseFlagsOfOtherKinds(args, c.model.kind == ModelKind::GluFfn ? Glu : Mlp);
}

// --activation (or its override) and --param; a GLU-FFN left with one scalar activation gets
// SwiGLU.
void readActivations(const Arguments& args, const std::optional<std::string>& activationOverride,
                     ModelConfig& model) {
    const std::optional<std::string> activationText =
        activationOverride ? activationOverride : args.value("--activation");
    if (activationText) {
        model.activations.clear();
        for (const std::string& name : splitList(*activationText, "--activation"))
            model.activations.push_back(parseActivation(name, args.values("--param")));
    } else if (!args.values("--param").empty()) {
        for (ActivationConfig& a : model.activations)
            a = parseActivation(activationSpec(a), args.values("--param"));
    }
    if (model.kind == ModelKind::GluFfn && !activationText && model.activations.size() == 1 &&
        model.activations[0].info().kind == ActivationKind::Scalar &&
        model.activations[0].id != ActivationId::Mix)
        model.activations = {ActivationConfig::withDefaults(ActivationId::Swiglu)};
}

// --hidden W,W,…: the hidden layers' widths.
void readHiddenWidths(const Arguments& args, ModelConfig& model) {
    auto hidden = args.value("--hidden");
    if (!hidden) return;
    model.hidden.clear();
    for (const std::string& item : splitList(*hidden, "--hidden")) {
        const long long width = parseCountOrThrow(item, "--hidden width");
        if (width < 1 || width > kMaxWidth)
            throw CliError("--hidden widths must be in [1, " + std::to_string(kMaxWidth) +
                           "], got " + item);
        model.hidden.push_back(int(width));
    }
    if (model.hidden.size() > size_t(kMaxHiddenLayers))
        throw CliError("--hidden allows at most " + std::to_string(kMaxHiddenLayers) +
                       " layers, got " + std::to_string(model.hidden.size()));
}

// --init and --bias-init.
void readInitialisation(const Arguments& args, ModelConfig& model) {
    if (auto init = args.value("--init")) {
        auto kind = parseInitialiser(*init);
        if (!kind)
            throw CliError("unknown init '" + *init +
                           "' (expected he, he_uniform, xavier or lecun)");
        model.init = *kind;
    }
    // He init is made for ReLU-like units; the products of a gated block explode with it, so a
    // GLU-FFN without an explicit --init (or a preset's, or a --config's) starts from Xavier.
    if (model.kind == ModelKind::GluFfn && !args.has("--init") && !args.has("--preset") &&
        !args.has("--config"))
        model.init = Initialiser::Xavier;
    if (args.has("--bias-init"))
        model.biasInit = numberIn(args, "--bias-init", -kMaxBiasInit, kMaxBiasInit);
}

// --noise, --points, --train-share and --features.
void readDataFlags(const Arguments& args, DatasetOptions& data) {
    if (args.has("--noise")) data.noise = numberIn(args, "--noise", 0, 1);
    if (args.has("--points")) data.points = countIn(args, "--points", kMinPoints, kMaxPoints);
    if (args.has("--train-share")) {
        data.trainShare = numberIn(args, "--train-share", 0, 1);
        if (data.trainShare <= 0 || data.trainShare >= 1)
            throw CliError("--train-share must be between 0 and 1");
    }
    if (auto features = args.value("--features")) {
        data.features.clear();
        for (const std::string& name : splitList(*features, "--features")) {
            auto feature = parseFeature(name);
            if (!feature)
                throw CliError("unknown feature '" + name +
                               "' (x1, x2, x1^2, x2^2, x1*x2, sin_x1, sin_x2)");
            data.features.push_back(*feature);
        }
    }
}

// The features apply to the 2D tasks only; the model must be one that can be built.
void checkTaskAndModel(const Arguments& args, TrainingConfig& c) {
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
}

}  // namespace

TrainOptions parseTrainOptions(const Arguments& args,
                               const std::optional<std::string>& activationOverride) {
    TrainOptions o;
    TrainingConfig& c = o.config;
    readBaseConfig(args, o);
    readTaskAndModel(args, c);
    readActivations(args, activationOverride, c.model);
    readHiddenWidths(args, c.model);
    if (args.has("--d-ff")) c.model.dFf = countIn(args, "--d-ff", 1, kMaxFeedForwardWidth);
    if (args.has("--d-model")) c.model.dModel = countIn(args, "--d-model", 1, kMaxWidth);
    if (args.has("--blocks")) c.model.blocks = countIn(args, "--blocks", 1, kMaxHiddenLayers);
    if (args.has("--prelu-per-neuron")) c.model.preluPerNeuron = true;
    if (args.has("--mix-per-unit")) c.model.mixPerUnit = true;
    if (args.has("--steps")) o.steps = countIn(args, "--steps", 1, 10'000'000);
    readRunSettings(args, o);
    if (args.has("--batch")) c.batch = countIn(args, "--batch", 1, kMaxBatch);
    parseOptimizerFlags(args, c.optimizer, o.steps);
    readInitialisation(args, c.model);
    readDataFlags(args, c.data);
    if (args.has("--l1")) c.l1 = numberIn(args, "--l1", 0, kMaxPenalty);
    if (args.has("--l2")) c.l2 = numberIn(args, "--l2", 0, kMaxPenalty);
    if (args.has("--seed")) {
        c.data.seed = std::uint64_t(countIn(args, "--seed", 0, kMaxSeed));
        c.model.seed = c.data.seed;
    }
    checkTaskAndModel(args, c);
    return o;
}

}  // namespace actlab::cli
