// The lesson reader: every built-in lesson loads in both languages and round-trips; malformed
// lessons get one line naming the file, the scene and the field (issue 9).
#include <gtest/gtest.h>

#include <filesystem>

#include "lesson_files.h"
#include "lessons/lesson.h"

namespace actlab {
namespace {

using test::readFile;

std::vector<std::filesystem::path> builtInLessons() {
    std::vector<std::filesystem::path> files;
    for (const std::string& name : test::lessonFiles())
        files.push_back(std::filesystem::path(ACTLAB_LESSON_DIR) / name);
    return files;
}

// A small valid lesson with one scene of each kind; `scene2` replaces the second scene.
std::string lessonText(const std::string& scene2 = R"({"title": {"en": "B", "zh_CN": "乙"},
    "text": {"en": "b", "zh_CN": "乙"}, "view": "training", "preset": "dying-relu",
    "pretrain_steps": 10, "compare": {"activation": "leaky_relu"}, "highlight": "grid"})") {
    return R"({"format": "actlab-lesson", "version": 1, "title": {"en": "T", "zh_CN": "题"},
      "languages": ["en", "zh_CN"], "scenes": [
      {"title": {"en": "A", "zh_CN": "甲"}, "text": {"en": "a", "zh_CN": "甲"}, "view": "explorer",
       "functions": ["relu", {"name": "leaky_relu", "params": {"alpha": 0.2}}],
       "derivatives": ["f", "f1"], "x_range": [-4, 4]},
      )" + scene2 +
           R"(,
      {"title": {"en": "C", "zh_CN": "丙"}, "text": {"en": "c", "zh_CN": "丙"}, "view": "gelu",
       "window": [-6, 6], "error_scale": "absolute"},
      {"title": {"en": "D", "zh_CN": "丁"}, "text": {"en": "d", "zh_CN": "丁"}, "view": "gated",
       "unit": "swiglu", "window": [-3, 3], "value_window": [-2, 2]},
      {"title": {"en": "E", "zh_CN": "戊"}, "text": {"en": "e", "zh_CN": "戊"}, "view": "attention",
       "preset": "reverse-heads", "compare": {"config": {"model": {"qkv_activation": "relu"}}},
       "pretrain_steps": 2, "figures": [{"what": "layer_grad_norm", "layer": 2, "value": 0.1,
       "tolerance": 1, "shown": "e", "run": "b"}, {"what": "negator_attention", "value": 0}]}]})";
}

std::string errorOf(const std::string& text, const std::string& file = "bad.json") {
    std::string error;
    EXPECT_FALSE(parseLesson(text, file, &error)) << text;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
    return error;
}

TEST(LessonLoader, ReadsEveryViewAndRoundTrips) {
    std::string error;
    const auto lesson = parseLesson(lessonText(), "good.json", &error);
    ASSERT_TRUE(lesson) << error;
    ASSERT_EQ(lesson->scenes.size(), 5u);
    EXPECT_EQ(lesson->scenes[0].functions.size(), 2u);
    EXPECT_DOUBLE_EQ(lesson->scenes[0].functions[1].parameter("alpha"), 0.2);
    EXPECT_FALSE(lesson->scenes[0].showSecond);
    EXPECT_EQ(lesson->scenes[1].preset, "dying-relu");
    EXPECT_NE(lesson->scenes[1].configJson.find("\"bias_init\":-3"), std::string::npos);
    ASSERT_TRUE(lesson->scenes[1].compareActivation);
    EXPECT_NE(lesson->scenes[4].compareConfigJson.find("relu"), std::string::npos);
    ASSERT_EQ(lesson->scenes[4].figures.size(), 2u);
    EXPECT_EQ(lesson->scenes[4].figures[0].layer, 2);
    EXPECT_EQ(lesson->scenes[4].figures[0].run, "b");
    const std::string text = lessonToJson(*lesson);
    const auto again = parseLesson(text, "again.json", &error);
    ASSERT_TRUE(again) << error << "\n" << text;
    EXPECT_EQ(lessonToJson(*again), text);
}

