// `actlab-cli compare --model transformer`: Q/K/V activations × normalisations × seeds on one
// task, the measured version of seed 000's table: accuracy, steps to a target, attention
// entropy, largest weight, dead share and µs per step, as mean ± standard deviation.
#include <cmath>
#include <cstdio>

#include "commands.h"
#include "common/number_format.h"
#include "compare_output.h"
#include "json_writer.h"
#include "option_values.h"
#include "statistics.h"
#include "transformer_options.h"

namespace actlab::cli {
std::string runCompareTransformer(const std::vector<std::string>& words, std::string& notes) {
    std::set<std::string> valued = transformerValuedOptions();
    valued.insert({"--qkv-activations", "--norms", "--seeds", "--target", "--format"});
    for (const char* single : {"--metrics", "--dump-attention", "--save-model"})
        valued.erase(single);
    const Arguments args(words, valued, transformerSwitches(), {"--param"});
    if (!args.positional().empty())
        throw CliError("compare takes no positional argument, got '" + args.positional()[0] + "'");
    if (!args.has("--qkv-activations") && !args.has("--norms"))
        throw CliError(
            "compare --model transformer needs --qkv-activations A,B,… and/or --norms pre,post");
    if (args.has("--qkv-activation") && args.has("--qkv-activations"))
        throw CliError("compare takes --qkv-activations, not --qkv-activation");
    if (args.has("--norm") && args.has("--norms"))
        throw CliError("compare takes --norms, not --norm");
    const TransformerTrainOptions base = parseTransformerOptions(args);
    std::vector<std::string> activations{std::string(base.config.model.qkvActivation.info().name)};
    if (auto text = args.value("--qkv-activations"))
        activations = splitList(*text, "--qkv-activations");
    std::vector<std::string> norms{std::string(normPlacementName(base.config.model.norm))};
    if (auto text = args.value("--norms")) norms = splitList(*text, "--norms");
    const auto [seeds, target, format] = parseCompareFlags(args, 0.99);
    // Every combination is checked before the first run starts.
    struct Variant {
        std::string activation, norm;
        TransformerTrainOptions options;
    };
    std::vector<Variant> variants;
    for (const std::string& norm : norms) {
        auto placement = parseNormPlacement(norm);
        if (!placement)
            throw CliError("unknown norm '" + norm + "' in --norms (expected pre or post)");
        for (const std::string& name : activations) {
            TransformerTrainOptions o = base;
            o.config.model.qkvActivation = parseActivation(name, args.values("--param"));
            if (o.config.model.qkvActivation.info().kind != ActivationKind::Scalar)
                throw CliError("--qkv-activations: " + name +
                               " is a gated unit, not a scalar function");
            o.config.model.norm = *placement;
            variants.push_back({name, norm, o});
        }
    }
    char title[256];
    std::snprintf(title, sizeof title, "task %s, %d steps, target token accuracy %.2f, %d seeds\n",
                  base.config.task.c_str(), base.steps, target, seeds);
    CompareOutput output(format,
                         "qkv_activation,norm,seeds,token_accuracy_mean,token_accuracy_std,"
                         "sequence_accuracy_mean,steps_to_target_mean,reached,attention_entropy_"
                         "mean,max_weight_mean,qkv_dead_fraction_mean,us_per_step_mean\n",
                         std::string(title) +
                             "qkv          norm  token acc         seq acc  steps to target   "
                             "entropy  max w  dead    us/step\n");
    JsonWriter& json = output.json();
    std::ostream& out = output.text();
    for (const Variant& v : variants) {
        std::vector<double> accuracy, sequence, reach, entropy, maxWeight, dead, micro;
        for (int seed = 1; seed <= seeds; ++seed) {
            TransformerTrainOptions o = v.options;
            o.config.seed = std::uint64_t(seed);
            const TransformerRun r = runTransformer(o, nullptr, target, notes);
            const SequenceSnapshot& s = r.final;
            accuracy.push_back(s.tokenAccuracy);
            sequence.push_back(s.sequenceAccuracy);
            if (r.stepsToTarget >= 0) reach.push_back(r.stepsToTarget);
            entropy.push_back(s.attentionEntropy);
            maxWeight.push_back(mean(s.headMaxWeight));
            dead.push_back(mean(s.qkvDeadFraction));
            micro.push_back(r.stepsPerSecond > 0 ? 1e6 / r.stepsPerSecond : 0);
        }
        const Statistic acc = statistic(accuracy), steps = statistic(reach);
        if (format == "json") {
            json.beginObject()
                .key("qkv_activation")
                .value(v.activation)
                .key("norm")
                .value(v.norm)
                .key("seeds")
                .value(static_cast<long long>(seeds))
                .key("token_accuracy_mean")
                .value(acc.mean)
                .key("token_accuracy_std")
                .value(acc.sd)
                .key("sequence_accuracy_mean")
                .value(mean(sequence))
                .key("target")
                .value(target)
                .key("reached")
                .value(static_cast<long long>(reach.size()))
                .key("steps_to_target_mean")
                .value(reach.empty() ? NAN : steps.mean)
                .key("attention_entropy_mean")
                .value(mean(entropy))
                .key("max_weight_mean")
                .value(mean(maxWeight))
                .key("qkv_dead_fraction_mean")
                .value(mean(dead))
                .key("us_per_step_mean")
                .value(mean(micro))
                .endObject();
        } else if (format == "csv") {
            out << v.activation << ',' << v.norm << ',' << seeds << ',' << formatNumber(acc.mean)
                << ',' << formatNumber(acc.sd) << ',' << formatNumber(mean(sequence)) << ','
                << (reach.empty() ? std::string() : formatNumber(steps.mean)) << ',' << reach.size()
                << ',' << formatNumber(mean(entropy)) << ',' << formatNumber(mean(maxWeight)) << ','
                << formatNumber(mean(dead)) << ',' << formatNumber(mean(micro)) << '\n';
        } else {
            const std::string reachText = stepsToTargetText(reach, seeds);
            char line[256];
            std::snprintf(line, sizeof line,
                          "%-12s %-5s %.3f ± %.3f     %.3f    %-17s %.3f    %.3f  %.3f   %.0f\n",
                          v.activation.c_str(), v.norm.c_str(), acc.mean, acc.sd, mean(sequence),
                          reachText.c_str(), mean(entropy), mean(maxWeight), mean(dead),
                          mean(micro));
            out << line;
        }
    }
    return output.finish();
}

}  // namespace actlab::cli
