// Lesson questions (issue 28, "predict, then reveal"), headless: the condition language parsed and
// refused with a reason, evaluated on measurements (one right choice, none, two), a number
// question's tolerance, the question in the lesson file (read, named errors, round trip), and the
// issue's example measured on the dying-ReLU runs after 1500 steps of Adam.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <map>

#include "config/config_json.h"
#include "lesson_files.h"
#include "lessons/lesson.h"
#include "lessons/lesson_figures.h"
#include "lessons/lesson_question.h"
#include "training/sequence_presets.h"
#include "training/sequence_trainer.h"

namespace actlab {
namespace {

LessonCondition condition(const std::string& text, const std::string& view = "training",
                          bool compare = true) {
    std::string error;
    const auto c = parseLessonCondition(text, view, compare, &error);
    EXPECT_TRUE(c) << text << ": " << error;
    return c.value_or(LessonCondition{});
}

std::string refused(const std::string& text, const std::string& view = "training",
                    bool compare = true) {
    std::string error;
    EXPECT_FALSE(parseLessonCondition(text, view, compare, &error)) << text;
    return error;
}

LessonFigureLookup lookup(const std::map<std::string, double>& values) {
    return [values](const LessonFigureRef& ref) -> std::optional<double> {
        const auto it = values.find(ref.text());
        if (it == values.end()) return std::nullopt;
        return it->second;
    };
}

TEST(LessonCondition, ReadsTheIssuesExamples) {
    const LessonCondition c = condition("dead_fraction(A) > dead_fraction(b)");
    ASSERT_EQ(c.all.size(), 1u);
    EXPECT_EQ(c.all[0].left.figure->text(), "dead_fraction(a)");
    EXPECT_EQ(c.all[0].op, ">");
    EXPECT_EQ(c.all[0].right.figure->text(), "dead_fraction(b)");
    const LessonCondition n =
        condition("test_accuracy(b) = 0.9 ± 0.05 and 0.5 <= test_accuracy(a)");
    ASSERT_EQ(n.all.size(), 2u);
    EXPECT_EQ(n.all[0].op, "=");
    EXPECT_DOUBLE_EQ(n.all[0].tolerance, 0.05);
    EXPECT_DOUBLE_EQ(n.all[1].left.number, 0.5);
    EXPECT_EQ(condition("layer_grad_norm(a, 2) > layer_grad_norm(b,2)", "attention")
                  .all[0]
                  .left.figure->layer,
              2);
    EXPECT_EQ(condition("token_accuracy(a) = 1 +- 0.01", "attention", false).all[0].op, "=");
    const LessonCondition head = condition(
        "previous_token_attention(a, 1, 2) > previous_token_attention(a, 1, 1)", "attention");
    EXPECT_EQ(head.all[0].left.figure->head, 2);
    EXPECT_EQ(head.all[0].left.figure->text(), "previous_token_attention(a, 1, 2)");
}

TEST(LessonCondition, RefusesWhatTheSceneCannotAnswerWithAReason) {
    EXPECT_NE(refused("dead_fraction(b) > 0.1", "training", false).find("compare"),
              std::string::npos);
    EXPECT_NE(refused("token_accuracy(a) > 0.5").find("not a figure a training scene"),
              std::string::npos);
    EXPECT_NE(refused("min_value(a) > 0").find("not a figure"), std::string::npos);
    EXPECT_NE(refused("dead_fraction(a) >").find("expected a figure or a number"),
              std::string::npos);
    EXPECT_NE(refused("dead_fraction(a) = 0.5").find("±"), std::string::npos);
    EXPECT_NE(refused("1 < 2").find("needs a figure"), std::string::npos);
    EXPECT_NE(refused("layer_grad_norm(a) > 1", "attention").find("block"), std::string::npos);
    EXPECT_NE(refused("previous_token_attention(a, 1) > 0.5", "attention").find("head"),
              std::string::npos);
    EXPECT_NE(refused("test_loss(a, 1) > 0.5", "attention").find("has no block"),
              std::string::npos);
    EXPECT_NE(refused("dead_fraction(a) > 0.1 or").find("'and' or the end"), std::string::npos);
    EXPECT_NE(refused("dead_fraction(c) > 0.1").find("run"), std::string::npos);
    refused("");
}

TEST(LessonCondition, EvaluatesOnTheMeasurements) {
    const auto measured = lookup({{"dead_fraction(a)", 0.53}, {"dead_fraction(b)", 0.0}});
    EXPECT_EQ(evaluateLessonCondition(condition("dead_fraction(a) > dead_fraction(b)"), measured),
              true);
    EXPECT_EQ(evaluateLessonCondition(condition("dead_fraction(a) < dead_fraction(b)"), measured),
              false);
    EXPECT_EQ(evaluateLessonCondition(condition("dead_fraction(a) = 0.5 ± 0.05"), measured), true);
    EXPECT_EQ(evaluateLessonCondition(condition("dead_fraction(a) = 0.5 ± 0.02"), measured), false);
    EXPECT_EQ(evaluateLessonCondition(condition("dead_fraction(a) >= 0.53 and dead_fraction(b) "
                                                "<= 0"),
                                      measured),
              true);
    EXPECT_EQ(evaluateLessonCondition(condition("test_accuracy(a) > 0.5"), measured), std::nullopt);
}

LessonQuestion choiceQuestion(std::vector<std::string> conditions) {
    LessonQuestion q;
    q.text = {{"en", "?"}};
    for (const std::string& when : conditions) q.choices.push_back({{{"en", when}}, when});
    return q;
}

// One choice holds: it is the answer; none or two: the outcome says so (no mark).
TEST(LessonQuestion, RevealsTheChoicesThatHold) {
    const auto measured = lookup({{"dead_fraction(a)", 0.53}, {"dead_fraction(b)", 0.02}});
    const auto reveal = [&](std::vector<std::string> choices) {
        return revealLessonQuestion(choiceQuestion(std::move(choices)), "training", true, measured);
    };
    const LessonQuestionOutcome one =
        reveal({"dead_fraction(a) > dead_fraction(b)", "dead_fraction(b) > dead_fraction(a)"});
    EXPECT_EQ(one.right, std::vector<int>{0});
    EXPECT_TRUE(one.complete);
    ASSERT_EQ(one.measured.size(), 2u);
    EXPECT_EQ(one.measured[0].first.text(), "dead_fraction(a)");
    EXPECT_DOUBLE_EQ(one.measured[1].second, 0.02);
    EXPECT_TRUE(reveal({"dead_fraction(a) < 0.1", "dead_fraction(b) > 0.5"}).right.empty());
    EXPECT_EQ(reveal({"dead_fraction(a) > 0.1", "dead_fraction(b) < 0.5"}).right,
              (std::vector<int>{0, 1}));
    EXPECT_FALSE(reveal({"test_accuracy(a) > 0.5", "test_accuracy(a) <= 0.5"}).complete);
}

TEST(LessonQuestion, ANumberQuestionTakesGuessesWithinItsTolerance) {
    LessonQuestion q;
    q.answer = "dead_fraction(a)";
    q.tolerance = 0.1;
    const LessonQuestionOutcome outcome =
        revealLessonQuestion(q, "training", false, lookup({{"dead_fraction(a)", 0.53}}));
    ASSERT_TRUE(outcome.answer);
    EXPECT_DOUBLE_EQ(*outcome.answer, 0.53);
    EXPECT_TRUE(lessonGuessIsRight(q, *outcome.answer, 0.45));
    // shown as a share, or with two decimals
    EXPECT_EQ(formatLessonFigure(lessonFigureFor({"dead_fraction", "a"}), 0.534), "53%");
    EXPECT_EQ(formatLessonFigure(lessonFigureFor({"test_loss", "b"}), 0.3849), "0.38");
    EXPECT_FALSE(lessonGuessIsRight(q, *outcome.answer, 0.3));
}

// The class's guesses as the teacher types them: separators (CJK ones too), a percent question's
// numbers in percent, bad input named.
TEST(LessonQuestion, GuessesAreReadInTheAnswersUnit) {
    LessonQuestion share;
    share.answer = "token_accuracy(a)";
    share.format = "percent";
    std::string error;
    EXPECT_EQ(parseLessonGuesses("40, 55%;70 ", share, &error),
              (std::vector<double>{0.4, 0.55, 0.7}));
    EXPECT_EQ(parseLessonGuesses("40，55、12.5", share, &error),
              (std::vector<double>{0.4, 0.55, 0.125}));
    EXPECT_EQ(parseLessonGuesses("  ", share, &error), std::vector<double>{});
    LessonQuestion plain;
    plain.answer = "test_loss(a)";
    EXPECT_EQ(parseLessonGuesses("0.3 1e-1 50%", plain, &error),
              (std::vector<double>{0.3, 0.1, 0.5}));
    EXPECT_FALSE(parseLessonGuesses("0.3, 4o", plain, &error));
    EXPECT_EQ(error, "'4o' is not a number");
    EXPECT_FALSE(parseLessonGuesses("%", plain, &error));
    EXPECT_EQ(error, "'%' is not a number");
    EXPECT_FALSE(parseLessonGuesses("inf", plain, &error));
    std::string many;
    for (int i = 0; i < 201; ++i) many += "1 ";
    EXPECT_FALSE(parseLessonGuesses(many, plain, &error));
    EXPECT_EQ(error, "more than 200 guesses");
}

// A lesson whose second scene asks `question` (JSON), the dying-ReLU runs compared.
std::string lessonWith(const std::string& question, int pretrain = 1500) {
    return R"j({"format": "actlab-lesson", "version": 1, "title": {"en": "T", "zh_CN": "题"},
      "languages": ["en", "zh_CN"], "scenes": [
      {"title": {"en": "A", "zh_CN": "甲"}, "text": {"en": "a", "zh_CN": "甲"}, "view": "explorer"},
      {"title": {"en": "B", "zh_CN": "乙"}, "text": {"en": "b", "zh_CN": "乙"}, "view": "training",
       "preset": "dying-relu", "compare": {"activation": "leaky_relu"}, "pretrain_steps": )j" +
           std::to_string(pretrain) + R"j(, "question": )j" + question + "}]}";
}

const char* kIssueQuestion =
    R"j({"text": {"en": "After 1500 steps of Adam, will more units be dead )j"
    R"j(with ReLU or with Leaky ReLU?", "zh_CN": "Adam 训练 1500 步后，ReLU 和 Leaky ReLU 哪个死亡单元更多？"},
    "choices": [
      {"text": {"en": "ReLU", "zh_CN": "ReLU"}, "when": "dead_fraction(a) > dead_fraction(b)"},
      {"text": {"en": "Leaky ReLU", "zh_CN": "Leaky ReLU"}, "when": "dead_fraction(b) > dead_fraction(a)"}]})j";

