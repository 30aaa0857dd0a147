// actlab: the GUI entry point. Parses the options (exit 2 on bad ones; --help and --version need
// no display), picks the backend, opens the main window, or with --screenshot renders it to a PNG.
#include <QApplication>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QIcon>
#include <QImage>
#include <QMessageBox>
#include <QThread>
#include <cstdio>
#include <optional>
#include <vector>

#include "first_start_tour.h"
#include "gui_options.h"
#include "lesson_controller.h"
#include "lesson_handout.h"
#include "main_window.h"
#include "session_manager.h"
#include "translations.h"
#include "ui/attention/attention_controller.h"
#include "ui/attention/attention_view.h"
#include "ui/training/training_controller.h"
#include "ui/training/training_view.h"

namespace {

// Shows the window, trains the asked steps, lets layouts and charts settle, grabs it to
// `path`; 0 on success.
int saveScreenshot(actlab::gui::MainWindow& window, const QString& path, int steps) {
    window.show();
    const bool attention = window.currentView() == QLatin1String("attention");
    const auto trained = [&] {
        return attention ? window.attentionView()->trainAndWait(steps, 600000)
                         : window.trainingView()->trainAndWait(steps, 600000);
    };
    const auto diverged = [&] {
        return attention ? window.attentionView()->diverged() : window.trainingView()->diverged();
    };
    if (steps > 0 && !trained() && !diverged())  // a divergence is worth a screenshot too
        std::fprintf(stderr, "actlab: %s\n",
                     qPrintable(QApplication::translate("main", "training stopped at step %1 of %2")
                                    .arg(attention ? window.attentionView()->currentStep()
                                                   : window.trainingView()->currentStep())
                                    .arg(steps)));
    QElapsedTimer settle;
    settle.start();
    while (settle.elapsed() < 400) {
        QApplication::processEvents(QEventLoop::AllEvents, 50);
        QThread::msleep(10);
    }
    const QImage image = window.grab().toImage();
    if (image.isNull() || !image.save(path, "PNG")) {
        std::fprintf(stderr, "actlab: %s\n",
                     qPrintable(QApplication::translate("main",
                                                        "could not write the screenshot "
                                                        "to %1")
                                    .arg(path)));
        return 1;
    }
    return 0;
}

// What the QCoreApplication that prints --help and the QApplication both need: the name and
// version (and, when there are translations, their translator).
void describeApplication() {
    QCoreApplication::setApplicationName(QStringLiteral("actlab"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ACTLAB_VERSION));
}

// The language of the help and of the option errors: --language's if ActLab speaks it, else the
// one chosen last (or the system's).
void installLanguageOfArguments(int argc, char** argv) {
    const QString asked = actlab::gui::languageArgument(argc, argv);
    actlab::gui::installLanguage(actlab::gui::availableLanguages().contains(asked)
                                     ? asked
                                     : actlab::gui::MainWindow::savedLanguage());
}

// Prints the help or the version if `parsed` asks for one; returns the exit status, or -1.
int printHelpOrVersion(const actlab::gui::GuiOptionsResult& parsed) {
    if (!parsed.helpText.isEmpty()) {
        std::fputs(qPrintable(parsed.helpText), stdout);
        return 0;
    }
    if (parsed.versionRequested) {
        std::printf("actlab %s\n", ACTLAB_VERSION);
        return 0;
    }
    return -1;
}

// Without a display, or for --help and --version, the options are parsed under a
// QCoreApplication (main's argc, which it may change): help, version and bad options are
// answered, and a window without a screenshot is refused. The exit status, or -1 to go on.
int answerWithoutWindow(int& argc, char** argv, bool hasDisplay) {
    QCoreApplication core(argc, argv);
    describeApplication();
    installLanguageOfArguments(argc, argv);
    const actlab::gui::GuiOptionsResult parsed = actlab::gui::parseGuiOptions(core.arguments());
    if (const int status = printHelpOrVersion(parsed); status >= 0) return status;
    if (!hasDisplay && !parsed.options) {
        std::fprintf(stderr, "actlab: %s\n%s\n", qPrintable(parsed.error),
                     qPrintable(QCoreApplication::translate("main", "Try 'actlab --help'.")));
        return 2;
    }
    if (!hasDisplay && parsed.options->screenshotPath.isEmpty() &&
        parsed.options->handoutPath.isEmpty()) {
        std::fprintf(stderr, "actlab: %s\n",
                     qPrintable(QCoreApplication::translate(
                         "main",
                         "no display to open the window on (DISPLAY and WAYLAND_DISPLAY are "
                         "unset); --screenshot FILE and --handout FILE work without one")));
        return 2;
    }
    return -1;
}

// The options under the QApplication, with --session FILE (taken out of Qt's arguments) put
// back. Returns the exit status for help, version or a bad option, or -1 with *options set.
int readOptions(const QStringList& arguments, const std::optional<QString>& sessionArgument,
                actlab::gui::GuiOptions* options) {
    const actlab::gui::GuiOptionsResult parsed = actlab::gui::parseGuiOptions(arguments);
    if (const int status = printHelpOrVersion(parsed); status >= 0) return status;
    if (!parsed.options) {
        std::fprintf(stderr, "actlab: %s\n%s\n", qPrintable(parsed.error),
                     qPrintable(QApplication::translate("main", "Try 'actlab --help'.")));
        return 2;
    }
    *options = *parsed.options;
    if (sessionArgument) {
        options->sessionPath = *sessionArgument;
        if (!QFileInfo(options->sessionPath).isFile()) {
            std::fprintf(
                stderr, "actlab: %s\n",
                qPrintable(QApplication::translate("main", "--session: no such file \"%1\".")
                               .arg(options->sessionPath)));
            return 2;
        }
    }
    return -1;
}

// The offscreen platform warns on every window whose size hints change ("This plugin does not
// support propagateSizeHints()"): noise on a handout's stderr, which holds errors alone.
QtMessageHandler g_nextMessageHandler = nullptr;
void withoutSizeHintWarnings(QtMsgType type, const QMessageLogContext& context,
                             const QString& message) {
    if (type == QtWarningMsg && message.contains(QLatin1String("propagateSizeHints"))) return;
    g_nextMessageHandler(type, context, message);
}

// --handout: the lesson's handout written (on the offscreen platform: no window is seen); 0 on
// success, 1 with one line on stderr when it could not be written.
int writeHandout(actlab::gui::MainWindow& window, const actlab::gui::GuiOptions& options) {
    g_nextMessageHandler = qInstallMessageHandler(withoutSizeHintWarnings);
    window.show();
    QString error;
    if (!actlab::gui::writeLessonHandout(
            window, options.handoutPath,
            options.paper.value_or(actlab::ui::HandoutWriter::defaultPaper()), &error, {})) {
        std::fprintf(stderr, "actlab: %s\n", qPrintable(error));
        return 1;
    }
    return 0;
}

// Opens the session and the lesson asked for, then saves the screenshot or the handout, or shows
// the window and runs the application; returns the exit status.
int runWindow(actlab::gui::MainWindow& window, const actlab::gui::GuiOptions& options) {
    // Either writes a file and exits, with the defaults rather than the saved preferences.
    const bool screenshot = !options.screenshotPath.isEmpty() || !options.handoutPath.isEmpty();
    window.resize(options.size);
    if (!screenshot) window.restorePreferences();  // a screenshot shows the defaults
    window.applyOptions(options);
    actlab::gui::SessionManager& sessions = *window.sessions();
    if (!options.sessionPath.isEmpty()) {
        QString error;
        if (!sessions.open(options.sessionPath, &error)) {
            std::fprintf(stderr, "actlab: %s\n", qPrintable(error));
            return 2;
        }
    }
    // --lesson: a bad lesson is one line on stderr and status 2 with --screenshot, else a message
    // box over the window as it is.
    QString lessonError;
    const bool lessonOpened =
        options.lesson.isEmpty() ||
        window.lessons()->openAtScene(options.lesson, options.lessonScene, &lessonError);
    if (screenshot && !lessonOpened) {
        std::fprintf(stderr, "actlab: %s\n", qPrintable(lessonError));
        return 2;
    }
    if (!options.handoutPath.isEmpty()) return writeHandout(window, options);
    if (screenshot && !options.lesson.isEmpty()) {
        window.show();
        window.lessons()->waitForPretraining(600000);
    }
    if (screenshot) return saveScreenshot(window, options.screenshotPath, options.steps);
    sessions.startAutosave();
    window.show();
    if (options.presentation) window.setPresentation(true);
    if (!lessonOpened)
        QMessageBox::warning(&window, QApplication::translate("main", "Cannot open the lesson"),
                             lessonError);
    bool recovered = options.sessionPath.isEmpty() && sessions.offerRecovery();
    recovered = sessions.offerDraftRecovery() || recovered;  // the lesson being written
    if (!recovered && options.sessionPath.isEmpty() && options.lesson.isEmpty())
        actlab::gui::FirstStartTour::offerOnce(window);  // once per user, Esc skips it
    if (options.steps > 0 && options.view == QLatin1String("attention"))
        window.attentionView()->controller()->advance(options.steps);
    else if (options.steps > 0)
        window.trainingView()->controller()->advance(options.steps);
    return QApplication::exec();
}

}  // namespace

