// Parsing and validation of the GUI's options; every message names the option and the value.
#include "gui_options.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <cstring>
#include <iterator>
#include <vector>

#include "common/number_format.h"
#include "datasets/builtin_texts.h"
#include "datasets/sequence_tasks.h"
#include "training/presets.h"
#include "training/sequence_presets.h"
#include "translations.h"
#include "ui/common/ui_scale.h"

namespace actlab::gui {
namespace {

// lupdate files these tr() calls under the enclosing namespace's name: the same context here.
QString tr(const char* text) { return QCoreApplication::translate("actlab::gui", text); }

std::optional<double> number(const QString& text) {
    return actlab::parseNumber(text.trimmed().toStdString()).value;
}

// One option of the GUI: its names, its line in --help and, for an option that takes a value,
// the value's name. The texts are translated as tr() does here.
struct GuiOptionSpec {
    const char* name;
    const char* alias;  // a second name, or null
    const char* description;
    const char* valueName;  // null for a switch
};

// The options in --help's order.
constexpr GuiOptionSpec kGuiOptions[] = {
    {"h", "help", QT_TRANSLATE_NOOP("actlab::gui", "Show this help and exit."), nullptr},
    {"version", nullptr, QT_TRANSLATE_NOOP("actlab::gui", "Show the version and exit."), nullptr},
    {"backend", nullptr,
     QT_TRANSLATE_NOOP("actlab::gui",
                       "Compute backend: cpu, vulkan or auto (default: "
                       "ACTLAB_BACKEND, else auto)."),
     QT_TRANSLATE_NOOP("actlab::gui", "name")},
    {"screenshot", nullptr,
     QT_TRANSLATE_NOOP("actlab::gui", "Render the window as it opens to a PNG and exit."),
     QT_TRANSLATE_NOOP("actlab::gui", "file")},
    {"view", nullptr,
     QT_TRANSLATE_NOOP("actlab::gui",
                       "Opening view: explorer, gelu, gated, training or attention."),
     QT_TRANSLATE_NOOP("actlab::gui", "name")},
    {"functions", nullptr,
     QT_TRANSLATE_NOOP("actlab::gui", "Explorer functions, comma-separated (e.g. relu,gelu)."),
     QT_TRANSLATE_NOOP("actlab::gui", "list")},
    {"derivatives", nullptr, QT_TRANSLATE_NOOP("actlab::gui", "Curves to show: any of f,f1,f2."),
     QT_TRANSLATE_NOOP("actlab::gui", "list")},
    {"x-range", nullptr, QT_TRANSLATE_NOOP("actlab::gui", "x range as A:B with A < B."),
     QT_TRANSLATE_NOOP("actlab::gui", "A:B")},
    {"size", nullptr, QT_TRANSLATE_NOOP("actlab::gui", "Window size as WxH (default 1400x900)."),
     QT_TRANSLATE_NOOP("actlab::gui", "WxH")},
    {"preset", nullptr,
     QT_TRANSLATE_NOOP("actlab::gui",
                       "Training preset (e.g. dying-relu; opens the Training view) or Attention "
                       "preset (e.g. reverse-heads; opens the Attention view)."),
     QT_TRANSLATE_NOOP("actlab::gui", "name")},
    {"steps", nullptr,
     QT_TRANSLATE_NOOP("actlab::gui", "Train this many steps first (Training or Attention view)."),
     QT_TRANSLATE_NOOP("actlab::gui", "N")},
    {"compare", nullptr,
     QT_TRANSLATE_NOOP("actlab::gui",
                       "Compare with a second run using this activation "
                       "(Training view: the hidden layers'; Attention view: "
                       "on Q, K and V)."),
     QT_TRANSLATE_NOOP("actlab::gui", "activation")},
    {"text", nullptr,
     QT_TRANSLATE_NOOP("actlab::gui",
                       "The Attention view's text task on this text: builtin:NAME (english-poems, "
                       "tang-poems, program) or a UTF-8 file."),
     QT_TRANSLATE_NOOP("actlab::gui", "builtin:NAME|file")},
    {"session", nullptr,
     QT_TRANSLATE_NOOP("actlab::gui",
                       "Open this saved session (.actlab): every view as it was, the runs paused "
                       "where they stood."),
     QT_TRANSLATE_NOOP("actlab::gui", "file")},
    {"language", nullptr,
     QT_TRANSLATE_NOOP("actlab::gui",
                       "Language of the window: en or zh_CN (default: the last one chosen, else "
                       "the system's)."),
     QT_TRANSLATE_NOOP("actlab::gui", "code")},
    {"lesson", nullptr,
     QT_TRANSLATE_NOOP("actlab::gui",
                       "Open a guided lesson: a lesson file (.json) or a built-in lesson's name "
                       "(Help → Lessons)."),
     QT_TRANSLATE_NOOP("actlab::gui", "file|name")},
    {"scene", nullptr,
     QT_TRANSLATE_NOOP("actlab::gui", "With --lesson: the scene to open (1 = the first)."),
     QT_TRANSLATE_NOOP("actlab::gui", "N")},
    {"handout", nullptr,
     QT_TRANSLATE_NOOP("actlab::gui",
                       "With --lesson: write the lesson's handout (every scene's text with its "
                       "measured figures, and its picture) to a PDF and exit; no window opens."),
     QT_TRANSLATE_NOOP("actlab::gui", "file")},
    {"paper", nullptr,
     QT_TRANSLATE_NOOP("actlab::gui",
                       "With --handout: a4 or letter (default: the system's usual paper)."),
     QT_TRANSLATE_NOOP("actlab::gui", "size")},
    {"colours", nullptr,
     QT_TRANSLATE_NOOP("actlab::gui",
                       "Colours, a comma-separated list of: standard or colour-blind-safe (the "
                       "palette), viridis or cividis, rdbu or blue-orange (the maps), "
                       "high-contrast (default: the last ones chosen in View → Colours)."),
     QT_TRANSLATE_NOOP("actlab::gui", "list")},
    {"scale", nullptr,
     QT_TRANSLATE_NOOP("actlab::gui",
                       "UI scale for the back of a classroom: 1, 1.25, 1.5 or 2 "
                       "(default: the last one chosen in View → UI scale)."),
     QT_TRANSLATE_NOOP("actlab::gui", "factor")},
    {"presentation", nullptr,
     QT_TRANSLATE_NOOP("actlab::gui",
                       "Open in presentation mode: full screen (View → Presentation; Esc leaves "
                       "it)."),
     nullptr},
};

// The description and kGuiOptions, translated, into `parser`.
void addGuiOptions(QCommandLineParser& parser) {
    parser.setApplicationDescription(
        tr("ActLab: explore activation functions and their derivatives."));
    QList<QCommandLineOption> options;
    for (const GuiOptionSpec& spec : kGuiOptions) {
        QStringList names{QString::fromLatin1(spec.name)};
        if (spec.alias) names << QString::fromLatin1(spec.alias);
        options << QCommandLineOption(names, tr(spec.description),
                                      spec.valueName ? tr(spec.valueName) : QString());
    }
    parser.addOptions(options);
}

// Whether option `name` (either of its names) was given, and its value.
bool optionSet(const QCommandLineParser& parser, const char* name) {
    return parser.isSet(QString::fromLatin1(name));
}

QString optionValue(const QCommandLineParser& parser, const char* name) {
    return parser.value(QString::fromLatin1(name));
}

// --backend, --screenshot and --view; false with *error set on a bad one.
bool readOpeningOptions(const QCommandLineParser& parser, GuiOptions& options, QString* error) {
    options.backend = backendChoiceFromEnvironment(BackendChoice::Auto);
    if (optionSet(parser, "backend")) {
        const auto choice = parseBackendChoice(optionValue(parser, "backend").toStdString());
        if (!choice) {
            *error = tr("--backend must be cpu, vulkan or auto, not \"%1\".")
                         .arg(optionValue(parser, "backend"));
            return false;
        }
        options.backend = *choice;
    }
    if (optionSet(parser, "screenshot")) {
        options.screenshotPath = optionValue(parser, "screenshot");
        if (options.screenshotPath.isEmpty()) {
            *error = tr("--screenshot needs a file name.");
            return false;
        }
    }
    if (optionSet(parser, "view")) {
        options.view = optionValue(parser, "view");
        if (!QStringList{QStringLiteral("explorer"), QStringLiteral("gelu"),
                         QStringLiteral("gated"), QStringLiteral("training"),
                         QStringLiteral("attention")}
                 .contains(options.view)) {
            *error = tr("--view must be explorer, gelu, gated, training or attention, not \"%1\".")
                         .arg(options.view);
            return false;
        }
    }
    return true;
}

// --preset. A preset belongs to the Training or to the Attention view; --view attention (or a
// name only the Attention view knows) picks the latter's table, and sets *attentionPreset.
bool readPreset(const QCommandLineParser& parser, GuiOptions& options, bool* attentionPreset,
                QString* error) {
    if (!optionSet(parser, "preset")) return true;
    options.preset = optionValue(parser, "preset");
    const std::string name = options.preset.toStdString();
    const bool training = findTrainingPreset(name) != nullptr;
    const bool attention = findSequencePreset(name) != nullptr;
    const bool viewSet = optionSet(parser, "view");
    const bool attentionView = viewSet && options.view == QLatin1String("attention");
    *attentionPreset = attention && (attentionView || (!viewSet && !training));
    // --view attention: an Attention preset; another --view: a Training one; none: either.
    const bool valid = attentionView ? attention : viewSet ? training : training || attention;
    if (valid) return true;
    QStringList known;
    if (!attentionView)
        for (const TrainingPreset& p : trainingPresets())
            known << QString::fromUtf8(p.name.data(), qsizetype(p.name.size()));
    for (const SequencePreset& p : sequencePresets())
        known << QString::fromUtf8(p.name.data(), qsizetype(p.name.size()));
    *error = tr("--preset: unknown preset \"%1\" (known: %2).")
                 .arg(options.preset, known.join(QStringLiteral(", ")));
    return false;
}

// The words of --colours into an appearance.
bool readColours(const QString& list, ui::Appearance* look, QString* error) {
    for (const QString& word : list.split(QLatin1Char(','))) {
        const QString w = word.trimmed();
        if (w == QLatin1String("high-contrast"))
            look->highContrast = true;
        else if (w == ui::paletteKey(ui::paletteFromKey(w)))
            look->palette = ui::paletteFromKey(w);
        else if (w == ui::sequentialMapKey(ui::sequentialMapFromKey(w)))
            look->sequential = ui::sequentialMapFromKey(w);
        else if (w == ui::divergingMapKey(ui::divergingMapFromKey(w)))
            look->diverging = ui::divergingMapFromKey(w);
        else {
            *error = tr("--colours: \"%1\" is none of standard, colour-blind-safe, "
                        "viridis, cividis, rdbu, blue-orange, high-contrast.")
                         .arg(w);
            return false;
        }
    }
    return true;
}

// --session, --language, --colours and --scale.
bool readSessionAndLook(const QCommandLineParser& parser, GuiOptions& options, QString* error) {
    if (optionSet(parser, "session")) {
        options.sessionPath = optionValue(parser, "session");
        if (!QFileInfo(options.sessionPath).isFile()) {
            *error = tr("--session: no such file \"%1\".").arg(options.sessionPath);
            return false;
        }
    }
    if (optionSet(parser, "language")) {
        options.language = normalisedLanguage(optionValue(parser, "language"));
        if (options.language.isEmpty()) {
            *error = tr("--language must be en or zh_CN, not \"%1\".")
                         .arg(optionValue(parser, "language"));
            return false;
        }
    }
    if (optionSet(parser, "colours")) {
        ui::Appearance look;
        if (!readColours(optionValue(parser, "colours"), &look, error)) return false;
        options.appearance = look;
    }
    if (optionSet(parser, "scale")) {
        bool ok = false;
        const double factor = optionValue(parser, "scale").toDouble(&ok);
        if (!ok || std::find(std::begin(ui::kUiScales), std::end(ui::kUiScales), factor) ==
                       std::end(ui::kUiScales)) {
            *error = tr("--scale must be 1, 1.25, 1.5 or 2, not \"%1\".")
                         .arg(optionValue(parser, "scale"));
            return false;
        }
        options.uiScale = factor;
    }
    return true;
}

// --handout and --paper: a handout needs a lesson, and is no screenshot.
bool readHandoutOptions(const QCommandLineParser& parser, GuiOptions& options, QString* error) {
    if (optionSet(parser, "handout")) {
        options.handoutPath = optionValue(parser, "handout");
        if (options.handoutPath.isEmpty() || !optionSet(parser, "lesson")) {
            *error = tr("--handout needs --lesson and a file name.");
            return false;
        }
        if (optionSet(parser, "screenshot")) {
            *error = tr("--handout and --screenshot cannot be combined.");
            return false;
        }
    }
    if (optionSet(parser, "paper")) {
        options.paper = ui::HandoutWriter::paperFromName(optionValue(parser, "paper"));
        if (!options.paper || options.handoutPath.isEmpty()) {
            *error = tr("--paper needs --handout and a4 or letter, not \"%1\".")
                         .arg(optionValue(parser, "paper"));
            return false;
        }
    }
    return true;
}

// --presentation, --lesson, --scene, --handout, --paper, --steps and --compare.
bool readLessonAndRunOptions(const QCommandLineParser& parser, GuiOptions& options,
                             QString* error) {
    options.presentation = optionSet(parser, "presentation");
    if (optionSet(parser, "lesson")) options.lesson = optionValue(parser, "lesson");
    if (optionSet(parser, "scene")) {
        bool ok = false;
        options.lessonScene = optionValue(parser, "scene").toInt(&ok);
        if (!ok || options.lessonScene < 1 || !optionSet(parser, "lesson")) {
            *error = tr("--scene needs --lesson and a scene number from 1, not \"%1\".")
                         .arg(optionValue(parser, "scene"));
            return false;
        }
    }
    if (!readHandoutOptions(parser, options, error)) return false;
    if (optionSet(parser, "steps")) {
        bool ok = false;
        options.steps = optionValue(parser, "steps").toInt(&ok);
        if (!ok || options.steps < 0 || options.steps > 10'000'000) {
            *error = tr("--steps must be a whole number from 0 to 10000000, not \"%1\".")
                         .arg(optionValue(parser, "steps"));
            return false;
        }
    }
    if (optionSet(parser, "compare")) {
        options.compare = optionValue(parser, "compare").trimmed();
        if (!findActivationId(options.compare.toStdString())) {
            *error = tr("--compare: unknown activation \"%1\" (see actlab-cli list).")
                         .arg(options.compare);
            return false;
        }
    }
    return true;
}

// Without --view, a preset, --steps or --compare opens the Training or the Attention view; there
// a gated unit cannot be compared on Q, K and V.
bool settleView(const QCommandLineParser& parser, GuiOptions& options, bool attentionPreset,
                QString* error) {
    if (!optionSet(parser, "view") &&
        (optionSet(parser, "preset") || optionSet(parser, "steps") || optionSet(parser, "compare")))
        options.view = attentionPreset ? QStringLiteral("attention") : QStringLiteral("training");
    if (!options.compare.isEmpty() && options.view == QLatin1String("attention") &&
        activationInfo(*findActivationId(options.compare.toStdString())).kind ==
            ActivationKind::Gated) {
        *error = tr("--compare: %1 is a gated unit; Q, K and V take a scalar activation.")
                     .arg(options.compare);
        return false;
    }
    return true;
}

// --text: a built-in text or a file, checked as the text task checks it; it opens the Attention
// view unless --view names another.
bool readTextOption(const QCommandLineParser& parser, GuiOptions& options, QString* error) {
    if (!optionSet(parser, "text")) return true;
    const QString source = optionValue(parser, "text");
    std::string bytes;
    if (source.startsWith(QLatin1String("builtin:"))) {
        const BuiltInText* text = findBuiltInText(source.mid(8).toStdString());
        if (!text) {
            *error = tr("--text: no built-in text \"%1\".").arg(source.mid(8));
            return false;
        }
        bytes = std::string(text->text);
    } else {
        QFile file(source);
        if (!file.open(QIODevice::ReadOnly)) {
            *error = tr("--text: cannot open %1.").arg(source);
            return false;
        }
        bytes = file.read(qint64(kMaxTextBytes) + 1).toStdString();
    }
    auto text = std::make_shared<const std::string>(std::move(bytes));
    std::string message;
    if (!SequenceTask::create(*findSequenceTask("text"), {}, &message, text)) {
        *error = tr("--text: %1").arg(QString::fromStdString(message));
        return false;
    }
    options.text = std::move(text);
    if (!optionSet(parser, "view")) options.view = QStringLiteral("attention");
    return true;
}

// --functions and --derivatives: the Explorer's curves.
bool readExplorerCurves(const QCommandLineParser& parser, GuiOptions& options, QString* error) {
    if (optionSet(parser, "functions")) {
        for (const QString& name : optionValue(parser, "functions").split(QLatin1Char(','))) {
            const QString trimmed = name.trimmed();
            if (!findActivation(trimmed.toStdString())) {
                *error =
                    tr("--functions: unknown function \"%1\" (see actlab-cli list).").arg(trimmed);
                return false;
            }
            options.functions << trimmed;
        }
    }
    if (optionSet(parser, "derivatives")) {
        ui::DerivativeSet set{false, false, false};
        for (const QString& part : optionValue(parser, "derivatives").split(QLatin1Char(','))) {
            const QString name = part.trimmed();
            if (name == QLatin1String("f"))
                set.value = true;
            else if (name == QLatin1String("f1"))
                set.first = true;
            else if (name == QLatin1String("f2"))
                set.second = true;
            else {
                *error = tr("--derivatives takes f, f1 and f2, not \"%1\".").arg(name);
                return false;
            }
        }
        options.derivatives = set;
    }
    return true;
}

// --x-range and --size.
bool readRangeAndSize(const QCommandLineParser& parser, GuiOptions& options, QString* error) {
    if (optionSet(parser, "x-range")) {
        const QStringList parts = optionValue(parser, "x-range").split(QLatin1Char(':'));
        const auto low = parts.size() == 2 ? number(parts[0]) : std::nullopt;
        const auto high = parts.size() == 2 ? number(parts[1]) : std::nullopt;
        if (!low || !high || !(*low < *high)) {
            *error = tr("--x-range must be A:B with finite numbers A < B, not \"%1\".")
                         .arg(optionValue(parser, "x-range"));
            return false;
        }
        options.xRange = std::make_pair(*low, *high);
    }
    if (optionSet(parser, "size")) {
        const QStringList parts = optionValue(parser, "size").toLower().split(QLatin1Char('x'));
        bool widthOk = false, heightOk = false;
        const int width = parts.size() == 2 ? parts[0].toInt(&widthOk) : 0;
        const int height = parts.size() == 2 ? parts[1].toInt(&heightOk) : 0;
        if (!widthOk || !heightOk || width < 320 || height < 240 || width > 8192 || height > 8192) {
            *error = tr("--size must be WxH between 320x240 and 8192x8192, not \"%1\".")
                         .arg(optionValue(parser, "size"));
            return false;
        }
        options.size = QSize(width, height);
    }
    return true;
}

}  // namespace

bool wantsScreenshot(int argc, char** argv) {
    for (int i = 1; i < argc; ++i)
        if (std::strncmp(argv[i], "--screenshot", 12) == 0) return true;
    return false;
}

bool wantsHandout(int argc, char** argv) {
    for (int i = 1; i < argc; ++i)
        if (std::strncmp(argv[i], "--handout", 9) == 0) return true;
    return false;
}

QString languageArgument(int argc, char** argv) {
    for (int i = 1; i < argc && std::strcmp(argv[i], "--") != 0; ++i) {
        if (std::strcmp(argv[i], "--language") == 0 && i + 1 < argc)
            return QString::fromLocal8Bit(argv[i + 1]);
        if (std::strncmp(argv[i], "--language=", 11) == 0)
            return QString::fromLocal8Bit(argv[i] + 11);
    }
    return {};
}

std::vector<char*> withoutSessionOption(int argc, char** argv, std::optional<QString>* session) {
    std::vector<char*> kept;
    for (int i = 0; i < argc; ++i) {
        if (i > 0 && std::strcmp(argv[i], "--session") == 0) {
            *session = i + 1 < argc ? QString::fromLocal8Bit(argv[++i]) : QString();
            continue;
        }
        if (i > 0 && std::strncmp(argv[i], "--session=", 10) == 0) {
            *session = QString::fromLocal8Bit(argv[i] + 10);
            continue;
        }
        kept.push_back(argv[i]);
    }
    kept.push_back(nullptr);  // argv[argc] is null, as main's
    return kept;
}

bool wantsHelpOrVersion(int argc, char** argv) {
    for (int i = 1; i < argc && std::strcmp(argv[i], "--") != 0; ++i)
        if (std::strcmp(argv[i], "-h") == 0 || std::strcmp(argv[i], "--help") == 0 ||
            std::strcmp(argv[i], "--version") == 0)
            return true;
    return false;
}

GuiOptionsResult parseGuiOptions(const QStringList& arguments) {
    QCommandLineParser parser;
    addGuiOptions(parser);
    GuiOptionsResult result;
    if (!parser.parse(arguments)) {
        result.error = parser.errorText();
        return result;
    }
    if (optionSet(parser, "help")) {
        result.helpText = parser.helpText();
        return result;
    }
    if (optionSet(parser, "version")) {
        result.versionRequested = true;
        return result;
    }
    if (!parser.positionalArguments().isEmpty()) {
        result.error = tr("Unexpected argument: %1").arg(parser.positionalArguments().first());
        return result;
    }
    // In this order, the first bad option is the one reported.
    GuiOptions options;
    bool attentionPreset = false;
    if (readOpeningOptions(parser, options, &result.error) &&
        readPreset(parser, options, &attentionPreset, &result.error) &&
        readSessionAndLook(parser, options, &result.error) &&
        readLessonAndRunOptions(parser, options, &result.error) &&
        settleView(parser, options, attentionPreset, &result.error) &&
        readTextOption(parser, options, &result.error) &&
        readExplorerCurves(parser, options, &result.error) &&
        readRangeAndSize(parser, options, &result.error))
        result.options = options;
    return result;
}

}  // namespace actlab::gui