TEST(LessonLoader, ATrainingSceneTakesAMixAndSavesItAsWritten) {
    const std::string scene2 = R"J({"title": {"en": "B", "zh_CN": "乙"},
        "text": {"en": "b", "zh_CN": "乙"}, "view": "training",
        "config": {"model": {"activations": ["mix(relu,silu,tanh)"]}},
        "compare": {"activation": "mix"}})J";
    std::string error;
    const auto lesson = parseLesson(lessonText(scene2), "mix.json", &error);
    ASSERT_TRUE(lesson) << error;
    EXPECT_NE(lesson->scenes[1].configJson.find("mix(relu,silu,tanh)"), std::string::npos);
    ASSERT_TRUE(lesson->scenes[1].compareActivation);
    EXPECT_EQ(activationSpec(*lesson->scenes[1].compareActivation), "mix(relu,gelu,silu,tanh)");
    const std::string text = lessonToJson(*lesson);
    const auto again = parseLesson(text, "again.json", &error);
    ASSERT_TRUE(again) << error;
    EXPECT_EQ(lessonToJson(*again), text);
}

TEST(LessonLoader, ErrorsNameFileSceneAndField) {
    EXPECT_EQ(errorOf("{", "x.json").rfind("x.json: not valid JSON", 0), 0u);
    const std::string scene2 = R"({"title": {"en": "B", "zh_CN": "乙"},
        "text": {"en": "b", "zh_CN": "乙"}, )";
    EXPECT_EQ(errorOf(lessonText(scene2 + R"("view": "spreadsheet"})"))
                  .rfind("bad.json: scene 2: view: unknown view 'spreadsheet'", 0),
              0u);
    EXPECT_EQ(errorOf(lessonText(scene2 + R"("view": "explorer",
        "functions": [{"name": "leaky_relu", "params": {"alpha": 7}}]})"))
                  .rfind("bad.json: scene 2: functions[0].params: ", 0),
              0u);
    // a learnable mix trains in a run: the Explorer draws catalogue functions (issue 25)
    EXPECT_EQ(
        errorOf(lessonText(scene2 + R"J("view": "explorer", "functions": ["mix(relu,gelu)"]})J"))
            .rfind("bad.json: scene 2: functions[0]: a mix learns its weights in a run", 0),
        0u);
    EXPECT_EQ(errorOf(lessonText(scene2 + R"J("view": "training",
        "config": {"model": {"activations": ["mix(relu,relu)"]}}})J")),
              "bad.json: scene 2: config: model.activations[0]: 'relu' appears twice in the mix");
    EXPECT_EQ(errorOf(lessonText(R"({"title": {"en": "B"}, "text": {"en": "b", "zh_CN": "乙"},
        "view": "gelu"})")),
              "bad.json: scene 2: title: missing the zh_CN text");
    EXPECT_EQ(errorOf(lessonText(scene2 + R"("view": "gelu", "colour": 3})")),
              "bad.json: scene 2: colour: unknown field for the gelu view");
    EXPECT_EQ(errorOf(lessonText(scene2 + R"("view": "explorer", "x_range": [3, 1]})"))
                  .rfind("bad.json: scene 2: x_range: needs low < high", 0),
              0u);
    EXPECT_EQ(errorOf(lessonText(scene2 + R"("view": "training",
        "config": {"model": {"hidden": [0]}}})"))
                  .rfind("bad.json: scene 2: config: model.hidden[0]: ", 0),
              0u);
    EXPECT_EQ(errorOf(lessonText(scene2 + R"("view": "training", "highlight": "moon"})"))
                  .rfind("bad.json: scene 2: highlight: the training view has no panel 'moon'", 0),
              0u);
    EXPECT_EQ(errorOf(lessonText(scene2 + R"("view": "gated", "unit": "relu"})"))
                  .rfind("bad.json: scene 2: unit: ", 0),
              0u);
    // Figures: a kind the scene's view cannot measure, run b without compare, a block missing.
    EXPECT_EQ(errorOf(lessonText(scene2 + R"("view": "training", "preset": "dying-relu",
        "figures": [{"what": "token_accuracy", "value": 1}]})")),
              "bad.json: scene 2: figures[0].what: token_accuracy is not measured in a training "
              "scene");
    EXPECT_EQ(errorOf(lessonText(scene2 + R"("view": "attention", "preset": "reverse-heads",
        "figures": [{"what": "test_loss", "value": 1, "run": "b"}]})")),
              "bad.json: scene 2: figures[0].run: run b needs the scene's \"compare\"");
    EXPECT_EQ(errorOf(lessonText(scene2 + R"("view": "attention", "preset": "reverse-heads",
        "figures": [{"what": "layer_grad_norm", "value": 1}]})")),
              "bad.json: scene 2: figures[0].layer: missing (the block, 1 = the first)");
    EXPECT_EQ(errorOf(lessonText(scene2 + R"("view": "gelu",
        "figures": [{"what": "attention_entropy", "value": 1}]})")),
              "bad.json: scene 2: figures[0].what: attention_entropy is not measured in a gelu "
              "scene");
    // Filled-in figures: each {{id}} names one, each id is written in every language.
    const std::string filled = R"("view": "training", "preset": "dying-relu", "figures": [
        {"what": "dead_fraction", "value": 0.5, "tolerance": 0.1, "id": "dead", "format": )";
    EXPECT_EQ(errorOf(lessonText(R"({"title": {"en": "B", "zh_CN": "乙"},
        "text": {"en": "{{dead}} and {{lost}}", "zh_CN": "{{dead}}"}, )" +
                                 filled + R"("percent"}]})")),
              "bad.json: scene 2: text.en: {{lost}} names no figure of the scene");
    EXPECT_EQ(errorOf(lessonText(R"({"title": {"en": "B", "zh_CN": "乙"},
        "text": {"en": "{{dead}}", "zh_CN": "乙"}, )" +
                                 filled + R"("percent"}]})")),
              "bad.json: scene 2: figures[0].id: the zh_CN text does not show {{dead}}");
    EXPECT_EQ(errorOf(lessonText(R"({"title": {"en": "B", "zh_CN": "乙"},
        "text": {"en": "{{dead}}", "zh_CN": "{{dead}}"}, )" +
                                 filled + R"("percentage"}]})")),
              "bad.json: scene 2: figures[0].format: expected percent, fixed or sci");
    EXPECT_EQ(errorOf(lessonText(scene2 + R"("view": "training", "preset": "dying-relu",
        "figures": [{"what": "dead_fraction", "value": 0.5, "digits": 2}]})")),
              "bad.json: scene 2: figures[0].digits: only a figure with an id has one");
    EXPECT_EQ(errorOf(lessonText(scene2 + R"("view": "training", "preset": "dying-relu",
        "figures": [{"what": "dead_fraction", "value": 0.5, "id": "Dead"}]})")),
              "bad.json: scene 2: figures[0].id: expected lower-case letters, digits and _, got "
              "'Dead'");
    EXPECT_EQ(errorOf(R"({"format": "actlab-lesson", "languages": ["en", "fr"]})"),
              "bad.json: languages: expected en, zh_CN, got \"fr\"");
    EXPECT_EQ(errorOf(R"({"format": "actlab-lesson", "languages": ["en"], "title": {"en": "t"},
        "scenes": [], "extra": 1})"),
              "bad.json: extra: unknown field");
}

