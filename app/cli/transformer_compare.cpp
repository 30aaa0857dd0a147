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
namespace {

// One combination to run over the seeds.
struct TransformerVariant {
    std::string activation, norm;
    TransformerTrainOptions options;
};

// What each seed's run of a variant measured, one entry per seed (reach: only the seeds that
// reached the target, their steps).
struct TransformerMeasures {
    std::vector<double> accuracy, sequence, reach, entropy, maxWeight, dead, micro;
};

// compare's own flags of `compare --model transformer`, checked.
void checkCompareTransformerArguments(const Arguments& args) {
    if (!args.has("--qkv-activations") && !args.has("--norms"))
        throw CliError(
            "compare --model transformer needs --qkv-activations A,B,… and/or --norms pre,post");
    if (args.has("--qkv-activation") && args.has("--qkv-activations"))
        throw CliError("compare takes --qkv-activations, not --qkv-activation");
    if (args.has("--norm") && args.has("--norms"))
        throw CliError("compare takes --norms, not --norm");
}

// Every norm × activation combination, each checked before the first run starts.
std::vector<TransformerVariant> transformerVariants(const Arguments& args,
                                                    const TransformerTrainOptions& base,
                                                    const std::vector<std::string>& activations,
                                                    const std::vector<std::string>& norms) {
    std::vector<TransformerVariant> variants;
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
    return variants;
}

// Runs variant `v` with seeds 1 to `seeds`.
TransformerMeasures measureVariant(const TransformerVariant& v, int seeds, double target,
                                   std::string& notes) {
    TransformerMeasures m;
    for (int seed = 1; seed <= seeds; ++seed) {
        TransformerTrainOptions o = v.options;
        o.config.seed = std::uint64_t(seed);
        const TransformerRun r = runTransformer(o, nullptr, target, notes);
        const SequenceSnapshot& s = r.final;
        m.accuracy.push_back(s.tokenAccuracy);
        m.sequence.push_back(s.sequenceAccuracy);
        if (r.stepsToTarget >= 0) m.reach.push_back(r.stepsToTarget);
        m.entropy.push_back(s.attentionEntropy);
        m.maxWeight.push_back(mean(s.headMaxWeight));
        m.dead.push_back(mean(s.qkvDeadFraction));
        m.micro.push_back(r.stepsPerSecond > 0 ? 1e6 / r.stepsPerSecond : 0);
    }
    return m;
}

void writeVariantJson(JsonWriter& json, const TransformerVariant& v, int seeds, double target,
                      const TransformerMeasures& m) {
    const Statistic acc = statistic(m.accuracy), steps = statistic(m.reach);
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
        .value(mean(m.sequence))
        .key("target")
        .value(target)
        .key("reached")
        .value(static_cast<long long>(m.reach.size()))
        .key("steps_to_target_mean")
        .value(m.reach.empty() ? NAN : steps.mean)
        .key("attention_entropy_mean")
        .value(mean(m.entropy))
        .key("max_weight_mean")
        .value(mean(m.maxWeight))
        .key("qkv_dead_fraction_mean")
        .value(mean(m.dead))
        .key("us_per_step_mean")
        .value(mean(m.micro))
        .endObject();
}

// One CSV row, or one table line.
void writeVariantText(std::ostream& out, const std::string& format, const TransformerVariant& v,
                      int seeds, const TransformerMeasures& m) {
    const Statistic acc = statistic(m.accuracy), steps = statistic(m.reach);
    if (format == "csv") {
        out << v.activation << ',' << v.norm << ',' << seeds << ',' << formatNumber(acc.mean) << ','
            << formatNumber(acc.sd) << ',' << formatNumber(mean(m.sequence)) << ','
            << (m.reach.empty() ? std::string() : formatNumber(steps.mean)) << ',' << m.reach.size()
            << ',' << formatNumber(mean(m.entropy)) << ',' << formatNumber(mean(m.maxWeight)) << ','
            << formatNumber(mean(m.dead)) << ',' << formatNumber(mean(m.micro)) << '\n';
        return;
    }
    const std::string reachText = stepsToTargetText(m.reach, seeds);
    char line[256];
    std::snprintf(
        line, sizeof line, "%-12s %-5s %.3f ± %.3f     %.3f    %-17s %.3f    %.3f  %.3f   %.0f\n",
        v.activation.c_str(), v.norm.c_str(), acc.mean, acc.sd, mean(m.sequence), reachText.c_str(),
        mean(m.entropy), mean(m.maxWeight), mean(m.dead), mean(m.micro));
    out << line;
}

}  // namespace

std::string compareTransformers(const Arguments& args, const TransformerTrainOptions& base,
                                std::string& notes) {
    checkCompareTransformerArguments(args);
    std::vector<std::string> activations{std::string(base.config.model.qkvActivation.info().name)};
    if (auto text = args.value("--qkv-activations"))
        activations = splitList(*text, "--qkv-activations");
    std::vector<std::string> norms{std::string(normPlacementName(base.config.model.norm))};
    if (auto text = args.value("--norms")) norms = splitList(*text, "--norms");
    const auto [seeds, target, format] = parseCompareFlags(args, 0.99);
    const std::vector<TransformerVariant> variants =
        transformerVariants(args, base, activations, norms);
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
    for (const TransformerVariant& v : variants) {
        const TransformerMeasures m = measureVariant(v, seeds, target, notes);
        if (format == "json")
            writeVariantJson(output.json(), v, seeds, target, m);
        else
            writeVariantText(output.text(), format, v, seeds, m);
    }
    return output.finish();
}

}  // namespace actlab::cli
