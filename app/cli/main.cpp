// actlab-cli: evaluation, properties, approximation errors and benchmarks without a window.
// Usage errors: one line on stderr, exit status 2, nothing on stdout.
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "cli_arguments.h"
#include "commands.h"

namespace {

constexpr const char* kUsage =
    "usage: actlab-cli COMMAND [options]\n"
    "commands:\n"
    "  list [--json]                       every function, kind, parameters, defaults, ranges\n"
    "  eval NAME [--param K=V]... (--x V1,V2,... | --range A:B:N) [--value V1,...]\n"
    "       [--backend cpu|vulkan|auto] [--precision f64|f32]   CSV of f and f' (gated: y, dy/dx, "
    "dy/dv)\n"
    "  properties NAME [--param K=V]... [--window A:B]          computed properties, JSON\n"
    "  approx REFERENCE APPROXIMATION [--window A:B] [--points N]  largest error, JSON\n"
    "  train --task T --model mlp|glu --activation NAME [--param K=V]... [--hidden 32,32,32]\n"
    "        [--d-ff N] [--d-model N] [--blocks N] [--steps N] [--batch B]\n"
    "        [--optimizer sgd|momentum|adam|adamw] [--lr X] [--momentum X] [--weight-decay X]\n"
    "        [--clip X] [--schedule constant|cosine] [--warmup N] [--init "
    "he|he_uniform|xavier|lecun]\n"
    "        [--bias-init X] [--noise X] [--points N] [--train-share X] [--features x1,x2,...]\n"
    "        [--l1 X] [--l2 X] [--seed S] [--preset NAME | --config FILE.json] "
    "[--prelu-per-neuron]\n"
    "        [--mix-per-unit]  NAME may be mix(f1,f2,...): a learned mixture, its weights in\n"
    "        the JSON line (mix_weights)\n"
    "        [--log-every N] [--save-session FILE.actlab] [--save-model FILE.safetensors]\n"
    "        [--backend B] [--metrics FILE.csv]                  one JSON line with the final "
    "figures\n"
    "        [--distributions FILE.json]  --metrics: the history, a row per step; "
    "--distributions:\n"
    "        each activation site's z at the measured steps (histogram, percentiles, dead share)\n"
    "  train --model transformer --task reverse|sort|histogram|induction|negation [--layers N]\n"
    "        [--heads H] [--d-model D] [--d-ff N] [--ffn plain|gated|none] [--ffn-activation "
    "NAME]\n"
    "        [--qkv-activation NAME] [--norm pre|post] [--causal] [--seq T] [--vocab V]\n"
    "        [--probes N] [--dump-attention FILE.json] [--save-model FILE.safetensors]\n"
    "        [--config FILE.json] [training flags as above]      one JSON line\n"
    "  train --session FILE.actlab [--steps N] [--log-every N] [--metrics FILE.csv] [--backend B]\n"
    "        [--save-session FILE.actlab] [--save-model F] [--dump-attention F]\n"
    "        [--distributions FILE.json]\n"
    "        continues the saved run N more steps (default 1000), bit for bit as one\n"
    "        uninterrupted run on the CPU; its configuration comes from the file\n"
    "  compare --activations A,B,... [--seeds N] [--target ACC] [--format table|csv|json] [train "
    "flags]\n"
    "  compare --model transformer --qkv-activations A,B,... [--norms pre,post] [--seeds N]\n"
    "        [--target ACC] [--format table|csv|json] [transformer flags]\n"
    "        a flag that does not apply to the --model (or its preset's) is refused, named\n"
    "  bench WORKLOAD [--backend B] [--seconds S]               one JSON line\n"
    "  export-pytorch [train flags] [--out FILE.py]   the run as a self-contained PyTorch script\n"
    "        workloads: gelu-eval, mlp-small, ffn-medium, swiglu-ffn, transformer-tiny\n"
    "  tasks: circle, xor, gauss, spiral, moons, spiral3, sine, teacher\n"
    "  presets: dying-relu, deep-sigmoid, spiral-gelu, swiglu-spiral\n"
    "  transformer presets: reverse-heads, induction-two-layers, induction-one-layer,\n"
    "        qkv-negation, pre-vs-post-ln\n"
    "  lesson list                         the built-in lessons, one line each\n"
    "  lesson check FILE|NAME ...          lesson files checked as the app loads them: a line\n"
    "        per good file; each bad one named with its scene and field, exit 2\n"
    "  help                                this text\n";

}  // namespace

int main(int argc, char** argv) {
    using namespace actlab::cli;
    std::vector<std::string> words(argv + 1, argv + argc);
    if (words.empty()) {
        std::cerr << "actlab-cli: error: no command given (try 'actlab-cli help')\n";
        return 2;
    }
    const std::string command = words.front();
    words.erase(words.begin());
    std::string notes;
    try {
        std::string out;
        if (command == "help" || command == "--help" || command == "-h") {
            out = kUsage;
        } else if (command == "list") {
            out = runList(words);
        } else if (command == "eval") {
            runEval(words, notes, stdout);
        } else if (command == "properties") {
            out = runProperties(words);
        } else if (command == "approx") {
            out = runApproximation(words);
        } else if (command == "train") {
            out = runTrain(words, notes);
        } else if (command == "compare") {
            out = runCompare(words, notes);
        } else if (command == "bench") {
            out = runBench(words, notes);
        } else if (command == "export-pytorch") {
            out = runExportPytorch(words);
        } else if (command == "lesson") {
            out = runLesson(words);
        } else {
            throw CliError("unknown command '" + command + "' (try 'actlab-cli help')");
        }
        if (!notes.empty()) std::cerr << notes;
        std::fwrite(out.data(), 1, out.size(), stdout);
        return std::fflush(stdout) == 0 ? 0 : 1;
    } catch (const CliError& error) {
        std::cerr << "actlab-cli: error: " << error.what() << '\n';
        return 2;
    } catch (const std::bad_alloc&) {
        std::cerr << "actlab-cli: error: out of memory\n";
        return 2;
    } catch (const std::exception& error) {
        std::cerr << "actlab-cli: error: " << error.what() << '\n';
        return 1;
    }
}