// Speaker notes (any declared language), the panel a question covers and the grids' colouring
// (issue 28) round-trip.
// A lesson being written (the editor's drafts, a file saved before it was finished): its empty or
// missing texts and a figure not yet shown by every text are read as a Draft, refused as a
// Lesson; what it does hold is checked alike.
TEST(LessonLoader, ADraftMayLackTextsButNothingElse) {
    const std::string unfinished = lessonText(
        R"({"title": {"en": "B", "zh_CN": ""}, "text": {"en": "Dead: {{dead}}"},
        "view": "training", "preset": "dying-relu", "pretrain_steps": 10,
        "figures": [{"what": "dead_fraction", "id": "dead", "format": "percent", "value": 0,
        "tolerance": 1}]})");
    std::string error;
    EXPECT_FALSE(parseLesson(unfinished, "draft.json", &error));
    EXPECT_EQ(error, "draft.json: scene 2: title.zh_CN: expected a non-empty string");
    const auto draft = parseLesson(unfinished, "draft.json", &error, LessonReading::Draft);
    ASSERT_TRUE(draft) << error;
    EXPECT_EQ(draft->scenes[1].title.count("zh_CN"), 0u);
    EXPECT_EQ(draft->scenes[1].text.at("en"), "Dead: {{dead}}");
    ASSERT_EQ(draft->scenes[1].figures.size(), 1u);
    // Written back and read again as a draft: the same lesson.
    const auto again = parseLesson(lessonToJson(*draft), "", &error, LessonReading::Draft);
    ASSERT_TRUE(again) << error;
    EXPECT_EQ(lessonToJson(*again), lessonToJson(*draft));
    // A draft is still a lesson: an unknown view or a figure no text names is refused.
    const std::string badView =
        lessonText(R"({"title": {"en": "B"}, "text": {"en": "b"}, "view": "nope"})");
    EXPECT_FALSE(parseLesson(badView, "draft.json", &error, LessonReading::Draft));
    EXPECT_NE(error.find("unknown view 'nope'"), std::string::npos) << error;
    const std::string unnamed = lessonText(
        R"({"title": {"en": "B"}, "text": {"en": "{{gone}}"}, "view": "training",
        "preset": "dying-relu", "pretrain_steps": 10})");
    EXPECT_FALSE(parseLesson(unnamed, "draft.json", &error, LessonReading::Draft));
    EXPECT_NE(error.find("{{gone}} names no figure"), std::string::npos) << error;
    // And the strict reading after a draft's is strict again.
    EXPECT_FALSE(parseLesson(unfinished, "draft.json", &error));
}