TEST(LessonQuestion, IsReadFromTheLessonAndWrittenBack) {
    std::string error;
    const auto lesson = parseLesson(lessonWith(kIssueQuestion), "q.json", &error);
    ASSERT_TRUE(lesson) << error;
    const auto& q = lesson->scenes[1].question;
    ASSERT_TRUE(q);
    ASSERT_EQ(q->choices.size(), 2u);
    EXPECT_EQ(q->choices[1].when, "dead_fraction(b) > dead_fraction(a)");
    EXPECT_EQ(q->text.at("zh_CN").substr(0, 4), "Adam");
    const std::string normal = lessonToJson(*lesson);
    const auto back = parseLesson(normal, "q.json", &error);
    ASSERT_TRUE(back) << error;
    EXPECT_EQ(lessonToJson(*back), normal);
    const auto number = parseLesson(lessonWith(R"j({"text": {"en": "?", "zh_CN": "？"},
        "answer": "dead_fraction(a)", "tolerance": 0.1, "format": "percent"})j"),
                                    "n.json", &error);
    ASSERT_TRUE(number) << error;
    EXPECT_EQ(number->scenes[1].question->answer, "dead_fraction(a)");
    EXPECT_EQ(number->scenes[1].question->digits, 0);
}

TEST(LessonQuestion, AWrongQuestionIsNamedByFileSceneAndField) {
    const auto error = [](const std::string& text) {
        std::string e;
        EXPECT_FALSE(parseLesson(text, "q.json", &e));
        return e;
    };
    EXPECT_EQ(error(lessonWith(R"j({"text": {"en": "?", "zh_CN": "？"}, "choices": [
        {"text": {"en": "x", "zh_CN": "x"}, "when": "dead_fraction(a) > 1"},
        {"text": {"en": "y", "zh_CN": "y"}, "when": "dead_fraction(a) >> 1"}]})j")),
              "q.json: scene 2: question.choices[1].when: at '> 1': expected a figure or a "
              "number");
    EXPECT_NE(error(lessonWith(kIssueQuestion, 0)).find("question: the scene's pre-training"),
              std::string::npos);
    EXPECT_NE(error(lessonWith(R"j({"text": {"en": "?", "zh_CN": "？"}, "choices": [
        {"text": {"en": "x", "zh_CN": "x"}, "when": "dead_fraction(a) > 1"}]})j"))
                  .find("question.choices: expected 2 to 8"),
              std::string::npos);
    EXPECT_NE(error(lessonWith(R"j({"text": {"en": "?"}, "answer": "dead_fraction(a)"})j"))
                  .find("question.text: missing the zh_CN text"),
              std::string::npos);
}

