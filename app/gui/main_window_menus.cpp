// MainWindow's menus: File (sessions, exports, pictures, frames, PyTorch code, Quit), View (the
// tabs, the panels, presentation, UI scale, language, colours, full screen) and Help.
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QMetaObject>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QTabWidget>
#include <cmath>
#include <functional>

#include "first_start_tour.h"
#include "lesson_controller.h"
#include "lesson_editor.h"
#include "main_window.h"
#include "presenter_window.h"
#include "session_manager.h"
#include "translations.h"
#include "ui/charts/curve_chart.h"
#include "ui/common/app_view.h"
#include "ui/common/frame_export.h"
#include "ui/common/reduced_motion.h"
#include "ui/common/run_view.h"
#include "ui/common/ui_scale.h"

namespace actlab::gui {

void MainWindow::buildMenus() {
    QMenu* file = buildFileMenu();
    buildViewMenu();
    m_lessonEditor->addMenu(menuBar()->addMenu(tr("&Lessons")));  // New lesson, Edit lesson
    QMenu* help = buildHelpMenu();
    m_lessons->addMenuActions(file, help);  // File → Open lesson…, Help → Lessons…
}

QMenu* MainWindow::buildFileMenu() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    m_sessions->addMenuActions(file);
    QAction* png = file->addAction(tr("Export plot &PNG…"), this, [this] {
        runExport(tr("Export plot as PNG"), tr("PNG images (*.png)"), QStringLiteral("png"),
                  std::bind_front(&MainWindow::exportPlotPng, this));
    });
    png->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    QAction* svg = file->addAction(tr("Export plot &SVG…"), this, [this] {
        runExport(tr("Export plot as SVG"), tr("SVG drawings (*.svg)"), QStringLiteral("svg"),
                  std::bind_front(&MainWindow::exportPlotSvg, this));
    });
    svg->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    QAction* csv = file->addAction(tr("Export data &CSV…"), this, [this] {
        runExport(tr("Export plotted data as CSV"), tr("CSV files (*.csv)"), QStringLiteral("csv"),
                  std::bind_front(&MainWindow::exportDataCsv, this));
    });
    csv->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    file->addAction(tr("Export panel &image…"), this, [this] {
        runExport(tr("Export panel image"), tr("PNG images (*.png)"), QStringLiteral("png"),
                  std::bind_front(&MainWindow::exportPanelImage, this));
    });
    file->addAction(tr("Export view as S&VG…"), this, [this] {
        runExport(tr("Export view as SVG"), tr("SVG drawings (*.svg)"), QStringLiteral("svg"),
                  std::bind_front(&MainWindow::exportPanelSvg, this));
    });
    addTrainingPicturesMenu(file);
    // The current lab's replay timeline as numbered PNG frames (ui/common/frame_export.h).
    QAction* frames = file->addAction(tr("Export run as &frames…"), this, [this] {
        if (ui::RunView* lab = currentLab()) ui::exportRunFramesInteractively(*lab, this);
    });
    frames->setObjectName(QStringLiteral("exportRunFrames"));
    connect(m_tabs, &QTabWidget::currentChanged, frames,
            [this, frames] { frames->setEnabled(currentLab() != nullptr); });
    frames->setEnabled(currentLab() != nullptr);
    // The Training or Attention run A as a PyTorch script (ui/common/pytorch_code_dialog.h).
    QAction* pytorch = file->addAction(tr("Show P&yTorch code…"), this, [this] {
        if (ui::RunView* lab = currentLab()) lab->showPytorchCode(this);
    });
    pytorch->setObjectName(QStringLiteral("showPytorchCode"));
    connect(m_tabs, &QTabWidget::currentChanged, pytorch,
            [this, pytorch] { pytorch->setEnabled(currentLab() != nullptr); });
    pytorch->setEnabled(currentLab() != nullptr);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));
    return file;
}

