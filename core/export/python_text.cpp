// The shared pieces of the exported PyTorch scripts: templates, literals, activations, and the
// Python text of ActLab's random generator, the safetensors reader and the optimizer.
#include "export/python_text.h"

#include <algorithm>
#include <stdexcept>

#include "common/number_format.h"

namespace actlab::pytorch_export {

std::string substitute(std::string_view text, Fields fields) {
    std::string out;
    out.reserve(text.size());
    size_t at = 0;
    while (true) {
        const size_t open = text.find("${", at);
        if (open == std::string_view::npos) break;
        const size_t close = text.find('}', open);
        if (close == std::string_view::npos) throw std::logic_error("an unclosed ${ in a template");
        const std::string_view name = text.substr(open + 2, close - open - 2);
        const auto field = std::find_if(fields.begin(), fields.end(),
                                        [&](const auto& f) { return f.first == name; });
        if (field == fields.end())
            throw std::logic_error("no field ${" + std::string(name) + "} for a template");
        out.append(text.substr(at, open - at)).append(field->second);
        at = close + 1;
    }
    out.append(text.substr(at));
    return out;
}

std::string pythonFloat(double value) {
    std::string text = formatNumber(value);
    if (text.find_first_of(".en") == std::string::npos) text += ".0";  // 1 → 1.0, not an int
    return text;
}

std::string wrapText(std::string_view text, std::string_view first, std::string_view prefix,
                     int width) {
    std::string out, line(first);
    bool empty = true;  // no word on the line yet
    size_t at = 0;
    while (at < text.size()) {
        size_t end = text.find(' ', at);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view word = text.substr(at, end - at);
        at = end + 1;
        if (word.empty()) continue;
        if (!empty && int(line.size() + 1 + word.size()) > width) {
            out += line + "\n";
            line = std::string(prefix);
            empty = true;
        }
        if (!empty) line += ' ';
        line.append(word);  // not `" " + word`: GCC 12's -Wrestrict misreads it
        empty = false;
    }
    return out + line;
}

std::string docstring(std::string_view text, int indent) {
    const std::string margin(size_t(indent), ' ');
    std::string wrapped =
        wrapText(text, margin + "\"\"\"", margin, 97);  // room for the closing """
    return wrapped + "\"\"\"";
}

std::string pythonList(std::span<const std::string> items, int column, int indent) {
    std::string line;
    for (const std::string& item : items) line += (line.empty() ? "" : ", ") + item;
    if (column + int(line.size()) + 2 <= 100) return "[" + line + "]";
    return "[\n" + wrappedItems(items, indent) + std::string(size_t(indent - 4), ' ') + "]";
}

std::string wrappedItems(std::span<const std::string> items, int indent, int width) {
    std::string out, line;
    const std::string margin(size_t(indent), ' ');
    for (const std::string& item : items) {
        if (!line.empty() && int(line.size() + item.size() + 2) > width) {
            out += line + "\n";
            line.clear();
        }
        line += (line.empty() ? margin : std::string(" ")) + item + ",";
    }
    if (!line.empty()) out += line + "\n";
    return out;
}

std::string torchActivation(const ActivationConfig& activation, const std::string& x) {
    const auto p = [&](int i) { return pythonFloat(activation.parameters[size_t(i)]); };
    if (activation.info().kind == ActivationKind::Gated)  // its gate, which has no parameters
        return torchActivation(ActivationConfig::withDefaults(activation.info().gate), x);
    switch (activation.id) {
        case ActivationId::Identity:
            return x;
        case ActivationId::Relu:
            return "F.relu(" + x + ")";
        case ActivationId::LeakyRelu:
        case ActivationId::Prelu:
            return "F.leaky_relu(" + x + ", " + p(0) + ")";
        case ActivationId::Elu:
            return "F.elu(" + x + ", " + p(0) + ")";
        case ActivationId::Selu:
            return "F.selu(" + x + ")";
        case ActivationId::Sigmoid:
            return "torch.sigmoid(" + x + ")";
        case ActivationId::Tanh:
            return "torch.tanh(" + x + ")";
        case ActivationId::Softplus:
            return "F.softplus(" + x + ", beta=" + p(0) + ", threshold=" + p(1) + ")";
        case ActivationId::Softsign:
            return "F.softsign(" + x + ")";
        case ActivationId::Gelu:
            return "F.gelu(" + x + ")";
        case ActivationId::GeluTanh:
            return "F.gelu(" + x + ", approximate=\"tanh\")";
        case ActivationId::GeluSigmoid:
            return "swish(" + x + ", 1.702)";  // x·σ(1.702x)
        case ActivationId::Silu:
            return "F.silu(" + x + ")";
        case ActivationId::Swish:
            return "swish(" + x + ", " + p(0) + ")";
        case ActivationId::Mish:
            return "F.mish(" + x + ")";
        case ActivationId::Hardswish:
            return "F.hardswish(" + x + ")";
        case ActivationId::Hardsigmoid:
            return "F.hardsigmoid(" + x + ")";
        case ActivationId::Relu6:
            return "F.relu6(" + x + ")";
        default:
            break;
    }
    throw std::logic_error("no torch form for " + std::string(activation.info().name));
}

std::vector<std::string> mixFunctions(const ActivationConfig& mix) {
    std::vector<std::string> items;
    for (int i = 0; i < mix.mixtureSize; ++i) {
        const std::string call = torchActivation(mix.component(i), "x");
        const bool plain = call.ends_with("(x)") && std::count(call.begin(), call.end(), '(') == 1;
        items.push_back(plain ? call.substr(0, call.size() - 3) : "lambda x: " + call);
    }
    return items;
}

std::string mixMembers(const std::string& owner, const ActivationConfig& mix, int units,
                       bool perUnit) {
    const std::string functions = "        " + owner + ".functions = ";
    return "        " + owner + ".mix_weights = nn.Parameter(torch.zeros(" +
           mixShape(mix, units, perUnit) + "))  # " + activationSpec(mix) + "\n" + functions +
           pythonList(mixFunctions(mix), int(functions.size()), 12) + "\n";
}

std::string mixShape(const ActivationConfig& mix, int units, bool perUnit) {
    const std::string k = std::to_string(mix.mixtureSize);
    return perUnit ? "(" + std::to_string(units) + ", " + k + ")" : "(" + k + ",)";
}

std::string_view mixHelper() {
    return R"PY(def mix(z, weights, functions):
    """ActLab's learnable mix (core/layers/mix.h): sum_i softmax(w)_i * f_i(z), with w (K) for
    one mixture per site or (units, K) for one per unit; w starts at 0 (equal shares)."""
    shares = F.softmax(weights, dim=-1)
    return (torch.stack([f(z) for f in functions], dim=-1) * shares).sum(dim=-1)


class Mix(nn.Module):
    """A mix as a module: its weights are the parameter mix_weights."""

    def __init__(self, functions, shape):
        super().__init__()
        self.functions = functions
        self.mix_weights = nn.Parameter(torch.zeros(shape))

    def forward(self, z):
        return mix(z, self.mix_weights, self.functions)


)PY";
}

