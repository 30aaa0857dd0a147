// Every figure a built-in lesson quotes is measured by ActLab: each scene's "figures" are
// recomputed with core (minima, derivative ranges, approximation errors, GLU parameter counts,
// the results of the scene's pretraining), and each must be written in the scene's text in
// every language (issue 9: the lessons' numbers are ActLab's, never copied from the seeds): as
// quoted, or filled in ({{id}}) by the app where a training result differs with the CPU, its
// value ± tolerance then the claim the text makes. ACTLAB_PRINT_FIGURES=1 prints each figure
// as this build measures it.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "config/config_json.h"
#include "config/training_config_json.h"
#include "lesson_files.h"
#include "lessons/lesson.h"
#include "lessons/lesson_figures.h"
#include "training/sequence_trainer.h"
#include "training/trainer.h"

namespace actlab {
namespace {

using test::readFile;

// Strips the HTML tags of a scene's text, so "<b>57%</b>" is found as "57%".
std::string plainText(const std::string& html) {
    std::string plain;
    bool inTag = false;
    for (char c : html) {
        if (c == '<') inTag = true;
        if (!inTag) plain += c;
        if (c == '>') inTag = false;
    }
    return plain;
}

class BuiltInLessonFigures : public ::testing::TestWithParam<std::string> {};

TEST_P(BuiltInLessonFigures, AreMeasuredAndQuoted) {
    const std::filesystem::path file = std::filesystem::path(ACTLAB_LESSON_DIR) / GetParam();
    std::string error;
    const auto lesson = parseLesson(readFile(file), GetParam(), &error);
    ASSERT_TRUE(lesson) << error;
    int figures = 0;
    const bool printFigures = std::getenv("ACTLAB_PRINT_FIGURES") != nullptr;
    LessonRuns runs;  // scenes showing the same run train it once
    for (size_t i = 0; i < lesson->scenes.size(); ++i) {
        const LessonScene& scene = lesson->scenes[i];
        const std::vector<FigureMeasurement> measured = measureLessonFigures(scene, &runs);
        ASSERT_EQ(measured.size(), scene.figures.size());
        for (size_t k = 0; k < scene.figures.size(); ++k) {
            const LessonFigure& figure = scene.figures[k];
            SCOPED_TRACE("scene " + std::to_string(i + 1) + ", " + figure.what + " " +
                         figure.shown + figure.id + " (run " + figure.run + ")");
            const FigureMeasurement& m = measured[k];
            ASSERT_TRUE(m.problem.empty()) << m.problem;
            if (printFigures)  // for a lesson's author: what this build measures
                std::printf("figure %s scene %zu %s %s %.6g\n", GetParam().c_str(), i + 1,
                            figure.what.c_str(),
                            (figure.id.empty() ? figure.shown : figure.id).c_str(), m.measured);
            EXPECT_TRUE(m.agrees) << "measured " << m.measured << ", the lesson says "
                                  << figure.value << " ± " << figure.tolerance;
            // Quoted as written, or filled in ({{id}}) with the measurement.
            const std::string written = figure.id.empty() ? figure.shown : "{{" + figure.id + "}}";
            EXPECT_FALSE(written.empty());
            for (const auto& [language, text] : scene.text)
                EXPECT_NE(plainText(text).find(written), std::string::npos)
                    << language << " text does not write " << written;
            ++figures;
        }
    }
    // a lesson quotes figures, or asks questions whose answers are measured (test_lesson_question)
    const bool asks = std::any_of(lesson->scenes.begin(), lesson->scenes.end(),
                                  [](const LessonScene& s) { return s.question.has_value(); });
    EXPECT_TRUE(figures > 0 || asks);
}

using test::lessonFiles;

INSTANTIATE_TEST_SUITE_P(Lessons, BuiltInLessonFigures, ::testing::ValuesIn(lessonFiles()),
                         [](const auto& info) {
                             std::string name = info.param.substr(0, info.param.find('.'));
                             for (char& c : name)
                                 if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                             return name;
                         });

// A figure that the measurement contradicts fails (the check can go red).
TEST(LessonFigures, DisagreementIsCaught) {
    LessonScene scene;
    LessonFigure figure;
    figure.what = "approx_error";
    figure.function = ActivationConfig::withDefaults(findActivation("gelu_tanh")->id);
    figure.reference = ActivationConfig::withDefaults(findActivation("gelu")->id);
    figure.value = 1e-3;  // seed 003's "0.1%"
    figure.tolerance = 1e-6;
    const FigureMeasurement m = measureLessonFigure(scene, figure);
    EXPECT_FALSE(m.agrees);
    EXPECT_NEAR(m.measured, 4.7324e-4, 1e-7);
}

// A filled-in figure is shown in its format; the text gets the measurement where it writes
// {{id}}, or the pending mark before it is measured.
TEST(LessonFigures, FilledInFiguresAreFormattedIntoTheText) {
    LessonFigure f;
    f.id = "dead";
    f.format = "percent";
    EXPECT_EQ(formatLessonFigure(f, 0.53125), "53%");
    f.digits = 1;
    EXPECT_EQ(formatLessonFigure(f, 0.90967), "91.0%");
    f.format = "fixed";
    f.digits = 3;
    EXPECT_EQ(formatLessonFigure(f, 0.38471), "0.385");
    f.format = "sci";
    f.digits = 1;
    EXPECT_EQ(formatLessonFigure(f, 3.3475e-05), "3.3e-5");
    EXPECT_EQ(formatLessonFigure(f, 1234.0), "1.2e3");
    EXPECT_EQ(formatLessonFigure(f, 1.0), "1.0e0");
    EXPECT_EQ(formatLessonFigure(f, std::nan("")), "—");

    LessonScene scene;
    LessonFigure accuracy;
    accuracy.id = "acc";
    accuracy.format = "percent";
    scene.figures = {f, accuracy};
    const std::string text = "<b>{{acc}}</b> and {{dead}}, {{acc}}.";
    EXPECT_EQ(lessonTextWithFigures(text, scene, {}, "…"), "<b>…</b> and …, ….");
    EXPECT_EQ(lessonTextWithFigures(text, scene, {std::nullopt, 0.68}, "…"),
              "<b>68%</b> and …, 68%.");
    EXPECT_EQ(lessonTextWithFigures(text, scene, {2.5e-4, 0.68}, "…"),
              "<b>68%</b> and 2.5e-4, 68%.");
    EXPECT_EQ(lessonTextWithFigures("no figure {{", scene, {}, "…"), "no figure {{");
}

// The figures of a scene measured on snapshots a view trained are those of the scene's own
// training: the lesson panel fills in what core measures.
TEST(LessonFigures, MeasuredOnAViewsSnapshotsAsOnTheScenesTraining) {
    LessonScene scene;
    scene.view = "training";
    scene.pretrainSteps = 30;
    scene.configJson = R"({"task": "spiral", "model": {"hidden": [8, 8],
        "activations": ["relu"], "bias_init": -1}, "batch": 32})";
    scene.compareActivation = ActivationConfig::withDefaults(findActivation("tanh")->id);
    for (const char* what : {"dead_fraction", "test_accuracy", "grad_norm_ratio"})
        for (const char* run : {"a", "b"}) {
            LessonFigure f;
            f.what = what;
            f.run = run;
            scene.figures.push_back(f);
        }
    const std::vector<FigureMeasurement> trained = measureLessonFigures(scene);
    std::string error;
    TrainingSnapshot snapshots[2];
    for (int run = 0; run < 2; ++run) {
        auto config = trainingConfigFromJson(scene.configJson, &error);
        ASSERT_TRUE(config) << error;
        if (run == 1)
            for (ActivationConfig& a : config->model.activations) a = *scene.compareActivation;
        const auto trainer = Trainer::create(*config, &error);
        ASSERT_TRUE(trainer) << error;
        trainer->step(scene.pretrainSteps);
        snapshots[run] = trainer->snapshot(true);
    }
    LessonSceneSnapshots runs;
    runs.training[0] = &snapshots[0];
    const std::vector<FigureMeasurement> onlyA = measureLessonFigures(scene, runs);
    runs.training[1] = &snapshots[1];
    const std::vector<FigureMeasurement> shown = measureLessonFigures(scene, runs);
    ASSERT_EQ(shown.size(), trained.size());
    for (size_t i = 0; i < shown.size(); ++i) {
        SCOPED_TRACE(scene.figures[i].what + " " + scene.figures[i].run);
        ASSERT_TRUE(trained[i].problem.empty()) << trained[i].problem;
        ASSERT_TRUE(shown[i].problem.empty()) << shown[i].problem;
        EXPECT_EQ(shown[i].measured, trained[i].measured);
        EXPECT_EQ(onlyA[i].problem.empty(), scene.figures[i].run == "a");
    }
    EXPECT_NE(shown[2].measured, shown[3].measured);  // the runs differ
}