// The question's figures measured by core on the scene's runs trained for its pretrain_steps
// (as the app measures them at reveal), by their normal text; a figure not measured is left out.
std::map<std::string, double> measureQuestion(LessonScene scene, const LessonQuestion& q,
                                              bool compare) {
    const auto refs = lessonQuestionFigures(q, scene.view, compare);
    scene.figures.clear();
    for (const LessonFigureRef& ref : refs) scene.figures.push_back(lessonFigureFor(ref));
    const std::vector<FigureMeasurement> measured = measureLessonFigures(scene);
    std::map<std::string, double> values;
    for (size_t i = 0; i < refs.size(); ++i) {
        EXPECT_EQ(measured[i].problem, "") << refs[i].text();
        if (measured[i].problem.empty()) values[refs[i].text()] = measured[i].measured;
    }
    return values;
}

// The issue's example, measured as the app does at reveal: after 1500 steps of Adam on the
// dying-ReLU spiral, more units are dead with ReLU (run A) than with Leaky ReLU (run B).
TEST(LessonQuestionMeasured, TheIssuesExampleRevealsReLU) {
    std::string error;
    const auto lesson = parseLesson(lessonWith(kIssueQuestion), "q.json", &error);
    ASSERT_TRUE(lesson) << error;
    const LessonScene& scene = lesson->scenes[1];
    std::map<std::string, double> values = measureQuestion(scene, *scene.question, true);
    ASSERT_EQ(values.size(), 2u);
    const LessonQuestionOutcome outcome =
        revealLessonQuestion(*scene.question, scene.view, true, lookup(values));
    EXPECT_EQ(outcome.right, std::vector<int>{0})
        << "dead: ReLU " << values["dead_fraction(a)"] << ", Leaky " << values["dead_fraction(b)"];
}

