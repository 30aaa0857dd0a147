// The lessons that come with ActLab (resources/lessons/*.json), embedded at build time by
// cmake/embed_lessons.cmake: `actlab-cli lesson list` names them, `lesson check NAME` checks one.
#pragma once

#include <span>
#include <string_view>

namespace actlab {

struct BuiltInLesson {
    std::string_view name;  // the file name without ".json", e.g. "dying-relu"
    std::string_view json;  // the whole file
};

std::span<const BuiltInLesson> builtInLessons();  // ordered by name

}  // namespace actlab
