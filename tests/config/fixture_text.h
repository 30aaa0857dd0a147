// The text of a committed fixture under tests/config/fixtures (ACTLAB_FIXTURES, set by CMake):
// files written by earlier versions that must still open.
#pragma once

#include <fstream>
#include <sstream>
#include <string>

namespace actlab::test {

inline std::string fixtureText(const char* name) {
    std::string path = ACTLAB_FIXTURES;
    path.append("/").append(name);
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace actlab::test
