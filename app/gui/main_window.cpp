// MainWindow: assembles the panels, the menus and the status bar; exports go to the panels.
#include "main_window.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMetaObject>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <algorithm>
#include <cmath>

#include "activations/catalogue.h"
#include "backends/backend.h"
#include "class_visibility.h"
#include "config/session_json.h"
#include "first_start_tour.h"
#include "lesson_controller.h"
#include "lesson_editor.h"
#include "presenter_window.h"
#include "session_manager.h"
#include "translations.h"
#include "ui/attention/attention_charts.h"
#include "ui/attention/attention_controller.h"
#include "ui/attention/attention_controls.h"
#include "ui/attention/attention_grid_view.h"
#include "ui/attention/attention_view.h"
#include "ui/charts/curve_chart.h"
#include "ui/common/appearance.h"
#include "ui/common/core_text.h"
#include "ui/common/frame_export.h"
#include "ui/common/pytorch_code_dialog.h"
#include "ui/common/run_view.h"
#include "ui/common/status_label.h"
#include "ui/common/ui_scale.h"
#include "ui/common/wheel_guard.h"
#include "ui/panels/explorer_panel.h"
#include "ui/panels/gated_surface_panel.h"
#include "ui/panels/gelu_approximation_panel.h"
#include "ui/panels/properties_panel.h"
#include "ui/training/training_charts.h"
#include "ui/training/training_controller.h"
#include "ui/training/training_controls.h"
#include "ui/training/training_view.h"

namespace actlab::gui {
namespace {

// The Properties panel, scrolled up and down only: as wide as the panel needs (a larger UI
// scale widens the dock, as it did before the panel scrolled), as tall as the dock lets it be.
class PanelScrollArea : public QScrollArea {
public:
    explicit PanelScrollArea(QWidget* panel) {
        setObjectName(QStringLiteral("propertiesPage"));
        setWidgetResizable(true);
        setFrameShape(QFrame::NoFrame);
        setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        setWidget(panel);
        connect(&ui::UiScaleNotifier::instance(), &ui::UiScaleNotifier::changed, this, [this] {
            QTimer::singleShot(0, this, [this] {  // after the fonts' relayout
                if (!widget()) return;
                for (QLayout* layout : widget()->findChildren<QLayout*>()) layout->invalidate();
                if (QLayout* layout = widget()->layout()) layout->activate();
                updateGeometry();
            });
        });
    }
    QSize minimumSizeHint() const override {
        if (!widget()) return QScrollArea::minimumSizeHint();
        return {widget()->minimumSizeHint().width() + verticalScrollBar()->sizeHint().width(),
                QScrollArea::minimumSizeHint().height()};
    }
    QSize sizeHint() const override {
        if (!widget()) return QScrollArea::sizeHint();
        const QSize content = widget()->sizeHint();
        return {std::max(content.width(), minimumSizeHint().width()), content.height()};
    }
};

const QStringList kViewNames = {QStringLiteral("explorer"), QStringLiteral("gelu"),
                                QStringLiteral("gated"), QStringLiteral("training"),
                                QStringLiteral("attention")};

}  // namespace

MainWindow::MainWindow(Backend& backend, const QString& backendReason, QWidget* parent)
    : QMainWindow(parent) {
    ui::WheelGuard::install();
    m_askQuit = [this](const QString& unsaved) {
        const auto answer = QMessageBox::question(
            this, tr("Quit ActLab"),
            tr("Save the session before quitting? Quitting without saving loses %1.").arg(unsaved),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        return answer == QMessageBox::Save      ? QuitAnswer::Save
               : answer == QMessageBox::Discard ? QuitAnswer::Discard
                                                : QuitAnswer::Cancel;
    };
    m_backend = &backend;
    m_backendReason = backendReason;
    m_propertiesDock = new QDockWidget(tr("Properties"), this);
    m_propertiesDock->setObjectName(QStringLiteral("propertiesDock"));
    ui::keepDockTitleScaled(m_propertiesDock);
    addDockWidget(Qt::RightDockWidgetArea, m_propertiesDock);
    // One line, ending in "…" where the window is too narrow (200 % on a projector); the whole
    // text and the device in its tooltip.
    m_backendLabel = new ui::ElidedLabel(this);
    m_backendLabel->setObjectName(QStringLiteral("backendLabel"));
    statusBar()->addPermanentWidget(m_backendLabel, 1);
    createViews();

    m_lessons = new LessonController(*this);  // before the sessions: they read its state
    m_lessonEditor = new LessonEditor(*this);
    m_twoScreens = new TwoScreenPresentation(*this);
    m_sessions = new SessionManager(*this);
    buildMenus();
}

// A tab's page: the view in a scroll area. Where the view fits (every view at 100 %, and at 200 %
// on a 1920 × 1080 screen) it fills the page as before; where it is larger than the screen (200 %
// on a 1280 × 720 projector) the page scrolls instead of the window growing past the screen's
// edge, where its lower part could not be reached.
QWidget* MainWindow::scrolledPage(QWidget* view) {
    auto* page = new QScrollArea;
    page->setObjectName(view->objectName().isEmpty() ? QStringLiteral("viewPage")
                                                     : view->objectName() + QStringLiteral("Page"));
    page->setWidgetResizable(true);
    page->setFrameShape(QFrame::NoFrame);
    page->setWidget(view);
    return page;
}

QWidget* MainWindow::viewAt(int index) const {
    auto* page = qobject_cast<QScrollArea*>(m_tabs->widget(index));
    return page ? page->widget() : nullptr;
}

void MainWindow::createViews() {
    Backend& backend = *m_backend;
    setWindowTitle(tr("ActLab — activation functions"));
    m_explorer = new ui::ExplorerPanel(backend, this);
    m_gelu = new ui::GeluApproximationPanel(backend, this);
    m_gated = new ui::GatedSurfacePanel(backend, this);
    m_properties = new ui::PropertiesPanel(backend, this);
    m_training = new ui::TrainingView(this);
    m_training->setTrainingBackend(&backend);  // the selected backend trains too, where it can
    m_attention = new ui::AttentionView(this);

    m_tabs = new QTabWidget(this);
    m_tabs->addTab(scrolledPage(m_explorer), tr("Explorer"));
    m_tabs->addTab(scrolledPage(m_gelu), tr("GELU approximations"));
    m_tabs->addTab(scrolledPage(m_gated), tr("Gated surfaces"));
    m_tabs->addTab(scrolledPage(m_training), tr("Training"));
    m_tabs->addTab(scrolledPage(m_attention), tr("Attention"));
    setCentralWidget(m_tabs);  // deletes the tabs (and views) of the language before
    // The window opens with the tab bar focused, not the first spin box of a view (which would
    // keep PgDn/PgUp and the run keys to itself).
    m_tabs->tabBar()->setFocus();

    m_propertiesDock->setWindowTitle(tr("Properties"));
    // A scroll bar where the panel is taller than the dock (200 % on a small screen), not rows
    // squeezed until their last lines are cut.
    m_propertiesDock->setWidget(new PanelScrollArea(m_properties));
    m_awayFromExplorer = false;
    // The Properties dock describes the Explorer's function: the other tabs need the room.
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        const bool away = viewAt(index) != m_explorer;
        if (away) {
            if (!m_awayFromExplorer) m_propertiesDockWasVisible = !m_propertiesDock->isHidden();
            m_propertiesDock->hide();
        } else if (m_awayFromExplorer && m_propertiesDockWasVisible) {
            m_propertiesDock->show();
        }
        m_awayFromExplorer = away;
    });
    connect(m_explorer, &ui::ExplorerPanel::selectedActivationChanged, m_properties,
            &ui::PropertiesPanel::setActivation);
    m_properties->setActivation(m_explorer->selectedActivation());

