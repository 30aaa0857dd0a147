// Session files from the command line: written atomically after a run, read to continue one.
#include "session_file.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "cli_arguments.h"
#include "config/run_state_json.h"
#include "option_values.h"
#include "training_options.h"
#include "transformer_options.h"

namespace actlab::cli {
namespace {

// The run now ends at `steps`, as `train --steps` sets it: a cosine schedule that ended
// earlier is stretched to the new end (said in a note: the rest of the run differs from one
// that was given the whole length at first); a constant rate is unchanged by it.
void extendSchedule(OptimizerConfig& optimizer, int steps, std::string& notes) {
    if (optimizer.schedule == LearningRateSchedule::WarmupCosine && optimizer.totalSteps != steps)
        notes += "actlab-cli: note: the cosine schedule ended at step " +
                 std::to_string(optimizer.totalSteps) + "; it now ends at step " +
                 std::to_string(steps) + "\n";
    optimizer.totalSteps = steps;
}

}  // namespace

bool wantsSession(const std::vector<std::string>& words) {
    for (const std::string& word : words)
        if (word == "--session" || word.starts_with("--session=")) return true;
    return false;
}

std::string sessionOutputPath(const std::string& path, const std::string& flag) {
    std::filesystem::path folder = std::filesystem::path(path).parent_path();
    if (folder.empty()) folder = ".";
    std::error_code error;
    if (path.empty() || !std::filesystem::is_directory(folder, error))
        throw CliError("cannot write " + flag + " file '" + path + "': no folder '" +
                       folder.string() + "'");
    if (std::filesystem::is_directory(path, error))
        throw CliError("cannot write " + flag + " file '" + path + "': it is a folder");
    return path;
}

void writeSessionFile(const std::string& path, const SessionDocument& session) {
    const std::string temporary = path + ".part";
    {
        std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
        if (!(file << encodeSession(session)) || !file.flush()) {
            std::error_code ignored;
            std::filesystem::remove(temporary, ignored);
            throw CliError("cannot write --save-session file '" + path + "'");
        }
    }
    std::error_code error;
    std::filesystem::rename(temporary, path, error);
    if (error) {
        std::filesystem::remove(temporary, error);
        throw CliError("cannot write --save-session file '" + path + "'");
    }
}

SessionDocument readSessionFile(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) throw CliError("cannot read --session file '" + path + "'");
    std::ostringstream text;
    text << file.rdbuf();
    std::string error;
    std::optional<SessionDocument> session = decodeSession(text.str(), &error);
    if (!session) throw CliError("--session file '" + path + "': " + error);
    return std::move(*session);
}

SessionDocument cliSession(const std::string& view, std::string runState) {
    SessionDocument session;
    session.application = std::string("actlab-cli ") + ACTLAB_VERSION;
    session.view = view;
    session.runs.push_back({view == "attention" ? "attention" : "training", std::move(runState)});
    return session;
}

namespace {

// The arguments of `train --session`: train's flags are known, those the option table does not
// mark Session are refused (the rest of the run's configuration comes from the file).
Arguments sessionArguments(const std::vector<std::string>& words) {
    const Arguments args = runArguments(Train | Session, words, "train");
    for (const RunOption& option : runOptions())
        if (args.has(option.flag) && !(option.commands & Session))
            throw CliError(std::string(option.flag) +
                           " cannot be used with --session: the run's configuration "
                           "comes from the session file");
    return args;
}

// The run of the session to continue: the first, with a note when there are two.
std::string continuedRun(const std::vector<std::string>& runs, std::string& notes) {
    if (runs.size() > 1)
        notes += "actlab-cli: note: the session compares two runs; continuing the first\n";
    return runs.front();
}

// The Training run `state` (from the session file `path`) to continue for `more` steps. Read
// once on the CPU for the configuration the JSON line reports; that run is the one continued
// unless another backend is to train it (a note when the schedule is stretched, as it starts).
std::unique_ptr<ModelRun> resumedTrainingRun(const Arguments& args, const std::string& path,
                                             const std::string& state, int more,
                                             std::string& notes) {
    TrainOptions o;
    o.steps = runStateSteps(state).value_or(0) + more;
    readRunSettings(args, o);
    std::string error;
    // Shared: a ResumeRun is copyable, the run it hands over once is not.
    auto restored = std::make_shared<std::unique_ptr<Trainer>>(trainerFromStateJson(state, &error));
    if (!*restored) throw CliError("--session file '" + path + "': " + error);
    o.config = (*restored)->config();
    refuseFlagsOfOtherKinds(args, o.config.model.kind == ModelKind::GluFfn ? Glu : Mlp);
    const int steps = o.steps;
    ResumeRun resume = [&notes, path, state, steps, restored](Backend* backend) {
        std::string error;
        std::unique_ptr<Trainer> trainer = backend && backend->name() != "cpu"
                                               ? trainerFromStateJson(state, &error, backend)
                                               : std::move(*restored);
        if (!trainer) throw CliError("--session file '" + path + "': " + error);
        OptimizerConfig optimizer = trainer->config().optimizer;
        extendSchedule(optimizer, steps, notes);
        trainer->setOptimizerConfig(optimizer);
        return trainer;
    };
    return trainingModelRun(std::move(o), std::move(resume));
}

// The Attention run `state` (from the session file `path`) to continue for `more` steps.
std::unique_ptr<ModelRun> resumedTransformerRun(const Arguments& args, const std::string& path,
                                                const std::string& state, int more,
                                                std::string& notes) {
    std::string error;
    std::unique_ptr<SequenceTrainer> trainer = sequenceTrainerFromStateJson(state, &error);
    if (!trainer) throw CliError("--session file '" + path + "': " + error);
    TransformerTrainOptions o;
    o.config = trainer->config();
    o.steps = trainer->steps() + more;
    extendSchedule(o.config.optimizer, o.steps, notes);
    trainer->setOptimizerConfig(o.config.optimizer);
    readRunSettings(args, o);
    if (auto out = args.value("--dump-attention"))
        o.dumpAttentionPath = sessionOutputPath(*out, "--dump-attention");
    return transformerModelRun(std::move(o), std::move(trainer));
}

// The saved run of `kind` ("training" or "attention", as the session names it) that train
// continues: that kind's ModelRun, resumed from the state.
std::unique_ptr<ModelRun> resumedRun(const std::string& kind, const Arguments& args,
                                     const std::string& path, const std::string& state, int more,
                                     std::string& notes) {
    if (kind == "attention") return resumedTransformerRun(args, path, state, more, notes);
    return resumedTrainingRun(args, path, state, more, notes);
}

}  // namespace

std::string runTrainSession(const std::vector<std::string>& words, std::string& notes) {
    const Arguments args = sessionArguments(words);
    const std::string path = *args.value("--session");
    const SessionDocument session = readSessionFile(path);
    const int more = args.has("--steps") ? countIn(args, "--steps", 0, 10'000'000) : 1000;
    // One path for every model kind: the saved run resumed as its kind's ModelRun, trained on.
    for (const char* kind : {"training", "attention"})
        if (const auto runs = session.runStates(kind); !runs.empty())
            return resumedRun(kind, args, path, continuedRun(runs, notes), more, notes)
                ->train(notes);
    throw CliError("--session file '" + path + "' holds no training run");
}

}  // namespace actlab::cli
