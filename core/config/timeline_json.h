// A replay timeline's keyframes as JSON, for sessions: each keyframe the snapshots of its runs
// (two in compare mode) without their histories (the run's own history holds the curves):
//   {"version": 1, "spacing": steps, "keyframes": [{"runs": [snapshot, …]}, …]}
// The snapshot objects are in timeline_json.cpp's opening comment, their typed probes in
// config/probes_json.h (float arrays as little-endian float32 in base64).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "training/sequence_trainer.h"
#include "training/trainer.h"

namespace actlab {

template <typename Snapshot>
struct TimelineRecord {
    int spacing = 1;                               // KeyframeSpacing::spacing()
    std::vector<std::vector<Snapshot>> keyframes;  // each: its runs (1 or 2), steps ascending
};

std::string trainingTimelineToJson(const TimelineRecord<TrainingSnapshot>& timeline);
std::string sequenceTimelineToJson(const TimelineRecord<SequenceSnapshot>& timeline);
// nullopt with a one-line *error naming the field: bad JSON, a later version, steps that do not
// ascend, a probe whose values do not fill its shape.
std::optional<TimelineRecord<TrainingSnapshot>> trainingTimelineFromJson(const std::string& text,
                                                                         std::string* error);
std::optional<TimelineRecord<SequenceSnapshot>> sequenceTimelineFromJson(const std::string& text,
                                                                         std::string* error);

}  // namespace actlab
