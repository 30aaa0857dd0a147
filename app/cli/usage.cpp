// The text of `actlab-cli help`: the commands, and train's, compare's and export-pytorch's
// flags generated from the option table (run_options.h), so that a new flag appears in it.
#include "commands.h"
#include "run_options.h"

namespace actlab::cli {
namespace {

constexpr const char* kCommandsBefore =
    "usage: actlab-cli COMMAND [options]\n"
    "commands:\n"
    "  list [--json]                       every function, kind, parameters, defaults, ranges\n"
    "  eval NAME [--param K=V]... (--x V1,V2,... | --range A:B:N) [--value V1,...]\n"
    "       [--backend cpu|vulkan|auto] [--precision f64|f32]   CSV of f and f' (gated: y, dy/dx, "
    "dy/dv)\n"
    "  properties NAME [--param K=V]... [--window A:B]          computed properties, JSON\n"
    "  approx REFERENCE APPROXIMATION [--window A:B] [--points N]  largest error, JSON\n"
    "  train [options]                     one JSON line with the final figures\n"
    "  train --session FILE.actlab [--steps N] [options marked train --session]\n"
    "        continues the saved run N more steps (default 1000), bit for bit as one\n"
    "        uninterrupted run on the CPU; its configuration comes from the file\n"
    "  compare --activations A,B,... [options]   each activation over --seeds, in --format\n"
    "  compare --model transformer --qkv-activations A,B,... [--norms pre,post] [options]\n"
    "        a flag that does not apply to the --model (or its preset's) is refused, named\n"
    "  export-pytorch [options] [--out FILE.py]   the run as a self-contained PyTorch script\n";

constexpr const char* kCommandsAfter =
    "  sonify NAME [--param K=V]... [--range A:B] [--seconds S] [--derivative] --out FILE.wav\n"
    "        the curve as a sound: pitch follows f from left to right, a tick at x = 0 and\n"
    "        where f crosses 0; --derivative adds f' in a reedier tone (default -5:5, 3 s)\n"
    "  bench WORKLOAD [--backend B] [--seconds S]               one JSON line\n"
    "        workloads: gelu-eval, mlp-small, ffn-medium, swiglu-ffn, transformer-tiny\n"
    "  lesson list                         the built-in lessons, one line each\n"
    "  lesson check FILE|NAME ...          lesson files checked as the app loads them: a line\n"
    "        per good file; each bad one named with its scene and field, exit 2\n"
    "  help                                this text\n"
    "tasks: circle, xor, gauss, spiral, moons, spiral3, sine, teacher\n"
    "transformer tasks: reverse, sort, histogram, induction, negation\n"
    "presets: dying-relu, deep-sigmoid, spiral-gelu, swiglu-spiral\n"
    "transformer presets: reverse-heads, induction-two-layers, induction-one-layer,\n"
    "        qkv-negation, pre-vs-post-ln\n";

}  // namespace

std::string usageText() { return kCommandsBefore + std::string(kCommandsAfter) + runOptionsHelp(); }

}  // namespace actlab::cli
