// A guided lesson: a title and a sequence of scenes, each the state of one view (functions and
// x range, a GELU window, a gated surface, a Training or Attention configuration with steps to
// pre-train) and a text in every language the lesson declares. Read from JSON, checked whole.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "activations/catalogue.h"

namespace actlab {

// A figure a scene's text quotes and how ActLab measures it (core/lessons/lesson_figures.h).
struct LessonFigure {
    // One of lessonFigureKinds(): min_value, min_at, derivative_min/max (on the window),
    // value_at/derivative_at (at x), approx_error(_at: |x|), glu_* (weights); after a training
    // scene's pretraining dead_fraction, grad_norm_ratio (first/last hidden layer), accuracies;
    // after an attention scene's token_accuracy, test_loss, perplexity (e^test_loss),
    // attention_entropy (nats, mean over heads), qkv/ffn_dead_fraction (mean over blocks),
    // layer_grad_norm (block `layer`), grad_norm_ratio (first/last block), negator_attention,
    // previous_token_attention (head `head` of block `layer`: the mean weight a position gives the
    // token before it) (lessonFigureFitsView says where).
    std::string what;
    std::optional<ActivationConfig> function;   // min_value … approx_error: the function
    std::optional<ActivationConfig> reference;  // approx_error(_at): the exact function
    std::optional<std::pair<double, double>> window;
    double x = 0;             // value_at, derivative_at: where
    int dModel = 0, dFf = 0;  // glu_*: the GLU FFN's sizes (d_ff 0: the 8/3 rule)
    int layer = 0;            // layer_grad_norm, previous_token_attention: the block, 1 = the first
    int head = 0;             // previous_token_attention: the head of that block, 1 = the first
    std::string run = "a";    // run figures: run "a", or "b" (the compare activation/config)
    double value = 0;         // the figure as the text quotes it ...
    double tolerance = 0;     // ... and how far the measurement may be from it
    std::string shown;        // the figure as written in every language's text, or:
    // A figure the app fills in: every language's text writes {{id}} where the measurement is
    // shown, in `format` ("percent": ×100 and "%", "fixed", "sci": "3.3e-5") with `digits`
    // decimals. A training result differs with the CPU and the build's SIMD width, so a lesson
    // fills it in rather than quote one machine's digits; value ± tolerance then states the claim
    // the text makes in words ("about half of the units die": 0.5 ± 0.1).
    std::string id;
    std::string format;
    int digits = 0;
};

using LessonText = std::map<std::string, std::string>;  // language → text

// A question the scene asks the class before its runs show the answer (issue 28: predict, then
// reveal): multiple choice, each choice a condition on figures of the scene's runs
// (core/lessons/lesson_question.h: "dead_fraction(a) > dead_fraction(b)", "test_accuracy(b) =
// 0.9 ± 0.05"), or a number, the value of one figure ("dead_fraction(a)") that a guess may miss by
// `tolerance`. The right choice is computed at reveal from what the runs measured, never typed.
struct LessonChoice {
    LessonText text;
    std::string when;
};
struct LessonQuestion {
    LessonText text;
    std::vector<LessonChoice> choices;  // multiple choice (two or more); empty: a number question
    std::string answer;                 // a number question: the figure that answers it
    double tolerance = 0;
    std::string format = "fixed";  // how the answer is shown (as LessonFigure's)
    int digits = 2;
};

struct LessonScene {
    LessonText title;
    LessonText text;  // rich text: a small HTML subset
    // The speaker notes (optional, in any of the declared languages): plain text the presenter
    // window shows the teacher; never on the projector, never in a handout.
    LessonText notes;
    std::string view;  // explorer | gelu | gated | training | attention
    // explorer
    std::vector<ActivationConfig> functions;
    bool showValue = true, showFirst = true, showSecond = false;
    std::optional<std::pair<double, double>> xRange;
    // gelu (window) and gated (unit, window in x and in v)
    std::optional<std::pair<double, double>> window;
    std::optional<std::pair<double, double>> valueWindow;
    std::string errorScale;  // gelu: "", signed, absolute, relative
    std::optional<ActivationId> unit;
    // training / attention: the configuration in core's JSON form (trainingConfigToJson,
    // sequenceTrainingConfigToJson), the preset it came from (may be empty)
    std::string preset;
    std::string configJson;
    // compare: training: run B's activation; attention: run B's whole configuration
    std::optional<ActivationConfig> compareActivation;
    std::string compareConfigJson;
    int pretrainSteps = 0;
    // training / attention: the tab of charts shown, by its first chart (0-based among the
    // charts the view shows, so that it names the same charts in any arrangement); -1: as it is
    int firstChart = -1;
    // training: the neuron grids' colouring, "gradient" (passes gradient) or "active"; "": as is
    std::string gridColouring;
    bool hiddenControls = false;  // the view's whole settings panel
    // Controls and panels of the view the class does not see (lessonHideables(view)), as
    // Playground's hidden controls: the teacher picks them in the editor's "choose what the
    // class sees" mode. JSON "hide": an array of names.
    std::vector<std::string> hidden;
    std::string highlight;  // a panel of the view (lessonHighlights(view)), or empty
    std::vector<LessonFigure> figures;
    // The question (training and attention scenes that pre-train): the scene does not pre-train
    // until the question is revealed.
    std::optional<LessonQuestion> question;
    // The panels of the view (lessonHighlights(view)) that would give the question's answer
    // away: covered by plain cards until the reveal (only with a question; empty: none). JSON
    // "cover": a panel's name or an array of them.
    std::vector<std::string> covers;
};

struct Lesson {
    LessonText title;
    std::vector<std::string> languages;  // en, zh_CN
    std::vector<LessonScene> scenes;
};

// The views, the panels each can highlight and the figure kinds.
const std::vector<std::string>& lessonViews();
const std::vector<std::string>& lessonHighlights(const std::string& view);
const std::vector<std::string>& lessonFigureKinds();
const std::vector<std::string>& lessonLanguages();
// The controls of a view a scene can hide (their widgets' object names: "learningRate", "play"),
// and everything it can hide: its panels (but "controls", which is hidden_controls, and
// "distributions", a page of "charts"), then its controls.
const std::vector<std::string>& lessonControls(const std::string& view);
const std::vector<std::string>& lessonHideables(const std::string& view);
// Whether a figure kind can be measured in a scene of `view`: function and GLU figures in any,
// the training figures in training scenes, the attention figures in attention scenes.
bool lessonFigureFitsView(const std::string& what, const std::string& view);

// Reads a lesson; on any problem nullopt and a one-line *error naming the file, the scene
// (1-based) and the field: "dying.json: scene 2: functions[0].params: alpha must be in …".
// A Draft is a lesson being written (the editor's files and autosaves): its texts may be empty or
// missing and its figures not yet shown by every text; what it holds is checked as a lesson's.
enum class LessonReading { Lesson, Draft };
std::optional<Lesson> parseLesson(const std::string& text, const std::string& fileName,
                                  std::string* error,
                                  LessonReading reading = LessonReading::Lesson);
// The lesson in its normal form (which parseLesson reads back to the same text).
std::string lessonToJson(const Lesson& lesson);

// A filled-in figure (one with an id) as the text shows it: "53%", "0.385", "3.3e-5".
std::string formatLessonFigure(const LessonFigure& figure, double value);
// `text` with each {{id}} replaced by its figure's measurement (values[i] is scene.figures[i]'s)
// or, where that has none yet, by `pending`.
std::string lessonTextWithFigures(const std::string& text, const LessonScene& scene,
                                  const std::vector<std::optional<double>>& values,
                                  const std::string& pending);

// The language to show for `wanted` ("zh_CN", "zh", "en_US"…): the declared language it names,
// else English, else the first declared.
std::string lessonLanguage(const Lesson& lesson, const std::string& wanted);

}  // namespace actlab
