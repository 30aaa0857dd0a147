// Internal to core/lessons (nlohmann-json stays private to core): a scene's "question" read and
// written, for lesson.cpp.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "config/json_fields.h"
#include "lessons/lesson.h"

namespace actlab {

// lesson.cpp's reader of a {language: text} object: exactly the declared languages.
using LessonTextReader = std::function<LessonText(const config_json::Json&, const std::string& path,
                                                  const std::vector<std::string>& languages)>;

// The question of a scene of `view` (with run B when `compare`): every condition parsed and
// checked against the scene; a config_json::FieldError naming the field otherwise.
LessonQuestion readLessonQuestion(const config_json::Json& j,
                                  const std::vector<std::string>& languages,
                                  const std::string& view, bool compare,
                                  const LessonTextReader& readText);
config_json::Json lessonQuestionToJson(const LessonQuestion& question);

}  // namespace actlab
