// `actlab-cli eval`: f and f′ (gated: y, ∂y/∂x, ∂y/∂v) at given points, as round-trip CSV.
#include <charconv>
#include <cmath>
#include <limits>

#include "backends/backend_factory.h"
#include "cli_arguments.h"
#include "commands.h"
#include "common/number_format.h"

namespace actlab::cli {
namespace {

constexpr long long kMaxPoints = 10'000'000;

std::vector<double> pointsFromRange(const std::string& text) {
    const size_t first = text.find(':');
    const size_t second = first == std::string::npos ? first : text.find(':', first + 1);
    if (second == std::string::npos || text.find(':', second + 1) != std::string::npos)
        throw CliError("--range expects A:B:N, got '" + text + "'");
    const double low = parseNumberOrThrow(text.substr(0, first), "--range start");
    const double high =
        parseNumberOrThrow(text.substr(first + 1, second - first - 1), "--range end");
    const long long n = parseCountOrThrow(text.substr(second + 1), "--range count");
    if (n < 2) throw CliError("--range needs N >= 2, got " + std::to_string(n));
    if (n > kMaxPoints)
        throw CliError("--range allows at most 10000000 points, got " + std::to_string(n));
    if (!(low < high)) throw CliError("--range needs A < B, got '" + text + "'");
    if (!std::isfinite(high - low)) throw CliError("--range '" + text + "' is too wide");
    std::vector<double> x(static_cast<size_t>(n));
    for (long long i = 0; i < n; ++i) x[i] = low + (high - low) * (double(i) / double(n - 1));
    x.back() = high;
    return x;
}

// Rows are formatted into a buffer and written in large blocks.
class CsvOut {
public:
    explicit CsvOut(std::FILE* out) : m_out(out) {}
    ~CsvOut() { flush(); }
    template <typename T>
    void number(T value, bool last) {
        if (value == T(0)) {
            m_buffer += std::signbit(value) ? "-0" : "0";
        } else {
            char text[48];
            m_buffer.append(text, std::to_chars(text, text + sizeof text, value).ptr);
        }
        m_buffer += last ? '\n' : ',';
        if (m_buffer.size() > (1 << 20)) flush();
    }
    void text(const std::string& line) { m_buffer += line; }
    void flush() {
        std::fwrite(m_buffer.data(), 1, m_buffer.size(), m_out);
        m_buffer.clear();
    }

private:
    std::FILE* m_out;
    std::string m_buffer;
};

template <typename T>
void evaluateAndWrite(Backend& backend, const ActivationConfig& config,
                      const std::vector<double>& points, const std::vector<double>& gateValues,
                      std::FILE* out) {
    const size_t n = points.size();
    std::vector<T> x(points.begin(), points.end()), y(n), dy(n);
    const bool gated = config.info().kind == ActivationKind::Gated;
    std::vector<T> v, dv;
    bool ok = false;
    if (gated) {
        v.resize(n);
        dv.resize(n);
        for (size_t i = 0; i < n; ++i)
            v[i] = T(gateValues.size() == 1 ? gateValues[0] : gateValues[i]);
        ok = backend.evaluateGated(config, {x, v, y, dy, dv});
    } else {
        ok = backend.evaluateScalar(config, {x, y, dy, {}});
    }
    if (!ok) throw CliError("the " + std::string(backend.name()) + " backend failed to evaluate");
    CsvOut csv(out);
    csv.text(gated ? "x,value,y,dy_dx,dy_dvalue\n" : "x,y,dy\n");
    for (size_t i = 0; i < n; ++i) {
        csv.number(x[i], false);
        if (gated) csv.number(v[i], false);
        csv.number(y[i], false);
        if (gated)
            csv.number(dy[i], false), csv.number(dv[i], true);
        else
            csv.number(dy[i], true);
    }
}

}  // namespace

void runEval(const std::vector<std::string>& words, std::string& notes, std::FILE* out) {
    const Arguments args(words,
                         {"--param", "--x", "--range", "--value", "--backend", "--precision"}, {},
                         {"--param"});
    if (args.positional().empty())
        throw CliError("eval needs a function name (see 'actlab-cli list')");
    if (args.positional().size() > 1)
        throw CliError("eval takes one function name, got also '" + args.positional()[1] + "'");
    const ActivationConfig config = parseActivation(args.positional()[0], args.values("--param"));
    const bool gated = config.info().kind == ActivationKind::Gated;

    if (args.has("--x") && args.has("--range"))
        throw CliError("give either --x or --range, not both");
    if (!args.has("--x") && !args.has("--range"))
        throw CliError("no points: give --x V1,V2,... or --range A:B:N");
    const std::vector<double> points = args.has("--x") ? parseNumberList(*args.value("--x"), "--x")
                                                       : pointsFromRange(*args.value("--range"));
    if (points.size() > size_t(kMaxPoints)) throw CliError("--x allows at most 10000000 points");

    std::vector<double> gateValues{1.0};
    if (auto text = args.value("--value")) {
        if (!gated)
            throw CliError("--value applies only to gated units (glu, reglu, geglu, swiglu)");
        gateValues = parseNumberList(*text, "--value");
        if (gateValues.size() != 1 && gateValues.size() != points.size())
            throw CliError("--value has " + std::to_string(gateValues.size()) + " numbers for " +
                           std::to_string(points.size()) + " points (give 1 or one per point)");
    }

    const BackendChoice choice = parseBackendOption(args, BackendChoice::Cpu);
    std::optional<Precision> precision;
    if (auto text = args.value("--precision")) {
        if (*text == "f64")
            precision = Precision::F64;
        else if (*text == "f32")
            precision = Precision::F32;
        else
            throw CliError("unknown precision '" + *text + "' (expected f64 or f32)");
    }
    BackendSelection selection = createBackend(choice);
    if (selection.fellBack) notes += "actlab-cli: note: " + selection.reason + "\n";
    Backend& backend = *selection.backend;
    const BackendOp op = gated ? BackendOp::ActivationGated : BackendOp::ActivationScalar;
    if (!precision)
        precision = backend.supports(op, Precision::F64) ? Precision::F64 : Precision::F32;
    if (!backend.supports(op, *precision))
        throw CliError("the " + std::string(backend.name()) + " backend cannot compute in " +
                       (*precision == Precision::F64 ? "f64" : "f32"));
    if (*precision == Precision::F32) {
        const std::vector<double>* lists[] = {&points, &gateValues};
        for (const std::vector<double>* list : lists)
            for (double value : *list)
                if (std::abs(value) > double(std::numeric_limits<float>::max()))
                    throw CliError(formatNumber(value) +
                                   " overflows float32 (use --precision f64)");
    }
    if (*precision == Precision::F64)
        evaluateAndWrite<double>(backend, config, points, gateValues, out);
    else
        evaluateAndWrite<float>(backend, config, points, gateValues, out);
}

}  // namespace actlab::cli