TEST(LessonLoader, NotesAndCoverRoundTrip) {
    const std::string scene2 = R"J({"title": {"en": "B", "zh_CN": "乙"},
        "text": {"en": "b", "zh_CN": "乙"}, "notes": {"en": "Ask who has seen ReLU."},
        "view": "training", "preset": "dying-relu", "pretrain_steps": 10, "cover": "grid",
        "grid_colouring": "active",
        "question": {"text": {"en": "N?", "zh_CN": "数？"}, "answer": "dead_fraction(a)",
        "tolerance": 0.1}})J";
    std::string error;
    const auto lesson = parseLesson(lessonText(scene2), "notes.json", &error);
    ASSERT_TRUE(lesson) << error;
    const LessonScene& scene = lesson->scenes[1];
    EXPECT_EQ(scene.notes, (LessonText{{"en", "Ask who has seen ReLU."}}));
    EXPECT_EQ(scene.covers, std::vector<std::string>{"grid"});
    EXPECT_TRUE(lesson->scenes[0].notes.empty());
    const std::string text = lessonToJson(*lesson);
    const auto again = parseLesson(text, "again.json", &error);
    ASSERT_TRUE(again) << error << "\n" << text;
    EXPECT_EQ(again->scenes[1].notes, scene.notes);
    EXPECT_EQ(again->scenes[1].covers, std::vector<std::string>{"grid"});
    EXPECT_NE(text.find(R"("cover": "grid")"), std::string::npos);  // one panel: as before
    EXPECT_EQ(again->scenes[1].gridColouring, "active");
    EXPECT_EQ(lessonToJson(*again), text);
    const std::string head = R"({"title": {"en": "B", "zh_CN": "乙"},
        "text": {"en": "b", "zh_CN": "乙"}, "view": "training", "preset": "dying-relu", )";
    EXPECT_EQ(errorOf(lessonText(head + R"("notes": {"fr": "x"}})")),
              "bad.json: scene 2: notes.fr: language not declared in \"languages\"");
    EXPECT_EQ(errorOf(lessonText(head + R"("notes": "x"})")).rfind("bad.json: scene 2: notes: ", 0),
              0u);
    EXPECT_EQ(errorOf(lessonText(head + R"("grid_colouring": "pink"})")),
              "bad.json: scene 2: grid_colouring: expected gradient or active, got 'pink'");
    EXPECT_EQ(errorOf(lessonText(head + R"("cover": "grid"})")),
              "bad.json: scene 2: cover: only a scene that asks a question covers a panel (until "
              "the reveal)");
    EXPECT_EQ(errorOf(lessonText(scene2.substr(0, scene2.find("\"cover\"")) +
                                 R"J("cover": "moon", "question": {"text": {"en": "N?",
        "zh_CN": "数？"}, "answer": "dead_fraction(a)", "tolerance": 0.1}})J"))
                  .rfind("bad.json: scene 2: cover: the training view's panels have no 'moon'", 0),
              0u);
}

