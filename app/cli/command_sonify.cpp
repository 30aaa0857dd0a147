// `actlab-cli sonify NAME [--param K=V]... [--range A:B] [--seconds S] [--derivative] --out
// FILE.wav`: the audio trace of a catalogue function (core/export/sonify.h) as a WAV file.
#include <fstream>

#include "cli_arguments.h"
#include "commands.h"
#include "common/number_format.h"
#include "export/sonify.h"

namespace actlab::cli {

std::string runSonify(const std::vector<std::string>& words) {
    const Arguments args(words, {"--param", "--range", "--seconds", "--out"}, {"--derivative"},
                         {"--param"});
    if (args.positional().empty())
        throw CliError("sonify needs a function name (see 'actlab-cli list')");
    if (args.positional().size() > 1)
        throw CliError("sonify takes one function name, got also '" + args.positional()[1] + "'");
    const ActivationConfig config = parseActivation(args.positional()[0], args.values("--param"));
    const std::optional<std::string> out = args.value("--out");
    if (!out) throw CliError("sonify needs --out FILE.wav");
    SonifyOptions options;
    if (auto range = args.value("--range"))
        std::tie(options.low, options.high) = parseWindow(*range, "--range");
    if (auto seconds = args.value("--seconds")) {
        options.seconds = parseNumberOrThrow(*seconds, "--seconds");
        if (!(options.seconds > 0) || options.seconds > kMaxSonifySeconds)
            throw CliError("--seconds must be above 0 and at most 60, got " + *seconds);
    }
    options.derivative = args.has("--derivative");
    std::string error;
    const std::vector<int16_t> samples = sonify(config, options, &error);
    if (samples.empty()) throw CliError(error);
    std::ofstream file(*out, std::ios::binary);
    if (!(file << wavFile(samples, options.sampleRate)) || !file.flush())
        throw CliError("cannot write --out file '" + *out + "'");
    return "";
}

}  // namespace actlab::cli
