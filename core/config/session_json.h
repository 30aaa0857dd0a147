// The session file (.actlab): what the GUI's views showed and the runs they were training, so
// that opening it gives back the same state and a paused run continues exactly. Written by the
// GUI (File → Save session, autosave) and by `actlab-cli train --save-session`; read by both.
//   {"format": "actlab-session", "version": 2, "application": "actlab 0.4.0",
//    "view": "training", "views": {per-view state, the GUI's own},
//    "runs": [run states, each with its "kind": training | attention],
//    "training_timeline": {timeline}, "attention_timeline": {timeline}}  (the last two optional)
// Run states are those of config/run_state_json.h, timelines of config/timeline_json.h, as
// objects. Version 1 had two lists, "training_runs" and "attention_runs": it still opens.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace actlab {

inline constexpr int kSessionVersion = 2;
inline constexpr const char* kSessionSuffix = ".actlab";

// One run of a session: its kind (the lab that trains it) and its state.
struct SessionRun {
    std::string kind;   // "training" (MLP, GLU-FFN) or "attention" (Transformer)
    std::string state;  // trainerStateToJson / sequenceTrainerStateToJson text
};

struct SessionDocument {
    std::string application;        // who wrote it ("actlab-cli 0.4.0")
    std::string view;               // the view on show ("" when the writer has no views)
    std::string viewsJson = "{}";   // a JSON object, opaque here: the GUI's views
    std::vector<SessionRun> runs;   // every run, each with its kind (two of a kind in compare)
    std::string trainingTimeline;   // trainingTimelineToJson text; "" when none
    std::string attentionTimeline;  // sequenceTimelineToJson text; "" when none

    // The states of the runs of one kind, in order.
    std::vector<std::string> runStates(const std::string& kind) const;
    // Adds runs of one kind (their states, in order).
    void addRuns(const std::string& kind, const std::vector<std::string>& states);
    // The timeline of the runs of one kind ("training", "attention"; "" for none or another
    // kind), and setting it (another kind has none: false).
    std::string timeline(const std::string& kind) const;
    bool setTimeline(const std::string& kind, std::string json);
};

std::string encodeSession(const SessionDocument& session);
// nullopt with a one-line *error for text that is not a session: bad JSON, another format, a
// later version ("… saved by a newer ActLab (format version 2); this one reads version 1"),
// a field of the wrong type. The runs themselves are checked when they are rebuilt.
std::optional<SessionDocument> decodeSession(const std::string& text, std::string* error);

}  // namespace actlab
