// The committed zh_CN translation (issue 9, "English and 简体中文"): every entry finished and
// sound (placeholders, rich-text tags and accelerators kept; the same as the English only where
// marked as a name, key, number or formula), and up to date: lupdate run on today's sources
// finds no text the file lacks. Core's catalogue texts, which lupdate cannot see in core, are
// checked against the catalogues themselves.
#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>

#include "activations/catalogue.h"
#include "datasets/dataset.h"
#include "datasets/sequence_tasks.h"
#include "optimizers/optimizer.h"
#include "training/presets.h"
#include "training/sequence_presets.h"
#include "translations.h"
#include "ts_file.h"
#include "ui/common/core_text.h"

namespace {

const QString kTs = QStringLiteral(ACTLAB_SOURCE_DIR "/resources/translations/actlab_zh_CN.ts");
const QString kKept = QStringLiteral("kept as in English: a name, key, number or formula");

QList<actlab::test::TsMessage> committed() {
    QString error;
    const auto messages = actlab::test::readTs(kTs, &error);
    EXPECT_TRUE(error.isEmpty()) << error.toStdString();
    return messages;
}

std::string where(const actlab::test::TsMessage& m) {
    return (m.context + QStringLiteral(" | ") + m.source).toStdString();
}

std::string sorted(QStringList list) {
    list.sort();
    return list.join(QLatin1Char(' ')).toStdString();
}

// %1, %2, … and %n, each as often as it appears.
std::string placeholders(const QString& text) {
    QStringList found;
    static const QRegularExpression pattern(QStringLiteral("%(\\d+|n)"));
    for (const auto& match : pattern.globalMatch(text)) found << match.captured(0);
    return sorted(found);
}

std::string tags(const QString& text) {
    QStringList found;
    static const QRegularExpression pattern(QStringLiteral("</?[a-z]+[^>]*>"));
    for (const auto& match : pattern.globalMatch(text)) found << match.captured(0);
    return sorted(found);
}

// The accelerator letter of a menu text ("&File" → "F"), or "".
std::string accelerator(const QString& text) {
    static const QRegularExpression pattern(QStringLiteral("&([^& ])"));
    const auto match = pattern.match(text);
    return match.hasMatch() ? match.captured(1).toUpper().toStdString() : std::string();
}

}  // namespace

TEST(TranslationFile, EveryEntryIsFinishedAndSound) {
    const auto messages = committed();
    ASSERT_GT(messages.size(), 600);
    int unfinished = 0, empty = 0;
    for (const auto& m : messages) {
        if (!m.type.isEmpty()) {
            ++unfinished;
            ADD_FAILURE() << "not finished (" << m.type.toStdString() << "): " << where(m);
        }
        for (const QString& t : m.translations) {
            if (t.trimmed().isEmpty()) {
                ++empty;
                ADD_FAILURE() << "empty: " << where(m);
                continue;
            }
            EXPECT_EQ(placeholders(t), placeholders(m.source)) << where(m);
            EXPECT_EQ(tags(t), tags(m.source)) << where(m);
            EXPECT_EQ(accelerator(t), accelerator(m.source)) << "accelerator: " << where(m);
            // The same text as the English is a decision, marked in the file (translations.py).
            if (t == m.source) {
                EXPECT_EQ(m.translatorComment.toStdString(), kKept.toStdString())
                    << "untranslated: " << where(m);
            }
        }
    }
    EXPECT_EQ(unfinished, 0);
    EXPECT_EQ(empty, 0);
}

// lupdate over ui/ and app/gui/ into a fresh file: each text it finds is in the committed file,
// translated.
TEST(TranslationFile, HoldsEveryTextOfTheSources) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString fresh = dir.filePath(QStringLiteral("fresh_zh_CN.ts"));
    QProcess lupdate;
    lupdate.setWorkingDirectory(QStringLiteral(ACTLAB_SOURCE_DIR));
    lupdate.start(
        QStringLiteral(ACTLAB_LUPDATE),
        {QStringLiteral("-silent"), QStringLiteral("-no-obsolete"), QStringLiteral("-locations"),
         QStringLiteral("none"), QStringLiteral("-I"), QStringLiteral(ACTLAB_SOURCE_DIR),
         QStringLiteral("-I"), QStringLiteral(ACTLAB_SOURCE_DIR "/core"), QStringLiteral("ui"),
         QStringLiteral("app/gui"), QStringLiteral("-ts"), fresh});
    ASSERT_TRUE(lupdate.waitForFinished(60000));
    ASSERT_EQ(lupdate.exitCode(), 0) << lupdate.readAllStandardError().toStdString();
    QString error;
    const auto found = actlab::test::readTs(fresh, &error);
    ASSERT_TRUE(error.isEmpty()) << error.toStdString();
    ASSERT_GT(found.size(), 600);
    QSet<QString> translated;
    for (const auto& m : committed())
        if (m.type.isEmpty()) translated.insert(m.context + QChar(0) + m.source);
    for (const auto& m : found)
        EXPECT_TRUE(translated.contains(m.context + QChar(0) + m.source))
            << "not in " << kTs.toStdString()
            << " (run ninja actlab_gui_lupdate, translate): " << where(m);
}

