// The main window: the Explorer, GELU-approximation, gated-surface, Training and Attention views in
// tabs, the Properties dock following the Explorer's selected function, the File menu of exports
// and a status bar naming the backend in use and why.
#pragma once

#include <QJsonObject>
#include <QMainWindow>
#include <QPointer>
#include <functional>
#include <vector>

#include "gui_options.h"

class QAction;
class QDockWidget;
class QImage;
class QLabel;
class QMenu;
class QTabWidget;

namespace actlab {
class Backend;
}

namespace actlab::ui {
class AppView;
class AttentionView;
class CurveChart;
class ElidedLabel;
class ExplorerPanel;
class GatedSurfacePanel;
class GeluApproximationPanel;
class PropertiesPanel;
class RunView;
class TrainingView;
}  // namespace actlab::ui

namespace actlab::gui {

class LessonController;
class LessonEditor;
class FirstStartTour;
class TwoScreenPresentation;
class SessionManager;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    MainWindow(Backend& backend, const QString& backendReason, QWidget* parent = nullptr);

    ui::ExplorerPanel* explorer() const { return m_explorer; }
    ui::GeluApproximationPanel* geluPanel() const { return m_gelu; }
    ui::GatedSurfacePanel* gatedPanel() const { return m_gated; }
    ui::PropertiesPanel* propertiesPanel() const { return m_properties; }
    ui::TrainingView* trainingView() const { return m_training; }
    ui::AttentionView* attentionView() const { return m_attention; }
    QString backendText() const;

    // Presentation (View → Presentation, F5): full screen until Esc (or this with false), back
    // to the window as it was; with two screens the view alone on the projector and a presenter
    // window on the other screen (presenter_window.h).
    void setPresentation(bool on);
    TwoScreenPresentation* twoScreens() const { return m_twoScreens; }
    bool presenting() const { return m_presenting; }
    static QString shortcutsText();  // Help → Keyboard shortcuts, as a table

    bool setCurrentView(const QString& name);  // explorer | gelu | gated | training | attention
    QString currentView() const;
    QWidget* view(const QString& name) const;  // the view of that name, nullptr when none
    // The views, in the tabs' order (ui/common/app_view.h), the current one and one by name.
    const std::vector<ui::AppView*>& views() const { return m_views; }
    ui::AppView* currentAppView() const;
    ui::AppView* appView(const QString& name) const;
    // View, functions, derivatives, x range; the training preset and compare mode (the steps
    // are trained by the caller: main() waits for them before a screenshot).
    void applyOptions(const GuiOptions& options);

    // Exports of the current tab's plot (the Explorer's CSV has f, f′, f″ per function).
    bool exportPlotPng(const QString& path, QString* error);
    bool exportPlotSvg(const QString& path, QString* error);
    bool exportDataCsv(const QString& path, QString* error);
    bool exportPanelImage(const QString& path, QString* error);  // PNG at the UI scale
    bool exportPanelSvg(const QString& path, QString* error);    // the whole view as SVG
    // The current tab's view (not the lesson panel) at `ratio` pixels per logical pixel.
    QImage renderCurrentView(double ratio) const;
    QSize currentViewSize() const;  // its logical size
    // One picture of the current view (an id of its pictures()) as PNG; of the Training view.
    bool exportPicture(const QString& id, const QString& path, QString* error);
    bool exportTrainingPicture(const QString& id, const QString& path, QString* error);

    QJsonObject sessionState() const;  // every panel's state and the current view
    void restoreSessionState(const QJsonObject& state);

