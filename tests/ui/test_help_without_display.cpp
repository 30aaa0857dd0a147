// `actlab --help` and `actlab --version` with no display at all (DISPLAY, WAYLAND_DISPLAY and
// QT_QPA_PLATFORM unset): exit 0, the text on stdout, nothing on stderr; bad options and a
// window with nowhere to go exit 2 with one line, never a Qt abort (issue 6).
#include <gtest/gtest.h>

#include <QProcess>
#include <QProcessEnvironment>

namespace {

struct Output {
    int exitCode;  // −1: timed out, −2: crashed (e.g. Qt aborting for want of a platform)
    QString standardOutput;
    QString standardError;
};

Output runWithoutDisplay(const QStringList& arguments) {
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "LANGUAGE"})
        environment.remove(name);
    environment.insert("LC_ALL", "C");  // English unless --language says otherwise
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(ACTLAB_GUI_BINARY, arguments);
    if (!process.waitForFinished(30000)) return {-1, {}, "timed out"};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2,
            QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

}  // namespace

TEST(HelpWithoutDisplay, HelpListsTheOptions) {
    for (const char* option : {"--help", "-h"}) {
        const Output run = runWithoutDisplay({option});
        ASSERT_EQ(run.exitCode, 0) << option << ": " << run.standardError.toStdString();
        EXPECT_TRUE(run.standardOutput.startsWith("Usage: ")) << run.standardOutput.toStdString();
        for (const char* listed : {"--screenshot <file>", "--backend <name>", "--version"})
            EXPECT_TRUE(run.standardOutput.contains(listed)) << listed;
        EXPECT_TRUE(run.standardError.isEmpty()) << run.standardError.toStdString();
    }
}

// --language applies to the help too (issue 9: every user-visible string in both languages).
TEST(HelpWithoutDisplay, HelpIsInTheLanguageAsked) {
    for (const QStringList& arguments : {QStringList{"--language", "zh_CN", "--help"},
                                         QStringList{"--help", "--language=zh_CN"}}) {
        const Output run = runWithoutDisplay(arguments);
        ASSERT_EQ(run.exitCode, 0) << run.standardError.toStdString();
        EXPECT_TRUE(run.standardOutput.contains(QStringLiteral("ActLab：探索激活函数及其导数。")))
            << run.standardOutput.toStdString();
        EXPECT_TRUE(run.standardOutput.contains(QStringLiteral("显示此帮助并退出。")));
        EXPECT_TRUE(run.standardOutput.contains("--screenshot <"));  // option names stay
    }
    const Output english = runWithoutDisplay({"--language", "en", "--help"});
    EXPECT_TRUE(english.standardOutput.contains("Show this help and exit."));
}

TEST(HelpWithoutDisplay, HelpWinsOverOtherOptions) {
    const Output run = runWithoutDisplay({"--view", "training", "--help"});
    ASSERT_EQ(run.exitCode, 0) << run.standardError.toStdString();
    EXPECT_TRUE(run.standardOutput.startsWith("Usage: "));
}

TEST(HelpWithoutDisplay, VersionPrintsTheProjectVersion) {
    const Output run = runWithoutDisplay({"--version"});
    ASSERT_EQ(run.exitCode, 0) << run.standardError.toStdString();
    EXPECT_EQ(run.standardOutput, QString("actlab %1\n").arg(ACTLAB_VERSION));
    EXPECT_TRUE(run.standardError.isEmpty()) << run.standardError.toStdString();
}

TEST(HelpWithoutDisplay, BadOptionExitsTwoWithOneLineInsteadOfCrashing) {
    const Output run = runWithoutDisplay({"--view", "nonsense"});
    EXPECT_EQ(run.exitCode, 2) << run.standardError.toStdString();
    EXPECT_TRUE(run.standardOutput.isEmpty());
    EXPECT_TRUE(run.standardError.startsWith("actlab: ")) << run.standardError.toStdString();
    EXPECT_TRUE(run.standardError.contains("nonsense")) << run.standardError.toStdString();
}

TEST(HelpWithoutDisplay, WindowWithoutDisplaySaysSoAndExitsTwo) {
    const Output run = runWithoutDisplay({"--view", "training"});
    EXPECT_EQ(run.exitCode, 2) << run.standardError.toStdString();
    EXPECT_EQ(run.standardError.count('\n'), 1) << run.standardError.toStdString();
    EXPECT_TRUE(run.standardError.contains("no display")) << run.standardError.toStdString();
}
