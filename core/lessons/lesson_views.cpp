// The views a lesson scene shows, and in each the panels it can highlight or cover and the
// controls it can hide from the class: names the app's widgets carry (their object names), so a
// lesson file stays valid as the layout changes; tests/lessons check both lists against the
// window.
#include <map>

#include "lessons/lesson.h"

namespace actlab {

const std::vector<std::string>& lessonViews() {
    static const std::vector<std::string> views{"explorer", "gelu", "gated", "training",
                                                "attention"};
    return views;
}

const std::vector<std::string>& lessonHighlights(const std::string& view) {
    // clang-format off
    static const std::map<std::string, std::vector<std::string>> panels{
        {"explorer",  {"chart", "functions"}},
        {"gelu",      {"curves", "errors"}},
        {"gated",     {"surface", "slice"}},
        {"training",  {"controls", "run", "grid", "charts", "distributions"}},
        {"attention", {"controls", "maps", "charts", "distributions"}},
    };
    // clang-format on
    static const std::vector<std::string> none;
    const auto it = panels.find(view);
    return it == panels.end() ? none : it->second;
}

const std::vector<std::string>& lessonLanguages() {
    static const std::vector<std::string> languages{"en", "zh_CN"};
    return languages;
}

const std::vector<std::string>& lessonControls(const std::string& view) {
    // clang-format off
    static const std::map<std::string, std::vector<std::string>> controls{
        {"explorer",  {"functionList", "showValue", "showFirst", "showSecond", "xLow", "xHigh",
                       "applyRange", "resetView"}},
        {"gelu",      {"windowLow", "windowHigh", "errorScale", "separateErrorCharts"}},
        {"gated",     {"unit", "xLow", "xHigh", "vLow", "vHigh", "resolution", "colourMap",
                       "sliceV"}},
        {"training",  {"preset", "task", "noise", "trainShare", "points", "seed", "userPoints",
                       "drawPoints",
                       "modelKind", "hidden", "gluBlocks", "activation", "init", "biasInit",
                       "optimizer", "learningRate", "batch", "l1", "l2", "compare",
                       "compareActivation", "neuronColouring", "play", "step", "reset", "speed",
                       "timelineBar"}},
        {"attention", {"preset", "compare", "editRunA", "editRunB", "task", "sequenceLength",
                       "vocabulary", "seed", "layers", "heads", "dModel", "ffn", "ffnActivation",
                       "qkvActivation", "norm", "causal", "optimizer", "learningRate", "warmup",
                       "batch", "probe", "typedSequence", "predict", "clearTyped", "play", "step",
                       "reset", "speed", "timelineBar", "textSource", "builtInText", "pasteText",
                       "openTextFile", "generationPanel", "generationPrompt", "temperature",
                       "topK", "generationSeed", "generate", "headScores"}},
    };
    // clang-format on
    static const std::vector<std::string> none;
    const auto it = controls.find(view);
    return it == controls.end() ? none : it->second;
}

const std::vector<std::string>& lessonHideables(const std::string& view) {
    static const std::map<std::string, std::vector<std::string>> hideables = [] {
        std::map<std::string, std::vector<std::string>> all;
        for (const std::string& v : lessonViews()) {
            std::vector<std::string>& names = all[v];
            for (const std::string& panel : lessonHighlights(v))
                // "controls" is hidden_controls; "distributions" a page of the charts
                if (panel != "controls" && panel != "distributions") names.push_back(panel);
            const std::vector<std::string>& own = lessonControls(v);
            names.insert(names.end(), own.begin(), own.end());
        }
        return all;
    }();
    static const std::vector<std::string> none;
    const auto it = hideables.find(view);
    return it == hideables.end() ? none : it->second;
}

}  // namespace actlab
