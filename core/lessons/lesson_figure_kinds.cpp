// The figure kinds a lesson can quote (core/lessons/lesson.h) and the views that measure each
// (core/lessons/lesson_figures.cpp): an explicit table.
#include "lessons/lesson.h"

namespace actlab {
namespace {

// Each figure kind and the views it is measured in ("": any, a function or a weight count).
// clang-format off
struct FigureKind {
    const char* name;
    const char* view;
};
constexpr FigureKind kFigureKinds[] = {
    {"min_value",         ""},          {"min_at",            ""},
    {"derivative_min",    ""},          {"derivative_max",    ""},
    {"value_at",          ""},          {"derivative_at",     ""},
    {"approx_error",      ""},          {"approx_error_at",   ""},
    {"glu_block",         ""},          {"glu_plain_same",    ""},
    {"glu_plain_4x",      ""},          {"glu_ratio_same",    ""},
    {"dead_fraction",     "training"},  {"grad_norm_ratio",   "training attention"},
    {"test_accuracy",     "training"},  {"train_accuracy",    "training"},
    {"token_accuracy",    "attention"}, {"test_loss",         "attention"},
    {"attention_entropy", "attention"}, {"qkv_dead_fraction", "attention"},
    {"ffn_dead_fraction", "attention"}, {"layer_grad_norm",   "attention"},
    {"negator_attention", "attention"}, {"perplexity",        "attention"},
    {"previous_token_attention", "attention"},
};
// clang-format on

}  // namespace

const std::vector<std::string>& lessonFigureKinds() {
    static const std::vector<std::string> kinds = [] {
        std::vector<std::string> names;
        for (const FigureKind& kind : kFigureKinds) names.emplace_back(kind.name);
        return names;
    }();
    return kinds;
}

bool lessonFigureFitsView(const std::string& what, const std::string& view) {
    for (const FigureKind& kind : kFigureKinds)
        if (what == kind.name) {
            const std::string views = kind.view;
            if (views.empty()) return true;
            size_t at = views.find(view);
            return !view.empty() && at != std::string::npos &&
                   (at + view.size() == views.size() || views[at + view.size()] == ' ');
        }
    return false;
}

}  // namespace actlab
