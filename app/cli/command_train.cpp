// `actlab-cli train` and `compare` for every model kind: the option table's flags
// (run_options.h), then the kind's run (training_run.cpp, transformer_run.cpp).
#include "commands.h"
#include "run_options.h"
#include "session_file.h"

namespace actlab::cli {

std::string runTrain(const std::vector<std::string>& words, std::string& notes) {
    if (wantsSession(words)) return runTrainSession(words, notes);
    return parseModelRun(runArguments(Train, words, "train"))->train(notes);
}

std::string runCompare(const std::vector<std::string>& words, std::string& notes) {
    const Arguments args = runArguments(Compare, words, "compare");
    return parseModelRun(args)->compare(args, notes);
}

}  // namespace actlab::cli
