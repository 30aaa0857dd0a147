// SessionManager: the .actlab file in and out of the window, the autosave and its recovery.
#include "session_manager.h"

#include <QAction>
#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QMessageBox>
#include <QSaveFile>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <algorithm>

#include "config/run_state_json.h"
#include "config/session_json.h"
#include "config/timeline_json.h"
#include "lesson_editor.h"
#include "main_window.h"
#include "translations.h"
#include "ui/attention/attention_controller.h"
#include "ui/attention/attention_view.h"
#include "ui/common/core_text.h"
#include "ui/training/training_controller.h"
#include "ui/training/training_view.h"

namespace actlab::gui {
namespace {

constexpr qint64 kLargestSession = 512LL * 1024 * 1024;  // far beyond any run of the labs
const QString kRecentKey = QStringLiteral("sessions/recent");
const QString kFolderKey = QStringLiteral("sessions/folder");

QString fileFilter() { return SessionManager::tr("ActLab sessions (*.actlab)"); }

// A CLI-made session has no views: a lab's controls are set from its first run, so that they
// show what is training.
void addMissingLabState(QJsonObject& views, const SessionDocument& session,
                        const std::vector<ui::AppView*>& labs) {
    for (ui::AppView* view : labs) {
        const std::vector<std::string> runs = session.runStates(view->viewName().toStdString());
        if (runs.empty()) continue;
        // A view's state without its controls (a session written by the CLI, or by hand) takes
        // them from its runs, so that the controls say what trains.
        QJsonObject state = views.value(view->viewName()).toObject();
        const QJsonObject fromRuns = view->runView()->stateForRuns(runs);
        for (auto it = fromRuns.begin(); it != fromRuns.end(); ++it)
            if (!state.contains(it.key())) state.insert(it.key(), it.value());
        views[view->viewName()] = state;
    }
    if (!views.contains(QStringLiteral("view")))
        views[QStringLiteral("view")] = QString::fromStdString(
            session.view.empty()
                ? (session.runStates("attention").empty() ? "training" : "attention")
                : session.view);
}

// The views that are labs (they have runs).
std::vector<ui::AppView*> labsOf(const MainWindow& window) {
    std::vector<ui::AppView*> labs;
    for (ui::AppView* view : window.views())
        if (view->runView()) labs.push_back(view);
    return labs;
}

}  // namespace

SessionManager::SessionManager(MainWindow& window) : QObject(&window), m_window(window) {
    m_autosaveTimer.setInterval(kAutosaveMilliseconds);
    connect(&m_autosaveTimer, &QTimer::timeout, this, [this] { autosaveNow(); });
    m_settleTimer.setInterval(50);
    connect(&m_settleTimer, &QTimer::timeout, this, &SessionManager::settleBaseline);
    m_saved = m_autosaved = current();
    // A new window's runs stand at step 0, whether or not their first frame has come: training
    // before it comes (a slow machine) is unsaved work too.
    for (auto& [lab, step] : m_saved.steps) step = std::max(step, 0);
    m_autosaved = m_saved;
}

SessionManager::~SessionManager() = default;

void SessionManager::addMenuActions(QMenu* file) {
    QAction* open = file->addAction(tr("&Open session…"), this, [this] {
        const QString folder = QSettings().value(kFolderKey).toString();
        const QString path =
            QFileDialog::getOpenFileName(&m_window, tr("Open session"), folder, fileFilter());
        if (path.isEmpty()) return;
        QString error;
        if (!this->open(path, &error)) QMessageBox::warning(&m_window, tr("Open session"), error);
    });
    open->setObjectName(QStringLiteral("openSession"));
    open->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &recent session"));
    m_recentMenu->setObjectName(QStringLiteral("recentSessions"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &SessionManager::rebuildRecentMenu);
    rebuildRecentMenu();
    QAction* save =
        file->addAction(tr("&Save session"), this, [this] { saveInteractively(false); });
    save->setObjectName(QStringLiteral("saveSession"));
    save->setShortcut(QKeySequence::Save);
    QAction* saveAs =
        file->addAction(tr("Save session &as…"), this, [this] { saveInteractively(true); });
    saveAs->setObjectName(QStringLiteral("saveSessionAs"));
    saveAs->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    file->addSeparator();
}

void SessionManager::rebuildRecentMenu() {
    m_recentMenu->clear();
    const QStringList recent = recentSessions();
    for (const QString& path : recent) {
        m_recentMenu->addAction(QFileInfo(path).fileName() + QStringLiteral("  —  ") + path, this,
                                [this, path] {
                                    QString error;
                                    if (!open(path, &error))
                                        QMessageBox::warning(&m_window, tr("Open session"), error);
                                });
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

QStringList SessionManager::recentSessions() const {
    return QSettings().value(kRecentKey).toStringList();
}

void SessionManager::rememberRecent(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QSettings settings;
    QStringList recent = settings.value(kRecentKey).toStringList();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > kRecentCount) recent.removeLast();
    settings.setValue(kRecentKey, recent);
    settings.setValue(kFolderKey, QFileInfo(absolute).absolutePath());
}

bool SessionManager::saveInteractively(bool askForPath) {
    QString path = m_path;
    if (askForPath || path.isEmpty()) {
        const QString folder = QSettings().value(kFolderKey).toString();
        const QString suggested =
            m_path.isEmpty() ? QDir(folder).filePath(QStringLiteral("lesson.actlab")) : m_path;
        path = QFileDialog::getSaveFileName(&m_window, tr("Save session"), suggested, fileFilter());
        if (path.isEmpty()) return false;
        if (!path.endsWith(QLatin1String(kSessionSuffix), Qt::CaseInsensitive))
            path += QLatin1String(kSessionSuffix);
    }
    QString error;
    if (!save(path, &error)) {
        QMessageBox::warning(&m_window, tr("Save session"), error);
        return false;
    }
    m_window.statusBar()->showMessage(tr("Saved the session to %1").arg(path), 5000);
    return true;
}

bool SessionManager::write(const QString& path, QString* error, Baseline* saved) {
    *saved = current();
    SessionDocument session;
    session.application =
        QStringLiteral("actlab %1").arg(QCoreApplication::applicationVersion()).toStdString();
    session.view = m_window.currentView().toStdString();
    session.viewsJson =
        QJsonDocument(m_window.sessionState()).toJson(QJsonDocument::Compact).toStdString();
    for (ui::AppView* view : labsOf(m_window)) {  // each lab's runs, under the view's name
        const std::string kind = view->viewName().toStdString();
        session.addRuns(kind, view->runView()->runStates());
        session.setTimeline(kind, view->runView()->timelineJson());
        // The steps the file holds: those of its runs (a frame may not have shown them yet).
        if (!session.runStates(kind).empty())
            saved->steps[view->viewName()] =
                runStateSteps(session.runStates(kind).front()).value_or(0);
    }
    const std::string text = encodeSession(session);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(text.data(), qint64(text.size())) != qint64(text.size()) || !file.commit()) {
        if (error)
            *error = tr("Could not save the session to %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

bool SessionManager::save(const QString& path, QString* error) {
    Baseline saved;
    if (!write(path, error, &saved)) return false;
    m_path = path;
    m_saved = saved;
    m_recovered = false;
    rememberRecent(path);
    return true;
}

bool SessionManager::open(const QString& path, QString* error) {
    const auto fail = [&](const QString& what) {
        if (error) *error = tr("Could not open the session %1: %2").arg(path, what);
        return false;
    };
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return fail(file.errorString());
    if (file.size() > kLargestSession) return fail(tr("the file is larger than 512 MB"));
    const QByteArray bytes = file.readAll();
    std::string problem;
    const std::optional<SessionDocument> session =
        decodeSession(std::string(bytes.constData(), size_t(bytes.size())), &problem);
    if (!session) return fail(ui::coreMessage(problem));
    QJsonParseError parseError;
    QJsonObject views =
        QJsonDocument::fromJson(QByteArray::fromStdString(session->viewsJson), &parseError)
            .object();
    // Every run is rebuilt here first: a file that does not restore changes nothing.
    Baseline opened;
    std::map<QString, ui::RunView::SavedRuns> saved;
    for (ui::AppView* view : labsOf(m_window)) {
        const std::string kind = view->viewName().toStdString();
        QString problem;
        auto runs = view->runView()->readSavedRuns(session->runStates(kind),
                                                   session->timeline(kind), &problem);
        if (!runs) return fail(problem);
        opened.steps[view->viewName()] = runs->step;
        saved.emplace(view->viewName(), std::move(*runs));
    }
    addMissingLabState(views, *session, labsOf(m_window));
    m_window.restoreSessionState(views);
    for (ui::AppView* view : labsOf(m_window))
        view->runView()->restoreSavedRuns(saved.at(view->viewName()));
    m_path = path;
    m_recovered = false;
    rememberRecent(path);
    // The views settle once the runs' first frames have come: the baseline is taken then.
    m_saved = current();
    m_saved.steps = opened.steps;
    m_settleTries = 0;
    m_settleTimer.start();
    m_window.statusBar()->showMessage(tr("Opened the session %1").arg(path), 5000);
    return true;
}

SessionManager::Baseline SessionManager::current() const {
    Baseline b;
    b.views =
        QString::fromUtf8(QJsonDocument(m_window.sessionState()).toJson(QJsonDocument::Compact));
    for (ui::AppView* view : labsOf(m_window)) {
        const ui::RunController& run = *view->runView()->runController();
        b.generations[view->viewName()] = run.latestRun().generation;
        b.steps[view->viewName()] = run.hasRun() ? run.latestStep() : -1;
    }
    return b;
}

bool SessionManager::differs(const Baseline& a, const Baseline& b) const {
    // A step of −1 is a run whose first frame has not come yet: it stands where it was put.
    const auto steps = [](int x, int y) { return x >= 0 && y >= 0 && x != y; };
    if (a.views != b.views || a.generations != b.generations) return true;
    for (const auto& [lab, step] : a.steps)
        if (b.steps.count(lab) && steps(step, b.steps.at(lab))) return true;
    return false;
}

void SessionManager::keepSaved() {
    m_settleTries = 0;
    m_settleTimer.start();
}

void SessionManager::settleBaseline() {
    bool arrived = true;
    for (ui::AppView* view : labsOf(m_window))
        arrived = arrived && view->runView()->runController()->hasRun();
    // Settled: both runs have shown a frame and the views' state held still for one tick (a
    // view applies parts of a restored state when its run's first frame comes).
    const Baseline now = current();
    const bool still = arrived && now.views == m_settleViews;
    m_settleViews = now.views;
    if (!still && ++m_settleTries < 100) return;  // at most 5 s
    m_settleTimer.stop();
    m_saved.views = now.views;
    m_saved.generations = now.generations;
    m_autosaved = m_saved;
}

QString SessionManager::unsavedWork() const {
    if (m_recovered) return tr("the recovered work");
    const Baseline now = current();
    if (!differs(now, m_saved)) return QString();
    QStringList parts;
    for (ui::AppView* view : labsOf(m_window)) {
        const QString lab = view->viewName();
        const int step = now.steps.at(lab);
        const bool moved = now.generations.at(lab) != m_saved.generations.at(lab) ||
                           (step >= 0 && step != m_saved.steps.at(lab));
        // The run's own step, not the view's: a view shows its run's step once the frame is
        // drawn, and work trained before that (a loaded machine) must not pass for saved.
        const int trained = std::max(view->runView()->currentStep(), step);
        if (moved && trained > 0)
            parts << tr("the %1 run (step %2)").arg(view->viewTitle()).arg(trained);
    }
    if (parts.isEmpty() && now.views != m_saved.views) parts << tr("changes to the views");
    return parts.join(tr(" and "));
}

QString SessionManager::autosaveFolder() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

void SessionManager::startAutosave() {
    const QString folder = autosaveFolder();
    QDir().mkpath(folder);
    const QString stem = QDir(folder).filePath(
        QStringLiteral("autosave-%1").arg(QCoreApplication::applicationPid()));
    m_lock = std::make_unique<QLockFile>(stem + QStringLiteral(".lock"));
    m_lock->setStaleLockTime(0);  // stale only when its process is gone
    if (!m_lock->tryLock(0)) {
        m_lock.reset();
        return;  // no autosave rather than one another instance could take for its own
    }
    m_autosavePath = stem + QLatin1String(kSessionSuffix);
    // The first autosave keeps what differs from the saved state. Not current(): before a
    // run's first frame its step reads −1, which compares equal to every later step, so a run
    // trained after an early start was never autosaved.
    m_autosaved = m_saved;
    m_autosaveTimer.start();
    // A lesson saved (or closed) has no draft to keep: a crash before the next tick must not
    // offer an older copy of it.
    if (LessonEditor* editor = m_window.lessonEditor())
        connect(editor, &LessonEditor::changed, this, [this, editor] {
            if (!editor->isEditing() || !editor->isModified()) QFile::remove(draftPath());
        });
}

bool SessionManager::autosaveNow() {
    if (m_autosavePath.isEmpty()) return false;
    autosaveDraft();
    const Baseline now = current();
    if (!differs(now, m_autosaved)) return true;  // nothing new since the last autosave
    if (unsavedWork().isEmpty()) {                // saved by hand since: no copy needed
        QFile::remove(m_autosavePath);
        m_autosaved = now;
        for (auto& [lab, step] : m_autosaved.steps)
            if (step < 0) step = m_saved.steps.at(lab);
        return true;
    }
    QString error;
    Baseline saved;
    if (!write(m_autosavePath, &error, &saved)) {
        m_window.statusBar()->showMessage(error, 10000);
        return false;
    }
    m_autosaved = saved;
    return true;
}

QString SessionManager::abandonedAutosave() { return abandoned(QLatin1String(kSessionSuffix)); }

QString SessionManager::abandoned(const QString& suffix) {
    const QDir folder(autosaveFolder());
    const QStringList files =
        folder.entryList({QStringLiteral("autosave-*") + suffix}, QDir::Files, QDir::Time);
    for (const QString& name : files) {
        const QString path = folder.filePath(name);
        const QString lockPath = path.left(path.size() - suffix.size()) + QStringLiteral(".lock");
        if (lockPath ==
            QDir(autosaveFolder())
                .filePath(
                    QStringLiteral("autosave-%1.lock").arg(QCoreApplication::applicationPid())))
            continue;  // this instance's own
        QLockFile lock(lockPath);
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0)) continue;  // a running ActLab's autosave
        lock.unlock();
        return path;
    }
    return QString();
}

bool SessionManager::offerRecovery(const std::function<bool(const QDateTime& saved)>& ask) {
    const QString path = abandonedAutosave();
    if (path.isEmpty()) return false;
    const QDateTime saved = QFileInfo(path).lastModified();
    const bool recover =
        ask ? ask(saved)
            : QMessageBox::question(
                  &m_window, tr("Recover work"),
                  tr("ActLab did not close properly last time. Recover the work autosaved at "
                     "%1?")
                      .arg(QLocale(currentLanguage()).toString(saved, QLocale::ShortFormat)),
                  QMessageBox::Yes | QMessageBox::Discard, QMessageBox::Yes) == QMessageBox::Yes;
    bool recovered = false;
    if (recover) {
        QString error;
        recovered = open(path, &error);
        if (!recovered) QMessageBox::warning(&m_window, tr("Recover work"), error);
        // Recovered work is not saved anywhere yet: it has no file of its own.
        m_path.clear();
        m_recovered = recovered;
        QSettings settings;
        QStringList recent = settings.value(kRecentKey).toStringList();
        recent.removeAll(QFileInfo(path).absoluteFilePath());
        settings.setValue(kRecentKey, recent);
    }
    QFile::remove(path);
    return recovered;
}

void SessionManager::endCleanly() {
    m_autosaveTimer.stop();
    if (!m_autosavePath.isEmpty()) {
        QFile::remove(m_autosavePath);
        QFile::remove(draftPath());
    }
    m_lock.reset();
}

}  // namespace actlab::gui