bool needsSwish(std::span<const ActivationConfig> activations) {
    for (const ActivationConfig& a : activations) {
        if (a.id == ActivationId::Mix) {
            for (int i = 0; i < a.mixtureSize; ++i)
                if (torchActivation(a.component(i), "x").starts_with("swish(")) return true;
        } else if (torchActivation(a, "x").starts_with("swish(")) {
            return true;
        }
    }
    return false;
}

bool needsMix(std::span<const ActivationConfig> activations) {
    for (const ActivationConfig& a : activations)
        if (a.id == ActivationId::Mix) return true;
    return false;
}

InitialiserCode initialiserCode(Initialiser init) {
    switch (init) {
        case Initialiser::HeNormal:
            break;
        case Initialiser::HeUniform:
            return {"He uniform, U(-√(6/fan_in), √(6/fan_in))", "limit = math.sqrt(6.0 / n_in)",
                    "random.uniform(-limit, limit)"};
        case Initialiser::Xavier:
            return {"Xavier (Glorot) uniform, U(±√(6/(fan_in + fan_out)))",
                    "limit = math.sqrt(3.0 / (0.5 * (n_in + n_out)))",
                    "random.uniform(-limit, limit)"};
        case Initialiser::Lecun:
            return {"LeCun normal, N(0, 1/fan_in)", "sd = math.sqrt(1.0 / n_in)",
                    "random.normal(0.0, sd)"};
    }
    return {"He normal, N(0, 2/fan_in)", "sd = math.sqrt(2.0 / n_in)", "random.normal(0.0, sd)"};
}

