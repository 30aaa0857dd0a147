// SessionManager's autosave of the lesson being edited: nothing a teacher wrote is lost when
// ActLab ends badly. The draft is the editor's lesson in the lesson format (read back as a draft:
// texts may still be empty), the file it came from and the scene shown.
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QMessageBox>
#include <QSaveFile>
#include <string>

#include "config/session_json.h"
#include "lesson_editor.h"
#include "main_window.h"
#include "session_manager.h"
#include "translations.h"

namespace actlab::gui {

namespace {

constexpr char kDraftSuffix[] = ".lesson.json";

// The lesson's title in the UI's language, else in any language it has, else "(untitled)".
QString draftTitle(const Lesson& lesson) {
    const std::string language = currentLanguage().toStdString();
    if (auto it = lesson.title.find(language); it != lesson.title.end() && !it->second.empty())
        return QString::fromStdString(it->second);
    for (const auto& [code, title] : lesson.title)
        if (!title.empty()) return QString::fromStdString(title);
    return SessionManager::tr("(untitled)");
}

}  // namespace

QString SessionManager::draftPath() const {
    if (m_autosavePath.isEmpty()) return QString();
    return m_autosavePath.left(m_autosavePath.size() -
                               qsizetype(std::char_traits<char>::length(kSessionSuffix))) +
           QLatin1String(kDraftSuffix);
}

bool SessionManager::autosaveDraft() {
    const QString path = draftPath();
    if (path.isEmpty()) return false;
    const LessonEditor* editor = m_window.lessonEditor();
    if (!editor || !editor->isEditing() || !editor->isModified()) {
        QFile::remove(path);
        return true;
    }
    const QJsonObject draft{
        {QStringLiteral("path"), editor->path()},
        {QStringLiteral("scene"), editor->currentScene()},
        {QStringLiteral("lesson"),
         QJsonDocument::fromJson(QByteArray::fromStdString(lessonToJson(editor->lesson())))
             .object()}};
    QSaveFile file(path);
    const QByteArray bytes = QJsonDocument(draft).toJson();
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return false;
    return true;
}

QString SessionManager::abandonedDraft() { return abandoned(QLatin1String(kDraftSuffix)); }

bool SessionManager::offerDraftRecovery(
    const std::function<bool(const QString& title, const QDateTime& saved)>& ask) {
    const QString path = abandonedDraft();
    if (path.isEmpty()) return false;
    QFile file(path);
    std::optional<Lesson> lesson;
    QJsonObject draft;
    if (file.open(QIODevice::ReadOnly)) {
        draft = QJsonDocument::fromJson(file.readAll()).object();
        const QByteArray text =
            QJsonDocument(draft.value(QStringLiteral("lesson")).toObject()).toJson();
        std::string error;
        lesson = parseLesson(text.toStdString(), "", &error, LessonReading::Draft);
    }
    file.close();
    if (!lesson || lesson->scenes.empty()) {  // unreadable: nothing to offer
        QFile::remove(path);
        return false;
    }
    const QDateTime saved = QFileInfo(path).lastModified();
    const QString title = draftTitle(*lesson);
    const bool recover =
        ask ? ask(title, saved)
            : QMessageBox::question(
                  &m_window, tr("Recover work"),
                  tr("ActLab did not close properly last time. Recover the lesson you were "
                     "editing, “%1”, autosaved at %2?")
                      .arg(title, QLocale(currentLanguage()).toString(saved, QLocale::ShortFormat)),
                  QMessageBox::Yes | QMessageBox::Discard, QMessageBox::Yes) == QMessageBox::Yes;
    bool recovered = false;
    if (recover)
        recovered = m_window.lessonEditor()->recover(*lesson,
                                                     draft.value(QStringLiteral("path")).toString(),
                                                     draft.value(QStringLiteral("scene")).toInt());
    QFile::remove(path);
    return recovered;
}

}  // namespace actlab::gui
