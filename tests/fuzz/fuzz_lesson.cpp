// libFuzzer target for the lesson reader (parseLesson), also linked into the replay driver of the
// test suite. Refused: one line naming the file; accepted: its normal form reads back to itself.
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

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::string error;
    const auto lesson = actlab::parseLesson(text, "fuzz.json", &error);
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