std::string mainFunction(const std::string& model, const std::string& inputs,
                         const std::string& rows, const std::string& help,
                         const std::string& train) {
    return substitute(
        R"PY(def main():
    parser = argparse.ArgumentParser(description="ActLab's run in PyTorch.")
    parser.add_argument("--weights", metavar="FILE.safetensors",
                        help="${HELP}")
    args = parser.parse_args()
    model = ${MODEL}()
    if args.weights:
        load_weights(model, args.weights)
        with torch.no_grad():
            logits = model(${INPUTS})
        print(json.dumps({"rows": ${ROWS}, "logits": logits.tolist()}))
    else:
${TRAIN}


)PY",
        {{"HELP", help}, {"MODEL", model}, {"INPUTS", inputs}, {"ROWS", rows}, {"TRAIN", train}});
}

std::string_view randomClass() {
    return R"PY(MASK = (1 << 64) - 1  # Python's integers are unbounded: every 64-bit result is masked


def _rotate(x, k):
    return ((x << k) | (x >> (64 - k))) & MASK


class Random:
    """ActLab's generator (core/common/random.h): xoshiro256** seeded by splitmix64, with its
    uniform and Box-Muller normal draws, so that a seed gives exactly ActLab's numbers."""

    def __init__(self, seed):
        self.state = []
        x = seed & MASK
        for _ in range(4):
            x = (x + 0x9E3779B97F4A7C15) & MASK
            z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            self.state.append(z ^ (z >> 31))
        self.spare = None

    def next(self):
        s0, s1, s2, s3 = self.state
        result = (_rotate((s1 * 5) & MASK, 7) * 9) & MASK
        t = (s1 << 17) & MASK
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        self.state = [s0, s1, s2, _rotate(s3, 45)]
        return result

    def uniform(self, low=0.0, high=1.0):  # in [low, high)
        return low + (high - low) * ((self.next() >> 11) * 2.0**-53)

    def below(self, n):  # a whole number in [0, n)
        return int(self.uniform() * n)

    def normal(self, mean=0.0, sd=1.0):  # Box-Muller; the second value is kept for the next call
        if self.spare is not None:
            z, self.spare = self.spare, None
        else:
            u1 = self.uniform()
            while u1 <= 0.0:
                u1 = self.uniform()
            u2 = self.uniform()
            radius = math.sqrt(-2.0 * math.log(u1))
            self.spare = radius * math.sin(6.283185307179586 * u2)
            z = radius * math.cos(6.283185307179586 * u2)
        return mean + sd * z
)PY";
}

std::string_view weightsLoader() {
    return R"PY(def load_weights(model, path):
    """Loads the safetensors file that ActLab wrote (actlab-cli train ... --save-model FILE) into
    the model: float32 tensors matched to the parameters by name and shape."""
    with open(path, "rb") as file:
        data = file.read()
    (length,) = struct.unpack("<Q", data[:8])
    header, body = json.loads(data[8 : 8 + length]), data[8 + length :]
    state, loaded = model.state_dict(), {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        shape = entry["shape"]
        if name not in state or entry["dtype"] != "F32" or list(state[name].shape) != shape:
            raise SystemExit(f"{path}: tensor {name} {entry['dtype']} {shape} is not this model's")
        begin, end = entry["data_offsets"]
        values = struct.unpack(f"<{(end - begin) // 4}f", body[begin:end])
        loaded[name] = torch.tensor(values, dtype=torch.float32).reshape(shape)
    missing = sorted(set(state) - set(loaded))
    if missing:
        raise SystemExit(f"{path}: no tensor for {', '.join(missing)}")
    model.load_state_dict(loaded)
)PY";
}

