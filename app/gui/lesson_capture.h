// "Capture this view" (issue 28's lesson editor): the current tab's state as a lesson scene holds
// it, read from the views' own saved state (the one sessions keep) and normalised by core's
// configuration JSON, so that applying the scene (lesson_apply.cpp) gives the view back.
#pragma once

#include "lessons/lesson.h"

namespace actlab::gui {

class MainWindow;

// `scene` with the current view's state in place of its own: the view, its functions and x range,
// windows, unit, run configurations and run B, the steps its runs stand at (pre-training), the
// tab of charts shown and whether the settings are hidden. The title, the text, the speaker notes
// and the figures stay (the question and its covered panel too while the view is the scene's and
// pre-trains); a highlight or a figure the new view cannot show goes (with its {{id}} in the
// texts).
LessonScene captureScene(const MainWindow& window, const LessonScene& scene);

}  // namespace actlab::gui
