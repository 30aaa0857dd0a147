// TrainingView's replay timeline: each drawn frame's runs kept as a keyframe (without their
// histories), a keyframe shown with the curves of the newest history cut at its step, and the
// keyframes in and out of sessions.
#include <algorithm>

#include "ui/common/timeline_bar.h"
#include "ui/training/neuron_grid_view.h"
#include "ui/training/run_panel.h"
#include "ui/training/training_controller.h"
#include "ui/training/training_view.h"

namespace actlab::ui {
namespace {

// A keyframe's bytes: its probe tensors, and the diagnostics' per-unit shares and flags.
std::size_t keyframeBytes(const std::vector<TrainingSnapshot>& runs) {
    std::size_t bytes = 0;
    for (const TrainingSnapshot& run : runs) {
        bytes += probeBytes(run.probes) + sizeof(TrainingSnapshot);
        for (const LayerDiagnostics& layer : run.diagnostics.layers)
            bytes += size_t(layer.width) * (2 * sizeof(float) + 1) +
                     layer.histogram.size() * sizeof(int);
    }
    return bytes;
}

TrainingSnapshot withoutHistory(const TrainingSnapshot& run) {
    TrainingSnapshot copy = run;
    copy.history.clear();
    copy.history.shrink_to_fit();
    copy.trainLossSteps.clear();
    copy.trainLossSteps.shrink_to_fit();
    copy.distributions.reset();
    return copy;
}

}  // namespace

void TrainingView::recordKeyframe(const TrainingFrame& frame) {
    auto runs = std::make_shared<std::vector<TrainingSnapshot>>();
    for (const TrainingSnapshot& run : frame.runs) runs->push_back(withoutHistory(run));
    const std::size_t bytes = keyframeBytes(*runs);
    m_keyframes.add(frame.step(), std::move(runs), bytes);
    showTimeline();
}

void TrainingView::showTimeline() { timeline()->setSteps(m_keyframes.steps()); }

void TrainingView::showKeyframe(int index) {
    if (index < 0 || size_t(index) >= m_keyframes.size()) return;
    const TrainingFrame& latest = m_controller->latest();
    const auto& keyframe = m_keyframes.keyframes()[size_t(index)];
    TrainingFrame shown;
    shown.data = latest.data;
    shown.engine = latest.engine;
    shown.engineNote = latest.engineNote;
    shown.runs = *keyframe.snapshot;
    // The curves up to the keyframe's step, from the newest history (it spans the whole run).
    for (size_t r = 0; r < shown.runs.size() && r < latest.runs.size(); ++r) {
        for (const HistoryPoint& point : latest.runs[r].history)
            if (point.step <= keyframe.step) shown.runs[r].history.push_back(point);
        shown.runs[r].trainLossSteps = bucketsUpTo(latest.runs[r].trainLossSteps, keyframe.step);
        if (latest.runs[r].distributions)
            shown.runs[r].distributions = std::make_shared<Distributions>(
                distributionsUpTo(*latest.runs[r].distributions, keyframe.step));
    }
    restartGrids(index > 0 ? m_keyframes.keyframes()[size_t(index - 1)].snapshot.get() : nullptr);
    drawRuns(shown, false);
}

void TrainingView::showLive() {
    restartGrids(nullptr);
    drawRuns(m_controller->latest(), true);
}

void TrainingView::restartGrids(const std::vector<TrainingSnapshot>* previous) {
    // A grid marks units dead before and alive now as revived: after a jump along the timeline,
    // "before" is the keyframe before the one shown (none when live), not what was shown last.
    RunPanel* panels[] = {m_runA, m_runB};
    for (size_t r = 0; r < 2; ++r) {
        NeuronGridView* grid = panels[r]->neuronGrid();
        const auto selected = grid->selected();
        grid->clear();
        if (previous && r < previous->size()) grid->setDiagnostics((*previous)[r].diagnostics);
        grid->setSelected(selected);
    }
}

void TrainingView::setKeyframes(const KeyframeTimeline<std::vector<TrainingSnapshot>>& keyframes) {
    m_keyframes = keyframes;
    timeline()->goLive();
    showTimeline();
}

std::string TrainingView::timelineJson() const {
    if (m_keyframes.empty()) return {};
    TimelineRecord<TrainingSnapshot> record;
    const auto kept = m_keyframes.thinnedTo(kSessionKeyframeBudget);
    record.spacing = kept.spacing();
    for (const auto& keyframe : kept.keyframes()) record.keyframes.push_back(*keyframe.snapshot);
    return trainingTimelineToJson(record);
}

void TrainingView::restoreTimeline(const TimelineRecord<TrainingSnapshot>& record) {
    std::vector<KeyframeTimeline<std::vector<TrainingSnapshot>>::Keyframe> keyframes;
    for (const std::vector<TrainingSnapshot>& runs : record.keyframes) {
        if (runs.empty()) continue;
        auto shared = std::make_shared<const std::vector<TrainingSnapshot>>(runs);
        keyframes.push_back({runs.front().step, shared, keyframeBytes(runs)});
    }
    m_keyframes.restore(std::move(keyframes), record.spacing);
    timeline()->goLive();
    showTimeline();
}

}  // namespace actlab::ui
