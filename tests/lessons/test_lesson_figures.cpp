// Every figure a built-in lesson quotes is measured by ActLab: each scene's "figures" are
// recomputed with core (minima, derivative ranges, approximation errors, GLU parameter counts,
// the results of the scene's pretraining), and each must be written in the scene's text in
// every language (issue 9: the lessons' numbers are ActLab's, never copied from the seeds).
#include <gtest/gtest.h>

#include <filesystem>

#include "lesson_files.h"
#include "lessons/lesson.h"
#include "lessons/lesson_figures.h"

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
    for (size_t i = 0; i < lesson->scenes.size(); ++i) {
        const LessonScene& scene = lesson->scenes[i];
        for (const LessonFigure& figure : scene.figures) {
            SCOPED_TRACE("scene " + std::to_string(i + 1) + ", " + figure.what + " " +
                         figure.shown);
            const FigureMeasurement m = measureLessonFigure(scene, figure);
            ASSERT_TRUE(m.problem.empty()) << m.problem;
            EXPECT_TRUE(m.agrees) << "measured " << m.measured << ", the lesson says "
                                  << figure.value << " ± " << figure.tolerance;
            for (const auto& [language, text] : scene.text)
                EXPECT_NE(plainText(text).find(figure.shown), std::string::npos)
                    << language << " text does not quote " << figure.shown;
            ++figures;
        }
    }
    EXPECT_GT(figures, 0);
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

}  // namespace
}  // namespace actlab
