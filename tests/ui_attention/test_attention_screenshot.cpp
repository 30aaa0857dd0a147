// `actlab --screenshot FILE --view attention [--preset NAME] [--steps N]`: trains N steps and
// saves the window; an Attention preset alone opens the Attention view; bad names exit 2.
#include <gtest/gtest.h>

#include <QFile>
#include <QImage>
#include <QTemporaryDir>

#include "../ui/gui_test_support.h"
#include "gui_options.h"

namespace {

using actlab::test::args;
using actlab::test::ProcessResult;

ProcessResult runActlab(const QStringList& arguments) {
    return actlab::test::runGui(ACTLAB_GUI_BINARY, arguments, 120000);
}

}  // namespace

TEST(AttentionOptions, ParseAndValidate) {
    auto result = actlab::gui::parseGuiOptions(
        args({"--view", "attention", "--preset", "induction-two-layers", "--steps", "300"}));
    ASSERT_TRUE(result.options) << result.error.toStdString();
    EXPECT_EQ(result.options->view, "attention");
    EXPECT_EQ(result.options->preset, "induction-two-layers");
    EXPECT_EQ(result.options->steps, 300);
    result = actlab::gui::parseGuiOptions(args({"--preset", "reverse-heads"}));
    ASSERT_TRUE(result.options) << result.error.toStdString();
    EXPECT_EQ(result.options->view, "attention") << "an Attention preset opens its view";
    result = actlab::gui::parseGuiOptions(args({"--preset", "dying-relu"}));
    ASSERT_TRUE(result.options);
    EXPECT_EQ(result.options->view, "training");
    for (const QStringList& bad :
         {args({"--view", "attention", "--preset", "dying-relu"}),
          args({"--view", "training", "--preset", "reverse-heads"}), args({"--preset", "nope"})}) {
        const auto r = actlab::gui::parseGuiOptions(bad);
        EXPECT_FALSE(r.options) << bad.join(' ').toStdString();
        EXPECT_TRUE(r.error.contains("reverse-heads")) << "names the known presets";
    }
}

TEST(AttentionOptions, CompareTakesAScalarActivationForQkv) {
    auto result = actlab::gui::parseGuiOptions(
        args({"--preset", "reverse-heads", "--steps", "10", "--compare", "relu"}));
    ASSERT_TRUE(result.options) << result.error.toStdString();
    EXPECT_EQ(result.options->view, "attention");
    EXPECT_EQ(result.options->compare, "relu");
    result =
        actlab::gui::parseGuiOptions(args({"--preset", "reverse-heads", "--compare", "swiglu"}));
    EXPECT_FALSE(result.options);
    EXPECT_TRUE(result.error.contains("gated")) << result.error.toStdString();
}

TEST(AttentionScreenshot, ComparesWithReluOnQkv) {
    QTemporaryDir dir;
    const QString path = dir.filePath("compare.png");
    const ProcessResult r =
        runActlab({"--screenshot", path, "--view", "attention", "--preset", "reverse-heads",
                   "--steps", "20", "--compare", "relu", "--size", "1280x720"});
    ASSERT_EQ(r.exitCode, 0) << r.standardError.toStdString();
    const QImage image(path);
    EXPECT_EQ(image.size(), QSize(1280, 720));
}

TEST(AttentionScreenshot, TrainsThePresetAndSavesTheWindow) {
    QTemporaryDir dir;
    const QString path = dir.filePath("attention.png");
    const ProcessResult r = runActlab({"--screenshot", path, "--view", "attention", "--preset",
                                       "reverse-heads", "--steps", "20", "--size", "1024x768"});
    ASSERT_EQ(r.exitCode, 0) << r.standardError.toStdString();
    const QImage image(path);
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), QSize(1024, 768));
}

TEST(AttentionScreenshot, BadPresetExitsTwo) {
    const ProcessResult r = runActlab({"--view", "attention", "--preset", "nope"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_TRUE(r.standardError.contains("preset")) << r.standardError.toStdString();
}

// Issue 27: --text builtin:NAME or FILE opens the Attention view on the text task.
TEST(AttentionOptions, TextTakesABuiltInTextOrAFileAndRefusesBadOnes) {
    auto result = actlab::gui::parseGuiOptions(args({"--text", "builtin:tang-poems"}));
    ASSERT_TRUE(result.options) << result.error.toStdString();
    EXPECT_EQ(result.options->view, "attention");
    ASSERT_TRUE(result.options->text);
    EXPECT_FALSE(result.options->text->empty());
    QTemporaryDir dir;
    const QString binary = dir.filePath("binary.bin");
    QFile file(binary);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(QByteArray("abc\0def", 7));
    file.close();
    const QStringList missing{QStringLiteral("actlab"), QStringLiteral("--text"),
                              dir.filePath("missing.txt")};
    for (const QStringList& bad :
         {args({"--text", "builtin:nope"}),
          QStringList{QStringLiteral("actlab"), QStringLiteral("--text"), binary}, missing}) {
        const auto r = actlab::gui::parseGuiOptions(bad);
        EXPECT_FALSE(r.options) << bad.join(' ').toStdString();
        EXPECT_TRUE(r.error.startsWith("--text")) << r.error.toStdString();
    }
}

TEST(AttentionScreenshot, TrainsABuiltInText) {
    QTemporaryDir dir;
    const QString path = dir.filePath("text.png");
    const ProcessResult r = runActlab({"--screenshot", path, "--text", "builtin:english-poems",
                                       "--steps", "20", "--size", "1280x720"});
    ASSERT_EQ(r.exitCode, 0) << r.standardError.toStdString();
    EXPECT_EQ(QImage(path).size(), QSize(1280, 720));
}
