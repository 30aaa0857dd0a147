// The conditions of a lesson question (lesson.h's LessonQuestion): a small language over the
// figures a scene's runs measure, parsed, checked against the scene and evaluated on what was
// measured at reveal.
//
//   condition  := comparison ("and" comparison)*
//   comparison := operand ("<" | "<=" | ">" | ">=") operand
//               | operand "=" operand ("±" | "+-") number        (a number with a tolerance)
//   operand    := number | figure
//   figure     := kind "(" run ["," block ["," head]] ")"
//                 run: a or b (A, B); block: layer_grad_norm's and previous_token_attention's,
//                 head: previous_token_attention's ("previous_token_attention(a, 2, 1)")
//
// kind is one of lessonFigureKinds() that the scene's runs measure (dead_fraction, test_accuracy,
// token_accuracy, …): "dead_fraction(a) > dead_fraction(b)" — more units die in run A than in B.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "lessons/lesson.h"

namespace actlab {

// A figure a condition names: its kind, run ("a" or "b"), block and head (else 0).
struct LessonFigureRef {
    std::string what;
    std::string run = "a";
    int layer = 0;
    int head = 0;
    std::string text() const;  // as written in normal form: "dead_fraction(a)"
    bool operator==(const LessonFigureRef&) const = default;
};

struct LessonCondition {
    struct Operand {
        std::optional<LessonFigureRef> figure;  // else the number
        double number = 0;
    };
    struct Comparison {
        Operand left, right;
        std::string op;        // < <= > >= =
        double tolerance = 0;  // "=": |left − right| ≤ tolerance
    };
    std::vector<Comparison> all;  // every one must hold
};

// Parses `text` for a scene of `view` (with run B when `compare`); nullopt and a one-line *error
// ("at 'x': expected a figure or a number") when it is not a condition that scene can answer.
std::optional<LessonCondition> parseLessonCondition(const std::string& text,
                                                    const std::string& view, bool compare,
                                                    std::string* error);
// A figure alone (a number question's answer): "dead_fraction(a)".
std::optional<LessonFigureRef> parseLessonFigureRef(const std::string& text,
                                                    const std::string& view, bool compare,
                                                    std::string* error);

// The figures a question names (its choices' conditions or its answer), each once, in order.
std::vector<LessonFigureRef> lessonQuestionFigures(const LessonQuestion& question,
                                                   const std::string& view, bool compare);
// A figure to measure with measureLessonFigures (lesson_figures.h) for a reference, shown as a
// share ("53%": dead fractions, accuracies, attention weights) or with two decimals.
LessonFigure lessonFigureFor(const LessonFigureRef& ref);

// The measured value of a figure, or nullopt where it was not measured.
using LessonFigureLookup = std::function<std::optional<double>(const LessonFigureRef&)>;
// Whether the condition holds on the measurements; nullopt where a figure it names is missing.
std::optional<bool> evaluateLessonCondition(const LessonCondition& condition,
                                            const LessonFigureLookup& measured);

// What a reveal says: each figure the question names and its measured value, and the choices
// that hold (a right answer when exactly one does; none or several: the question says so).
struct LessonQuestionOutcome {
    std::vector<std::pair<LessonFigureRef, double>> measured;
    std::vector<int> right;        // the choices whose condition holds, 0-based
    bool complete = false;         // every figure was measured
    std::optional<double> answer;  // a number question's measured answer
};
LessonQuestionOutcome revealLessonQuestion(const LessonQuestion& question, const std::string& view,
                                           bool compare, const LessonFigureLookup& measured);
// Whether a guess answers a number question: |guess − answer| ≤ tolerance.
bool lessonGuessIsRight(const LessonQuestion& question, double answer, double guess);
// The class's guesses at a number question as the teacher types them: numbers separated by
// commas (also "，" and "、"), semicolons or spaces, each in the unit the answer is shown in (a
// "percent" question's "40" or "40%" is 0.4; elsewhere "40%" is 0.4 too). Empty text: none.
// nullopt and a one-line *error ("'4o' is not a number") otherwise; at most 200.
std::optional<std::vector<double>> parseLessonGuesses(const std::string& text,
                                                      const LessonQuestion& question,
                                                      std::string* error);

}  // namespace actlab
