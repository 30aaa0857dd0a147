// Translating core's catalogue texts and the fixed patterns of its messages (context "core").
#include "ui/common/core_text.h"

#include <QCoreApplication>
#include <QHash>
#include <QRegularExpression>
#include <cstring>

namespace actlab::ui {
namespace {

// A message of core with its variable parts as groups, and its translatable form with those
// parts as %1, %2, … in order. `groups` says what each group is, by its position: 'n' (or
// nothing) a name or number, kept as it is; 'm' a message of core (a reason inside a reason),
// translated in turn; 'd' the Vulkan device list "name [kind, refusal]; …", whose bracketed
// words are translated and whose names are kept.
struct MessagePattern {
    const char* pattern;
    const char* text;
    const char* groups = "";
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
  QT_TRANSLATE_NOOP("core", "Vulkan requested but unavailable (%1); using the CPU"), "m"},
 {R"(^auto: no usable GPU \((.*)\); using the CPU$)",
  QT_TRANSLATE_NOOP("core", "auto: no usable GPU (%1); using the CPU"), "m"},
 // Why Vulkan is not used (core/backends/vulkan): the reasons a user meets.
 {R"(^no Vulkan loader \((.*)\)$)",
  QT_TRANSLATE_NOOP("core", "no Vulkan loader (%1)")},
 {R"(^no Vulkan device found$)",
  QT_TRANSLATE_NOOP("core", "no Vulkan device found")},
 {R"(^no suitable Vulkan device; found (.*)$)",
  QT_TRANSLATE_NOOP("core", "no suitable Vulkan device; found %1"), "d"},
 {R"(^self-check failed on (.*?): (.*)$)",
  QT_TRANSLATE_NOOP("core", "self-check failed on %1: %2")},
 {R"(^the Vulkan backend failed while starting$)",
  QT_TRANSLATE_NOOP("core", "the Vulkan backend failed while starting")},
 {R"(^the Vulkan backend failed while starting: (.*)$)",
  QT_TRANSLATE_NOOP("core", "the Vulkan backend failed while starting: %1")},
 {R"(^the Vulkan backend failed for an unknown reason$)",
  QT_TRANSLATE_NOOP("core", "the Vulkan backend failed for an unknown reason")},
 {R"(^the Vulkan loader has no vkGetInstanceProcAddr$)",
  QT_TRANSLATE_NOOP("core", "the Vulkan loader has no vkGetInstanceProcAddr")},
 {R"(^the Vulkan driver lacks (\S+)$)",
  QT_TRANSLATE_NOOP("core", "the Vulkan driver lacks %1")},
 {R"(^(vk\w+) failed: (\S+)$)",
  QT_TRANSLATE_NOOP("core", "%1 failed: %2")},
 {R"(^vkCreateInstance failed: (\S+) \(no usable Vulkan driver installed\)$)",
  QT_TRANSLATE_NOOP("core", "vkCreateInstance failed: %1 (no usable Vulkan driver installed)")},
};

// The words inside a device list's brackets (core/backends/vulkan/vulkan_device_choice.cpp).
[[maybe_unused]] constexpr const char* kDeviceWords[] = {
    QT_TRANSLATE_NOOP("core", "discrete GPU"),     QT_TRANSLATE_NOOP("core", "integrated GPU"),
    QT_TRANSLATE_NOOP("core", "virtual GPU"),      QT_TRANSLATE_NOOP("core", "CPU device"),
    QT_TRANSLATE_NOOP("core", "other device"),     QT_TRANSLATE_NOOP("core", "no compute queue"),
    QT_TRANSLATE_NOOP("core", "used only when the Vulkan backend is asked for by name"),
};
// clang-format on

QString fromUtf8(std::string_view text) {
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

// "name [kind, refusal]; …" with the bracketed words translated ("、" or ", " as the language
// joins them is the translator's: the comma stays).
QString deviceListText(const QString& list) {
    static const QRegularExpression bracket(QStringLiteral(R"(\[([^\[\]]*)\])"));
    QString out;
    qsizetype at = 0;
    for (QRegularExpressionMatchIterator it = bracket.globalMatch(list); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        out += list.mid(at, match.capturedStart() - at);
        QStringList words = match.captured(1).split(QStringLiteral(", "));
        for (QString& word : words) word = coreText(word.toStdString());
        out += QLatin1Char('[') + words.join(QStringLiteral(", ")) + QLatin1Char(']');
        at = match.capturedEnd();
    }
    return out + list.mid(at);
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
        // Not `found` below: translating a part as a message adds to `compiled`.
        const int captured = int(found->captureCount());
        // %1… replaced in one pass, so that a name holding "%2" stays as it is.
        const QString translated = QCoreApplication::translate("core", entry.text);
        QString out;
        for (qsizetype i = 0; i < translated.size(); ++i) {
            const int group = i + 1 < translated.size() ? translated[i + 1].digitValue() : -1;
            if (translated[i] == QLatin1Char('%') && group >= 1 && group <= captured) {
                const char kind =
                    group <= int(std::strlen(entry.groups)) ? entry.groups[group - 1] : 'n';
                const QString part = match.captured(group);
                out += kind == 'm'   ? coreMessage(part.toStdString())
                       : kind == 'd' ? deviceListText(part)
                                     : part;
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
