// `actlab-cli lesson list` (the built-in lessons, one line each) and `actlab-cli lesson check
// FILE…` (lesson files checked as the app's loader checks them: one line per good file; a bad
// one named with its scene and field, exit 2), for teachers who write lessons by hand or make
// them with a program.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_arguments.h"
#include "commands.h"
#include "lessons/builtin_lessons.h"
#include "lessons/lesson.h"

namespace actlab::cli {
namespace {

std::string joined(const std::vector<std::string>& items, const char* separator) {
    std::string out;
    for (const std::string& item : items) out += (out.empty() ? "" : separator) + item;
    return out;
}

// "N scenes (views), languages en, zh_CN: "title"".
std::string summary(const Lesson& lesson) {
    std::vector<std::string> views;
    for (const LessonScene& scene : lesson.scenes)
        if (std::find(views.begin(), views.end(), scene.view) == views.end())
            views.push_back(scene.view);
    const auto title = lesson.title.find("en");
    return std::to_string(lesson.scenes.size()) +
           (lesson.scenes.size() == 1 ? " scene (" : " scenes (") + joined(views, ", ") +
           "), languages " + joined(lesson.languages, ", ") +
           (title != lesson.title.end() ? ": \"" + title->second + "\"" : std::string());
}

std::string listLessons(const std::vector<std::string>& words) {
    if (words.size() > 1) throw CliError("lesson list takes no argument, got '" + words[1] + "'");
    std::string out;
    for (const BuiltInLesson& builtIn : builtInLessons()) {
        std::string error;
        const std::optional<Lesson> lesson =
            parseLesson(std::string(builtIn.json), std::string(builtIn.name), &error);
        if (!lesson) throw CliError("built-in lesson " + error);  // a test keeps them sound
        out += std::string(builtIn.name) + ": " + summary(*lesson) + "\n";
    }
    return out;
}

// The text of FILE, or of the built-in lesson of that name when no such file exists.
std::optional<std::string> lessonText(const std::string& path) {
    std::error_code error;
    if (std::filesystem::is_regular_file(path, error)) {
        std::ifstream in(path, std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        if (in.bad()) return std::nullopt;
        return text.str();
    }
    for (const BuiltInLesson& builtIn : builtInLessons())
        if (builtIn.name == path) return std::string(builtIn.json);
    return std::nullopt;
}

std::string checkLessons(const std::vector<std::string>& words) {
    if (words.size() < 2) throw CliError("lesson check needs FILE... (lesson files to check)");
    std::string out;
    std::vector<std::string> problems;
    for (size_t i = 1; i < words.size(); ++i) {
        const std::string& path = words[i];
        const std::optional<std::string> text = lessonText(path);
        if (!text) {
            problems.push_back(path + ": no such file or built-in lesson");
            continue;
        }
        std::string error;  // names the file, the scene and the field
        if (const std::optional<Lesson> lesson = parseLesson(*text, path, &error))
            out += path + ": ok, " + summary(*lesson) + "\n";
        else
            problems.push_back(error);
    }
    if (!problems.empty()) throw CliError(joined(problems, "\nactlab-cli: error: "));
    return out;
}

}  // namespace

std::string runLesson(const std::vector<std::string>& words) {
    if (words.empty()) throw CliError("lesson needs 'list' or 'check FILE...'");
    if (words[0] == "list") return listLessons(words);
    if (words[0] == "check") return checkLessons(words);
    throw CliError("unknown lesson command '" + words[0] + "' (expected list or check)");
}

}  // namespace actlab::cli
