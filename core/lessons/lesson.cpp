// The lesson reader and writer (nlohmann-json, private to core): every field checked, one
// message naming the file, the scene and the field for the first problem.
#include "lessons/lesson.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "config/config_json.h"
#include "config/json_fields.h"
#include "config/training_config_json.h"
#include "lessons/lesson_question_json.h"
#include "training/presets.h"
#include "training/sequence_presets.h"

namespace actlab {
namespace {

using config_json::fail;
using config_json::FieldError;
using config_json::Json;
using config_json::Reader;

bool among(const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

std::string listed(const std::vector<std::string>& names) {
    std::string text;
    for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
    return text;
}

// A name or an array of names, each one of `allowed` and none twice ("cover", "hide").
std::vector<std::string> readNames(const Json& j, const std::string& path,
                                   const std::vector<std::string>& allowed,
                                   const std::string& what) {
    std::vector<std::string> names;
    const Json list = j.is_array() ? j : Json::array({j});
    if (j.is_array() && j.empty()) fail(path, "expected a name or a non-empty array of names");
    for (const Json& name : list) {
        if (!name.is_string()) fail(path, "expected a name, got " + name.dump());
        const std::string n = name.get<std::string>();
        if (!among(allowed, n))
            fail(path, "the " + what + " have no '" + n + "' (expected " + listed(allowed) + ")");
        if (among(names, n)) fail(path, "'" + n + "' twice");
        names.push_back(n);
    }
    return names;
}

// Reading a draft (parseLesson's `draft`): texts may be empty or missing and a figure need not
// be shown by every text yet, as in a lesson the editor has open; everything else is checked.
thread_local bool t_draft = false;

// {"en": …, "zh_CN": …}: exactly the declared languages, each a non-empty string.
LessonText readText(const Json& j, const std::string& path,
                    const std::vector<std::string>& languages) {
    if (!j.is_object()) fail(path, "expected an object of texts by language, got " + j.dump());
    LessonText text;
    for (const auto& [language, value] : j.items()) {
        if (!among(languages, language))
            fail(path + "." + language, "language not declared in \"languages\"");
        if (t_draft && value.is_string() && value.get<std::string>().empty()) continue;
        if (!value.is_string() || value.get<std::string>().empty())
            fail(path + "." + language, "expected a non-empty string");
        text[language] = value.get<std::string>();
    }
    for (const std::string& language : languages)
        if (!text.count(language) && !t_draft) fail(path, "missing the " + language + " text");
    return text;
}

// Speaker notes {"en": …, "zh_CN": …}: declared languages only, each a string; any may be
// missing (a teacher writes notes in the languages they present in). Empty ones are dropped.
LessonText readNotes(const Json& j, const std::vector<std::string>& languages) {
    if (!j.is_object()) fail("notes", "expected an object of notes by language, got " + j.dump());
    LessonText notes;
    for (const auto& [language, value] : j.items()) {
        if (!among(languages, language))
            fail("notes." + language, "language not declared in \"languages\"");
        if (!value.is_string()) fail("notes." + language, "expected a string");
        if (!value.get<std::string>().empty()) notes[language] = value.get<std::string>();
    }
    return notes;
}

// [low, high] with finite low < high, each within ±limit.
std::pair<double, double> readRange(const Json& j, const std::string& path, double limit) {
    if (!j.is_array() || j.size() != 2 || !j[0].is_number() || !j[1].is_number())
        fail(path, "expected [low, high], got " + j.dump());
    const double low = j[0].get<double>(), high = j[1].get<double>();
    if (!(low < high) || !(std::abs(low) <= limit) || !(std::abs(high) <= limit))
        fail(path, "needs low < high within ±" + Json(limit).dump() + ", got " + j.dump());
    return {low, high};
}

Json rangeToJson(const std::pair<double, double>& range) {
    return Json::array({range.first, range.second});
}

// A training or attention configuration: "preset" (a name) and/or "config" (merged onto it).
template <typename Config, typename Preset>
std::string readRunConfig(const Reader& scene, const std::string& view, std::string& presetName,
                          Preset findPreset,
                          std::optional<Config> (*fromJson)(const std::string&, std::string*),
                          std::string (*toJson)(const Config&)) {
    Json config = Json::object();
    if (auto name = scene.text("preset")) {
        const auto* preset = findPreset(*name);
        if (!preset) fail(scene.field("preset"), "unknown " + view + " preset '" + *name + "'");
        presetName = *name;
        config = Json::parse(std::string(preset->json));
    }
    if (const Json* patch = scene.get("config")) {
        if (!patch->is_object()) fail(scene.field("config"), "expected an object");
        config.merge_patch(*patch);
    }
    std::string error;
    const auto parsed = fromJson(config.dump(), &error);
    if (!parsed) fail(scene.field("config"), error);
    return toJson(*parsed);
}

// A figure of a scene of `view` (run "b" only where the scene has a compare run).
LessonFigure readFigure(const Json& j, const std::string& path, const std::string& view,
                        bool compare) {
    const Reader r(j, path);
    r.only({"what", "function", "reference", "window", "x", "d_model", "d_ff", "layer", "head",
            "run", "value", "tolerance", "shown", "id", "format", "digits"});
    LessonFigure f;
    f.what = r.text("what").value_or("");
    if (!among(lessonFigureKinds(), f.what))
        fail(r.field("what"), "expected one of " + listed(lessonFigureKinds()));
    if (!lessonFigureFitsView(f.what, view))
        fail(r.field("what"), f.what + " is not measured in a " + view + " scene");
    if (const Json* v = r.get("function"))
        f.function = config_json::activationFromJson(*v, r.field("function"));
    if (const Json* v = r.get("reference"))
        f.reference = config_json::activationFromJson(*v, r.field("reference"));
    if (const Json* v = r.get("window")) f.window = readRange(*v, r.field("window"), 1e6);
    r.number("x", f.x, -1e6, 1e6);
    r.integer("d_model", f.dModel, 0, 100000);
    r.integer("d_ff", f.dFf, 0, 1000000);
    r.integer("layer", f.layer, 0, 64);
    r.integer("head", f.head, 0, 64);
    f.run = r.text("run").value_or("a");
    if (f.run != "a" && f.run != "b") fail(r.field("run"), "expected \"a\" or \"b\"");
    if (f.run == "b" && !compare) fail(r.field("run"), "run b needs the scene's \"compare\"");
    if (!r.get("value")) fail(r.field("value"), "missing");
    r.number("value", f.value, -1e12, 1e12);
    r.number("tolerance", f.tolerance, 0, 1e12);
    f.shown = r.text("shown").value_or("");
    f.id = r.text("id").value_or("");
    if (!f.id.empty()) {
        if (!std::all_of(f.id.begin(), f.id.end(), [](char c) {
                return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
            }))
            fail(r.field("id"), "expected lower-case letters, digits and _, got '" + f.id + "'");
        if (!f.shown.empty())
            fail(r.field("shown"), "a figure with an id is filled in: no \"shown\"");
        f.format = r.text("format").value_or("fixed");
        if (f.format != "percent" && f.format != "fixed" && f.format != "sci")
            fail(r.field("format"), "expected percent, fixed or sci");
        f.digits = f.format == "fixed" ? 2 : f.format == "sci" ? 1 : 0;
        r.integer("digits", f.digits, 0, 6);
    } else if (r.get("format") || r.get("digits")) {
        fail(r.field(r.get("format") ? "format" : "digits"), "only a figure with an id has one");
    }
    const bool functionFigure =
        lessonFigureFitsView(f.what, "explorer") && f.what.rfind("glu_", 0) != 0;
    if (functionFigure && !f.function) fail(r.field("function"), "missing");
    if (f.what.rfind("approx_error", 0) == 0 && !f.reference) fail(r.field("reference"), "missing");
    if (f.what.rfind("glu_", 0) == 0 && f.dModel < 1) fail(r.field("d_model"), "missing");
    if ((f.what == "layer_grad_norm" || f.what == "previous_token_attention") && f.layer < 1)
        fail(r.field("layer"), "missing (the block, 1 = the first)");
    if (f.what == "previous_token_attention" && f.head < 1)
        fail(r.field("head"), "missing (the head, 1 = the first)");
    return f;
}

Json figureToJson(const LessonFigure& f) {
    Json j{{"what", f.what}, {"value", f.value}, {"tolerance", f.tolerance}};
    if (!f.shown.empty()) j["shown"] = f.shown;
    if (!f.id.empty()) {
        j["id"] = f.id;
        j["format"] = f.format;
        j["digits"] = f.digits;
    }
    if (f.function) j["function"] = config_json::activationToJson(*f.function);
    if (f.reference) j["reference"] = config_json::activationToJson(*f.reference);
    if (f.window) j["window"] = rangeToJson(*f.window);
    if (f.x != 0) j["x"] = f.x;
    if (f.dModel) j["d_model"] = f.dModel;
    if (f.dFf) j["d_ff"] = f.dFf;
    if (f.layer) j["layer"] = f.layer;
    if (f.head) j["head"] = f.head;
    if (f.run != "a") j["run"] = f.run;
    return j;
}

// The names a text fills in: each {{name}}, in order.
std::vector<std::string> filledNames(const std::string& text) {
    std::vector<std::string> names;
    for (size_t at = text.find("{{"); at != std::string::npos; at = text.find("{{", at + 2)) {
        const size_t end = text.find("}}", at + 2);
        names.push_back(end == std::string::npos ? text.substr(at)
                                                 : text.substr(at + 2, end - at - 2));
    }
    return names;
}

// Every {{name}} of the texts names a figure of the scene, and every figure with an id is
// filled in by every language's text.
void checkFilledFigures(const LessonScene& s) {
    std::vector<std::string> ids;
    for (size_t i = 0; i < s.figures.size(); ++i) {
        const std::string& id = s.figures[i].id;
        if (id.empty()) continue;
        if (among(ids, id)) fail("figures[" + std::to_string(i) + "].id", "'" + id + "' twice");
        ids.push_back(id);
    }
    for (const auto& [language, text] : s.text) {
        const std::vector<std::string> names = filledNames(text);
        for (const std::string& name : names)
            if (!among(ids, name))
                fail("text." + language, "{{" + name + "}} names no figure of the scene");
        for (size_t i = 0; i < s.figures.size(); ++i)
            if (!s.figures[i].id.empty() && !among(names, s.figures[i].id) && !t_draft)
                fail("figures[" + std::to_string(i) + "].id",
                     "the " + language + " text does not show {{" + s.figures[i].id + "}}");
    }
}

// Every field of a scene of `view` is one that every view has or one of the view's own.
void checkSceneFields(const Json& j, const std::string& view) {
    std::vector<const char*> known{"title",           "text",      "view",    "pretrain_steps",
                                   "hidden_controls", "highlight", "figures", "question",
                                   "notes",           "cover",     "hide"};
    if (view == "explorer") known.insert(known.end(), {"functions", "derivatives", "x_range"});
    if (view == "gelu") known.insert(known.end(), {"window", "error_scale"});
    if (view == "gated") known.insert(known.end(), {"unit", "window", "value_window"});
    if (view == "training" || view == "attention")
        known.insert(known.end(), {"preset", "config", "compare", "first_chart"});
    if (view == "training") known.push_back("grid_colouring");
    for (const auto& item : j.items()) {  // (a lambda capturing a binding: clang 14 cannot)
        const std::string& key = item.key();
        if (std::none_of(known.begin(), known.end(), [&](const char* k) { return key == k; }))
            fail(key, "unknown field for the " + view + " view");
    }
}

// "derivatives": the curves shown, an array of "f", "f1" (f′) and "f2" (f″).
void readDerivatives(const Json& d, LessonScene& s) {
    if (!d.is_array()) fail("derivatives", "expected an array of f, f1, f2");
    s.showValue = s.showFirst = s.showSecond = false;
    for (const Json& name : d) {
        const std::string n = name.is_string() ? name.get<std::string>() : name.dump();
        if (n == "f")
            s.showValue = true;
        else if (n == "f1")
            s.showFirst = true;
        else if (n == "f2")
            s.showSecond = true;
        else
            fail("derivatives", "expected f, f1 or f2, got " + name.dump());
    }
}

// The fields of the function views (explorer, gelu, gated): functions, derivatives, ranges,
// the error scale and the gated unit.
void readFunctionFields(const Reader& r, LessonScene& s) {
    if (const Json* functions = r.get("functions")) {
        if (!functions->is_array() || functions->empty())
            fail("functions", "expected a non-empty array");
        for (size_t i = 0; i < functions->size(); ++i) {
            const std::string at = "functions[" + std::to_string(i) + "]";
            s.functions.push_back(config_json::activationFromJson((*functions)[i], at));
            if (s.functions.back().id == ActivationId::Mix)  // the Explorer draws the catalogue
                fail(at,
                     "a mix learns its weights in a run: use it in a training or attention "
                     "configuration");
        }
    }
    if (const Json* d = r.get("derivatives")) readDerivatives(*d, s);
    if (const Json* v = r.get("x_range")) s.xRange = readRange(*v, "x_range", 1000);
    if (const Json* v = r.get("window")) s.window = readRange(*v, "window", 1000);
    if (const Json* v = r.get("value_window")) s.valueWindow = readRange(*v, "value_window", 1000);
    s.errorScale = r.text("error_scale").value_or("");
    if (!s.errorScale.empty() && s.errorScale != "signed" && s.errorScale != "absolute" &&
        s.errorScale != "relative")
        fail("error_scale", "expected signed, absolute or relative");
    if (auto unit = r.text("unit")) {
        const ActivationInfo* info = findActivation(*unit);
        if (!info || info->kind != ActivationKind::Gated)
            fail("unit", "expected a gated unit (glu, reglu, geglu, swiglu), got '" + *unit + "'");
        s.unit = info->id;
    }
}

// A training scene's run A (preset and/or config) and "compare": run B's activation.
void readTrainingRun(const Reader& r, LessonScene& s) {
    s.configJson = readRunConfig<TrainingConfig>(r, "training", s.preset, findTrainingPreset,
                                                 trainingConfigFromJson, trainingConfigToJson);
    if (const Json* c = r.get("compare")) {
        const Reader compare(*c, "compare");
        compare.only({"activation"});
        if (!compare.get("activation")) fail("compare.activation", "missing");
        s.compareActivation =
            config_json::activationFromJson(*compare.get("activation"), "compare.activation");
    }
}

// An attention scene's run A (preset and/or config) and "compare": run B's configuration, run
// A's with "compare.config" merged onto it.
void readAttentionRun(const Reader& r, LessonScene& s) {
    s.configJson = readRunConfig<SequenceTrainingConfig>(
        r, "attention", s.preset, findSequencePreset, sequenceTrainingConfigFromJson,
        sequenceTrainingConfigToJson);
    if (const Json* c = r.get("compare")) {
        const Reader compare(*c, "compare");
        compare.only({"config"});
        Json b = Json::parse(s.configJson);
        if (const Json* patch = compare.get("config")) {
            if (!patch->is_object()) fail("compare.config", "expected an object");
            b.merge_patch(*patch);
        }
        std::string error;
        const auto parsed = sequenceTrainingConfigFromJson(b.dump(), &error);
        if (!parsed) fail("compare.config", error);
        s.compareConfigJson = sequenceTrainingConfigToJson(*parsed);
    }
}

LessonScene readScene(const Json& j, const std::vector<std::string>& languages) {
    const Reader r(j, "");
    LessonScene s;
    s.view = r.text("view").value_or("");
    if (!among(lessonViews(), s.view))
        fail("view", "unknown view '" + s.view + "' (expected " + listed(lessonViews()) + ")");
    checkSceneFields(j, s.view);  // the fields every view has, then the view's own
    if (!r.get("title")) fail("title", "missing");
    if (!r.get("text")) fail("text", "missing");
    s.title = readText(*r.get("title"), "title", languages);
    s.text = readText(*r.get("text"), "text", languages);
    if (const Json* notes = r.get("notes")) s.notes = readNotes(*notes, languages);
    r.integer("pretrain_steps", s.pretrainSteps, 0, 100000);
    r.boolean("hidden_controls", s.hiddenControls);
    r.integer("first_chart", s.firstChart, 0, 20);
    s.gridColouring = r.text("grid_colouring").value_or("");
    if (!s.gridColouring.empty() && !among({"gradient", "active"}, s.gridColouring))
        fail("grid_colouring", "expected gradient or active, got '" + s.gridColouring + "'");
    s.highlight = r.text("highlight").value_or("");
    if (!s.highlight.empty() && !among(lessonHighlights(s.view), s.highlight))
        fail("highlight", "the " + s.view + " view has no panel '" + s.highlight + "' (expected " +
                              listed(lessonHighlights(s.view)) + ")");
    readFunctionFields(r, s);
    if (s.view == "training")
        readTrainingRun(r, s);
    else if (s.view == "attention")
        readAttentionRun(r, s);
    if (const Json* figures = r.get("figures")) {
        if (!figures->is_array()) fail("figures", "expected an array");
        for (size_t i = 0; i < figures->size(); ++i)
            s.figures.push_back(readFigure((*figures)[i], "figures[" + std::to_string(i) + "]",
                                           s.view,
                                           s.compareActivation || !s.compareConfigJson.empty()));
    }
    checkFilledFigures(s);
    if (const Json* question = r.get("question")) {
        if (s.view != "training" && s.view != "attention")
            fail("question", "only a training or attention scene asks one (its runs answer it)");
        if (s.pretrainSteps < 1)
            fail("question", "the scene's pre-training answers it: needs pretrain_steps");
        s.question =
            readLessonQuestion(*question, languages, s.view,
                               s.compareActivation || !s.compareConfigJson.empty(), readText);
    }
    if (const Json* cover = r.get("cover")) {
        s.covers = readNames(*cover, "cover", lessonHighlights(s.view), s.view + " view's panels");
        if (!s.question)
            fail("cover", "only a scene that asks a question covers a panel (until the reveal)");
    }
    if (const Json* hide = r.get("hide"))
        s.hidden = readNames(*hide, "hide", lessonHideables(s.view),
                             s.view + " view's controls and panels");
    return s;
}

Json sceneToJson(const LessonScene& s) {
    Json j{{"title", s.title}, {"text", s.text}, {"view", s.view}};
    if (!s.notes.empty()) j["notes"] = s.notes;
    if (s.pretrainSteps) j["pretrain_steps"] = s.pretrainSteps;
    if (s.hiddenControls) j["hidden_controls"] = true;
    if (s.firstChart >= 0) j["first_chart"] = s.firstChart;
    if (!s.gridColouring.empty()) j["grid_colouring"] = s.gridColouring;
    if (!s.highlight.empty()) j["highlight"] = s.highlight;
    if (s.view == "explorer") {
        if (!s.functions.empty()) {
            Json functions = Json::array();
            for (const ActivationConfig& f : s.functions)
                functions.push_back(config_json::activationToJson(f));
            j["functions"] = functions;
        }
        Json derivatives = Json::array();
        if (s.showValue) derivatives.push_back("f");
        if (s.showFirst) derivatives.push_back("f1");
        if (s.showSecond) derivatives.push_back("f2");
        j["derivatives"] = derivatives;
        if (s.xRange) j["x_range"] = rangeToJson(*s.xRange);
    }
    if (s.window) j["window"] = rangeToJson(*s.window);
    if (s.valueWindow) j["value_window"] = rangeToJson(*s.valueWindow);
    if (!s.errorScale.empty()) j["error_scale"] = s.errorScale;
    if (s.unit) j["unit"] = std::string(activationInfo(*s.unit).name);
    if (!s.preset.empty()) j["preset"] = s.preset;
    if (!s.configJson.empty()) j["config"] = Json::parse(s.configJson);  // whole
    if (s.compareActivation)
        j["compare"] = Json{{"activation", config_json::activationToJson(*s.compareActivation)}};
    if (!s.compareConfigJson.empty())
        j["compare"] = Json{{"config", Json::parse(s.compareConfigJson)}};
    if (!s.figures.empty()) {
        Json figures = Json::array();
        for (const LessonFigure& f : s.figures) figures.push_back(figureToJson(f));
        j["figures"] = figures;
    }
    if (s.question) j["question"] = lessonQuestionToJson(*s.question);
    if (s.covers.size() == 1) j["cover"] = s.covers.front();  // as one panel was always written
    if (s.covers.size() > 1) j["cover"] = s.covers;
    if (!s.hidden.empty()) j["hide"] = s.hidden;
    return j;
}

Lesson readLesson(const Json& j, int* scene) {
    const Reader r(j, "");
    r.only({"format", "version", "title", "languages", "scenes"});
    if (r.text("format").value_or("") != "actlab-lesson")
        fail("format", "expected \"actlab-lesson\"");
    r.version();
    Lesson lesson;
    const Json* languages = r.get("languages");
    if (!languages || !languages->is_array() || languages->empty())
        fail("languages",
             "expected a non-empty array of languages (" + listed(lessonLanguages()) + ")");
    for (const Json& language : *languages) {
        if (!language.is_string() || !among(lessonLanguages(), language.get<std::string>()))
            fail("languages", "expected " + listed(lessonLanguages()) + ", got " + language.dump());
        if (among(lesson.languages, language.get<std::string>()))
            fail("languages", language.dump() + " twice");
        lesson.languages.push_back(language.get<std::string>());
    }
    if (!r.get("title")) fail("title", "missing");
    lesson.title = readText(*r.get("title"), "title", lesson.languages);
    const Json* scenes = r.get("scenes");
    if (!scenes || !scenes->is_array() || scenes->empty())
        fail("scenes", "expected a non-empty array of scenes");
    if (scenes->size() > 200) fail("scenes", "more than 200 scenes");
    for (size_t i = 0; i < scenes->size(); ++i) {
        *scene = int(i) + 1;
        lesson.scenes.push_back(readScene((*scenes)[i], lesson.languages));
    }
    return lesson;
}

}  // namespace

std::optional<Lesson> parseLesson(const std::string& text, const std::string& fileName,
                                  std::string* error, LessonReading reading) {
    struct DraftScope {
        explicit DraftScope(bool on) { t_draft = on; }
        ~DraftScope() { t_draft = false; }
    } draftScope(reading == LessonReading::Draft);
    int scene = 0;
    const auto report = [&](const std::string& what) {
        if (error)
            *error =
                fileName + ": " + (scene > 0 ? "scene " + std::to_string(scene) + ": " : "") + what;
    };
    try {
        return readLesson(Json::parse(text), &scene);
    } catch (const FieldError& e) {
        report(e.message);
    } catch (const Json::parse_error& e) {
        report(std::string("not valid JSON (") + e.what() + ")");
    } catch (const Json::exception& e) {
        report(e.what());
    }
    return std::nullopt;
}

std::string lessonToJson(const Lesson& lesson) {
    Json scenes = Json::array();
    for (const LessonScene& scene : lesson.scenes) scenes.push_back(sceneToJson(scene));
    return Json{{"format", "actlab-lesson"},
                {"version", 1},
                {"title", lesson.title},
                {"languages", lesson.languages},
                {"scenes", scenes}}
        .dump(2);
}

std::string formatLessonFigure(const LessonFigure& figure, double value) {
    if (!std::isfinite(value)) return "—";
    char text[64];
    if (figure.format == "percent") {
        std::snprintf(text, sizeof text, "%.*f%%", figure.digits, value * 100);
        return text;
    }
    if (figure.format != "sci") {
        std::snprintf(text, sizeof text, "%.*f", figure.digits, value);
        return text;
    }
    // "3.3e-05" as "3.3e-5", "1.2e+03" as "1.2e3"
    std::snprintf(text, sizeof text, "%.*e", figure.digits, value);
    std::string s = text;
    const size_t e = s.find('e');
    std::string exponent = s.substr(e + 1);
    const bool negative = exponent[0] == '-';
    exponent.erase(0, exponent.find_first_not_of("+-0"));
    return s.substr(0, e + 1) + (negative ? "-" : "") + (exponent.empty() ? "0" : exponent);
}

std::string lessonTextWithFigures(const std::string& text, const LessonScene& scene,
                                  const std::vector<std::optional<double>>& values,
                                  const std::string& pending) {
    std::string filled;
    size_t from = 0;
    for (size_t at = text.find("{{"); at != std::string::npos; at = text.find("{{", from)) {
        const size_t end = text.find("}}", at + 2);
        if (end == std::string::npos) break;
        const std::string name = text.substr(at + 2, end - at - 2);
        filled += text.substr(from, at - from);
        std::string shown = "{{" + name + "}}";  // parseLesson lets no other name through
        for (size_t i = 0; i < scene.figures.size(); ++i)
            if (scene.figures[i].id == name)
                shown = i < values.size() && values[i]
                            ? formatLessonFigure(scene.figures[i], *values[i])
                            : pending;
        filled += shown;
        from = end + 2;
    }
    return filled + text.substr(from);
}

std::string lessonLanguage(const Lesson& lesson, const std::string& wanted) {
    for (const std::string& language : lesson.languages)
        if (language == wanted) return language;
    const std::string prefix = wanted.substr(0, wanted.find_first_of("_-"));
    for (const std::string& language : lesson.languages)
        if (language.substr(0, language.find('_')) == prefix) return language;
    for (const std::string& language : lesson.languages)
        if (language == "en") return language;
    return lesson.languages.empty() ? std::string("en") : lesson.languages.front();
}

}  // namespace actlab
