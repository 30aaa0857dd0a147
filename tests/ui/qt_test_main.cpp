// GoogleTest main for the GUI tests: a QApplication on the offscreen platform unless the
// environment chooses one (gtest_discover_tests may run binaries without the test ENVIRONMENT).
//
// Each test program gets a home of its own: CTest runs tests in parallel processes, and
// QSettings, QStandardPaths (test mode included: it lives under $HOME/.qttest) and the autosave
// folder would otherwise be one file shared by all of them, so one test's reset of a key would
// change what another test reads in the middle of its run. The user's own settings stay
// untouched as well. Child processes (the GUI and CLI programs a test starts) inherit it.
#include <gtest/gtest.h>

#include <QApplication>
#include <QByteArray>
#include <QDir>
#include <QTemporaryDir>
#include <cstdio>

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QTemporaryDir home(QDir::tempPath() + QStringLiteral("/actlab-test-home-XXXXXX"));
    if (!home.isValid()) {
        std::fprintf(stderr, "cannot create a home folder for the test: %s\n",
                     qPrintable(home.errorString()));
        return 1;
    }
    const QByteArray path = QFile::encodeName(home.path());
    qputenv("HOME", path);
    qputenv("XDG_CONFIG_HOME", path + "/.config");
    qputenv("XDG_DATA_HOME", path + "/.local/share");
    qputenv("XDG_CACHE_HOME", path + "/.cache");
    ::testing::InitGoogleTest(&argc, argv);
    QApplication app(argc, argv);
    return RUN_ALL_TESTS();
}
