// `actlab --screenshot FILE --view training --preset NAME --steps N [--compare NAME]`: trains N
// steps and saves the window; bad values exit 2 with a message.
#include <gtest/gtest.h>

#include <QImage>
#include <QProcess>
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

TEST(TrainingOptions, ParseAndValidate) {
    auto result =
        actlab::gui::parseGuiOptions(args({"--view", "training", "--preset", "dying-relu",
                                           "--steps", "1500", "--compare", "leaky_relu"}));
    ASSERT_TRUE(result.options) << result.error.toStdString();
    EXPECT_EQ(result.options->view, "training");
    EXPECT_EQ(result.options->preset, "dying-relu");
    EXPECT_EQ(result.options->steps, 1500);
    EXPECT_EQ(result.options->compare, "leaky_relu");
    for (const QStringList& bad : {args({"--preset", "nope"}), args({"--steps", "-1"}),
                                   args({"--steps", "many"}), args({"--compare", "nope"})}) {
        const auto r = actlab::gui::parseGuiOptions(bad);
        EXPECT_FALSE(r.options) << bad.join(' ').toStdString();
        EXPECT_FALSE(r.error.isEmpty());
    }
}

TEST(TrainingScreenshot, TrainsThePresetAndSavesTheWindow) {
    QTemporaryDir dir;
    const QString path = dir.filePath("training.png");
    const ProcessResult r = runActlab({"--screenshot", path, "--view", "training", "--preset",
                                       "dying-relu", "--steps", "300", "--size", "1400x900"});
    ASSERT_EQ(r.exitCode, 0) << r.standardError.toStdString();
    const QImage image(path);
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), QSize(1400, 900));
}

TEST(TrainingScreenshot, BadOptionsExitTwo) {
    const ProcessResult r = runActlab({"--view", "training", "--preset", "nope"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_TRUE(r.standardError.contains("preset")) << r.standardError.toStdString();
}
