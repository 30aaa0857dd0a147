// The built-in lessons' files (resources/lessons, ACTLAB_LESSON_DIR) for the lesson tests.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace actlab::test {

inline std::string readFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The file names of the built-in lessons, sorted.
inline std::vector<std::string> lessonFiles() {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(ACTLAB_LESSON_DIR))
        if (entry.path().extension() == ".json") names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

}  // namespace actlab::test