// Several covered panels, and the controls and panels hidden from the class (issue 28: "choose
// what the class sees"): read, checked against the view's names, written back the same.
TEST(LessonLoader, CoversAndHiddenControlsRoundTrip) {
    const std::string question = R"J("question": {"text": {"en": "N?", "zh_CN": "数？"},
        "answer": "dead_fraction(a)", "tolerance": 0.1})J";
    const std::string head = R"J({"title": {"en": "B", "zh_CN": "乙"},
        "text": {"en": "b", "zh_CN": "乙"}, "view": "training", "preset": "dying-relu",
        "pretrain_steps": 10, )J";
    std::string error;
    const auto lesson = parseLesson(
        lessonText(head + question +
                   R"J(, "cover": ["grid", "charts"], "hide": ["learningRate", "play", "run"]})J"),
        "hide.json", &error);
    ASSERT_TRUE(lesson) << error;
    EXPECT_EQ(lesson->scenes[1].covers, (std::vector<std::string>{"grid", "charts"}));
    EXPECT_EQ(lesson->scenes[1].hidden, (std::vector<std::string>{"learningRate", "play", "run"}));
    const std::string text = lessonToJson(*lesson);
    const auto again = parseLesson(text, "again.json", &error);
    ASSERT_TRUE(again) << error << "\n" << text;
    EXPECT_EQ(again->scenes[1].covers, lesson->scenes[1].covers);
    EXPECT_EQ(again->scenes[1].hidden, lesson->scenes[1].hidden);
    EXPECT_EQ(lessonToJson(*again), text);
    // Any view hides; the names are the view's own.
    const auto explorer = parseLesson(lessonText(R"J({"title": {"en": "B", "zh_CN": "乙"},
        "text": {"en": "b", "zh_CN": "乙"}, "view": "explorer", "hide": "xLow"})J"),
                                      "x.json", &error);
    ASSERT_TRUE(explorer) << error;
    EXPECT_EQ(explorer->scenes[1].hidden, std::vector<std::string>{"xLow"});
    EXPECT_EQ(errorOf(lessonText(head + R"J("hide": ["learningRate", "moon"]})J"))
                  .rfind("bad.json: scene 2: hide: the training view's controls and panels have "
                         "no 'moon' (expected run, grid, charts, preset,",
                         0),
              0u);
    EXPECT_EQ(errorOf(lessonText(head + R"J("hide": ["play", "play"]})J")),
              "bad.json: scene 2: hide: 'play' twice");
    EXPECT_EQ(errorOf(lessonText(head + R"J("hide": []})J")),
              "bad.json: scene 2: hide: expected a name or a non-empty array of names");
    EXPECT_EQ(errorOf(lessonText(head + R"J("hide": [3]})J")),
              "bad.json: scene 2: hide: expected a name, got 3");
    // "controls" is the whole settings panel: hidden_controls says it
    EXPECT_EQ(errorOf(lessonText(head + R"J("hide": ["controls"]})J"))
                  .rfind("bad.json: scene 2: hide: the training view's controls and panels have "
                         "no 'controls'",
                         0),
              0u);
    EXPECT_EQ(errorOf(lessonText(head + question + R"J(, "cover": ["grid", "grid"]})J")),
              "bad.json: scene 2: cover: 'grid' twice");
}

TEST(LessonLoader, LanguageFollowsTheUi) {
    const auto lesson = parseLesson(lessonText(), "good.json", nullptr);
    ASSERT_TRUE(lesson);
    EXPECT_EQ(lessonLanguage(*lesson, "zh_CN"), "zh_CN");
    EXPECT_EQ(lessonLanguage(*lesson, "zh"), "zh_CN");
    EXPECT_EQ(lessonLanguage(*lesson, "en_GB"), "en");
    EXPECT_EQ(lessonLanguage(*lesson, "de_DE"), "en");
}

TEST(LessonLoader, BuiltInLessonsLoadInBothLanguagesAndRoundTrip) {
    const auto files = builtInLessons();
    ASSERT_GE(files.size(), 1u);
    for (const auto& file : files) {
        SCOPED_TRACE(file.string());
        std::string error;
        const auto lesson = parseLesson(readFile(file), file.filename().string(), &error);
        ASSERT_TRUE(lesson) << error;
        EXPECT_EQ(lesson->languages, (std::vector<std::string>{"en", "zh_CN"}));
        EXPECT_GE(lesson->scenes.size(), 3u);
        for (const LessonScene& scene : lesson->scenes)
            for (const std::string language : {"en", "zh_CN"}) {
                EXPECT_FALSE(scene.title.at(language).empty());
                EXPECT_FALSE(scene.text.at(language).empty());
            }
        const std::string text = lessonToJson(*lesson);
        const auto again = parseLesson(text, "again.json", &error);
        ASSERT_TRUE(again) << error;
        EXPECT_EQ(lessonToJson(*again), text);
    }
}

}  // namespace
}  // namespace actlab