// The current view's pictures, each on its own (the Training view's surfaces, grids, neuron
// maps and charts); off where the view has none.
void MainWindow::addTrainingPicturesMenu(QMenu* file) {
    QMenu* pictures = file->addMenu(tr("Export &picture"));
    pictures->setObjectName(QStringLiteral("trainingPictures"));
    connect(pictures, &QMenu::aboutToShow, this, [this, pictures] {
        pictures->clear();
        ui::AppView* view = currentAppView();
        for (const ui::AppView::Picture& picture :
             view ? view->pictures() : QList<ui::AppView::Picture>()) {
            pictures->addAction(picture.title + QStringLiteral("…"), this, [this, picture] {
                const QString id = picture.id;
                runExport(tr("Export %1").arg(picture.title), tr("PNG images (*.png)"),
                          QStringLiteral("png"), [this, id](const QString& path, QString* error) {
                              return exportPicture(id, path, error);
                          });
            });
        }
    });
    const auto enable = [this, pictures] {
        pictures->setEnabled(currentAppView() && !currentAppView()->pictures().isEmpty());
    };
    connect(m_tabs, &QTabWidget::currentChanged, pictures, enable);
    enable();
}

void MainWindow::buildViewMenu() {
    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (int index = 0; index < m_tabs->count(); ++index) {
        QAction* action = view->addAction(m_tabs->tabText(index), this,
                                          [this, index] { m_tabs->setCurrentIndex(index); });
        action->setShortcut(QKeySequence(Qt::CTRL | (Qt::Key_1 + index)));
    }
    view->addSeparator();
    view->addAction(m_propertiesDock->toggleViewAction());
    // The Training and Attention views' settings panel: hidden, the pictures take the room.
    m_settingsAction = view->addAction(tr("&Settings panel"));
    m_settingsAction->setObjectName(QStringLiteral("settingsPanel"));
    m_settingsAction->setCheckable(true);
    m_settingsAction->setChecked(true);
    m_settingsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    connect(m_settingsAction, &QAction::toggled, this, [this](bool shown) {
        if (ui::RunView* lab = currentLab()) lab->setControlsShown(shown);
    });
    const auto syncSettingsAction = [this] {
        ui::RunView* lab = currentLab();
        m_settingsAction->setEnabled(lab != nullptr);
        const QSignalBlocker blocker(m_settingsAction);
        m_settingsAction->setChecked(lab ? lab->controlsShown() : true);
    };
    connect(m_tabs, &QTabWidget::currentChanged, this, syncSettingsAction);
    syncSettingsAction();
    view->addSeparator();
    addPresentationActions(view);
    // The UI scale: every text, line and marker larger, for the back of a classroom.
    QMenu* scale = view->addMenu(tr("UI &scale"));
    auto* scales = new QActionGroup(scale);
    for (double factor : ui::kUiScales) {
        QAction* choice = scale->addAction(tr("%1 %").arg(int(std::lround(factor * 100))));
        choice->setObjectName(QStringLiteral("uiScale%1").arg(int(std::lround(factor * 100))));
        choice->setCheckable(true);
        choice->setChecked(factor == ui::uiScale());
        scales->addAction(choice);
        connect(choice, &QAction::triggered, this, [factor] { ui::setUiScale(factor); });
    }
    addLanguageMenu(view);
    addColoursMenu(view);
    // Reduced motion (issue 29): replays jump to the end, a playing run redraws once a second.
    QAction* reduceMotion = view->addAction(tr("Reduce &motion"));
    reduceMotion->setObjectName(QStringLiteral("reduceMotion"));
    reduceMotion->setCheckable(true);
    reduceMotion->setChecked(ui::reducedMotion());
    reduceMotion->setToolTip(
        tr("Replays jump to their end and a training run redraws at most once a second"));
    connect(reduceMotion, &QAction::toggled, this, [](bool on) { ui::setReducedMotion(on); });
    addPlaySoundAction(view);
    QAction* fullScreen = view->addAction(tr("&Full screen"));
    fullScreen->setObjectName(QStringLiteral("fullScreen"));
    fullScreen->setShortcut(QKeySequence(Qt::Key_F11));
    connect(fullScreen, &QAction::triggered, this, [this] {
        if (m_presenting)
            setPresentation(false);  // F11 in presentation leaves it (full screen is its own)
        else
            isFullScreen() ? showNormal() : showFullScreen();
    });
}

