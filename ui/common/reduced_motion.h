// Reduced motion (issue 29): for students for whom motion is a problem, replays jump to their end
// and a playing run's pictures redraw at most once a second. View → Reduce motion; kept in
// QSettings by the main window.
#pragma once

namespace actlab::ui {

inline constexpr int kReducedMotionIntervalMs = 1000;  // the fewest milliseconds between frames

void setReducedMotion(bool on);
bool reducedMotion();  // false until setReducedMotion(true)

}  // namespace actlab::ui
