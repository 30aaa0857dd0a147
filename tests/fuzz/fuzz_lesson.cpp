// libFuzzer target for the lesson reader (parseLesson, as a lesson and as a draft), also linked
// into the replay driver of the test suite. Refused: one line naming the file; accepted: its normal
// form reads back to itself.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "lessons/lesson.h"

namespace {

[[noreturn]] void contractBroken(const char* what, const std::string& detail = {}) {
    std::fprintf(stderr, "fuzz_lesson: contract broken: %s%s%.300s\n", what,
                 detail.empty() ? "" : ": ", detail.c_str());
    std::abort();
}

void checkDraft(const std::string& text, bool isLesson);

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::string error;
    const auto lesson = actlab::parseLesson(text, "fuzz.json", &error);
    checkDraft(text, lesson.has_value());
    if (!lesson) {
        if (error.rfind("fuzz.json: ", 0) != 0)
            contractBroken("the error does not name the file", error);
        if (error.find_first_of("\r\n") != std::string::npos)
            contractBroken("the error message is not one line", error);
        return 0;
    }
    if (!error.empty()) contractBroken("accepted with an error message", error);
    if (lesson->scenes.empty() || lesson->languages.empty()) contractBroken("an empty lesson");
    for (const actlab::LessonScene& scene : lesson->scenes)
        for (const std::string& language : lesson->languages)
            if (!scene.text.count(language) || !scene.title.count(language))
                contractBroken("a scene lacks a declared language", language);
    const std::string normal = actlab::lessonToJson(*lesson);
    std::string again;
    const auto back = actlab::parseLesson(normal, "fuzz.json", &again);
    if (!back) contractBroken("its own JSON is refused", again + " in " + normal);
    if (actlab::lessonToJson(*back) != normal) contractBroken("the JSON changes on a round trip");
    return 0;
}

namespace {

// The draft reading (the editor's files and autosaves) of the same input: a lesson is a draft
// too, and a draft's normal form reads back to itself as a draft.
void checkDraft(const std::string& text, bool isLesson) {
    std::string error;
    const auto draft = actlab::parseLesson(text, "fuzz.json", &error, actlab::LessonReading::Draft);
    if (!draft) {
        if (isLesson) contractBroken("a lesson is refused as a draft", error);
        if (error.rfind("fuzz.json: ", 0) != 0 || error.find_first_of("\r\n") != std::string::npos)
            contractBroken("the draft's error is not one line naming the file", error);
        return;
    }
    const std::string normal = actlab::lessonToJson(*draft);
    std::string again;
    const auto back =
        actlab::parseLesson(normal, "fuzz.json", &again, actlab::LessonReading::Draft);
    if (!back) contractBroken("a draft's own JSON is refused as a draft", again + " in " + normal);
    if (actlab::lessonToJson(*back) != normal) contractBroken("a draft changes on a round trip");
}

}  // namespace
