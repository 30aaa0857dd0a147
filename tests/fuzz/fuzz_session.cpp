// libFuzzer target for the session file (decodeSession) and the run states in it
// (trainerFromStateJson, sequenceTrainerFromStateJson) and replay timelines (timeline_json.h), also
// linked into the replay driver of the test suite. A refused input has a one-line message; an
// accepted run saves to a state that restores to the same state again, a timeline likewise.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "config/run_state_json.h"
#include "config/session_json.h"
#include "config/timeline_json.h"

namespace {

[[noreturn]] void contractBroken(const char* what, const std::string& detail = {}) {
    std::fprintf(stderr, "fuzz_session: contract broken: %s%s%.300s\n", what,
                 detail.empty() ? "" : ": ", detail.c_str());
    std::abort();
}

void checkRefused(const std::string& error) {
    if (error.empty()) contractBroken("refused without an error message");
    if (error.find_first_of("\r\n") != std::string::npos)
        contractBroken("the error message is not one line", error);
}

// A restored run saves a state that restores to the same run: its own text reads back equal.
template <typename Save, typename Restore>
void checkRun(const std::string& state, Save save, Restore restore) {
    std::string error;
    auto run = restore(state, &error);
    if (!run) return checkRefused(error);
    if (!error.empty()) contractBroken("accepted with an error message", error);
    const std::string saved = save(*run);
    auto again = restore(saved, &error);
    if (!again) contractBroken("its own state is refused", error);
    if (save(*again) != saved) contractBroken("the state changes on a round trip");
}

// An accepted timeline writes a text that reads back to the same text.
template <typename Read, typename Write>
void checkTimeline(const std::string& text, Read read, Write write) {
    std::string error;
    const auto timeline = read(text, &error);
    if (!timeline) return checkRefused(error);
    const std::string saved = write(*timeline);
    const auto again = read(saved, &error);
    if (!again) contractBroken("its own timeline is refused", error);
    if (write(*again) != saved) contractBroken("the timeline changes on a round trip");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::string error;
    const std::optional<actlab::SessionDocument> session = actlab::decodeSession(text, &error);
    if (!session) {
        checkRefused(error);
        return 0;
    }
    if (!error.empty()) contractBroken("accepted with an error message", error);
    for (const std::string& run : session->runStates("training"))
        checkRun(
            run, [](actlab::Trainer& t) { return actlab::trainerStateToJson(t); },
            [](const std::string& s, std::string* e) {
                return actlab::trainerFromStateJson(s, e);
            });
    for (const std::string& run : session->runStates("attention"))
        checkRun(run, actlab::sequenceTrainerStateToJson, actlab::sequenceTrainerFromStateJson);
    if (!session->trainingTimeline.empty())
        checkTimeline(session->trainingTimeline, actlab::trainingTimelineFromJson,
                      actlab::trainingTimelineToJson);
    if (!session->attentionTimeline.empty())
        checkTimeline(session->attentionTimeline, actlab::sequenceTimelineFromJson,
                      actlab::sequenceTimelineToJson);
    return 0;
}