    m_backendText =
        tr("Backend: %1 — %2")
            .arg(QString::fromUtf8(backend.name().data(), qsizetype(backend.name().size())),
                 ui::coreMessage(m_backendReason.toStdString()));
    m_backendLabel->setFullText(m_backendText);
    m_backendLabel->setToolTip(m_backendText + QLatin1Char('\n') +
                               QString::fromStdString(backend.deviceName()));
}

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
        if (currentLab() == m_training)
            ui::showPytorchCode(this, m_training->controls()->configs(),
                                m_training->controls()->problem(), m_training->currentStep());
        else if (currentLab() == m_attention)
            ui::showPytorchCode(this, m_attention->controls()->config(),
                                m_attention->controls()->problem(), m_attention->currentStep());
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

// The Training view's pictures, each on its own: the surfaces, grids, neuron maps and charts.
void MainWindow::addTrainingPicturesMenu(QMenu* file) {
    QMenu* pictures = file->addMenu(tr("Export &training picture"));
    pictures->setObjectName(QStringLiteral("trainingPictures"));
    connect(pictures, &QMenu::aboutToShow, this, [this, pictures] {
        pictures->clear();
        for (const ui::TrainingView::Picture& picture : m_training->pictures()) {
            pictures->addAction(picture.title + QStringLiteral("…"), this, [this, picture] {
                const QString id = picture.id;
                runExport(tr("Export %1").arg(picture.title), tr("PNG images (*.png)"),
                          QStringLiteral("png"), [this, id](const QString& path, QString* error) {
                              return exportTrainingPicture(id, path, error);
                          });
            });
        }
    });
    connect(m_tabs, &QTabWidget::currentChanged, pictures,
            [this, pictures](int index) { pictures->setEnabled(index == kTrainingTab); });
    pictures->setEnabled(m_tabs->currentIndex() == kTrainingTab);
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

ui::RunView* MainWindow::currentLab() const {
    QWidget* current = viewAt(m_tabs->currentIndex());
    if (current == m_training) return m_training;
    if (current == m_attention) return m_attention;
    return nullptr;
}

// Presentation keeps the screen: Qt drops the full-screen state when a layout's minimum grows
// past the window (a view opened at 200 % on a small screen); it is asked for again.
void MainWindow::changeEvent(QEvent* event) {
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::WindowStateChange && m_presenting && isVisible() &&
        !isFullScreen())
        QTimer::singleShot(0, this, [this] {
            if (m_presenting && !isFullScreen()) showFullScreen();
        });
}

