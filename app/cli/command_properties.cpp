// `actlab-cli properties` and `actlab-cli approx`: computed facts about a function, as JSON.
#include "activations/properties.h"
#include "cli_arguments.h"
#include "commands.h"
#include "json_writer.h"

namespace actlab::cli {

std::string runProperties(const std::vector<std::string>& words) {
    const Arguments args(words, {"--param", "--window"}, {}, {"--param"});
    if (args.positional().size() != 1) throw CliError("properties needs exactly one function name");
    const ActivationConfig config = parseActivation(args.positional()[0], args.values("--param"));
    const auto [low, high] = args.has("--window") ? parseWindow(*args.value("--window"), "--window")
                                                  : std::pair{-6.0, 6.0};
    const ActivationProperties p = computeProperties(config, low, high);
    JsonWriter json;
    json.beginObject()
        .key("name")
        .value(config.info().name)
        .key("formula")
        .value(config.info().formula)
        .key("window")
        .beginArray()
        .value(low)
        .value(high)
        .endArray()
        .key("monotonic")
        .value(p.monotonic)
        .key("bounded_below")
        .value(p.boundedBelow)
        .key("bounded_above")
        .value(p.boundedAbove)
        .key("continuous")
        .value(p.continuous);
    json.key("jumps_at").beginArray();
    for (double x : p.jumpsAt) json.value(x);
    json.endArray()
        .key("smooth")
        .value(p.smooth)
        .key("minimum")
        .value(p.minimumValue)
        .key("minimum_at")
        .value(p.minimumAt)
        .key("minimum_interior")
        .value(p.minimumInterior)
        .key("derivative_min")
        .value(p.firstMinimum)
        .key("derivative_min_at")
        .value(p.firstMinimumAt)
        .key("derivative_max")
        .value(p.firstMaximum)
        .key("derivative_max_at")
        .value(p.firstMaximumAt)
        .key("zero_gradient_share")
        .value(p.zeroGradientShare)
        .endObject();
    return json.text() + "\n";
}

std::string runApproximation(const std::vector<std::string>& words) {
    const Arguments args(words, {"--window", "--points"}, {}, {});
    if (args.positional().size() != 2)
        throw CliError("approx needs two function names: REFERENCE APPROXIMATION");
    const ActivationConfig reference = parseActivation(args.positional()[0], {});
    const ActivationConfig approximation = parseActivation(args.positional()[1], {});
    const auto [low, high] = args.has("--window") ? parseWindow(*args.value("--window"), "--window")
                                                  : std::pair{-6.0, 6.0};
    long long points = 20001;
    if (auto text = args.value("--points")) {
        points = parseCountOrThrow(*text, "--points");
        if (points < 2 || points > 10'000'000) throw CliError("--points must be in [2, 10000000]");
    }
    const ApproximationError e = compareFunctions(reference, approximation, low, high, int(points));
    JsonWriter json;
    json.beginObject()
        .key("reference")
        .value(reference.info().name)
        .key("approximation")
        .value(approximation.info().name)
        .key("window")
        .beginArray()
        .value(low)
        .value(high)
        .endArray()
        .key("max_abs_error")
        .value(e.maxAbsError)
        .key("at")
        .value(e.at)
        .endObject();
    return json.text() + "\n";
}

}  // namespace actlab::cli
