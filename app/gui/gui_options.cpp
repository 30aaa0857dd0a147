// Parsing and validation of the GUI's options; every message names the option and the value.
#include "gui_options.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <algorithm>
#include <cstring>
#include <iterator>
#include <vector>

#include "common/number_format.h"
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

}  // namespace

bool wantsScreenshot(int argc, char** argv) {
    for (int i = 1; i < argc; ++i)
        if (std::strncmp(argv[i], "--screenshot", 12) == 0) return true;
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
    parser.setApplicationDescription(
        tr("ActLab: explore activation functions and their derivatives."));
    const QCommandLineOption help(QStringList{QStringLiteral("h"), QStringLiteral("help")},
                                  tr("Show this help and exit."));
    const QCommandLineOption version(QStringLiteral("version"), tr("Show the version and exit."));
    const QCommandLineOption backend(QStringLiteral("backend"),
                                     tr("Compute backend: cpu, vulkan or auto (default: "
                                        "ACTLAB_BACKEND, else auto)."),
                                     tr("name"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        tr("Render the window as it opens to a PNG and exit."),
                                        tr("file"));
    const QCommandLineOption view(QStringLiteral("view"),
                                  tr("Opening view: explorer, gelu, gated, training or attention."),
                                  tr("name"));
    const QCommandLineOption functions(QStringLiteral("functions"),
                                       tr("Explorer functions, comma-separated (e.g. relu,gelu)."),
                                       tr("list"));
    const QCommandLineOption derivatives(QStringLiteral("derivatives"),
                                         tr("Curves to show: any of f,f1,f2."), tr("list"));
    const QCommandLineOption xRange(QStringLiteral("x-range"), tr("x range as A:B with A < B."),
                                    tr("A:B"));
    const QCommandLineOption size(QStringLiteral("size"),
                                  tr("Window size as WxH (default 1400x900)."), tr("WxH"));
    const QCommandLineOption preset(
        QStringLiteral("preset"),
        tr("Training preset (e.g. dying-relu; opens the Training view) or Attention preset (e.g. "
           "reverse-heads; opens the Attention view)."),
        tr("name"));
    const QCommandLineOption steps(QStringLiteral("steps"),
                                   tr("Train this many steps first (Training or Attention view)."),
                                   tr("N"));
    const QCommandLineOption compare(QStringLiteral("compare"),
                                     tr("Compare with a second run using this activation "
                                        "(Training view: the hidden layers'; Attention view: "
                                        "on Q, K and V)."),
                                     tr("activation"));
    const QCommandLineOption session(
        QStringLiteral("session"),
        tr("Open this saved session (.actlab): every view as it was, the runs paused where they "
           "stood."),
        tr("file"));
    const QCommandLineOption language(
        QStringLiteral("language"),
        tr("Language of the window: en or zh_CN (default: the last one chosen, else the "
           "system's)."),
        tr("code"));
    const QCommandLineOption lesson(
        QStringLiteral("lesson"),
        tr("Open a guided lesson: a lesson file (.json) or a built-in lesson's name (Help → "
           "Lessons)."),
        tr("file|name"));
    const QCommandLineOption colours(
        QStringLiteral("colours"),
        tr("Colours, a comma-separated list of: standard or colour-blind-safe (the palette), "
           "viridis or cividis, rdbu or blue-orange (the maps), high-contrast (default: the last "
           "ones "
           "chosen in View → Colours)."),
        tr("list"));
    const QCommandLineOption scene(
        QStringLiteral("scene"), tr("With --lesson: the scene to open (1 = the first)."), tr("N"));
    const QCommandLineOption scale(QStringLiteral("scale"),
                                   tr("UI scale for the back of a classroom: 1, 1.25, 1.5 or 2 "
                                      "(default: the last one chosen in View → UI scale)."),
                                   tr("factor"));
    const QCommandLineOption presentation(
        QStringLiteral("presentation"),
        tr("Open in presentation mode: full screen (View → Presentation; Esc leaves it)."));
    parser.addOptions({help, version, backend, screenshot, view, functions, derivatives, xRange,
                       size, preset, steps, compare, session, language, lesson, scene, colours,
                       scale, presentation});

    GuiOptionsResult result;
    if (!parser.parse(arguments)) {
        result.error = parser.errorText();
        return result;
    }
    if (parser.isSet(help)) {
        result.helpText = parser.helpText();
        return result;
    }
    if (parser.isSet(version)) {
        result.versionRequested = true;
        return result;
    }
    if (!parser.positionalArguments().isEmpty()) {
        result.error = tr("Unexpected argument: %1").arg(parser.positionalArguments().first());
        return result;
    }

    GuiOptions options;
    options.backend = backendChoiceFromEnvironment(BackendChoice::Auto);
    if (parser.isSet(backend)) {
        const auto choice = parseBackendChoice(parser.value(backend).toStdString());
        if (!choice) {
            result.error =
                tr("--backend must be cpu, vulkan or auto, not \"%1\".").arg(parser.value(backend));
            return result;
        }
        options.backend = *choice;
    }
    if (parser.isSet(screenshot)) {
        options.screenshotPath = parser.value(screenshot);
        if (options.screenshotPath.isEmpty()) {
            result.error = tr("--screenshot needs a file name.");
            return result;
        }
    }
    if (parser.isSet(view)) {
        options.view = parser.value(view);
        if (!QStringList{QStringLiteral("explorer"), QStringLiteral("gelu"),
                         QStringLiteral("gated"), QStringLiteral("training"),
                         QStringLiteral("attention")}
                 .contains(options.view)) {
            result.error =
                tr("--view must be explorer, gelu, gated, training or attention, not \"%1\".")
                    .arg(options.view);
            return result;
        }
    }
    // A preset belongs to the Training or to the Attention view; --view attention (or a name only
    // the Attention view knows) picks the latter's table.
    bool attentionPreset = false;
    if (parser.isSet(preset)) {
        options.preset = parser.value(preset);
        const std::string name = options.preset.toStdString();
        const bool training = findTrainingPreset(name) != nullptr;
        const bool attention = findSequencePreset(name) != nullptr;
        const bool attentionView = parser.isSet(view) && options.view == QLatin1String("attention");
        attentionPreset = attention && (attentionView || (!parser.isSet(view) && !training));
        // --view attention: an Attention preset; another --view: a Training one; none: either.
        const bool valid = attentionView        ? attention
                           : parser.isSet(view) ? training
                                                : training || attention;
        if (!valid) {
            QStringList known;
            if (!attentionView)
                for (const TrainingPreset& p : trainingPresets())
                    known << QString::fromUtf8(p.name.data(), qsizetype(p.name.size()));
            for (const SequencePreset& p : sequencePresets())
                known << QString::fromUtf8(p.name.data(), qsizetype(p.name.size()));
            result.error = tr("--preset: unknown preset \"%1\" (known: %2).")
                               .arg(options.preset, known.join(QStringLiteral(", ")));
            return result;
        }
    }
    if (parser.isSet(session)) {
        options.sessionPath = parser.value(session);
        if (!QFileInfo(options.sessionPath).isFile()) {
            result.error = tr("--session: no such file \"%1\".").arg(options.sessionPath);
            return result;
        }
    }
    if (parser.isSet(language)) {
        options.language = normalisedLanguage(parser.value(language));
        if (options.language.isEmpty()) {
            result.error =
                tr("--language must be en or zh_CN, not \"%1\".").arg(parser.value(language));
            return result;
        }
    }
    if (parser.isSet(colours)) {
        ui::Appearance look;
        for (const QString& word : parser.value(colours).split(QLatin1Char(','))) {
            const QString w = word.trimmed();
            if (w == QLatin1String("high-contrast"))
                look.highContrast = true;
            else if (w == ui::paletteKey(ui::paletteFromKey(w)))
                look.palette = ui::paletteFromKey(w);
            else if (w == ui::sequentialMapKey(ui::sequentialMapFromKey(w)))
                look.sequential = ui::sequentialMapFromKey(w);
            else if (w == ui::divergingMapKey(ui::divergingMapFromKey(w)))
                look.diverging = ui::divergingMapFromKey(w);
            else {
                result.error = tr("--colours: \"%1\" is none of standard, colour-blind-safe, "
                                  "viridis, cividis, rdbu, blue-orange, high-contrast.")
                                   .arg(w);
                return result;
            }
        }
        options.appearance = look;
    }
    if (parser.isSet(scale)) {
        bool ok = false;
        const double factor = parser.value(scale).toDouble(&ok);
        if (!ok || std::find(std::begin(ui::kUiScales), std::end(ui::kUiScales), factor) ==
                       std::end(ui::kUiScales)) {
            result.error =
                tr("--scale must be 1, 1.25, 1.5 or 2, not \"%1\".").arg(parser.value(scale));
            return result;
        }
        options.uiScale = factor;
    }
    options.presentation = parser.isSet(presentation);
    if (parser.isSet(lesson)) options.lesson = parser.value(lesson);
    if (parser.isSet(scene)) {
        bool ok = false;
        options.lessonScene = parser.value(scene).toInt(&ok);
        if (!ok || options.lessonScene < 1 || !parser.isSet(lesson)) {
            result.error = tr("--scene needs --lesson and a scene number from 1, not \"%1\".")
                               .arg(parser.value(scene));
            return result;
        }
    }
    if (parser.isSet(steps)) {
        bool ok = false;
        options.steps = parser.value(steps).toInt(&ok);
        if (!ok || options.steps < 0 || options.steps > 10'000'000) {
            result.error = tr("--steps must be a whole number from 0 to 10000000, not \"%1\".")
                               .arg(parser.value(steps));
            return result;
        }
    }
    if (parser.isSet(compare)) {
        options.compare = parser.value(compare).trimmed();
        if (!findActivation(options.compare.toStdString())) {
            result.error = tr("--compare: unknown activation \"%1\" (see actlab-cli list).")
                               .arg(options.compare);
            return result;
        }
    }
    if (!parser.isSet(view) &&
        (parser.isSet(preset) || parser.isSet(steps) || parser.isSet(compare)))
        options.view = attentionPreset ? QStringLiteral("attention") : QStringLiteral("training");
    if (!options.compare.isEmpty() && options.view == QLatin1String("attention") &&
        findActivation(options.compare.toStdString())->kind == ActivationKind::Gated) {
        result.error = tr("--compare: %1 is a gated unit; Q, K and V take a scalar activation.")
                           .arg(options.compare);
        return result;
    }
    if (parser.isSet(functions)) {
        for (const QString& name : parser.value(functions).split(QLatin1Char(','))) {
            const QString trimmed = name.trimmed();
            if (!findActivation(trimmed.toStdString())) {
                result.error =
                    tr("--functions: unknown function \"%1\" (see actlab-cli list).").arg(trimmed);
                return result;
            }
            options.functions << trimmed;
        }
    }
    if (parser.isSet(derivatives)) {
        ui::DerivativeSet set{false, false, false};
        for (const QString& part : parser.value(derivatives).split(QLatin1Char(','))) {
            const QString name = part.trimmed();
            if (name == QLatin1String("f"))
                set.value = true;
            else if (name == QLatin1String("f1"))
                set.first = true;
            else if (name == QLatin1String("f2"))
                set.second = true;
            else {
                result.error = tr("--derivatives takes f, f1 and f2, not \"%1\".").arg(name);
                return result;
            }
        }
        options.derivatives = set;
    }
    if (parser.isSet(xRange)) {
        const QStringList parts = parser.value(xRange).split(QLatin1Char(':'));
        const auto low = parts.size() == 2 ? number(parts[0]) : std::nullopt;
        const auto high = parts.size() == 2 ? number(parts[1]) : std::nullopt;
        if (!low || !high || !(*low < *high)) {
            result.error = tr("--x-range must be A:B with finite numbers A < B, not \"%1\".")
                               .arg(parser.value(xRange));
            return result;
        }
        options.xRange = std::make_pair(*low, *high);
    }
    if (parser.isSet(size)) {
        const QStringList parts = parser.value(size).toLower().split(QLatin1Char('x'));
        bool widthOk = false, heightOk = false;
        const int width = parts.size() == 2 ? parts[0].toInt(&widthOk) : 0;
        const int height = parts.size() == 2 ? parts[1].toInt(&heightOk) : 0;
        if (!widthOk || !heightOk || width < 320 || height < 240 || width > 8192 || height > 8192) {
            result.error = tr("--size must be WxH between 320x240 and 8192x8192, not \"%1\".")
                               .arg(parser.value(size));
            return result;
        }
        options.size = QSize(width, height);
    }
    result.options = options;
    return result;
}

}  // namespace actlab::gui
