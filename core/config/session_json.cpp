// The session envelope: views and runs, each run a state of run_state_json.h.
#include "config/session_json.h"

#include "config/json_fields.h"

namespace actlab {
namespace {

using config_json::fail;
using config_json::Json;
using config_json::Reader;

constexpr const char* kFormat = "actlab-session";

std::vector<std::string> runsFrom(const Json& j, const char* key) {
    std::vector<std::string> runs;
    if (!j.contains(key)) return runs;
    const Json& list = j.at(key);
    if (!list.is_array()) fail(key, "expected an array of runs");
    if (list.size() > 2)
        fail(key, "at most two runs (a comparison), got " + std::to_string(list.size()));
    for (size_t i = 0; i < list.size(); ++i) {
        if (!list[i].is_object())
            fail(std::string(key) + "[" + std::to_string(i) + "]", "expected a run object");
        runs.push_back(list[i].dump());
    }
    return runs;
}

}  // namespace

std::string encodeSession(const SessionDocument& session) {
    Json j;
    j["format"] = kFormat;
    j["version"] = kSessionVersion;
    j["application"] = session.application;
    j["view"] = session.view;
    j["views"] = Json::parse(session.viewsJson.empty() ? std::string("{}") : session.viewsJson);
    j["training_runs"] = Json::array();
    for (const std::string& run : session.trainingRuns)
        j["training_runs"].push_back(Json::parse(run));
    j["attention_runs"] = Json::array();
    for (const std::string& run : session.attentionRuns)
        j["attention_runs"].push_back(Json::parse(run));
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
        r.only({"format", "version", "application", "view", "views", "training_runs",
                "attention_runs", "training_timeline", "attention_timeline"});
        SessionDocument session;
        session.application = r.text("application").value_or("");
        session.view = r.text("view").value_or("");
        if (j.contains("views")) {
            if (!j.at("views").is_object()) fail("views", "expected an object");
            session.viewsJson = j.at("views").dump();
        }
        session.trainingRuns = runsFrom(j, "training_runs");
        session.attentionRuns = runsFrom(j, "attention_runs");
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
