// Internal to core/config: the typed probes of a timeline's snapshots as JSON (timeline_json.cpp).
// A Training-lab snapshot's "probes":
//   {"surface": {"resolution", "values", "confidence"}, "neuron_maps": [{"units", "resolution",
//    "values"}], "fitted_curve": {"x", "y"}}, each part present when the snapshot has it;
// an Attention-lab snapshot's "probes":
//   {"attention": {"layers", "heads", "probes", "queries", "keys", "values"},
//    "tokens": {"probes", "length", "ids": [id]}, "predictions": {"probes", "rows", "classes",
//    "pooled", "logits", "targets": [class]}}.
// Float arrays are little-endian float32 in base64; the predicted classes are not written (core
// classifies the logits again on reading). Files written before the typed probes hold a list of
// named tensors, [{"name", "shape", "values"}]; they are converted on reading.
#pragma once

#include <string>

#include "config/json_fields.h"
#include "training/sequence_probes.h"
#include "training/training_probes.h"

namespace actlab::config_json {

Json trainingProbesJson(const TrainingProbes& probes);
Json sequenceProbesJson(const SequenceProbes& probes);
// From the object (or a list of named tensors) at `path`; a FieldError names what is wrong.
TrainingProbes trainingProbesFrom(const Json& j, const std::string& path);
SequenceProbes sequenceProbesFrom(const Json& j, const std::string& path);

}  // namespace actlab::config_json
