// The command line of `actlab` (the GUI): backend, screenshot mode and the initial view, parsed
// with QCommandLineParser into a plain struct; bad options are reported, never fatal here.
#pragma once

#include <QSize>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "backends/backend_factory.h"
#include "ui/common/appearance.h"
#include "ui/lessons/handout_writer.h"
#include "ui/panels/explorer_curves.h"

namespace actlab::gui {

struct GuiOptions {
    BackendChoice backend = BackendChoice::Auto;  // default: ACTLAB_BACKEND, else auto
    QString screenshotPath;                       // non-empty: render to PNG and exit
    QString view = QStringLiteral("explorer");    // explorer | gelu | gated | training | attention
    QStringList functions;                        // catalogue names; empty: the default set
    std::optional<ui::DerivativeSet> derivatives;
    std::optional<std::pair<double, double>> xRange;
    QSize size{1400, 900};
    // The Training view (any of these opens it unless --view says otherwise; an Attention preset
    // opens the Attention view):
    QString preset;   // a training or attention preset name; empty: the view's default
    int steps = 0;    // train this many steps at start (before the screenshot)
    QString compare;  // an activation name: compare mode with this as run B
    // --text builtin:NAME or FILE: the Attention view's text task on this text (UTF-8, checked).
    std::shared_ptr<const std::string> text;
    QString sessionPath;  // a session to open (after the other options: it sets every view)
    QString language;     // "en" or "zh_CN"; empty: MainWindow::savedLanguage()
    QString lesson;       // a lesson file or a built-in lesson's name (read by main())
    int lessonScene = 1;  // --scene N: the scene to open (1-based)
    // --colours: the appearance instead of the saved one (View → Colours).
    std::optional<ui::Appearance> appearance;
    std::optional<double> uiScale;  // --scale: one of ui::kUiScales (View → UI scale)
    bool presentation = false;      // --presentation: open in View → Presentation
    // --handout FILE.pdf (with --lesson): write the lesson's handout and exit, on --paper's
    // paper (nullopt: HandoutWriter::defaultPaper()).
    QString handoutPath;
    std::optional<ui::HandoutPaper> paper;
};

struct GuiOptionsResult {
    std::optional<GuiOptions> options;  // empty on error or when help/version was asked for
    QString error;                      // what was wrong, one line
    QString helpText;                   // set when --help was given
    bool versionRequested = false;
};

// arguments[0] is the program name, as QCoreApplication::arguments().
GuiOptionsResult parseGuiOptions(const QStringList& arguments);

// Whether `arguments` ask for a screenshot, or a handout (checked before QApplication exists).
bool wantsScreenshot(int argc, char** argv);
bool wantsHandout(int argc, char** argv);
// The value of --language CODE or --language=CODE before any parsing (the help and the option
// errors are printed in it), or empty.
QString languageArgument(int argc, char** argv);

// The arguments without --session FILE, which *session receives: QGuiApplication takes
// -session and --session for X11 session management, so they must not reach it. The result
// ends with a null entry (argc = size − 1).
std::vector<char*> withoutSessionOption(int argc, char** argv, std::optional<QString>* session);

// Whether the command line holds -h, --help or --version (checked before QApplication exists: it
// needs a display, and these two must not).
bool wantsHelpOrVersion(int argc, char** argv);

}  // namespace actlab::gui
