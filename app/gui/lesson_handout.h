// A lesson's printed handout from the window: every scene applied as the class sees it (its
// pre-training run, its figures measured and filled in), the view grabbed at print resolution,
// and the whole laid out by ui::HandoutWriter. File → Export lesson handout… and
// `actlab --lesson NAME --handout OUT.pdf [--paper a4|letter]`.
#pragma once

#include <QString>
#include <functional>

#include "ui/lessons/handout_writer.h"

namespace actlab::gui {

class MainWindow;

// The open lesson's handout in the lesson's language as shown (LessonController::language()).
// Applies each scene in turn (the views end on the last scene); `progress` (may be empty) is
// told each scene before it is applied and returns false to cancel. False with a translated
// one-line *error: no lesson open, cancelled, or the file could not be written.
bool writeLessonHandout(MainWindow& window, const QString& path, ui::HandoutPaper paper,
                        QString* error, const std::function<bool(int scene, int count)>& progress);

// File → Export lesson handout…: asks for the file and the paper, shows the progress (the
// scenes' pre-training), then goes back to the scene that was shown; errors in a message box.
void exportLessonHandoutInteractively(MainWindow& window);

}  // namespace actlab::gui
