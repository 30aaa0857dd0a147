// MainWindow's languages (View → Language, app/gui/translations.h): the saved choice, and the
// switch, which makes the views and menus again in the new language and puts their state back.
#include <QDockWidget>
#include <QMenuBar>
#include <QSettings>
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
    const std::vector<std::string> trainingRuns = m_training->runStates();
    const std::vector<std::string> attentionRuns = m_attention->runStates();
    const auto trainingKeyframes = m_training->keyframes();  // the replay timelines
    const auto attentionKeyframes = m_attention->keyframes();
    const bool trainingPlaying = m_training->controller()->isPlaying();
    const bool attentionPlaying = m_attention->controller()->isPlaying();
    const bool trainingControls = m_training->controlsShown();
    const bool attentionControls = m_attention->controlsShown();
    const bool dockShown =
        m_awayFromExplorer ? m_propertiesDockWasVisible : !m_propertiesDock->isHidden();
    m_training->pause();
    m_attention->pause();
    // The old views go now, not later: no search or signal finds them after the switch.
    const std::unique_ptr<QWidget> oldTabs(takeCentralWidget());
    const std::unique_ptr<QWidget> oldProperties(m_properties);
    createViews();
    restoreSessionState(state);
    m_training->restoreRuns(trainingRuns);
    m_attention->restoreRuns(attentionRuns);
    m_training->setKeyframes(trainingKeyframes);
    m_attention->setKeyframes(attentionKeyframes);
    m_training->setControlsShown(trainingControls);
    m_attention->setControlsShown(attentionControls);
    if (trainingPlaying) m_training->play();
    if (attentionPlaying) m_attention->play();
    m_propertiesDockWasVisible = dockShown;
    if (!m_awayFromExplorer) m_propertiesDock->setVisible(dockShown);
    setMenuBar(new QMenuBar(this));  // deletes the menus of the language before
    buildMenus();
    if (saved) m_sessions->keepSaved();
}

}  // namespace actlab::gui
