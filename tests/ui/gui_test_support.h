// Helpers shared by the GUI test suites (tests/ui, tests/ui_training): running the actlab
// binary offscreen, building argument lists, and waiting on the event loop.
#pragma once

#include <QApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QStringList>
#include <QThread>
#include <functional>
#include <initializer_list>

namespace actlab::test {

// "actlab" followed by the given words, as argv.
inline QStringList args(std::initializer_list<const char*> list) {
    QStringList result{"actlab"};
    for (const char* item : list) result << item;
    return result;
}

struct ProcessResult {
    int exitCode;  // −1: timed out, −2: crashed
    QString standardError;
};

// Runs `binary` offscreen on the CPU backend and waits up to `milliseconds`.
inline ProcessResult runGui(const QString& binary, const QStringList& arguments, int milliseconds) {
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert("QT_QPA_PLATFORM", "offscreen");
    environment.insert("ACTLAB_BACKEND", "cpu");
    process.setProcessEnvironment(environment);
    process.start(binary, arguments);
    if (!process.waitForFinished(milliseconds)) return {-1, "timed out"};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2,
            QString::fromUtf8(process.readAllStandardError())};
}

// Processes events until `done` or the timeout; returns done().
inline bool waitFor(const std::function<bool()>& done, int milliseconds) {
    QElapsedTimer clock;
    clock.start();
    while (!done() && clock.elapsed() < milliseconds) {
        QApplication::processEvents(QEventLoop::AllEvents, 10);
        QThread::msleep(1);
    }
    return done();
}

}  // namespace actlab::test
