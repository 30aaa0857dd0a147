// The session file (.actlab): what the GUI's views showed and the runs they were training, so
// that opening it gives back the same state and a paused run continues exactly. Written by the
// GUI (File → Save session, autosave) and by `actlab-cli train --save-session`; read by both.
//   {"format": "actlab-session", "version": 1, "application": "actlab 0.4.0",
//    "view": "training", "views": {per-view state, the GUI's own},
//    "training_runs": [run states], "attention_runs": [run states],
//    "training_timeline": {timeline}, "attention_timeline": {timeline}}  (the last two optional)
// Run states are those of config/run_state_json.h, timelines of config/timeline_json.h, as
// objects.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace actlab {

inline constexpr int kSessionVersion = 1;
inline constexpr const char* kSessionSuffix = ".actlab";

struct SessionDocument {
    std::string application;                 // who wrote it ("actlab-cli 0.4.0")
    std::string view;                        // the view on show ("" when the writer has no views)
    std::string viewsJson = "{}";            // a JSON object, opaque here: the GUI's views
    std::vector<std::string> trainingRuns;   // trainerStateToJson texts (two in compare mode)
    std::vector<std::string> attentionRuns;  // sequenceTrainerStateToJson texts
    std::string trainingTimeline;            // trainingTimelineToJson text; "" when none
    std::string attentionTimeline;           // sequenceTimelineToJson text; "" when none
};

std::string encodeSession(const SessionDocument& session);
// nullopt with a one-line *error for text that is not a session: bad JSON, another format, a
// later version ("… saved by a newer ActLab (format version 2); this one reads version 1"),
// a field of the wrong type. The runs themselves are checked when they are rebuilt.
std::optional<SessionDocument> decodeSession(const std::string& text, std::string* error);

}  // namespace actlab