// Core's texts shown in the GUI: each catalogue entry is in ui/common/core_strings.cpp (run
// scripts/translations.py core-strings when this fails) and comes out in Chinese.
TEST(TranslationFile, TranslatesCoreCatalogues) {
    std::vector<std::string_view> shown;
    for (const actlab::ActivationInfo& info : actlab::activationCatalogue()) {
        shown.push_back(info.displayName);
        for (const actlab::ParameterSpec& spec : info.parameters) shown.push_back(spec.meaning);
    }
    for (const auto& info : actlab::datasetCatalogue()) shown.push_back(info.description);
    for (const auto& info : actlab::optimizerCatalogue()) shown.push_back(info.description);
    for (const auto& preset : actlab::trainingPresets()) shown.push_back(preset.description);
    for (const auto& preset : actlab::sequencePresets()) shown.push_back(preset.description);
    for (const auto& task : actlab::sequenceTaskCatalogue()) shown.push_back(task.description);
    QSet<QString> listed;
    for (const char* text : actlab::ui::coreCatalogueTexts())
        listed.insert(QString::fromUtf8(text));
    QSet<QString> kept;  // the names kept in English in the .ts
    for (const auto& m : committed())
        if (m.context == QLatin1String("core") && m.translatorComment == kKept) kept << m.source;

    ASSERT_TRUE(actlab::gui::installLanguage(QStringLiteral("zh_CN")));
    for (std::string_view text : shown) {
        const QString english = QString::fromUtf8(text.data(), qsizetype(text.size()));
        EXPECT_TRUE(listed.contains(english)) << "not in core_strings.cpp: " << text;
        if (!kept.contains(english)) {
            EXPECT_NE(actlab::ui::coreText(text), english) << "not translated: " << text;
        }
    }
    // A message with numbers inside: its pattern is translated, the numbers kept.
    EXPECT_EQ(actlab::ui::coreMessage("parameter 'alpha' of leaky_relu must be in [0, 1], got 2"),
              QStringLiteral("leaky_relu 的参数 'alpha' 必须在 [0, 1] 内，实际为 2"));
    // A reason inside a reason (the status bar's backend line), and the device list's words;
    // the device's name stays as it is.
    EXPECT_EQ(
        actlab::ui::coreMessage(
            "auto: no usable GPU (no suitable Vulkan device; found llvmpipe (LLVM 15.0.6, "
            "256 bits) [CPU device, used only when the Vulkan backend is asked for by "
            "name]; Tiny [discrete GPU, no compute queue]); using the CPU"),
        QStringLiteral("自动：没有可用的 GPU（没有合适的 Vulkan 设备；找到的是 llvmpipe (LLVM "
                       "15.0.6, 256 bits) [CPU 设备, 仅在明确指定 Vulkan 后端时使用]; Tiny "
                       "[独立 GPU, 没有计算队列]）；改用 CPU"));
    EXPECT_EQ(actlab::ui::coreMessage("Vulkan requested but unavailable (no Vulkan loader "
                                      "(libvulkan.so.1: cannot open shared object file)); "
                                      "using the CPU"),
              QStringLiteral("已指定 Vulkan 但不可用（没有 Vulkan 加载器（libvulkan.so.1: cannot "
                             "open shared object file））；改用 CPU"));
    // Qt's own texts come in Chinese too (qt6-translations-l10n).
    EXPECT_EQ(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("取消"));
    ASSERT_TRUE(actlab::gui::installLanguage(QStringLiteral("en")));
    EXPECT_EQ(actlab::ui::coreText("two Gaussian blobs"), QStringLiteral("two Gaussian blobs"));
}
