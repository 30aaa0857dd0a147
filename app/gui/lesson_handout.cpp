// The handout's scenes collected from the window: each applied, pre-trained and measured as the
// lesson panel shows it, its view grabbed for print; then HandoutWriter lays them out.
#include "lesson_handout.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMessageBox>
#include <QProgressDialog>
#include <QStatusBar>
#include <QThread>
#include <algorithm>
#include <memory>

#include "lesson_controller.h"
#include "main_window.h"

namespace actlab::gui {
namespace {

constexpr int kPretrainingMilliseconds = 600000;  // as a --screenshot's training
constexpr int kSettleMilliseconds = 400;          // layouts and charts after a scene applies
constexpr int kFiguresMilliseconds = 10000;       // the figures after the run's last frame
constexpr double kLargestPixelRatio = 4;

QString textIn(const LessonText& texts, const std::string& language) {
    const auto it = texts.find(language);
    return it == texts.end() ? QString() : QString::fromStdString(it->second);
}

// Whether the panel has filled in every figure of the scene that has an id.
bool figuresFilled(const LessonController& lessons, const LessonScene& scene) {
    for (size_t i = 0; i < scene.figures.size(); ++i)
        if (!scene.figures[i].id.empty() &&
            (i >= lessons.figures().size() || !lessons.figures()[i]))
            return false;
    return true;
}

// Runs the events for `milliseconds`, or until `done`.
void runEvents(int milliseconds, const std::function<bool()>& done) {
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < milliseconds && !(done && done())) {
        QApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(5);
    }
}

// Scene `index` applied, trained and measured, as the handout prints it (`pending` where a
// figure could not be measured).
ui::HandoutScene collectScene(MainWindow& window, int index, ui::HandoutPaper paper,
                              const std::string& pending) {
    LessonController& lessons = *window.lessons();
    lessons.goToScene(index);
    const LessonScene& scene = lessons.lesson()->scenes[size_t(index)];
    const double inches = ui::HandoutWriter::pictureWidthInches(paper);
    const auto picture = [&] {
        const double ratio = std::clamp(
            ui::HandoutWriter::kPictureDpi * inches / std::max(1, window.currentViewSize().width()),
            1.0, kLargestPixelRatio);
        return window.renderCurrentView(ratio);
    };
    QImage heldBack;  // a question's scene is printed as the class sees it before the reveal
    if (scene.question) {
        lessons.waitForPretraining(kPretrainingMilliseconds);
        runEvents(kSettleMilliseconds, {});
        heldBack = picture();
        lessons.reveal();  // its runs train too: the answer goes on the last page
    }
    lessons.waitForPretraining(kPretrainingMilliseconds);  // a diverged run is printed as it is
    runEvents(kSettleMilliseconds, {});
    runEvents(kFiguresMilliseconds, [&] {
        return figuresFilled(lessons, scene) && (!scene.question || lessons.outcome());
    });
    const std::string language = lessons.language().toStdString();
    ui::HandoutScene printed;
    printed.title = textIn(scene.title, language);
    const auto text = scene.text.find(language);
    if (text != scene.text.end())
        printed.html = QString::fromStdString(
            lessonTextWithFigures(text->second, scene, lessons.figures(), pending));
    printed.picture = scene.question ? heldBack : picture();
    printed.questionHtml = lessons.questionHtml(true);
    printed.answerHtml = lessons.answerHtml();
    return printed;
}

}  // namespace

bool writeLessonHandout(MainWindow& window, const QString& path, ui::HandoutPaper paper,
                        QString* error, const std::function<bool(int scene, int count)>& progress) {
    LessonController& lessons = *window.lessons();
    if (!lessons.isOpen()) {
        if (error) *error = LessonController::tr("No lesson is open.");
        return false;
    }
    ui::Handout handout;
    handout.language = lessons.language();
    handout.lessonTitle = textIn(lessons.lesson()->title, handout.language.toStdString());
    for (int i = 0; i < lessons.sceneCount(); ++i) {
        if (progress && !progress(i, lessons.sceneCount())) {
            if (error) *error = LessonController::tr("The handout was cancelled.");
            return false;
        }
        handout.scenes.push_back(collectScene(
            window, i, paper,
            LessonController::tr("…", "a lesson figure not yet measured").toStdString()));
    }
    return ui::HandoutWriter::write(handout, paper, path, error);
}

void exportLessonHandoutInteractively(MainWindow& window) {
    LessonController& lessons = *window.lessons();
    const QString title = LessonController::tr("Export lesson handout");
    if (!lessons.isOpen()) {
        QMessageBox::information(&window, title,
                                 LessonController::tr("Open a lesson first (File → Open lesson… "
                                                      "or Help → Lessons…)."));
        return;
    }
    QString path = QFileDialog::getSaveFileName(
        &window, title, QFileInfo(lessons.fileName()).completeBaseName() + QStringLiteral(".pdf"),
        LessonController::tr("PDF documents (*.pdf)"));
    if (path.isEmpty()) return;
    if (!path.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive)) path += QStringLiteral(".pdf");
    const QStringList papers{QStringLiteral("A4"), QStringLiteral("Letter")};
    bool chosen = false;
    const QString paper = QInputDialog::getItem(
        &window, title, LessonController::tr("Paper:"), papers,
        ui::HandoutWriter::defaultPaper() == ui::HandoutPaper::Letter ? 1 : 0, false, &chosen);
    if (!chosen) return;
    const int shownScene = lessons.sceneIndex();
    QProgressDialog dialog(LessonController::tr("Training and measuring the lesson's scenes…"),
                           LessonController::tr("Cancel"), 0, lessons.sceneCount(), &window);
    dialog.setWindowTitle(title);
    dialog.setWindowModality(Qt::WindowModal);
    dialog.setMinimumDuration(0);
    QString error;
    const bool written = writeLessonHandout(window, path, *ui::HandoutWriter::paperFromName(paper),
                                            &error, [&](int scene, int) {
                                                dialog.setValue(scene);
                                                return !dialog.wasCanceled();
                                            });
    dialog.setValue(lessons.sceneCount());
    lessons.goToScene(shownScene);
    if (written)
        window.statusBar()->showMessage(LessonController::tr("Saved %1").arg(path), 5000);
    else
        QMessageBox::warning(&window, title, error);
}

}  // namespace actlab::gui