namespace {

std::string_view optimizerClass(OptimizerKind kind) {
    switch (kind) {
        case OptimizerKind::Sgd:
        case OptimizerKind::Momentum:
            return "torch.optim.SGD";
        case OptimizerKind::Adam:
            return "torch.optim.Adam";
        case OptimizerKind::AdamW:
            return "torch.optim.AdamW";
    }
    return "torch.optim.Adam";
}

// The keyword arguments after the parameters: lr, then the kind's own.
std::string optimizerArguments(const OptimizerConfig& o) {
    std::string text = "lr=" + pythonFloat(o.learningRate);
    if (o.kind == OptimizerKind::Momentum) text += ", momentum=" + pythonFloat(o.momentum);
    if (o.kind == OptimizerKind::Adam || o.kind == OptimizerKind::AdamW)
        text += ", betas=(" + pythonFloat(o.beta1) + ", " + pythonFloat(o.beta2) +
                "), eps=" + pythonFloat(o.epsilon);
    return text;
}

}  // namespace

std::string optimizerSummary(const OptimizerConfig& o) {
    std::string text = std::string(optimizerName(o.kind)) + " (lr " + formatNumber(o.learningRate);
    if (o.weightDecay > 0) text += ", weight decay " + formatNumber(o.weightDecay);
    if (o.clipNorm > 0) text += ", clip " + formatNumber(o.clipNorm);
    if (o.schedule == LearningRateSchedule::WarmupCosine)
        text += ", warm-up " + std::to_string(o.warmupSteps) + " + cosine";
    return text + ")";
}

std::string optimizerCode(const OptimizerConfig& o) {
    std::string parameters = "model.parameters()", groups, arguments = optimizerArguments(o);
    if (o.weightDecay > 0) {  // ActLab decays the weight matrices only
        groups = substitute(R"PY(    weights = model.weights()
    others = [p for p in model.parameters() if all(p is not w for w in weights)]
    groups = [{"params": weights, "weight_decay": ${DECAY}}, {"params": others, "weight_decay": 0.0}]
)PY",
                            {{"DECAY", pythonFloat(o.weightDecay)}});
        parameters = "groups";
    } else if (o.kind == OptimizerKind::AdamW) {
        arguments += ", weight_decay=0.0";  // AdamW's default is 0.01
    }
    std::string schedule = "    return 1.0  # a constant rate\n";
    if (o.schedule == LearningRateSchedule::WarmupCosine)
        schedule = substitute(
            std::string(o.warmupSteps > 0 ? R"PY(    if step < ${WARMUP}:
        return (step + 1) / ${WARMUP}
)PY"
                                          : "") +
                R"PY(    progress = min(1.0, (step - ${WARMUP}) / max(1, ${TOTAL} - ${WARMUP}))
    return 0.5 * (1.0 + math.cos(math.pi * progress))
)PY",
            {{"WARMUP", std::to_string(o.warmupSteps)}, {"TOTAL", std::to_string(o.totalSteps)}});
    return substitute(
        R"PY(def learning_rate_factor(step):
    """ActLab's learning-rate schedule (core/optimizers/optimizer.cpp) at the 0-based step, as a
    factor of the base rate: ${SCHEDULE}."""
${FACTOR}

def make_optimizer(model):
${SUMMARY}
${GROUPS}    optimizer = ${CLASS}(${PARAMETERS}, ${ARGUMENTS})
    return optimizer, torch.optim.lr_scheduler.LambdaLR(optimizer, learning_rate_factor)
)PY",
        {{"SCHEDULE",
          o.schedule == LearningRateSchedule::WarmupCosine
              ? "a linear warm-up, then a cosine down to 0 at step " + std::to_string(o.totalSteps)
              : "constant"},
         {"FACTOR", schedule},
         {"SUMMARY",
          docstring("ActLab's optimizer, whose update rules are PyTorch's: " + optimizerSummary(o) +
                        (o.weightDecay > 0 ? ", the decay on the weight matrices only." : "."),
                    4)},
         {"GROUPS", groups},
         {"CLASS", std::string(optimizerClass(o.kind))},
         {"PARAMETERS", parameters},
         {"ARGUMENTS", arguments}});
}

std::string clipLine(const OptimizerConfig& o, int indent) {
    if (o.clipNorm <= 0) return "";
    return std::string(size_t(indent), ' ') +
           "torch.nn.utils.clip_grad_norm_(model.parameters(), " + pythonFloat(o.clipNorm) + ")\n";
}

}  // namespace actlab::pytorch_export
