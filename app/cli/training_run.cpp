// The MLP's and GLU-FFN's side of `actlab-cli train` (one run, a JSON line, optional per-step
// CSV) and `compare` (activations × seeds, mean ± std of the measured figures).
#include <cmath>
#include <fstream>
#include <sstream>

#include "backends/backend_factory.h"
#include "commands.h"
#include "common/number_format.h"
#include "compare_output.h"
#include "config/run_state_json.h"
#include "export/pytorch_script.h"
#include "json_writer.h"
#include "model_file.h"
#include "option_values.h"
#include "run_loop.h"
#include "session_file.h"
#include "statistics.h"
#include "training_options.h"

namespace actlab::cli {

RunResult runTraining(const TrainOptions& o, std::ostream* metrics, double target,
                      std::string& notes, const ResumeRun& resume) {
    std::string error;
    BackendSelection selection = createBackend(o.backend);
    const auto note = [&](const std::string& line) {
        if (notes.find(line) == std::string::npos) notes += "actlab-cli: note: " + line + "\n";
    };
    if (selection.fellBack) note(selection.reason);
    std::unique_ptr<Trainer> trainer =
        resume ? resume(selection.backend.get())
               : Trainer::create(o.config, &error, selection.backend.get());
    if (!trainer) throw CliError(error);
    if (!trainer->engineNote().empty()) note(trainer->engineNote() + "; training on the CPU");
    RunResult result;
    result.backend = std::string(trainer->backendName());
    result.parameters = static_cast<long long>(trainer->model().parameterCount());
    result.model = trainer->config().model;
    stepAndMeasure(*trainer, o, target, metrics, result);
    // Where the ops ran, with those that fell to the CPU: "vulkan (cpu: mix_forward, …)".
    result.backend = trainer->model().tensorOps().describe();
    if (o.saveModelPath) writeModelFile(*o.saveModelPath, *trainer);
    if (o.saveSessionPath)
        writeSessionFile(*o.saveSessionPath, cliSession("training", trainerStateToJson(*trainer)));
    return result;
}

namespace {

void writeRunJson(JsonWriter& json, const RunResult& r, bool classification) {
    const TrainingSnapshot& s = r.final;
    json.key("steps")
        .value(static_cast<long long>(s.step))
        .key("train_loss")
        .value(s.trainLoss)
        .key("test_loss")
        .value(s.testLoss);
    if (classification)
        json.key("train_acc").value(s.trainAccuracy).key("test_acc").value(s.testAccuracy);
    json.key("dead_fraction")
        .value(s.diagnostics.deadFraction)
        .key("vanishing_fraction")
        .value(s.diagnostics.vanishingFraction)
        .key("grad_norm_first")
        .value(s.diagnostics.gradientNormFirst)
        .key("grad_norm_last")
        .value(s.diagnostics.gradientNormLast)
        .key("grad_norm_ratio")
        .value(s.diagnostics.gradientNormLast > 0
                   ? s.diagnostics.gradientNormFirst / s.diagnostics.gradientNormLast
                   : 0.0)
        .key("revived")
        .value(static_cast<long long>(s.revived))
        .key("diverged")
        .value(s.diverged);
    if (s.diverged) json.key("diverged_at").value(static_cast<long long>(s.divergedAtStep));
    json.key("steps_per_second").value(r.stepsPerSecond);
    json.key("parameters").value(r.parameters);
    if (r.model.kind ==
        ModelKind::GluFfn) {  // one gated block against plain FFNs of the same d_model
        const GluParameterCounts counts = gluParameterCounts(r.model);
        json.key("d_ff")
            .value(static_cast<long long>(gluFeedForwardWidth(r.model)))
            .key("glu_block_parameters")
            .value(counts.block)
            .key("plain_ffn_same_d_ff_parameters")
            .value(counts.plainSameWidth)
            .key("plain_ffn_4x_parameters")
            .value(counts.plainFourTimes);
    }
}

}  // namespace

std::string trainWithOptions(const TrainOptions& o, std::string& notes, const ResumeRun& resume) {
    std::ostringstream metrics;
    const RunResult r = runTraining(o, o.metricsPath ? &metrics : nullptr, 0, notes, resume);
    if (o.metricsPath) writeText(*o.metricsPath, metrics.str(), "--metrics file");
    const bool classification =
        findDataset(o.config.task) && findDataset(o.config.task)->kind != TaskKind::Regression;
    JsonWriter json;
    json.beginObject().key("task").value(o.config.task);
    std::string activations;
    for (const ActivationConfig& a : o.config.model.activations)
        activations.append(activations.empty() ? "" : ",").append(activationSpec(a));
    json.key("activation").value(activations).key("backend").value(r.backend);
    writeRunJson(json, r, classification);
    writeMixWeights(json, r.mixes);
    json.endObject();
    return json.text() + "\n";
}

namespace {

// What each seed's run of one activation measured, one entry per seed (reachSteps: only the
// seeds that reached the target, their steps).
struct ActivationMeasures {
    std::vector<double> accuracy, reachSteps, dead, vanishing, microseconds;
};

// Runs `run` with seeds 1 to `seeds` (the data's and the model's).
ActivationMeasures measureActivation(const TrainOptions& run, int seeds, double target,
                                     std::string& notes) {
    ActivationMeasures m;
    for (int seed = 1; seed <= seeds; ++seed) {
        TrainOptions o = run;
        o.config.data.seed = std::uint64_t(seed);
        o.config.model.seed = std::uint64_t(seed);
        const RunResult r = runTraining(o, nullptr, target, notes);
        m.accuracy.push_back(r.final.testAccuracy);
        if (r.stepsToTarget >= 0) m.reachSteps.push_back(r.stepsToTarget);
        m.dead.push_back(r.final.diagnostics.deadFraction);
        m.vanishing.push_back(r.final.diagnostics.vanishingFraction);
        m.microseconds.push_back(r.stepsPerSecond > 0 ? 1e6 / r.stepsPerSecond : 0);
    }
    return m;
}

void writeActivationJson(JsonWriter& json, const std::string& name, int seeds, double target,
                         const ActivationMeasures& m) {
    const Statistic acc = statistic(m.accuracy), steps = statistic(m.reachSteps),
                    d = statistic(m.dead), v = statistic(m.vanishing),
                    us = statistic(m.microseconds);
    json.beginObject()
        .key("activation")
        .value(name)
        .key("seeds")
        .value(static_cast<long long>(seeds))
        .key("test_acc_mean")
        .value(acc.mean)
        .key("test_acc_std")
        .value(acc.sd);
    if (target > 0)
        json.key("target")
            .value(target)
            .key("reached")
            .value(static_cast<long long>(m.reachSteps.size()))
            .key("steps_to_target_mean")
            .value(m.reachSteps.empty() ? NAN : steps.mean);
    json.key("dead_fraction_mean")
        .value(d.mean)
        .key("dead_fraction_std")
        .value(d.sd)
        .key("vanishing_fraction_mean")
        .value(v.mean)
        .key("us_per_step_mean")
        .value(us.mean)
        .endObject();
}

// One CSV row, or one table line.
void writeActivationText(std::ostream& out, const std::string& format, const std::string& name,
                         int seeds, double target, const ActivationMeasures& m) {
    const Statistic acc = statistic(m.accuracy), steps = statistic(m.reachSteps),
                    d = statistic(m.dead), v = statistic(m.vanishing),
                    us = statistic(m.microseconds);
    if (format == "csv") {
        out << name << ',' << seeds << ',' << formatNumber(acc.mean) << ',' << formatNumber(acc.sd)
            << ',' << (m.reachSteps.empty() ? std::string() : formatNumber(steps.mean)) << ','
            << m.reachSteps.size() << ',' << formatNumber(d.mean) << ',' << formatNumber(v.mean)
            << ',' << formatNumber(us.mean) << '\n';
        return;
    }
    char line[256];
    const std::string reachText = target <= 0 ? "-" : stepsToTargetText(m.reachSteps, seeds);
    std::snprintf(
        line, sizeof line, "%-16s %.3f ± %.3f     %-17s %.3f ± %.3f     %.3f ± %.3f     %.1f\n",
        name.c_str(), acc.mean, acc.sd, reachText.c_str(), d.mean, d.sd, v.mean, v.sd, us.mean);
    out << line;
}

// compare of MLPs or GLU-FFNs: the --activations, each over the seeds.
std::string compareActivations(const Arguments& args, std::string& notes) {
    if (!args.has("--activations")) throw CliError("compare needs --activations NAME,NAME,...");
    if (args.has("--activation")) throw CliError("compare takes --activations, not --activation");
    const std::vector<std::string> names = splitAtCommas(*args.value("--activations"));
    for (const std::string& name : names)
        if (name.empty()) throw CliError("--activations has an empty item");
    const auto [seeds, target, format] = parseCompareFlags(args, 0);
    std::vector<TrainOptions> runs;
    for (const std::string& name : names)
        runs.push_back(parseTrainOptions(args, name));  // validate all first

    CompareOutput output(format,
                         "activation,seeds,test_acc_mean,test_acc_std,steps_to_target_mean,reached,"
                         "dead_fraction_mean,vanishing_fraction_mean,us_per_step_mean\n",
                         "activation       test acc          steps to target   dead fraction     "
                         "vanishing         us/step\n");
    for (size_t a = 0; a < names.size(); ++a) {
        const ActivationMeasures m = measureActivation(runs[a], seeds, target, notes);
        if (format == "json")
            writeActivationJson(output.json(), names[a], seeds, target, m);
        else
            writeActivationText(output.text(), format, names[a], seeds, target, m);
    }
    return output.finish();
}

// An MLP's or GLU-FFN's train, compare and export.
class TrainingModelRun final : public ModelRun {
public:
    TrainingModelRun(TrainOptions options, ResumeRun resume)
        : m_options(std::move(options)), m_resume(std::move(resume)) {}
    std::string train(std::string& notes) const override {
        return trainWithOptions(m_options, notes, m_resume);
    }
    std::string compare(const Arguments& args, std::string& notes) const override {
        return compareActivations(args, notes);
    }
    std::string exportPytorch() const override {
        std::string error;
        return scriptOrThrow(pytorchScript(m_options.config, m_options.steps, &error), error);
    }

private:
    TrainOptions m_options;
    ResumeRun m_resume;
};

}  // namespace

std::unique_ptr<ModelRun> trainingModelRun(TrainOptions options, ResumeRun resume) {
    return std::make_unique<TrainingModelRun>(std::move(options), std::move(resume));
}

}  // namespace actlab::cli
