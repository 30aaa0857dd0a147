// The texts that come with ActLab for the `text` task (resources/texts/*.txt, their sources and
// licences in resources/texts/README.md), embedded at build time by cmake/embed_texts.cmake.
#pragma once

#include <span>
#include <string_view>

namespace actlab {

struct BuiltInText {
    std::string_view name;  // the file name without ".txt", e.g. "english-poems"
    std::string_view text;  // the whole file, UTF-8
};

std::span<const BuiltInText> builtInTexts();  // ordered by name

// nullptr when no built-in text has that name.
inline const BuiltInText* findBuiltInText(std::string_view name) {
    for (const BuiltInText& text : builtInTexts())
        if (text.name == name) return &text;
    return nullptr;
}

}  // namespace actlab