void MainWindow::setPresentation(bool on) {
    if (on == m_presenting) return;
    m_presenting = on;
    if (on) {
        m_wasMaximised = isMaximized();
        if (!m_twoScreens->start()) showFullScreen();  // one screen: this window full screen
        return;
    }
    if (m_wasMaximised) {
        showMaximized();
    } else {
        showNormal();
    }
    m_twoScreens->stop();  // back to this screen and place, the presenter closed
}

QString MainWindow::shortcutsText() {
    const QList<std::pair<QString, QString>> rows{
        {tr("Space"), tr("Play or pause (Training, Attention)")},
        {tr("→"), tr("One step (Training, Attention)")},
        {tr("R"), tr("Reset the run (Training, Attention)")},
        {tr(", ."), tr("One keyframe back or on in the timeline (Training, Attention)")},
        {tr("Ctrl+Shift+H"), tr("Show or hide the settings panel")},
        {tr("PgDn, PgUp"), tr("Next or previous scene of the open lesson")},
        {tr("F5"), tr("Presentation: full screen")},
        {tr("Esc"), tr("Leave the presentation")},
        {tr("F11"), tr("Full screen")},
        {tr("Ctrl+1 … Ctrl+5"), tr("Go to a tab")},
        {tr("Ctrl+E, Ctrl+Shift+E"), tr("Export the plot as PNG, as SVG")},
        {tr("Ctrl+Shift+C"), tr("Export the plotted data as CSV")},
        {tr("Ctrl+O, Ctrl+S, Ctrl+Shift+S"), tr("Open, save, save the session as")},
        {tr("Ctrl+Q"), tr("Quit (asks to save unsaved work first)")},
    };
    QString html = QStringLiteral("<table cellspacing=\"6\">");
    for (const auto& [keys, what] : rows)
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(keys.toHtmlEscaped(), what.toHtmlEscaped());
    return html + QStringLiteral("</table>");
}

QString MainWindow::backendText() const { return m_backendText; }

QString MainWindow::unsavedWork() const { return m_sessions->unsavedWork(); }

void MainWindow::setQuitQuestion(std::function<QuitAnswer(const QString&)> question) {
    m_askQuit = std::move(question);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!m_lessonEditor->maySwitch()) {  // the lesson being edited: Save, Discard or Cancel
        event->ignore();
        return;
    }
    const QString unsaved = unsavedWork();
    if (!unsaved.isEmpty() && m_askQuit) {
        const QuitAnswer answer = m_askQuit(unsaved);
        if (answer == QuitAnswer::Cancel ||
            (answer == QuitAnswer::Save && !m_sessions->saveInteractively(false))) {
            event->ignore();
            return;
        }
    }
    m_sessions->endCleanly();
    savePreferences();
    QMainWindow::closeEvent(event);
}

void MainWindow::restorePreferences() {
    const QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    const double scale = settings.value(QStringLiteral("view/uiScale"), 1.0).toDouble();
    for (double factor : ui::kUiScales)
        if (factor == scale) {
            ui::setUiScale(factor);
            for (QAction* action : findChildren<QAction*>(
                     QStringLiteral("uiScale%1").arg(int(std::lround(factor * 100)))))
                action->setChecked(true);
        }
    restoreAppearance();
    m_preferencesKept = true;
}

void MainWindow::savePreferences() const {
    if (!m_preferencesKept) return;  // tests and screenshots leave the user's settings alone
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("view/uiScale"), ui::uiScale());
    settings.setValue(QStringLiteral("view/language"), currentLanguage());
    saveAppearance();
}

bool MainWindow::setCurrentView(const QString& name) {
    const int index = kViewNames.indexOf(name);
    if (index < 0) return false;
    m_tabs->setCurrentIndex(index);
    return true;
}

