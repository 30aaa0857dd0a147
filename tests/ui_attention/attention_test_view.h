// The Attention view shown offscreen for the compare and settings tests: a small reverse model
// (2 layers × 4 heads, T = V = 8) that trains fast, discard questions answered and counted, and
// helpers that act as the user does on combo boxes and read every weight of a grid.
#pragma once

#include <QComboBox>
#include <vector>

#include "../ui/gui_test_support.h"
#include "ui/attention/attention_controller.h"
#include "ui/attention/attention_controls.h"
#include "ui/attention/attention_grid_view.h"
#include "ui/attention/attention_view.h"

namespace actlab::test {

inline bool waitUntil(const std::function<bool()>& done, int milliseconds = 30000) {
    return waitFor(done, milliseconds);
}

// Reverse at T = V = 8 (as the reverse-heads preset; the task's default is 16 of 16), 2 layers.
inline SequenceTrainingConfig smallReverse(int heads = 4, int dModel = 64) {
    SequenceTrainingConfig config;
    config.task = "reverse";
    config.taskOptions = {8, 8};
    config.model.layers = 2;
    config.model.heads = heads;
    config.model.dModel = dModel;
    config.testSequences = 64;
    return config;
}

struct AttentionTestView {
    ui::AttentionView view;
    int questions = 0;
    bool discard = true;
    explicit AttentionTestView(const SequenceTrainingConfig& config = smallReverse()) {
        view.setDiscardQuestion([this](int) {
            ++questions;
            return discard;
        });
        view.resize(1400, 900);
        view.show();
        waitUntil([this] { return view.framesDrawn() > 0 && view.grid()->layers() > 0; });
        view.controls()->setConfig(config);
        view.reset();
        waitUntil([this, config] {
            return view.grid()->layers() == config.model.layers && view.currentStep() == 0;
        });
    }
    // Chooses the item with this data in the named combo box as a click would (activated).
    bool choose(const char* name, const QVariant& data) {
        auto* box = view.controls()->findChild<QComboBox*>(name);
        if (!box || box->findData(data) < 0) return false;
        box->setCurrentIndex(box->findData(data));
        emit box->activated(box->currentIndex());
        return true;
    }
    // Steps with the Step button and waits until the step is drawn.
    bool stepOnce() {
        const int target = view.currentStep() + 1;
        view.step();
        return waitUntil(
            [&] { return view.currentStep() == target && !view.controller()->isPlaying(); });
    }
};

// Every weight of every map of a grid, layer, head, query, key order.
inline std::vector<float> weights(const ui::AttentionGridView& g) {
    std::vector<float> all;
    for (int l = 0; l < g.layers(); ++l)
        for (int h = 0; h < g.heads(); ++h)
            for (int q = 0; q < g.length(); ++q)
                for (int k = 0; k < g.length(); ++k) all.push_back(g.weight(l, h, q, k));
    return all;
}

}  // namespace actlab::test