int main(int argc, char** argv) {
    // --help, --version and bad options work without a display: a QCoreApplication needs no
    // platform plugin. With a display, anything but help and version is parsed under
    // QApplication, which first removes Qt's own options such as -platform.
    const bool hasDisplay = !qEnvironmentVariableIsEmpty("DISPLAY") ||
                            !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") ||
                            !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
    if (actlab::gui::wantsHelpOrVersion(argc, argv) || !hasDisplay) {
        if (const int status = answerWithoutWindow(argc, argv, hasDisplay); status >= 0)
            return status;
    }

    // A screenshot must work on a machine without a display (CI, documentation builds); a
    // handout opens no window on any.
    const bool noDisplay =
        qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
    if (((actlab::gui::wantsScreenshot(argc, argv) && noDisplay) ||
         actlab::gui::wantsHandout(argc, argv)) &&
        qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");

    // --session is ActLab's; Qt would take it for X11 session management (gui_options.h).
    std::optional<QString> sessionArgument;
    std::vector<char*> qtArguments =
        actlab::gui::withoutSessionOption(argc, argv, &sessionArgument);
    int qtArgc = int(qtArguments.size()) - 1;
    QApplication app(qtArgc, qtArguments.data());
    describeApplication();
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/actlab.svg")));
    // The installed desktop entry's id (cmake/packaging.cmake): the Wayland app id.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.actlab.ActLab"));
    installLanguageOfArguments(argc, argv);

    actlab::gui::GuiOptions options;
    if (const int status = readOptions(app.arguments(), sessionArgument, &options); status >= 0)
        return status;

    // The language before the window: its views are made in it (a screenshot shows English
    // unless --language asks).
    const bool screenshotAsked =
        !options.screenshotPath.isEmpty() || !options.handoutPath.isEmpty();
    actlab::gui::installLanguage(!options.language.isEmpty() ? options.language
                                 : screenshotAsked           ? QStringLiteral("en")
                                                   : actlab::gui::MainWindow::savedLanguage());
    actlab::BackendSelection selection = actlab::createBackend(options.backend);
    actlab::gui::MainWindow window(*selection.backend, QString::fromStdString(selection.reason));
    return runWindow(window, options);
}