// previous_token_attention on maps made by hand: one block, two heads, one probe of 3 tokens
// (maps (L, H, P, T, T), a row per query): head 1 gives the token before 0.8 (query 1) and 0.6
// (query 2), head 2 gives it 0.1 and 0.3; the figure is the mean over the queries after the first.
TEST(LessonQuestion, PreviousTokenAttentionIsTheMeanWeightOnTheTokenBefore) {
    SequenceSnapshot snapshot;
    AttentionMaps& maps = snapshot.probes.attention;
    maps.layers = 1;
    maps.heads = 2;
    maps.probes = 1;
    maps.queries = maps.keys = 3;
    // clang-format off
    maps.weights = {
        1.0f, 0.0f, 0.0f,   0.8f, 0.2f, 0.0f,   0.1f, 0.6f, 0.3f,    // head 1
        1.0f, 0.0f, 0.0f,   0.1f, 0.9f, 0.0f,   0.2f, 0.3f, 0.5f};   // head 2
    // clang-format on
    LessonScene scene;
    scene.view = "attention";
    for (int head : {1, 2})
        scene.figures.push_back(lessonFigureFor({"previous_token_attention", "a", 1, head}));
    scene.figures.push_back(lessonFigureFor({"previous_token_attention", "a", 1, 3}));
    LessonSceneSnapshots runs;
    runs.attention[0] = &snapshot;
    const std::vector<FigureMeasurement> measured = measureLessonFigures(scene, runs);
    ASSERT_EQ(measured.size(), 3u);
    EXPECT_NEAR(measured[0].measured, 0.7, 1e-6);
    EXPECT_NEAR(measured[1].measured, 0.2, 1e-6);
    EXPECT_NE(measured[2].problem.find("no head 3"), std::string::npos);
}

