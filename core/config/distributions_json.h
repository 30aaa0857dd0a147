// Distributions over time as JSON: `actlab-cli train --distributions FILE.json` writes
// {"sites": [site…]}, and run states keep the same sites. A site: {"name", "layer", "kind",
// "relu_family", "bin_edges": [41 edges], "stride", "offered" (the thinning, as BoundedHistory),
// "steps": [...], "counts": [step][underflow, 40 bins, overflow], "percentiles": [step][9],
// "non_positive_share", "dead_share", "saturated_share", "gradient_norm": [per step]}.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "diagnostics/distributions.h"

namespace actlab {

std::string distributionsJsonText(const Distributions& distributions);  // {"sites": [...]}

namespace config_json {
nlohmann::json distributionsJson(const Distributions& distributions);  // the sites' array
// The sites of a run state; throws FieldError (json_fields.h) naming the field when one does
// not fit (edges not increasing, rows of the wrong length, a thinning push() could not make).
Distributions distributionsFromJson(const nlohmann::json& sites, const std::string& path);
}  // namespace config_json

}  // namespace actlab