QString MainWindow::currentView() const { return kViewNames.value(m_tabs->currentIndex()); }

QWidget* MainWindow::view(const QString& name) const {
    const int index = kViewNames.indexOf(name);
    return index < 0 ? nullptr : viewAt(index);
}

void MainWindow::applyOptions(const GuiOptions& options) {
    if (options.appearance) ui::setAppearance(*options.appearance);
    if (options.uiScale)  // through View → UI scale, so that the menu shows the choice
        if (auto* choice = findChild<QAction*>(
                QStringLiteral("uiScale%1").arg(int(std::lround(*options.uiScale * 100)))))
            choice->trigger();
    if (!options.functions.isEmpty()) m_explorer->setVisibleFunctions(options.functions);
    if (options.derivatives) m_explorer->setDerivatives(*options.derivatives);
    if (options.xRange) {
        const auto [low, high] = *options.xRange;
        m_explorer->setXRange(low, high);
        m_gelu->setWindow(low, high);
        const SurfaceSamples& surface = m_gated->surface();
        if (surface.nv > 0) m_gated->setWindows(low, high, surface.vLow, surface.vHigh);
    }
    if (!options.preset.isEmpty() && options.view == QLatin1String("attention"))
        m_attention->applyPreset(options.preset);
    else if (!options.preset.isEmpty())
        m_training->applyPreset(options.preset);
    if (!options.compare.isEmpty() && options.view == QLatin1String("attention")) {
        SequenceTrainingConfig b = m_attention->controls()->configB();
        b.model.qkvActivation = ActivationConfig::withDefaults(
            *findActivationId(options.compare.toStdString()));  // checked by parseGuiOptions
        m_attention->controls()->setConfigB(b);
        m_attention->setCompare(true);
    } else if (!options.compare.isEmpty()) {
        m_training->setCompare(true, options.compare);
    }
    setCurrentView(options.view);
}

QJsonObject MainWindow::sessionState() const {
    return {{QStringLiteral("view"), currentView()},
            {QStringLiteral("explorer"), m_explorer->saveState()},
            {QStringLiteral("gelu"), m_gelu->saveState()},
            {QStringLiteral("gated"), m_gated->saveState()},
            {QStringLiteral("properties"), m_properties->saveState()},
            {QStringLiteral("training"), m_training->saveState()},
            {QStringLiteral("attention"), m_attention->saveState()},
            {QStringLiteral("lesson"), m_lessons->sessionState()}};
}

void MainWindow::restoreSessionState(const QJsonObject& state) {
    // What a lesson scene hid comes back before the views change (the lesson hides it again).
    if (m_lessons) m_lessons->visibility()->show();
    m_explorer->restoreState(state.value(QStringLiteral("explorer")).toObject());
    m_gelu->restoreState(state.value(QStringLiteral("gelu")).toObject());
    m_gated->restoreState(state.value(QStringLiteral("gated")).toObject());
    m_properties->restoreState(state.value(QStringLiteral("properties")).toObject());
    if (state.contains(QStringLiteral("training")))
        m_training->restoreState(state.value(QStringLiteral("training")).toObject());
    if (state.contains(QStringLiteral("attention")))
        m_attention->restoreState(state.value(QStringLiteral("attention")).toObject());
    setCurrentView(state.value(QStringLiteral("view")).toString());
    m_lessons->restoreSessionState(state.value(QStringLiteral("lesson")).toObject());
}

FirstStartTour* MainWindow::tour() const { return m_tour; }

FirstStartTour* MainWindow::startTour() {
    delete m_tour;  // a new one speaks the current language
    m_tour = new FirstStartTour(*this);
    m_tour->start();
    return m_tour;
}

QString MainWindow::aboutText() const {
    const QString device = QString::fromStdString(m_backend->deviceName());
    return tr("<h3>ActLab %1</h3>"
              "<p>Activation functions in neural networks: explore them, train with them, watch "
              "attention heads learn.</p>"
              "<table cellspacing=\"4\">"
              "<tr><td>Qt</td><td>%2 (built with %3)</td></tr>"
              "<tr><td>Compute backend</td><td>%4</td></tr>"
              "<tr><td>Device</td><td>%5</td></tr>"
              "<tr><td>Session files</td><td>format version %6</td></tr>"
              "<tr><td>Autosave folder</td><td>%7</td></tr>"
              "</table>")
        .arg(QCoreApplication::applicationVersion().toHtmlEscaped(),
             QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR),
             backendText().toHtmlEscaped(),
             (device.isEmpty() ? tr("the CPU") : device).toHtmlEscaped(),
             QString::number(kSessionVersion), SessionManager::autosaveFolder().toHtmlEscaped());
}

}  // namespace actlab::gui