// The audio trace (issue 29): the focused chart's curve as sound; without a focused chart, or
// without a sound output, the status bar says so.
void MainWindow::addPlaySoundAction(QMenu* view) {
    QAction* play = view->addAction(tr("Play curve as s&ound"));
    play->setObjectName(QStringLiteral("playCurveSound"));
    play->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    addAction(play);  // the key works in presentation too, where the menu bar is hidden
    play->setToolTip(
        tr("The focused chart's curve as a rising and falling pitch (Tab to a chart, "
           "Up/Down choose its curve)"));
    connect(play, &QAction::triggered, this, [this] {
        for (QWidget* at = QApplication::focusWidget(); at; at = at->parentWidget())
            if (auto* chart = qobject_cast<ui::CurveChart*>(at)) {
                chart->playCurveSound();  // shows what it did in the status bar
                return;
            }
        statusBar()->showMessage(tr("Move the focus to a chart first (Tab), then play its curve."),
                                 8000);
    });
}

void MainWindow::addPresentationActions(QMenu* view) {
    QAction* presentation = view->addAction(tr("&Presentation"));
    presentation->setObjectName(QStringLiteral("presentation"));
    presentation->setShortcut(QKeySequence(Qt::Key_F5));
    connect(presentation, &QAction::triggered, this, [this] { setPresentation(true); });
    m_twoScreens->addMenuAction(view);  // View → Projector screen…
    delete findChild<QAction*>(QStringLiteral("leavePresentation"), Qt::FindDirectChildrenOnly);
    QAction* leave = new QAction(tr("Leave presentation"), this);
    leave->setObjectName(QStringLiteral("leavePresentation"));
    leave->setShortcut(QKeySequence(Qt::Key_Escape));
    leave->setShortcutContext(Qt::WindowShortcut);
    addAction(leave);  // active while the window is, menu or not
    connect(leave, &QAction::triggered, this, [this] {
        if (m_tour && m_tour->isVisible())  // Esc skips the tour first
            m_tour->finish();
        else if (m_presenting)
            setPresentation(false);
    });
}

// English and 简体中文, each named in itself; the switch rebuilds the menus, so it waits
// until the triggering one has closed.
void MainWindow::addLanguageMenu(QMenu* view) {
    QMenu* language = view->addMenu(tr("&Language"));
    language->setObjectName(QStringLiteral("languageMenu"));
    auto* languages = new QActionGroup(language);
    for (const QString& code : availableLanguages()) {
        QAction* choice = language->addAction(languageName(code));
        choice->setObjectName(QStringLiteral("language_%1").arg(code));
        choice->setCheckable(true);
        choice->setChecked(code == currentLanguage());
        languages->addAction(choice);
        connect(choice, &QAction::triggered, this, [this, code] {
            QMetaObject::invokeMethod(
                this, [this, code] { setLanguage(code); }, Qt::QueuedConnection);
        });
    }
}

QMenu* MainWindow::buildHelpMenu() {
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard shortcuts"), this, [this] {
        QMessageBox box(QMessageBox::Information, tr("Keyboard shortcuts"), shortcutsText(),
                        QMessageBox::Close, this);
        box.setTextFormat(Qt::RichText);
        box.exec();
    });
    QAction* tour =
        help->addAction(tr("&Tour of the main controls"), this, [this] { startTour(); });
    tour->setObjectName(QStringLiteral("tour"));
    QAction* about = help->addAction(tr("&About ActLab"), this, [this] {
        QMessageBox box(QMessageBox::Information, tr("About ActLab"), aboutText(),
                        QMessageBox::Close, this);
        box.setTextFormat(Qt::RichText);
        box.exec();
    });
    about->setObjectName(QStringLiteral("about"));
    return help;
}

}  // namespace actlab::gui
