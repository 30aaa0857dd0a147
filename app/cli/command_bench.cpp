// `actlab-cli bench WORKLOAD`: the benchmark workloads, an explicit table; one JSON line each.
// The timing and training loops they share are in bench_loop.cpp.
#include <algorithm>
#include <cmath>

#include "backends/backend_factory.h"
#include "bench_loop.h"
#include "cli_arguments.h"
#include "commands.h"
#include "common/random.h"
#include "models/mlp.h"
#include "option_values.h"

namespace actlab::cli {
namespace {

// gelu-eval: exact GELU value and derivative over 2^20 float32 points evenly spaced on [−6, 6].
void geluEval(Backend& backend, double seconds, JsonWriter& json) {
    constexpr size_t n = size_t(1) << 20;
    std::vector<float> x(n), y(n), dy(n);
    for (size_t i = 0; i < n; ++i) x[i] = float(-6.0 + 12.0 * double(i) / double(n - 1));
    const ActivationConfig gelu = ActivationConfig::withDefaults(ActivationId::Gelu);
    if (!backend.supports(BackendOp::ActivationScalar, Precision::F32))
        throw CliError("the " + std::string(backend.name()) + " backend cannot run gelu-eval");
    const BenchResult r = timeLoop(seconds, [&] {
        return backend.evaluateScalar(gelu, {x, y, dy, {}});
    });
    json.key("elements")
        .value(static_cast<long long>(n))
        .key("iterations")
        .value(r.iterations)
        .key("seconds")
        .value(r.seconds)
        .key("elements_per_second")
        .value(double(n) * double(r.iterations) / r.seconds);
}

ActivationConfig activation(ActivationId id) { return ActivationConfig::withDefaults(id); }

// mlp-small: 2→16→16→1, tanh, BCE with logits, batch 32 from 512 circle points, SGD lr 0.03.
void mlpSmall(Backend& backend, double seconds, JsonWriter& json) {
    ModelConfig m;
    m.inputDimension = 2;
    m.outputDimension = 1;
    m.hidden = {16, 16};
    m.activations = {activation(ActivationId::Tanh)};
    m.init = Initialiser::Xavier;
    OptimizerConfig o;
    o.kind = OptimizerKind::Sgd;
    o.learningRate = 0.03;
    trainingLoop(m, LossKind::BceWithLogits, findDataset("circle")->generate(512, 0.0, 1), 32, o,
                 backend, seconds, json);
}

// ffn-medium: 64→256→256→10, exact GELU, softmax CE, batch 128 from the teacher set, Adam 1e-3.
void ffnMedium(Backend& backend, double seconds, JsonWriter& json) {
    ModelConfig m;
    m.inputDimension = 64;
    m.outputDimension = 10;
    m.hidden = {256, 256};
    m.activations = {activation(ActivationId::Gelu)};
    OptimizerConfig o;
    o.kind = OptimizerKind::Adam;
    o.learningRate = 1e-3;
    trainingLoop(m, LossKind::SoftmaxCrossEntropy, findDataset("teacher")->generate(4096, 0.0, 2),
                 128, o, backend, seconds, json);
}

// swiglu-ffn: x + W_o(silu(x·W_g) ⊙ x·W_v), d_model 64, d_ff 171, no biases, then a 64→10
// head; batch 128 from the teacher set, Adam 1e-3.
void swigluFfn(Backend& backend, double seconds, JsonWriter& json) {
    ModelConfig m;
    m.kind = ModelKind::GluFfn;
    m.inputDimension = 64;
    m.outputDimension = 10;
    m.dModel = 64;
    m.blocks = 1;
    m.dFf = 171;
    m.biases = false;
    m.activations = {activation(ActivationId::Swiglu)};
    OptimizerConfig o;
    o.kind = OptimizerKind::Adam;
    o.learningRate = 1e-3;
    trainingLoop(m, LossKind::SoftmaxCrossEntropy, findDataset("teacher")->generate(4096, 0.0, 3),
                 128, o, backend, seconds, json);
}

// A teacher set as large as ffn-large needs (the data sets stop at 64 inputs): x ~ N(0, 1)^d,
// the class argmax of x·W for a fixed W ~ N(0, 1)^(d × classes), as the PyTorch twin draws it.
LabelledPoints wideTeacher(int rows, int d, int classes, std::uint64_t seed) {
    Random rng(seed);
    LabelledPoints data;
    data.rawDimension = d;
    data.inputs.resize(size_t(rows) * size_t(d));
    for (double& x : data.inputs) x = rng.normal();
    std::vector<double> teacher(size_t(d) * size_t(classes));
    for (double& w : teacher) w = rng.normal();
    for (int r = 0; r < rows; ++r) {
        std::vector<double> score(size_t(classes), 0.0);
        for (int i = 0; i < d; ++i)
            for (int c = 0; c < classes; ++c)
                score[size_t(c)] += data.inputs[size_t(r) * size_t(d) + size_t(i)] *
                                    teacher[size_t(i) * size_t(classes) + size_t(c)];
        data.targets.push_back(
            double(std::max_element(score.begin(), score.end()) - score.begin()));
    }
    return data;
}

// ffn-large, where a GPU should win: 1024→2048→2048→10, exact GELU, softmax CE, batch 512 from a
// 4096-row teacher set, Adam 1e-3. Wider than the Training lab allows (512 units), so the MLP is
// made directly.
void ffnLarge(Backend& backend, double seconds, JsonWriter& json) {
    ModelConfig m;
    m.inputDimension = 1024;
    m.outputDimension = 10;
    m.hidden = {2048, 2048};
    m.activations = {activation(ActivationId::Gelu)};
    OptimizerConfig o;
    o.kind = OptimizerKind::Adam;
    o.learningRate = 1e-3;
    trainingLoop(createMlp<float>(m), LossKind::SoftmaxCrossEntropy, wideTeacher(4096, 1024, 10, 7),
                 512, o, backend, seconds, json);
}

// transformer-tiny: vocab 16, seq 16, d_model 64, 4 heads, 2 Pre-LN blocks, plain FFN 256 with
// exact GELU, batch 32, Adam 1e-3, a fresh reverse batch each step, per-token cross-entropy.
void transformerTiny(Backend& backend, double seconds, JsonWriter& json) {
    SequenceTrainingConfig c;
    c.task = "reverse";
    c.taskOptions = {16, 16};
    c.model.dModel = 64;
    c.model.heads = 4;
    c.model.layers = 2;
    c.model.dFf = 256;
    c.model.ffnActivation = activation(ActivationId::Gelu);
    c.batch = 32;
    c.seed = 4;
    std::string error;
    std::unique_ptr<SequenceTrainer> trainer = SequenceTrainer::create(c, &error);
    if (!trainer) throw CliError(error);
    sequenceLoop(*trainer, backend, seconds, json);
}

// transformer-small, where a GPU should win: the reverse task at vocab 64, seq 64, d_model 256,
// 8 heads, 4 Pre-LN blocks, plain FFN 1024 with exact GELU, batch 64, Adam 1e-3.
void transformerSmall(Backend& backend, double seconds, JsonWriter& json) {
    SequenceTrainingConfig c;
    c.task = "reverse";
    c.taskOptions = {64, 64};
    c.model.dModel = 256;
    c.model.heads = 8;
    c.model.layers = 4;
    c.model.dFf = 1024;
    c.model.ffnActivation = activation(ActivationId::Gelu);
    c.batch = 64;
    c.testSequences = 64;  // one batch: the held-out set is not timed
    c.seed = 6;
    std::string error;
    std::unique_ptr<SequenceTrainer> trainer = SequenceTrainer::create(c, &error);
    if (!trainer) throw CliError(error);
    sequenceLoop(*trainer, backend, seconds, json);
}

// A text of 20,000 characters over 96 symbols (printable ASCII and the newline, each at least
// once), drawn with seed 5: the text-char workload's, whose speed alone counts.
std::string benchText() {
    std::string alphabet = "\n";
    for (char c = ' '; c <= '~'; ++c) alphabet += c;
    std::string text = alphabet;
    Random rng(5);
    while (text.size() < 20000) text += alphabet[std::size_t(rng.below(int(alphabet.size())))];
    return text;
}

// text-char: the text task (causal, next character) with vocab 96, seq 64, d_model 64, 4 heads,
// 2 Pre-LN blocks, plain FFN 256 with exact GELU, batch 32, Adam 3e-3, random windows.
void textChar(Backend& backend, double seconds, JsonWriter& json) {
    SequenceTrainingConfig c;
    c.task = "text";
    c.text = std::make_shared<const std::string>(benchText());
    c.taskOptions.sequence = 64;
    c.model.dModel = 64;
    c.model.heads = 4;
    c.model.layers = 2;
    c.model.dFf = 256;
    c.model.ffnActivation = activation(ActivationId::Gelu);
    c.optimizer.learningRate = 3e-3;
    c.batch = 32;
    c.seed = 5;
    std::string error;
    std::unique_ptr<SequenceTrainer> trainer = SequenceTrainer::create(c, &error);
    if (!trainer) throw CliError(error);
    if (trainer->task().vocabulary() != 96) throw CliError("text-char: the vocabulary is not 96");
    sequenceLoop(*trainer, backend, seconds, json);
}

struct Workload {
    const char* name;
    const char* description;
    void (*run)(Backend&, double, JsonWriter&);
};

// clang-format off
constexpr Workload kWorkloads[] = {
    {"gelu-eval",  "exact GELU f and f' over 2^20 float32 points on [-6, 6]",          geluEval},
    {"mlp-small",  "2-16-16-1 tanh MLP, BCE, batch 32, SGD (steps per second)",         mlpSmall},
    {"ffn-medium", "64-256-256-10 GELU MLP, softmax CE, batch 128, Adam",               ffnMedium},
    {"swiglu-ffn", "SwiGLU FFN d_model 64, d_ff 171, 64-10 head, batch 128, Adam",      swigluFfn},
    {"transformer-tiny", "2 Pre-LN blocks, d_model 64, 4 heads, FFN 256 GELU, reverse 16x16, batch 32, Adam", transformerTiny},
    {"text-char",  "the text task: 2 Pre-LN blocks, d_model 64, 4 heads, FFN 256 GELU, seq 64, vocab 96, batch 32, Adam 3e-3", textChar},
    {"transformer-small", "4 Pre-LN blocks, d_model 256, 8 heads, FFN 1024 GELU, reverse 64x64, batch 64, Adam", transformerSmall},
    {"ffn-large",  "1024-2048-2048-10 GELU MLP, softmax CE, batch 512, Adam",            ffnLarge},
};
// clang-format on

}  // namespace

std::string benchWorkloadsHelp() {
    constexpr size_t kIndent = 28, kWidth = 100;
    std::string text;
    for (const Workload& w : kWorkloads) {
        std::string line = "        ";
        line += w.name;
        line.resize(kIndent, ' ');
        const std::string_view description = w.description;
        size_t at = 0;
        while (at < description.size()) {  // words wrapped at kWidth, continued under the first
            size_t end = description.find(' ', at);
            if (end == std::string_view::npos) end = description.size();
            const std::string_view word = description.substr(at, end - at);
            if (line.size() > kIndent && line.size() + 1 + word.size() > kWidth) {
                text += line;
                text += '\n';
                line.assign(kIndent, ' ');
            }
            if (line.size() > kIndent) line += ' ';
            line += word;
            at = end + 1;
        }
        text += line;
        text += '\n';
    }
    return text;
}

std::string runBench(const std::vector<std::string>& words, std::string& notes) {
    const Arguments args(words, {"--backend", "--seconds"}, {}, {});
    if (args.positional().size() != 1)
        throw CliError("bench needs exactly one workload name (see 'actlab-cli help')");
    const Workload* workload = nullptr;
    for (const Workload& w : kWorkloads)
        if (args.positional()[0] == w.name) workload = &w;
    if (!workload) {
        throw CliError("unknown workload '" + args.positional()[0] +
                       "' (known: " + knownNames(kWorkloads) + ")");
    }
    double seconds = 3.0;
    if (auto text = args.value("--seconds")) {
        seconds = parseNumberOrThrow(*text, "--seconds");
        if (seconds <= 0 || seconds > 600) throw CliError("--seconds must be in (0, 600]");
    }
    BackendSelection selection = createBackend(parseBackendOption(args, BackendChoice::Cpu));
    if (selection.fellBack) notes += "actlab-cli: note: " + selection.reason + "\n";
    JsonWriter json;
    json.beginObject()
        .key("workload")
        .value(workload->name)
        .key("backend")
        .value(selection.backend->name())
        .key("device")
        .value(selection.backend->deviceName());
    workload->run(*selection.backend, seconds, json);
    json.endObject();
    return json.text() + "\n";
}

}  // namespace actlab::cli
