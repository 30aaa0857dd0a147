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
#include "ui/common/reduced_motion.h"
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
    m_attention->setTrainingBackend(&backend);  // and the Attention lab's Transformers
    // The tabs, in this order: the one place a view is registered. The window knows them
    // through ui::AppView from here on (state, exports, pictures, runs).
    m_views = {m_explorer, m_gelu, m_gated, m_training, m_attention};

    m_tabs = new QTabWidget(this);
    for (ui::AppView* view : m_views)
        m_tabs->addTab(scrolledPage(view->widget()), view->viewTitle());
    for (int i = 0; i < m_tabs->count(); ++i)  // the page is named after its tab (screen readers)
        m_tabs->widget(i)->setAccessibleName(m_tabs->tabText(i));
    m_tabs->setAccessibleName(tr("Views"));
    setCentralWidget(m_tabs);  // deletes the tabs (and views) of the language before
    // The window opens with the tab bar focused, not the first spin box of a view (which would
    // keep PgDn/PgUp and the run keys to itself).
    m_tabs->tabBar()->setFocus();

    m_propertiesDock->setWindowTitle(tr("Properties"));
    // A scroll bar where the panel is taller than the dock (200 % on a small screen), not rows
    // squeezed until their last lines are cut.
    m_propertiesDock->setWidget(new PanelScrollArea(m_properties));
    m_propertiesDock->widget()->setAccessibleName(tr("Properties"));
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

    for (ui::AppView* view : m_views)  // the labs say where their runs train
        if (ui::RunView* lab = view->runView())
            connect(lab, &ui::RunView::engineChanged, this, &MainWindow::updateBackendText);
    updateBackendText();
}

ui::AppView* MainWindow::currentAppView() const {
    const int index = m_tabs->currentIndex();
    return index >= 0 && size_t(index) < m_views.size() ? m_views[size_t(index)] : nullptr;
}

ui::AppView* MainWindow::appView(const QString& name) const {
    for (ui::AppView* view : m_views)
        if (view->viewName() == name) return view;
    return nullptr;
}

ui::RunView* MainWindow::currentLab() const {
    ui::AppView* view = currentAppView();
    return view ? view->runView() : nullptr;
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
        {tr("Arrows, Home, End, PgUp, PgDn"),
         tr("Move the cursor on the focused chart or map (Tab to it); on attention maps [ ] "
            "the head, { } the layer")},
        {tr("Ctrl+Shift+P"), tr("Play the focused chart's curve as sound")},
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
    ui::setReducedMotion(settings.value(QStringLiteral("view/reduceMotion"), false).toBool());
    if (auto* reduceMotion = findChild<QAction*>(QStringLiteral("reduceMotion")))
        reduceMotion->setChecked(ui::reducedMotion());
    m_preferencesKept = true;
}

void MainWindow::savePreferences() const {
    if (!m_preferencesKept) return;  // tests and screenshots leave the user's settings alone
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("view/uiScale"), ui::uiScale());
    settings.setValue(QStringLiteral("view/language"), currentLanguage());
    settings.setValue(QStringLiteral("view/reduceMotion"), ui::reducedMotion());
    saveAppearance();
}

bool MainWindow::setCurrentView(const QString& name) {
    for (size_t index = 0; index < m_views.size(); ++index)
        if (m_views[index]->viewName() == name) {
            m_tabs->setCurrentIndex(int(index));
            return true;
        }
    return false;
}

QString MainWindow::currentView() const {
    ui::AppView* view = currentAppView();
    return view ? view->viewName() : QString();
}

QWidget* MainWindow::view(const QString& name) const {
    ui::AppView* view = appView(name);
    return view ? view->widget() : nullptr;
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
    if (!options.preset.isEmpty()) {  // the Training view's unless --view names another lab
        ui::AppView* view = appView(options.view);
        (view && view->runView() ? view->runView() : m_training)->applyPreset(options.preset);
    }
    if (options.text) {  // the text task on the preset's (or the default) Transformer
        SequenceTrainingConfig config = m_attention->controls()->config();
        config.task = "text";
        config.taskOptions = {};
        config.text = options.text;
        config.model.causal = true;
        m_attention->controls()->setConfig(config);
        m_attention->controls()->showPreset(QString());  // no longer the preset as such
        m_attention->reset();
    }
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
    QJsonObject state{{QStringLiteral("view"), currentView()},
                      {QStringLiteral("properties"), m_properties->saveState()},
                      {QStringLiteral("lesson"), m_lessons->sessionState()}};
    for (const ui::AppView* view : m_views) state[view->viewName()] = view->saveState();
    return state;
}

void MainWindow::restoreSessionState(const QJsonObject& state) {
    // What a lesson scene hid comes back before the views change (the lesson hides it again).
    if (m_lessons) m_lessons->visibility()->show();
    for (ui::AppView* view : m_views)  // a lab the state does not name keeps its runs
        if (!view->runView() || state.contains(view->viewName()))
            view->restoreState(state.value(view->viewName()).toObject());
    m_properties->restoreState(state.value(QStringLiteral("properties")).toObject());
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