// The issue's other example, "which head reads the token before?", on the two-layer induction
// Transformer after 1000 steps: the question measures each head's attention on the token before
// (a share of the row, in [0, 1]) and names exactly one head (a tie is not a measurement).
TEST(LessonQuestionMeasured, WhichHeadReadsTheTokenBefore) {
    LessonScene scene;
    scene.view = "attention";
    scene.preset = "induction-two-layers";
    std::string error;
    const auto* preset = findSequencePreset(scene.preset);
    ASSERT_TRUE(preset);
    scene.configJson = sequenceTrainingConfigToJson(
        *sequenceTrainingConfigFromJson(std::string(preset->json), &error));
    scene.pretrainSteps = 1000;
    LessonQuestion q;
    for (const char* when :
         {"previous_token_attention(a, 1, 1) > previous_token_attention(a, 1, 2)",
          "previous_token_attention(a, 1, 2) > previous_token_attention(a, 1, 1)"})
        q.choices.push_back({{{"en", when}}, when});
    const std::map<std::string, double> values = measureQuestion(scene, q, false);
    ASSERT_EQ(values.size(), 2u);
    const LessonQuestionOutcome outcome =
        revealLessonQuestion(q, scene.view, false, lookup(values));
    ASSERT_EQ(outcome.right.size(), 1u);
    for (const auto& [ref, value] : outcome.measured) {
        EXPECT_GE(value, 0.0) << ref.text();
        EXPECT_LE(value, 1.0) << ref.text();
    }
}

// Every question of the built-in lessons answers itself: measured by core on its scene's runs,
// exactly one choice holds (a number question gets its number).
TEST(LessonQuestionMeasured, EveryBuiltInQuestionHasOneAnswer) {
    int questions = 0;
    for (const std::string& name : test::lessonFiles()) {
        std::string error;
        const auto lesson = parseLesson(
            test::readFile(std::filesystem::path(ACTLAB_LESSON_DIR) / name), name, &error);
        ASSERT_TRUE(lesson) << error;
        for (size_t i = 0; i < lesson->scenes.size(); ++i) {
            const LessonScene& scene = lesson->scenes[i];
            if (!scene.question) continue;
            SCOPED_TRACE(name + " scene " + std::to_string(i + 1));
            const bool compare = scene.compareActivation || !scene.compareConfigJson.empty();
            std::map<std::string, double> values = measureQuestion(scene, *scene.question, compare);
            const LessonQuestionOutcome outcome =
                revealLessonQuestion(*scene.question, scene.view, compare, lookup(values));
            EXPECT_TRUE(outcome.complete);
            if (scene.question->choices.empty())
                EXPECT_TRUE(outcome.answer);
            else
                EXPECT_EQ(outcome.right.size(), 1u);
            for (const auto& [figure, value] : values)
                std::printf("%s %s = %g\n", name.c_str(), figure.c_str(), value);
            ++questions;
        }
    }
    EXPECT_GE(questions, 3);
}

}  // namespace
}  // namespace actlab
