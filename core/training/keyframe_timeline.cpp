// KeyframeTimeline's arithmetic: the thinning of keyframe steps.
#include "training/keyframe_timeline.h"

namespace actlab {

std::vector<std::size_t> KeyframeSpacing::thin(const std::vector<int>& steps) {
    m_spacing = m_spacing > (1 << 29) ? m_spacing : m_spacing * 2;
    std::vector<std::size_t> kept;
    if (steps.empty()) return kept;
    kept.push_back(0);
    const std::size_t last = steps.size() - 1;
    for (std::size_t i = 1; i < last; ++i)
        if (steps[i] - steps[kept.back()] >= m_spacing) kept.push_back(i);
    if (last > 0) kept.push_back(last);
    return kept;
}

}  // namespace actlab
