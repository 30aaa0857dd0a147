// The frames of a run's timeline written as numbered PNG images.
#include "ui/common/frame_export.h"

#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QImageWriter>
#include <QMessageBox>
#include <QProgressDialog>
#include <memory>
#include <vector>

#include "ui/common/run_view.h"
#include "ui/common/timeline_bar.h"

namespace actlab::ui {

FrameExportResult exportRunFrames(RunView& view, const QString& folder, QWidget* dialogParent) {
    FrameExportResult result;
    TimelineBar* timeline = view.timeline();
    // The steps as they are now: keyframes that later thinning drops are skipped.
    const std::vector<int> steps = timeline->steps();
    const bool wasLive = timeline->isLive();
    const int wasStep = timeline->shownStep();
    timeline->stopReplay();
    std::unique_ptr<QProgressDialog> progress;
    if (dialogParent) {
        progress = std::make_unique<QProgressDialog>(TimelineBar::tr("Writing the run's frames…"),
                                                     TimelineBar::tr("Cancel"), 0,
                                                     int(steps.size()), dialogParent);
        progress->setWindowTitle(TimelineBar::tr("Export run as frames"));
        progress->setWindowModality(Qt::WindowModal);
        progress->setMinimumDuration(0);
    }
    const QDir dir(folder);
    for (size_t i = 0; i < steps.size(); ++i) {
        if (progress) {
            progress->setValue(int(i));
            if (progress->wasCanceled()) {
                result.cancelled = true;
                break;
            }
        }
        const std::vector<int>& now = timeline->steps();
        const auto at = std::find(now.begin(), now.end(), steps[i]);
        if (at == now.end()) continue;
        timeline->choose(int(at - now.begin()));
        QApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
        const QString path = dir.filePath(
            QStringLiteral("frame-%1.png").arg(result.written + 1, 5, 10, QChar(u'0')));
        if (!view.renderImage().save(path, "PNG")) {
            result.error = TimelineBar::tr("Could not write the image %1.").arg(path);
            break;
        }
        ++result.written;
    }
    if (progress) progress->setValue(int(steps.size()));
    if (wasLive) {
        timeline->goLive();
    } else {
        const std::vector<int>& now = timeline->steps();
        const auto at = std::upper_bound(now.begin(), now.end(), wasStep);
        timeline->choose(std::max(0, int(at - now.begin()) - 1));
    }
    return result;
}

void exportRunFramesInteractively(RunView& view, QWidget* parent) {
    const QString title = TimelineBar::tr("Export run as frames");
    if (view.timeline()->steps().empty()) {
        QMessageBox::information(parent, title,
                                 TimelineBar::tr("The run has no keyframes yet: train first."));
        return;
    }
    const QString folder = QFileDialog::getExistingDirectory(parent, title);
    if (folder.isEmpty()) return;
    const FrameExportResult result = exportRunFrames(view, folder, parent);
    if (!result.error.isEmpty()) {
        QMessageBox::warning(parent, title, result.error);
        return;
    }
    QMessageBox::information(
        parent, title,
        TimelineBar::tr("Wrote %1 frames (frame-00001.png …) to %2%3.")
            .arg(result.written)
            .arg(folder, result.cancelled ? TimelineBar::tr(", then cancelled") : QString()));
}

QStringList animatedImageFormats() {
    QStringList formats;
    for (const QByteArray& format : QImageWriter::supportedImageFormats()) {
        QImageWriter writer;
        writer.setFormat(format);
        if (writer.supportsOption(QImageIOHandler::Animation))
            formats << QString::fromLatin1(format);
    }
    return formats;
}

}  // namespace actlab::ui
