// "Export run as frames…": a training view as it was at each kept keyframe of its timeline, as
// numbered PNG images (frame-00001.png, …) in a folder, with a progress dialog that can cancel.
// No image format of this Qt writes animations (animatedImageFormats() says so at run time), so
// there is no animated image; the frames make one with any tool (ffmpeg, ImageMagick).
#pragma once

#include <QString>
#include <QStringList>

class QWidget;

namespace actlab::ui {

class RunView;

struct FrameExportResult {
    int written = 0;  // frames written
    bool cancelled = false;
    QString error;  // non-empty: a frame could not be written
};

// Writes the frames into `folder` (which must exist), showing each keyframe in turn and then
// the view as it was (live, or the keyframe it showed). With a dialogParent, a progress dialog
// is shown there and can cancel; the run keeps training meanwhile.
FrameExportResult exportRunFrames(RunView& view, const QString& folder,
                                  QWidget* dialogParent = nullptr);
// Asks for a folder, exports, and says what was written (a status message or a warning).
void exportRunFramesInteractively(RunView& view, QWidget* parent);
// The image formats this Qt writes with QImageIOHandler::Animation (none with Qt 6.4's plugins).
QStringList animatedImageFormats();

}  // namespace actlab::ui
