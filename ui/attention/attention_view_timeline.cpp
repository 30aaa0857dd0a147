// AttentionView's replay timeline: each drawn frame kept as a keyframe (its snapshots without
// their histories), a keyframe shown with the curves of the newest history cut at its step, and
// the keyframes in and out of sessions.
#include "training/sequence_prediction.h"
#include "ui/attention/attention_charts.h"
#include "ui/attention/attention_controller.h"
#include "ui/attention/attention_view.h"
#include "ui/common/timeline_bar.h"

namespace actlab::ui {
namespace {

std::shared_ptr<const SequenceSnapshot> withoutHistory(
    const std::shared_ptr<const SequenceSnapshot>& snapshot) {
    if (!snapshot) return nullptr;
    auto copy = std::make_shared<SequenceSnapshot>(*snapshot);
    copy->history.clear();
    copy->history.shrink_to_fit();
    copy->trainLossSteps.clear();
    copy->trainLossSteps.shrink_to_fit();
    copy->distributions.reset();
    return copy;
}

// The snapshot with the points of `history` up to its step.
std::shared_ptr<const SequenceSnapshot> withHistoryCut(
    const std::shared_ptr<const SequenceSnapshot>& snapshot,
    const std::shared_ptr<const SequenceSnapshot>& newest) {
    if (!snapshot || !newest) return snapshot;
    auto copy = std::make_shared<SequenceSnapshot>(*snapshot);
    for (const SequenceHistoryPoint& point : newest->history)
        if (point.step <= snapshot->step) copy->history.push_back(point);
    copy->trainLossSteps = bucketsUpTo(newest->trainLossSteps, snapshot->step);
    if (newest->distributions)
        copy->distributions = std::make_shared<Distributions>(
            distributionsUpTo(*newest->distributions, snapshot->step));
    return copy;
}

std::size_t keyframeBytes(const AttentionFrame& frame) {
    std::size_t bytes = sizeof(AttentionFrame);
    for (const SequenceSnapshot* s : {frame.snapshot.get(), frame.compared.snapshot.get()})
        if (s) bytes += probeBytes(s->probes) + sizeof(SequenceSnapshot);
    for (const SequencePrediction* p : {frame.prediction.get(), frame.compared.prediction.get()})
        if (p) bytes += p->attention.weights.size() * sizeof(float);
    return bytes;
}

}  // namespace

const AttentionFrame& AttentionView::shownFrame() const {
    return m_replayFrame ? *m_replayFrame : m_controller->latest();
}

void AttentionView::recordKeyframe(const AttentionFrame& frame) {
    auto keyframe = std::make_shared<AttentionFrame>(frame);
    keyframe->snapshot = withoutHistory(frame.snapshot);
    keyframe->compared.snapshot = withoutHistory(frame.compared.snapshot);
    keyframe->weights.reset();  // the live run's weights generate; a keyframe keeps none
    keyframe->compared.weights.reset();
    const std::size_t bytes = keyframeBytes(*keyframe);
    m_keyframes.add(frame.step(), std::move(keyframe), bytes);
    showTimeline();
}

void AttentionView::showTimeline() { timeline()->setSteps(m_keyframes.steps()); }

void AttentionView::showKeyframe(int index) {
    if (index < 0 || size_t(index) >= m_keyframes.size()) return;
    const AttentionFrame& latest = m_controller->latest();
    AttentionFrame shown = *m_keyframes.keyframes()[size_t(index)].snapshot;
    shown.running = latest.running;
    shown.stepsPerSecond = latest.stepsPerSecond;
    shown.snapshot = withHistoryCut(shown.snapshot, latest.snapshot);
    shown.compared.snapshot = withHistoryCut(shown.compared.snapshot, latest.compared.snapshot);
    // The run's fixed parts are the current ones (a restored keyframe has none of its own).
    if (!shown.info) shown.info = latest.info;
    if (!shown.compared.info) shown.compared.info = latest.compared.info;
    m_replayFrame = std::move(shown);
    for (ShownRun& run : m_shown) run.maps = nullptr;
    m_chartedStep = m_chartedStepB = -1;
    drawShown();
}

void AttentionView::showLive() {
    m_replayFrame.reset();
    for (ShownRun& run : m_shown) run.maps = nullptr;
    m_chartedStep = m_chartedStepB = -1;
    drawShown();
}

void AttentionView::setKeyframes(const KeyframeTimeline<AttentionFrame>& keyframes) {
    m_keyframes = keyframes;
    timeline()->goLive();
    showTimeline();
}

std::string AttentionView::timelineJson() const {
    if (m_keyframes.empty()) return {};
    TimelineRecord<SequenceSnapshot> record;
    const auto kept = m_keyframes.thinnedTo(kSessionKeyframeBudget);
    record.spacing = kept.spacing();
    for (const auto& keyframe : kept.keyframes()) {
        std::vector<SequenceSnapshot> runs{*keyframe.snapshot->snapshot};
        if (keyframe.snapshot->compared.snapshot)
            runs.push_back(*keyframe.snapshot->compared.snapshot);
        record.keyframes.push_back(std::move(runs));
    }
    return sequenceTimelineToJson(record);
}

void AttentionView::restoreTimeline(const TimelineRecord<SequenceSnapshot>& record) {
    std::vector<KeyframeTimeline<AttentionFrame>::Keyframe> keyframes;
    const AttentionFrame& latest = m_controller->latest();
    for (const std::vector<SequenceSnapshot>& runs : record.keyframes) {
        if (runs.empty()) continue;
        auto frame = std::make_shared<AttentionFrame>();
        frame->generation = latest.generation;
        frame->snapshot = std::make_shared<const SequenceSnapshot>(runs.front());
        if (runs.size() > 1) {
            frame->compared.snapshot = std::make_shared<const SequenceSnapshot>(runs[1]);
            frame->compareRequest = m_controller->compareRequest();
        }
        const std::size_t bytes = keyframeBytes(*frame);
        keyframes.push_back({runs.front().step, std::move(frame), bytes});
    }
    m_keyframes.restore(std::move(keyframes), record.spacing);
    timeline()->goLive();
    showTimeline();
}

}  // namespace actlab::ui
