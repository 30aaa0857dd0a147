// The session envelope: views and runs, each run a state of run_state_json.h.
#include "config/session_json.h"

#include <algorithm>
#include <iterator>

#include "config/json_fields.h"

namespace actlab {
namespace {

using config_json::fail;
using config_json::Json;
using config_json::Reader;

constexpr const char* kFormat = "actlab-session";

// The run kinds a session holds.
constexpr const char* kKinds[] = {"training", "attention"};

// The run objects of `list` (at `path`), each of kind `kind`, or of its own "kind" when kind is
// empty; at most two of a kind (a comparison).
void runsFrom(const Json& list, const std::string& path, const std::string& kind,
              std::vector<SessionRun>& runs) {
    if (!list.is_array()) fail(path, "expected an array of runs");
    for (size_t i = 0; i < list.size(); ++i) {
        const std::string at = path + "[" + std::to_string(i) + "]";
        if (!list[i].is_object()) fail(at, "expected a run object");
        std::string runKind = kind;
        if (runKind.empty()) {
            const Json* k = list[i].contains("kind") ? &list[i].at("kind") : nullptr;
            if (!k || !k->is_string() ||
                std::none_of(std::begin(kKinds), std::end(kKinds),
                             [&](const char* known) { return k->get<std::string>() == known; }))
                fail(at + ".kind", "expected \"training\" or \"attention\"");
            runKind = k->get<std::string>();
        }
        runs.push_back({runKind, list[i].dump()});
    }
    for (const char* known : kKinds)
        if (std::count_if(runs.begin(), runs.end(),
                          [&](const SessionRun& r) { return r.kind == known; }) > 2)
            fail(path, std::string("at most two ") + known + " runs (a comparison), got more");
}

}  // namespace

std::vector<std::string> SessionDocument::runStates(const std::string& kind) const {
    std::vector<std::string> states;
    for (const SessionRun& run : runs)
        if (run.kind == kind) states.push_back(run.state);
    return states;
}

void SessionDocument::addRuns(const std::string& kind, const std::vector<std::string>& states) {
    for (const std::string& state : states) runs.push_back({kind, state});
}

std::string SessionDocument::timeline(const std::string& kind) const {
    return kind == "training" ? trainingTimeline : kind == "attention" ? attentionTimeline : "";
}

bool SessionDocument::setTimeline(const std::string& kind, std::string json) {
    if (kind != "training" && kind != "attention") return false;
    (kind == "training" ? trainingTimeline : attentionTimeline) = std::move(json);
    return true;
}

std::string encodeSession(const SessionDocument& session) {
    Json j;
    j["format"] = kFormat;
    j["version"] = kSessionVersion;
    j["application"] = session.application;
    j["view"] = session.view;
    j["views"] = Json::parse(session.viewsJson.empty() ? std::string("{}") : session.viewsJson);
    j["runs"] = Json::array();
    for (const SessionRun& run : session.runs) j["runs"].push_back(Json::parse(run.state));
    if (!session.trainingTimeline.empty())
        j["training_timeline"] = Json::parse(session.trainingTimeline);
    if (!session.attentionTimeline.empty())
        j["attention_timeline"] = Json::parse(session.attentionTimeline);
    return j.dump(1);
}

std::optional<SessionDocument> decodeSession(const std::string& text, std::string* error) {
    return config_json::parse<SessionDocument>(text, error, [](const Json& j) {
        if (!j.is_object()) fail("session", "expected a JSON object");
        const Json* format = j.contains("format") ? &j.at("format") : nullptr;
        if (!format || !format->is_string() || format->get<std::string>() != kFormat)
            fail("format", "this is not an ActLab session (no \"format\": \"actlab-session\")");
        if (!j.contains("version")) fail("version", "missing");
        const long long version = Reader::wholeIn(j.at("version"), "version", 1, 1'000'000);
        if (version > kSessionVersion)
            throw config_json::FieldError{
                "this session was saved by a newer ActLab (format version " +
                std::to_string(version) + "); this one reads version " +
                std::to_string(kSessionVersion)};
        const Reader r(j, "");
        if (version == 1)
            r.only({"format", "version", "application", "view", "views", "training_runs",
                    "attention_runs", "training_timeline", "attention_timeline"});
        else
            r.only({"format", "version", "application", "view", "views", "runs",
                    "training_timeline", "attention_timeline"});
        SessionDocument session;
        session.application = r.text("application").value_or("");
        session.view = r.text("view").value_or("");
        if (j.contains("views")) {
            if (!j.at("views").is_object()) fail("views", "expected an object");
            session.viewsJson = j.at("views").dump();
        }
        if (version == 1) {  // a list per kind
            for (const char* kind : kKinds) {
                const std::string key = std::string(kind) + "_runs";
                if (j.contains(key)) runsFrom(j.at(key), key, kind, session.runs);
            }
        } else if (j.contains("runs")) {
            runsFrom(j.at("runs"), "runs", "", session.runs);
        }
        for (const auto& [key, out] :
             {std::pair{"training_timeline", &session.trainingTimeline},
              std::pair{"attention_timeline", &session.attentionTimeline}}) {
            if (!j.contains(key)) continue;
            if (!j.at(key).is_object()) fail(key, "expected an object");
            *out = j.at(key).dump();
        }
        return session;
    });
}

}  // namespace actlab