    SessionManager* sessions() const { return m_sessions; }
    // Help → Tour of the main controls (offered once at the first start: FirstStartTour).
    FirstStartTour* startTour();
    FirstStartTour* tour() const;
    // Help → About: the version, Qt, the compute backend and device, the session format.
    QString aboutText() const;
    LessonController* lessons() const { return m_lessons; }  // the lesson panel and its scenes
    LessonEditor* lessonEditor() const { return m_lessonEditor; }  // Lessons → New / Edit lesson
    // What closing the window would lose since the session was last saved or opened ("the
    // Training run (step 3240)"), or empty.
    QString unsavedWork() const;
    // Asked before the window closes with unsaved work (a message box unless replaced, as tests
    // do): Save saves the session first (the window stays open if that is cancelled or fails),
    // Discard closes, Cancel keeps the window open.
    enum class QuitAnswer { Save, Discard, Cancel };
    void setQuitQuestion(std::function<QuitAnswer(const QString& unsaved)> question);
    // Preferences kept between runs (QSettings): window geometry, UI scale, colours (View →
    // Colours), language (read by main() before the window is made: savedLanguage()).
    void restorePreferences();
    void savePreferences() const;
    static QString savedLanguage();  // "view/language", else the system's if ActLab speaks it

    // View → Language (app/gui/translations.h): installs the translators and rebuilds the views
    // and menus in it, keeping every view's state, the runs (step, weights, playing), the tab,
    // the Properties dock, presentation, full screen and the UI scale. False for an unknown code.
    bool setLanguage(const QString& code);

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void createViews();  // the tabs' views and the Properties panel, in the current language
    // The status bar's backend line: the backend and why, then per lab where its runs train
    // (and why on the CPU, and which ops fell back); main_window_backend.cpp.
    void updateBackendText();
    QString labEngineText(const ui::RunView& lab, bool brief) const;
    void rebuildViews();
    void buildMenus();
    QMenu* buildFileMenu();                     // sessions, exports, Quit
    void addTrainingPicturesMenu(QMenu* file);  // File → Export training picture
    void buildViewMenu();                       // the tabs, panels, scale, language, colours
    void addPlaySoundAction(QMenu* view);
    void addPresentationActions(QMenu* view);  // View → Presentation, and Esc to leave it
    void addLanguageMenu(QMenu* view);         // View → Language
    QMenu* buildHelpMenu();                    // shortcuts, tour, About
    void addColoursMenu(QMenu* view);          // View → Colours (main_window_colours.cpp)
    void restoreAppearance();                  // palette, maps and high contrast from QSettings
    void saveAppearance() const;
    ui::RunView* currentLab() const;  // the Training or Attention view when current, else null
    static QWidget* scrolledPage(QWidget* view);  // a tab's page: the view, scrolled if too large
    QWidget* viewAt(int index) const;             // the view on tab `index` (not its page)
    // Asks for a file name, runs `action`, reports the outcome in the status bar or a box.
    void runExport(const QString& title, const QString& filter, const QString& suffix,
                   const std::function<bool(const QString&, QString*)>& action);

    Backend* m_backend = nullptr;
    QString m_backendReason;
    ui::ElidedLabel* m_backendLabel = nullptr;
    QTabWidget* m_tabs = nullptr;
    QDockWidget* m_propertiesDock = nullptr;
    ui::ExplorerPanel* m_explorer = nullptr;
    ui::GeluApproximationPanel* m_gelu = nullptr;
    ui::GatedSurfacePanel* m_gated = nullptr;
    ui::PropertiesPanel* m_properties = nullptr;
    ui::TrainingView* m_training = nullptr;
    ui::AttentionView* m_attention = nullptr;
    std::vector<ui::AppView*> m_views;       // the tabs' views, in order
    bool m_propertiesDockWasVisible = true;  // restored on coming back to the Explorer
    bool m_awayFromExplorer = false;         // the current tab is not the Explorer
    QAction* m_settingsAction = nullptr;     // View → Settings panel
    bool m_presenting = false;
    bool m_wasMaximised = false;
    QString m_backendText;
    std::function<QuitAnswer(const QString&)> m_askQuit;
    SessionManager* m_sessions = nullptr;
    QPointer<FirstStartTour> m_tour;
    LessonController* m_lessons = nullptr;
    LessonEditor* m_lessonEditor = nullptr;
    TwoScreenPresentation* m_twoScreens = nullptr;
    bool m_preferencesKept = false;  // restorePreferences() was called: save them on closing
};

}  // namespace actlab::gui
