// `actlab-cli list [--json]`: the catalogue as a table or as JSON.
#include <sstream>

#include "cli_arguments.h"
#include "commands.h"
#include "common/number_format.h"
#include "json_writer.h"

namespace actlab::cli {

std::string runList(const std::vector<std::string>& words) {
    const Arguments args(words, {}, {"--json"}, {});
    if (!args.positional().empty())
        throw CliError("list takes no arguments, got '" + args.positional().front() + "'");
    if (args.has("--json")) {
        JsonWriter json;
        json.beginArray();
        for (const ActivationInfo& info : activationCatalogue()) {
            json.beginObject()
                .key("name")
                .value(info.name)
                .key("display_name")
                .value(info.displayName)
                .key("kind")
                .value(info.kind == ActivationKind::Scalar ? "scalar" : "gated")
                .key("formula")
                .value(info.formula);
            if (info.kind == ActivationKind::Gated)
                json.key("gate").value(activationInfo(info.gate).name);
            json.key("parameters").beginArray();
            for (const ParameterSpec& p : info.parameters) {
                json.beginObject()
                    .key("name")
                    .value(p.name)
                    .key("default")
                    .value(p.defaultValue)
                    .key("min")
                    .value(p.minimum)
                    .key("max")
                    .value(p.maximum)
                    .key("learnable")
                    .value(info.learnable)
                    .key("description")
                    .value(p.meaning)
                    .endObject();
            }
            json.endArray().endObject();
        }
        json.endArray();
        return json.text() + "\n";
    }
    std::ostringstream out;
    for (const ActivationInfo& info : activationCatalogue()) {
        out << info.name << '\t' << (info.kind == ActivationKind::Scalar ? "scalar" : "gated");
        for (const ParameterSpec& p : info.parameters) {
            out << '\t' << p.name << '=' << formatNumber(p.defaultValue) << " ["
                << formatNumber(p.minimum) << ", " << formatNumber(p.maximum) << ']';
        }
        out << '\t' << info.formula << '\n';
    }
    return out.str();
}

}  // namespace actlab::cli
