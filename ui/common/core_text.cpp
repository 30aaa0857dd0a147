// Translating core's catalogue texts and the fixed patterns of its messages (context "core").
#include "ui/common/core_text.h"

#include <QCoreApplication>
#include <QHash>
#include <QRegularExpression>

namespace actlab::ui {
namespace {

// A message of core with its variable parts (names, numbers) as groups, and its translatable
// form with those parts as %1, %2, … in order.
struct MessagePattern {
    const char* pattern;
    const char* text;
};

// clang-format off
constexpr MessagePattern kMessagePatterns[] = {
 {R"(^parameter '([^']*)' of (\S+) must be in \[([^,]*), ([^\]]*)\], got (\S+)$)",
  QT_TRANSLATE_NOOP("core", "parameter '%1' of %2 must be in [%3, %4], got %5")},
 {R"(^unknown parameter '([^']*)' for (\S+) \(it has no parameters\)$)",
  QT_TRANSLATE_NOOP("core", "unknown parameter '%1' for %2 (it has no parameters)")},
 {R"(^unknown parameter '([^']*)' for (\S+) \(known: (.*)\)$)",
  QT_TRANSLATE_NOOP("core", "unknown parameter '%1' for %2 (known: %3)")},
 {R"(^hidden (\d+)$)",
  QT_TRANSLATE_NOOP("core", "hidden %1")},
 {R"(^block (\d+) gate$)",
  QT_TRANSLATE_NOOP("core", "block %1 gate")},
 {R"(^CPU requested$)",
  QT_TRANSLATE_NOOP("core", "CPU requested")},
 {R"(^Vulkan requested: (.*)$)",
  QT_TRANSLATE_NOOP("core", "Vulkan requested: %1")},
 {R"(^auto: GPU (.*) passed the self-check$)",
  QT_TRANSLATE_NOOP("core", "auto: GPU %1 passed the self-check")},
 {R"(^Vulkan requested but unavailable \((.*)\); using the CPU$)",
  QT_TRANSLATE_NOOP("core", "Vulkan requested but unavailable (%1); using the CPU")},
 {R"(^auto: no usable GPU \((.*)\); using the CPU$)",
  QT_TRANSLATE_NOOP("core", "auto: no usable GPU (%1); using the CPU")},
};
// clang-format on

QString fromUtf8(std::string_view text) {
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

}  // namespace

QString coreText(std::string_view text) {
    const QByteArray utf8(text.data(), qsizetype(text.size()));
    return QCoreApplication::translate("core", utf8.constData());
}

QString coreMessage(std::string_view message) {
    const QString text = fromUtf8(message);
    for (const MessagePattern& entry : kMessagePatterns) {
        static thread_local QHash<const char*, QRegularExpression> compiled;
        auto found = compiled.find(entry.pattern);
        if (found == compiled.end())
            found = compiled.insert(entry.pattern,
                                    QRegularExpression(QString::fromUtf8(entry.pattern)));
        const QRegularExpressionMatch match = found->match(text);
        if (!match.hasMatch()) continue;
        // %1… replaced in one pass, so that a name holding "%2" stays as it is.
        const QString translated = QCoreApplication::translate("core", entry.text);
        QString out;
        for (qsizetype i = 0; i < translated.size(); ++i) {
            const int group = i + 1 < translated.size() ? translated[i + 1].digitValue() : -1;
            if (translated[i] == QLatin1Char('%') && group >= 1 && group <= found->captureCount()) {
                out += match.captured(group);
                ++i;
            } else {
                out += translated[i];
            }
        }
        return out;
    }
    return coreText(message);
}

}  // namespace actlab::ui
