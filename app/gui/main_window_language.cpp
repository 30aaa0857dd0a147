// MainWindow's languages (View → Language, app/gui/translations.h): the saved choice, and the
// switch, which makes the views and menus again in the new language and puts their state back.
#include <QDockWidget>
#include <QMenuBar>
#include <QSettings>
#include <map>
#include <memory>

#include "main_window.h"
#include "session_manager.h"
#include "translations.h"
#include "ui/attention/attention_controller.h"
#include "ui/attention/attention_view.h"
#include "ui/panels/properties_panel.h"
#include "ui/training/training_controller.h"
#include "ui/training/training_view.h"

namespace actlab::gui {

QString MainWindow::savedLanguage() {
    const QString saved =
        normalisedLanguage(QSettings().value(QStringLiteral("view/language")).toString());
    return saved.isEmpty() ? systemLanguage() : saved;
}

bool MainWindow::setLanguage(const QString& code) {
    if (code == currentLanguage()) return true;
    if (!installLanguage(code)) return false;
    rebuildViews();
    return true;
}

// The views are made again in the new language: their states and the runs are saved first
// and put back, as a session's are (session_manager.cpp), and a run that was playing plays on.
void MainWindow::rebuildViews() {
    const bool saved = m_sessions->unsavedWork().isEmpty();  // a switch is no unsaved work
    const QJsonObject state = sessionState();
    std::map<QString, ui::RunHandover> labs;  // each lab's runs, timeline, playing, panel
    for (ui::AppView* view : m_views)
        if (ui::RunView* lab = view->runView()) labs[view->viewName()] = lab->handover();
    const bool dockShown =
        m_awayFromExplorer ? m_propertiesDockWasVisible : !m_propertiesDock->isHidden();
    for (ui::AppView* view : m_views)
        if (ui::RunView* lab = view->runView()) lab->pause();
    // The old views go now, not later: no search or signal finds them after the switch.
    const std::unique_ptr<QWidget> oldTabs(takeCentralWidget());
    const std::unique_ptr<QWidget> oldProperties(m_properties);
    createViews();
    restoreSessionState(state);
    for (ui::AppView* view : m_views)
        if (ui::RunView* lab = view->runView(); lab && labs.count(view->viewName()))
            lab->takeOver(labs.at(view->viewName()));
    m_propertiesDockWasVisible = dockShown;
    if (!m_awayFromExplorer) m_propertiesDock->setVisible(dockShown);
    setMenuBar(new QMenuBar(this));  // deletes the menus of the language before
    buildMenus();
    if (saved) m_sessions->keepSaved();
}

}  // namespace actlab::gui