// An attention scene's figures are its runs' snapshots: run a and run b (the compare
// configuration) each trained for the scene's pretrain_steps, as a SequenceTrainer does.
TEST(LessonFigures, AttentionFiguresReadTheScenesRuns) {
    const std::string lessonText = R"({"format": "actlab-lesson", "version": 1,
      "title": {"en": "T"}, "languages": ["en"], "scenes": [{"title": {"en": "A"},
      "text": {"en": "a"}, "view": "attention", "pretrain_steps": 20,
      "config": {"task": "negation", "batch": 16, "probes": 16,
                 "model": {"layers": 2, "heads": 2, "d_model": 16, "qkv_activation": "relu"}},
      "compare": {"config": {"model": {"qkv_activation": "identity"}}},
      "figures": [{"what": "token_accuracy", "value": 0}, {"what": "test_loss", "value": 0},
                  {"what": "attention_entropy", "value": 0},
                  {"what": "qkv_dead_fraction", "value": 0},
                  {"what": "ffn_dead_fraction", "value": 0},
                  {"what": "layer_grad_norm", "layer": 2, "value": 0},
                  {"what": "grad_norm_ratio", "value": 0},
                  {"what": "negator_attention", "value": 0},
                  {"what": "token_accuracy", "value": 0, "run": "b"},
                  {"what": "layer_grad_norm", "layer": 3, "value": 0}]}]})";
    std::string error;
    const auto lesson = parseLesson(lessonText, "attention.json", &error);
    ASSERT_TRUE(lesson) << error;
    const LessonScene& scene = lesson->scenes[0];
    const std::vector<FigureMeasurement> m = measureLessonFigures(scene);
    ASSERT_EQ(m.size(), 10u);
    for (size_t i = 0; i + 1 < m.size(); ++i) EXPECT_TRUE(m[i].problem.empty()) << m[i].problem;
    EXPECT_FALSE(m[9].problem.empty());  // a third block of two

    for (const std::string* json : {&scene.configJson, &scene.compareConfigJson}) {
        auto trainer =
            SequenceTrainer::create(*sequenceTrainingConfigFromJson(*json, &error), &error);
        ASSERT_TRUE(trainer) << error;
        trainer->step(20);
        const SequenceSnapshot s = trainer->snapshot();
        if (json == &scene.compareConfigJson) {
            EXPECT_EQ(m[8].measured, s.tokenAccuracy);
            continue;
        }
        EXPECT_EQ(m[0].measured, s.tokenAccuracy);
        EXPECT_EQ(m[1].measured, s.testLoss);
        EXPECT_EQ(m[2].measured, s.attentionEntropy);
        EXPECT_DOUBLE_EQ(m[3].measured, (s.qkvDeadFraction[0] + s.qkvDeadFraction[1]) / 2);
        EXPECT_DOUBLE_EQ(m[4].measured, (s.ffnDeadFraction[0] + s.ffnDeadFraction[1]) / 2);
        EXPECT_EQ(m[5].measured, s.layerGradientNorm[1]);
        EXPECT_DOUBLE_EQ(m[6].measured, s.layerGradientNorm[0] / s.layerGradientNorm[1]);
    }
    // Uniform attention over the 8 words of a sentence would give 1/8.
    EXPECT_GT(m[7].measured, 0.0);
    EXPECT_LT(m[7].measured, 1.0);
}

// negator_attention is the mean weight on the negator's key: near 1/T for the almost uniform
// maps of an untrained model.
TEST(LessonFigures, NegatorAttentionOfAnUntrainedModelIsNearUniform) {
    LessonScene scene;
    scene.view = "attention";
    scene.pretrainSteps = 0;
    scene.configJson = R"({"task": "negation", "batch": 8, "probes": 8,
        "model": {"layers": 1, "heads": 1, "d_model": 8}})";
    LessonFigure figure;
    figure.what = "negator_attention";
    const FigureMeasurement m = measureLessonFigure(scene, figure);
    ASSERT_TRUE(m.problem.empty()) << m.problem;
    // An untrained model attends almost uniformly: close to 1/T of a sentence of 8 words.
    EXPECT_NEAR(m.measured, 1.0 / 8, 0.03);
}

}  // namespace
}  // namespace actlab
