// Sessions in the GUI (issue 9, "nothing is lost"): File → Open session, Save session (as),
// Recent sessions; the .actlab file of core/config/session_json.h with every view's state and
// the Training and Attention runs' whole states, so that a paused run continues exactly; saved
// atomically (QSaveFile); an autosave every minute to the standard data location, offered back
// after a crash; what closing would lose.
#pragma once

#include <QDateTime>
#include <QLockFile>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <functional>
#include <map>
#include <memory>
#include <optional>

class QMenu;

namespace actlab::gui {

class MainWindow;

class SessionManager : public QObject {
    Q_OBJECT
public:
    static constexpr int kAutosaveMilliseconds = 60'000;
    static constexpr int kRecentCount = 8;

    explicit SessionManager(MainWindow& window);
    ~SessionManager() override;

    // File → Open session…, Save session, Save session as…, Recent sessions.
    void addMenuActions(QMenu* file);

    // Writes every view and run to `path` at once or not at all; false with *error.
    bool save(const QString& path, QString* error);
    // Reads `path` and, only when all of it is sound (format, version, every run rebuilt), puts
    // it in place of the current state; otherwise nothing changes and *error names the file and
    // what is wrong.
    bool open(const QString& path, QString* error);
    QString currentPath() const { return m_path; }  // the file saved to or opened, or empty

    // What closing would lose since the last save or open ("the Training run (step 3240)"),
    // or empty.
    QString unsavedWork() const;
    // The state after the views were made again (a language switch) stands for the saved one,
    // once the restored runs have shown their first frames.
    void keepSaved();
    // Asks for a file (Save session as…) when there is none yet; false if cancelled or failed.
    bool saveInteractively(bool askForPath);

    // Autosave: every kAutosaveMilliseconds while there is unsaved work, to autosaveFolder().
    void startAutosave();
    bool autosaveNow();
    static QString autosaveFolder();  // QStandardPaths' AppDataLocation
    QString autosavePath() const { return m_autosavePath; }
    // An autosave left by an instance that did not end cleanly (its lock is stale), or empty.
    static QString abandonedAutosave();
    // Offers the abandoned autosave, if any (`ask` replaces the message box in tests); true
    // when it was recovered. The file is removed either way once answered.
    bool offerRecovery(const std::function<bool(const QDateTime& saved)>& ask = {});
    // A clean end: this instance's autosave goes.
    void endCleanly();

    // The lesson being edited, with unsaved edits, goes beside the autosave
    // (autosave-PID.lesson.json: the lesson as a draft, its file and scene); a draft left by an
    // instance that did not end cleanly is offered back into the editor, as unsaved work.
    bool autosaveDraft();
    static QString abandonedDraft();
    bool offerDraftRecovery(
        const std::function<bool(const QString& title, const QDateTime& saved)>& ask = {});

    QStringList recentSessions() const;

private:
    struct Baseline {  // per lab, by its view's name: the run's generation and step
        QString views;
        std::map<QString, quint64> generations;
        std::map<QString, int> steps;
    };
    Baseline current() const;
    bool differs(const Baseline& a, const Baseline& b) const;
    // The baseline once the runs' first frames (after an open) have come, or at once.
    void settleBaseline();
    void rememberRecent(const QString& path);
    void rebuildRecentMenu();
    bool write(const QString& path, QString* error, Baseline* saved);
    // The newest file of autosave-*`suffix` whose instance is gone (its lock is free).
    static QString abandoned(const QString& suffix);
    QString draftPath() const;

    MainWindow& m_window;
    QString m_path;
    Baseline m_saved;      // what the file (or the start) holds
    Baseline m_autosaved;  // what the last autosave holds
    QTimer m_autosaveTimer;
    QTimer m_settleTimer;
    int m_settleTries = 0;
    QString m_settleViews;  // the views' state at the last settling tick
    QString m_autosavePath;
    std::unique_ptr<QLockFile> m_lock;
    QMenu* m_recentMenu = nullptr;
    bool m_recovered = false;  // recovered from an autosave and not saved since
};

}  // namespace actlab::gui
