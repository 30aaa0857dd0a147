// The replay timeline's store: a run's snapshots (shared, never changed) with their steps, kept
// within a budget of keyframes and bytes however long the run lasts. Over budget, it thins the
// densest parts first so that the keyframes stay roughly evenly spaced over the whole run, always
// keeping the first and the latest one.
#pragma once

#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace actlab {

struct KeyframeBudget {
    std::size_t maxKeyframes = 512;              // ≥ 2
    std::size_t maxBytes = 64ull * 1024 * 1024;  // 64 MiB of probe tensors
};

// What a session keeps of a timeline: fewer keyframes, so that saving (and the autosave) stays
// quick; thinned in the same way.
inline constexpr KeyframeBudget kSessionKeyframeBudget{.maxKeyframes = 128,
                                                       .maxBytes = 16ull * 1024 * 1024};

// The step bookkeeping of a KeyframeTimeline, without the snapshots: which keyframes a new one
// replaces and which ones thinning keeps.
class KeyframeSpacing {
public:
    // Whether a keyframe at `step` after `secondLast` (the one before the latest) replaces the
    // latest rather than joining it: closer than the spacing to it. −1: there is no second last.
    bool replacesLatest(int secondLast, int step) const {
        return secondLast >= 0 && step - secondLast < m_spacing;
    }
    // Doubles the spacing and returns the indices of `steps` (ascending) to keep: the first, then
    // each one at least the new spacing after the last kept, and always the latest.
    std::vector<std::size_t> thin(const std::vector<int>& steps);
    int spacing() const { return m_spacing; }  // steps; 1 until the first thinning
    void setSpacing(int spacing) { m_spacing = spacing < 1 ? 1 : spacing; }

private:
    int m_spacing = 1;
};

template <typename Snapshot>
class KeyframeTimeline {
public:
    struct Keyframe {
        int step = 0;
        std::shared_ptr<const Snapshot> snapshot;
        std::size_t bytes = 0;
    };

    explicit KeyframeTimeline(KeyframeBudget budget = {}) : m_budget(budget) {
        if (m_budget.maxKeyframes < 2) m_budget.maxKeyframes = 2;
    }

    // Adds the snapshot of `step` (holding `bytes`, e.g. probeBytes of it). A step not after the
    // latest replaces the latest (the same step drawn again, or a restored run); one closer to
    // the keyframe before the latest than the spacing replaces the latest too.
    void add(int step, std::shared_ptr<const Snapshot> snapshot, std::size_t bytes) {
        Keyframe keyframe{step, std::move(snapshot), bytes};
        const std::size_t n = m_keyframes.size();
        if (n > 0 && (step <= m_keyframes.back().step ||
                      (n >= 2 && m_spacing.replacesLatest(m_keyframes[n - 2].step, step)))) {
            m_bytes -= m_keyframes.back().bytes;
            m_keyframes.back() = std::move(keyframe);
        } else {
            m_keyframes.push_back(std::move(keyframe));
        }
        m_bytes += bytes;
        while (m_keyframes.size() > 2 &&
               (m_keyframes.size() > m_budget.maxKeyframes || m_bytes > m_budget.maxBytes))
            thin();
    }
    // Puts back saved keyframes (sessions), ascending, with the spacing they were thinned to.
    void restore(std::vector<Keyframe> keyframes, int spacing) {
        clear();
        m_spacing.setSpacing(spacing);
        for (Keyframe& k : keyframes) add(k.step, std::move(k.snapshot), k.bytes);
    }
    // A copy within `budget` (sharing the snapshots), thinned as if the run had been recorded so.
    KeyframeTimeline thinnedTo(KeyframeBudget budget) const {
        KeyframeTimeline thinned(budget);
        thinned.m_spacing = m_spacing;
        for (const Keyframe& k : m_keyframes) thinned.add(k.step, k.snapshot, k.bytes);
        return thinned;
    }
    void clear() {
        m_keyframes.clear();
        m_bytes = 0;
        m_spacing = {};
    }

    const std::vector<Keyframe>& keyframes() const { return m_keyframes; }
    std::size_t size() const { return m_keyframes.size(); }
    bool empty() const { return m_keyframes.empty(); }
    std::size_t bytes() const { return m_bytes; }
    const KeyframeBudget& budget() const { return m_budget; }
    int spacing() const { return m_spacing.spacing(); }
    std::vector<int> steps() const {
        std::vector<int> out;
        out.reserve(m_keyframes.size());
        for (const Keyframe& k : m_keyframes) out.push_back(k.step);
        return out;
    }
    // The index of the last keyframe at or before `step` (0 when none is).
    std::size_t indexAtStep(int step) const {
        std::size_t i = 0;
        while (i + 1 < m_keyframes.size() && m_keyframes[i + 1].step <= step) ++i;
        return i;
    }

private:
    void thin() {
        const std::vector<std::size_t> kept = m_spacing.thin(steps());
        std::vector<Keyframe> keyframes;
        keyframes.reserve(kept.size());
        m_bytes = 0;
        for (std::size_t i : kept) {
            m_bytes += m_keyframes[i].bytes;
            keyframes.push_back(std::move(m_keyframes[i]));
        }
        m_keyframes = std::move(keyframes);
    }

    KeyframeBudget m_budget;
    KeyframeSpacing m_spacing;
    std::vector<Keyframe> m_keyframes;
    std::size_t m_bytes = 0;
};

}  // namespace actlab
